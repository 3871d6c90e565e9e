import Config
import Timetable

/// The leave-now rules of one board that take the same departures: the same labels, days, day
/// types, window, `last_only` and `pick` (rules that differ only in buffer, heads-ups, channels or
/// text). What depends on those alone is worked out once per group: which departures of a schedule
/// the rules take (`TakenDepartures`), and where the next one lies past the horizon (`SharedPlans`).
/// With many rules on a board, a group holds hundreds of them.
final class LeaveNowGroup: Sendable {
    /// The group's place in its engine's `LeaveNowGroups` (caches are arrays by it).
    let index: Int
    /// What the rules share: their board and filters.
    let key: SharedPlans.Key
    let window: ClockWindow?
    /// The board's `status:`, when it has one: disrupted lines are mentioned in the message.
    let status: BoardStatusLink?
    /// The board's realtime (nil for a timetable-only board).
    let realtime: BoardRealtimeLink?

    init(index: Int, spec: LeaveNowSpec, status: BoardStatusLink?, realtime: BoardRealtimeLink?) {
        self.index = index
        key = SharedPlans.Key(spec)
        window = spec.window
        self.status = status
        self.realtime = realtime
    }

    var board: String { key.board }
    var lines: Set<String>? { key.lines }
    var stops: Set<String>? { key.stops }
    var destinations: Set<String>? { key.destinations }
    var lastOnly: Bool { key.lastOnly }
    var pickFirst: Bool { key.pickFirst }
    var days: Set<Weekday>? { key.days }
    var dayTypes: Set<DayType>? { key.dayTypes }

    /// What the group's rules need of one board schedule, worked out once per schedule: the label
    /// filters as label ids (nil: no filter; empty: nothing matches) and the board's longest walk.
    struct CompiledFilter: Sendable {
        let lines: [Int32]?
        let stops: [Int32]?
        let destinations: [Int32]?
        let longestWalk: Int
        /// How to skip the departures outside the window at once (nil: check them one by one).
        let windowJump: WindowJump?

        init(group: LeaveNowGroup, schedule: BoardSchedule, board: Board) {
            windowJump = group.window.flatMap { WindowJump(window: $0, clock: board.clock) }
            lines = group.lines.map { $0.compactMap(schedule.labelID) }
            stops = group.stops.map { $0.compactMap(schedule.labelID) }
            destinations = group.destinations.map { $0.compactMap(schedule.labelID) }
            longestWalk = board.longestWalkSeconds
        }
    }

    /// In a zone whose offset never changes, a service day starts at local midnight, so a
    /// departure's timetable time of day is its instant's local time of day. Departures outside a
    /// window that does not wrap midnight then form runs of instants, and the scan can go straight
    /// to the next instant where the window opens: every departure before it is outside the window.
    struct WindowJump: Sendable {
        let start: Int
        let end: Int
        let offset: Int
        /// Instants from this on are safely past the zone's last offset change (with a margin of
        /// a week, more than any timetable time reaches back).
        let since: Int64

        init?(window: ClockWindow, clock: ZoneClock) {
            guard window.start < window.end, window.start >= 0, window.end <= 86_400,
                  let constant = clock.constantOffset else { return nil }
            start = window.start
            end = window.end
            offset = constant.seconds
            since = constant.since + 8 * 86_400
        }

        /// The first instant after `instant` whose local time of day is inside the window, when
        /// `instant` is outside it; nil when unsure.
        func nextStart(after instant: Int64) -> Int64? {
            guard instant >= since else { return nil }
            let local = instant + Int64(offset)
            let dayStart = local >= 0 ? local / 86_400 * 86_400 : (local - 86_399) / 86_400 * 86_400
            let time = Int(local - dayStart)
            if time < start { return instant + Int64(start - time) }
            if time >= end { return instant + Int64(86_400 - time + start) }
            return nil
        }
    }

