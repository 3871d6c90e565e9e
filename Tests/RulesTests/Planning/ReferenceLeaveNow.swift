import Foundation
import RuleTestSupport
import Timetable

/// A deliberately naive model of what a leave-now rule sends over a span, written from the rule's
/// documented meaning and nothing of the engine's machinery (no schedule cache, no horizon, no
/// wake-up planning, no compiled filters):
///
/// 1. every departure of every service date around the span, straight from `Board.serviceDay`;
/// 2. the rule's filters read directly: the departure's local wall-clock time in the window, the
///    weekday and day type of its *service date* (Japanese holidays and the board's extra dates),
///    labels, `last_only`, and `pick: first` as "the first of its service date that matches";
/// 3. each heads-up fires at departure − walk − buffer − heads-up, while the departure is ahead; a
///    run starting late sends, at its start, only the latest notification already due per departure;
/// 4. the gates in time order: active days / hours, quiet hours (held until they end unless the
///    departure is gone by then; `critical` ignores them), cooldown, `max_per_day`;
/// 5. a service date whose timetable is unknown (`Board.unknownDate`) that the rule cares about
///    (its days, day types, and the labels its unknown sources would carry) stops the rule: no
///    departure at or after the date's start is notified while the date may still have departures;
///    once it cannot, the departures after it are notified again (what is due then, at once).
struct ReferenceLeaveNow {
    /// Every departure of a board over service dates, computed once per board and span.
    struct BoardDays {
        let board: Board
        let departures: [BoardDeparture]

        init(board: Board, from: Int64, to: Int64) {
            self.board = board
            var all: [BoardDeparture] = []
            var date = board.clock.localTime(at: from).date.adding(days: -3)
            let last = board.clock.localTime(at: to).date.adding(days: 1)
            while date <= last {
                all += board.serviceDay(date)
                date = date.adding(days: 1)
            }
            departures = all.sorted {
                ($0.departure, $0.line, $0.stop) < ($1.departure, $1.line, $1.stop)
            }
            var count: [String: Int] = [:]
            for departure in departures { count[Self.place(departure), default: 0] += 1 }
            shared = Set(count.filter { $0.value > 1 }.keys)
            var unknown: [UnknownServiceDate] = []
            date = board.clock.localTime(at: from).date.adding(days: -3)
            while date <= last.adding(days: 2) {
                if let found = board.unknownDate(date) { unknown.append(found) }
                date = date.adding(days: 1)
            }
            self.unknown = unknown
        }

        /// The unknown service dates around the span.
        let unknown: [UnknownServiceDate]

        /// Instant, line and stop of departures that share them with another.
        let shared: Set<String>

        static func place(_ departure: BoardDeparture) -> String { "\(departure.departure)|\(departure.line)|\(departure.stop)" }
    }

    /// One notification the model sends.
    typealias Sent = ReferenceGates.Sent

    let rule: GeneratedLeaveNowRule
    let days: BoardDays

    func dayType(_ date: LocalDate) -> DayType {
        let calendar = days.board.calendar
        if calendar.extraHolidays.contains(date) { return .holiday }
        if calendar.nationalHolidays, JapaneseHolidays.isHoliday(date) { return .holiday }
        switch date.weekday {
        case .sunday: return .sunday
        case .saturday: return .saturday
        default: return .weekday
        }
    }

    /// Whether the rule's filters (all but `pick`) take a departure.
    func takes(_ departure: BoardDeparture) -> Bool {
        if let window = rule.window, !ReferenceGates.inside(window, days.board.clock.localTime(at: departure.departure).seconds) { return false }
        if rule.lastOnly, !departure.isLast { return false }
        if let lines = rule.lines, !lines.contains(departure.line) { return false }
        if let stops = rule.stops, !stops.contains(departure.stop) { return false }
        if let destinations = rule.destinations, !destinations.contains(departure.destination) { return false }
        if let weekdays = rule.days, !weekdays.contains(departure.serviceDate.weekday) { return false }
        if let types = rule.dayTypes, !types.contains(dayType(departure.serviceDate)) { return false }
        return true
    }

    /// Whether the rule cares about a source unknown on a date: the date passes its days and day
    /// types, and the labels the source would carry (when known) pass its label filters.
    func cares(_ cause: UnknownServiceDate.Cause, on unknown: UnknownServiceDate) -> Bool {
        if let weekdays = rule.days, !weekdays.contains(unknown.date.weekday) { return false }
        if let types = rule.dayTypes, !types.contains(dayType(unknown.date)) { return false }
        if let lines = rule.lines, let line = cause.line, !lines.contains(line) { return false }
        if let stops = rule.stops, let stop = cause.stop, !stops.contains(stop) { return false }
        if let destinations = rule.destinations, let destination = cause.destination, !destinations.contains(destination) { return false }
        return true
    }

    /// The unknown dates the rule cares about, each as (start of its service, when its service is over).
    func unknownDates() -> [(date: LocalDate, from: Int64, until: Int64)] {
        days.unknown.compactMap { unknown in
            let causes = unknown.causes.filter { cares($0, on: unknown) }
            guard let from = causes.map(\.from).min(), let until = causes.map(\.until).max() else { return nil }
            return (unknown.date, from, until)
        }
    }

    /// When a departure can be notified: after every unknown date the rule cares about that starts
    /// at or before it is over (nil: never before it leaves; `Int64.min`: always).
    func trusted(_ departure: BoardDeparture, unknown: [(date: LocalDate, from: Int64, until: Int64)]) -> Int64? {
        let after = unknown.filter { $0.from <= departure.departure }.map(\.until).max() ?? .min
        return after < departure.departure ? after : nil
    }

    /// The departures the rule cares about.
    func chosen() -> [BoardDeparture] {
        let taken = days.departures.filter(takes)
        guard rule.pickFirst else { return taken }
        var seen = Set<LocalDate>()
        return taken.filter { seen.insert($0.serviceDate).inserted }
    }

    /// What the rule sends in `[from, to]`, starting with no memory at `from`.
    func run(from: Int64, to: Int64) -> [Sent] {
        var candidates: [ReferenceGates.Candidate] = []
        let unknown = unknownDates()
        for (order, departure) in chosen().enumerated() where departure.departure > from {
            guard let trusted = trusted(departure, unknown: unknown) else { continue }
            // Notified from the run's start, or from when the unknown dates before it are over.
            let start = max(from, trusted)
            let leaveAt = departure.leaveAt - Int64(rule.bufferMinutes * 60)
            let fires = rule.headsUpMinutes.map { (offset: $0, at: leaveAt - Int64($0 * 60)) }
            // Two departures at one instant from one line and stop (both directions) are told apart
            // by their destination.
            let destination = days.shared.contains(BoardDays.place(departure)) ? "/" + BoardSchedule.token(departure.destination) : ""
            func key(_ offset: Int) -> String {
                "\(rule.id)/\(departure.departure)/\(BoardSchedule.token(departure.line))/\(BoardSchedule.token(departure.stop))\(destination)/\(offset * 60)"
            }
            // Already due when the run starts (or the departure becomes known): only the latest is sent, then.
            if start <= to, let latest = fires.filter({ $0.at <= start }).max(by: { $0.at < $1.at }) {
                candidates.append(.init(at: start, order: order, key: key(latest.offset), expires: departure.departure))
            }
            for fire in fires where fire.at > start && fire.at <= to && fire.at < departure.departure {
                candidates.append(.init(at: fire.at, order: order, key: key(fire.offset), expires: departure.departure))
            }
        }
        return rule.gates.apply(candidates, to: to)
    }
}
