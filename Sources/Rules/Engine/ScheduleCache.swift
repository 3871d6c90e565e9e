import Timetable

/// Merged board schedules around "now", built once per board and service-date range and reused
/// by every rule that looks at the board.
public struct ScheduleCache: Sendable {
    private var entries: [String: (first: LocalDate, schedule: BoardSchedule)] = [:]

    public init() {}

    /// The schedule of `board` from two service days before `now`'s date through two after.
    public mutating func schedule(for board: Board, now: Int64) -> BoardSchedule {
        let today = board.clock.localTime(at: now).date
        let first = today.adding(days: -Board.previousServiceDays)
        if let entry = entries[board.id], entry.first == first { return entry.schedule }
        let schedule = board.schedule(from: first, through: today.adding(days: 2))
        entries[board.id] = (first, schedule)
        return schedule
    }
}