    /// Whether the departure at `index` of the schedule is one the rules take. The cheapest, most
    /// selective checks come first. Ignoring the pick and the window, it is one that takes the user
    /// where the rules go (what a canceled departure's notice offers instead).
    func matches(_ index: Int, filter: CompiledFilter, board: Board, schedule: BoardSchedule, ignoringPick: Bool = false,
                 ignoringWindow: Bool = false) -> Bool {
        if !ignoringWindow, let window, !window.contains(Self.secondsOfDay(schedule.serviceSeconds[index])) { return false }
        if lastOnly, !schedule.lastFlags[index] { return false }
        if let stops = filter.stops, !stops.contains(schedule.stopIDs[index]) { return false }
        if let lines = filter.lines, !lines.contains(schedule.lineIDs[index]) { return false }
        if let destinations = filter.destinations, !destinations.contains(schedule.destinationIDs[index]) { return false }
        let day = Int(schedule.serviceDayNumbers[index])
        if let days {
            let weekday = (day + 4) % 7  // 1970-01-01 was a Thursday
            guard let value = Weekday(rawValue: weekday < 0 ? weekday + 7 : weekday), days.contains(value) else { return false }
        }
        if let types = dayTypes, !types.contains(board.calendar.dayType(of: LocalDate(dayNumber: day))) { return false }
        if pickFirst, !ignoringPick {
            // Only the first matching departure of its service day.
            var earlier = index - 1
            while earlier >= 0, schedule.instant(at: earlier) >= schedule.instant(at: index) - 48 * 3600 {
                if Int(schedule.serviceDayNumbers[earlier]) == day, matches(earlier, filter: filter, board: board, schedule: schedule, ignoringPick: true) {
                    return false
                }
                earlier -= 1
            }
        }
        return true
    }

    /// Whether a source unknown on a date may hold departures the group's rules take: the date's
    /// weekday and day type pass the rules' `days` / `day_types`, and the labels its departures
    /// would carry (when known) pass their `lines` / `stops` / `destinations`. The window,
    /// `last_only` and `pick` are not asked: an unknown date may have a departure at any time.
    func wants(_ cause: UnknownServiceDate.Cause, on unknown: UnknownServiceDate) -> Bool {
        if let days, !days.contains(unknown.date.weekday) { return false }
        if let dayTypes, !dayTypes.contains(unknown.dayType) { return false }
        if let lines, let line = cause.line, !lines.contains(line) { return false }
        if let stops, let stop = cause.stop, !stops.contains(stop) { return false }
        if let destinations, let destination = cause.destination, !destinations.contains(destination) { return false }
        return true
    }

    /// The unknown service dates of `board` from `first` through `last` that the group's rules care
    /// about (see ``wants(_:on:)``), each with only those causes, in date order.
    func unknownDates(of board: Board, from first: LocalDate, through last: LocalDate) -> [UnknownServiceDate] {
        guard board.mayHaveUnknownDates else { return [] }
        var found: [UnknownServiceDate] = []
        var date = first
        while date <= last {
            if var unknown = board.unknownDate(date) {
                unknown.causes = unknown.causes.filter { wants($0, on: unknown) }
                if !unknown.causes.isEmpty { found.append(unknown) }
            }
            date = date.adding(days: 1)
        }
        return found
    }

    /// A timetable time (24:05 = 86_700) as a time of day (00:05), as the window sees it.
    @inline(__always)
    static func secondsOfDay(_ serviceSeconds: Int32) -> Int {
        let seconds = Int(serviceSeconds)
        return seconds >= 0 && seconds < 86_400 ? seconds : seconds % 86_400
    }

