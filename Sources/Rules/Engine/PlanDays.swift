import Timetable

/// The service dates a plan walks, a kind of date at a time, for a board whose departures on a date
/// depend only on the date's day type and weekday and on which of its sources run then (every
/// source a day-type timetable: bus CSV, ODPT), in a zone whose offset does not change: two dates
/// of one kind have the same departures at the same times of day. Each kind is built once per
/// walk, as a one-date schedule, and each group's first match in it found once; a date of that
/// kind then answers by arithmetic. What it answers for a date is what the date's departures give
/// inside any schedule that holds them (the filters read a departure, its service date and the
/// earlier departures of that date; `pick: first` looks no further back than its own date).
struct PlanDays {
    /// What makes two dates alike.
    private struct Kind: Hashable {
        let dayType: DayType
        let weekday: Int
        /// Bit `i`: source `i` runs on the date.
        let sources: UInt64
    }

    /// One kind of date: its one-date schedule and what is known of it so far.
    private struct Day {
        let schedule: BoardSchedule
        /// The instant of local midnight of the date the schedule was built for.
        let midnight: Int64
        /// By group index: the group's first match, as seconds after midnight, or none.
        var matches: [Int: (seconds: Int64, line: String, stop: String)?] = [:]
    }

    private let board: Board
    /// The zone's offset, fixed over the walk.
    private let offset: Int64
    private var days: [Kind: Day] = [:]

    /// The days of `board` from `first` on; nil when its dates are not alike by kind (a GTFS
    /// source, a zone that changes its offset after `first`, more than 64 sources).
    init?(board: Board, from first: LocalDate) {
        // Day-type timetables whose times are not before the service date's midnight (so a date
        // after the instant searched from has all its departures after it).
        guard board.sources.count <= 64, board.sources.allSatisfy({ source in
                  guard let timetable = source.timetable as? DayTypeTimetable, timetable.timeBase == .wallClock else { return false }
                  return timetable.days.values.allSatisfy { $0.allSatisfy { $0.time >= 0 } }
              }),
              let constant = board.clock.constantOffset,
              Int64(first.dayNumber) * 86_400 - Int64(constant.seconds) - 86_400 >= constant.since else { return nil }
        self.board = board
        offset = Int64(constant.seconds)
        days.reserveCapacity(16)
    }

    /// The instant of local midnight of `date`.
    private func midnight(_ date: LocalDate) -> Int64 { Int64(date.dayNumber) * 86_400 - offset }

    private func kind(of date: LocalDate) -> Kind {
        var sources: UInt64 = 0
        for (index, source) in board.sources.enumerated() where source.isValid(on: date) { sources |= 1 << UInt64(index) }
        return Kind(dayType: board.calendar.dayType(of: date), weekday: date.weekday.rawValue, sources: sources)
    }

    /// The day of `date`'s kind (built the first time).
    private mutating func day(_ date: LocalDate) -> (kind: Kind, day: Day) {
        let kind = kind(of: date)
        if let day = days[kind] { return (kind, day) }
        let day = Day(schedule: board.schedule(from: date, through: date), midnight: midnight(date))
        days[kind] = day
        return (kind, day)
    }

    /// The first departure of `date` that `group` takes (by the schedule's order: instant, line,
    /// stop), as `LeaveNowGroup.firstMatch` finds it in a schedule holding the date.
    mutating func firstMatch(of group: LeaveNowGroup, on date: LocalDate) -> (instant: Int64, line: String, stop: String)? {
        let (kind, day) = day(date)
        let match: (seconds: Int64, line: String, stop: String)?
        if let known = day.matches[group.index] {
            match = known
        } else {
            if case .found(let departure, let line, let stop)? = group.firstMatch(in: day.schedule, from: 0, board: board) {
                match = (departure - day.midnight, line, stop)
            } else {
                match = nil
            }
            days[kind]?.matches[group.index] = match
        }
        return match.map { (midnight(date) + $0.seconds, $0.line, $0.stop) }
    }

    /// The labels of `date`'s departures, added to `labels`.
    mutating func collectLabels(on date: LocalDate, into labels: inout (lines: Set<String>, stops: Set<String>, destinations: Set<String>)) {
        LeaveNowGroup.collectLabels(of: day(date).day.schedule, into: &labels)
    }
}