    /// The departures of `schedule` the group's rules take, in order.
    func taken(from schedule: BoardSchedule, first: LocalDate, board: Board, valid: Range<Int64>) -> TakenDepartures {
        let filter = CompiledFilter(group: self, schedule: schedule, board: board)
        var indices: [Int32] = []
        let instants = schedule.instants
        var index = 0
        while index < instants.count {
            let instant = instants[index]
            // The window rules out most departures: skipped a run at a time where the zone allows.
            if let window, !window.contains(Self.secondsOfDay(schedule.serviceSeconds[index])) {
                index += 1
                if let jump = filter.windowJump, let next = jump.nextStart(after: instant), next > instant + 1 {
                    index = max(index, schedule.firstIndex(atOrAfter: next))
                }
                continue
            }
            if matches(index, filter: filter, board: board, schedule: schedule) { indices.append(Int32(index)) }
            index += 1
        }
        let lastDate = schedule.serviceDayNumbers.last.map { LocalDate(dayNumber: Int($0)) } ?? first
        return TakenDepartures(board: board, schedule: schedule, filter: filter, first: first, valid: valid, indices: indices,
                               unknown: unknownDates(of: board, from: first, through: max(lastDate, first.adding(days: Board.previousServiceDays + 2))))
    }
}

/// The leave-now groups of one engine, with each board's groups (searched together by the planner).
final class LeaveNowGroups: Sendable {
    let groups: [LeaveNowGroup]
    /// By board id, one group per distinct filter, in rule order.
    let byBoard: [String: [LeaveNowGroup]]

    init(groups: [LeaveNowGroup]) {
        self.groups = groups
        var byBoard: [String: [LeaveNowGroup]] = [:]
        for group in groups { byBoard[group.board, default: []].append(group) }
        self.byBoard = byBoard
    }
}

/// The departures one group of rules takes from one board schedule, as columns: what the scan of
/// each evaluation walks (a binary search to "now", then a few entries), instead of every departure
/// of the board with the filters applied to each.
final class TakenDepartures: Sendable {
    /// The board (as the schedule was made from it) and the schedule.
    let board: Board
    let schedule: BoardSchedule
    let filter: LeaveNowGroup.CompiledFilter
    /// The first service date of the schedule.
    let first: LocalDate
    /// The instants at which the schedule is the one to use (those whose local date gives `first`):
    /// empty when the board's zone changes its offset, so the date is worked out at each evaluation.
    let valid: Range<Int64>
    /// Per taken departure: its index in the schedule, instant, walk start (instant − walk), the
    /// labels part of its keys, its keys without the rule and the offset (`/instant/labels/`), and
    /// whether its stop is a number.
    let indices: [Int32]
    let instants: [Int64]
    let walkStarts: [Int64]
    let labels: [KeyLabels]
    let keyMiddles: [String]
    let stopIsNumber: [Bool]
    /// The unknown service dates of the schedule's span that the group cares about, in date order:
    /// no departure at or after the first one still ahead is taken (see ``firstUnknown(after:)``).
    let unknown: [UnknownServiceDate]

    init(board: Board, schedule: BoardSchedule, filter: LeaveNowGroup.CompiledFilter, first: LocalDate, valid: Range<Int64>, indices: [Int32],
         unknown: [UnknownServiceDate] = []) {
        self.unknown = unknown
        self.board = board
        self.schedule = schedule
        self.filter = filter
        self.first = first
        self.valid = valid
        self.indices = indices
        let departures = schedule.departures
        instants = indices.map { departures[Int($0)].departure }
        walkStarts = indices.map { departures[Int($0)].leaveAt }
        let labelTexts = indices.map { LeaveNowEvaluator.labels(Int($0), schedule: schedule) }
        labels = labelTexts.map(KeyLabels.init)
        keyMiddles = zip(instants, labelTexts).map { "/\($0)/\($1)/" }
        stopIsNumber = indices.map { MessageRenderer.isNumber(departures[Int($0)].info.stop) }
    }

    /// The position of the first taken departure at or after `instant`.
    func firstPosition(atOrAfter instant: Int64) -> Int {
        instants.firstIndex(atOrAfter: instant)
    }

    /// The first unknown service date of ``unknown`` whose departures may still leave after
    /// `instant`, with the causes that still matter then; nil when there is none.
    func firstUnknown(after instant: Int64) -> UnknownServiceDate? {
        for var date in unknown where date.until > instant {
            date.causes = date.causes.filter { $0.until > instant }
            return date
        }
        return nil
    }
}
