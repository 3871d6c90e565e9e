import Timetable

/// When the rules need a weather source's forecast fresh: the worker polls it every `refresh`
/// inside these windows and every `idle_refresh` outside them, and the quota plan counts the same.
/// Realtime feeds use the same windows, from the leave-now rules of their board
/// (``init(realtimeOf:rules:refreshSeconds:)``).
///
/// - a `weather` rule needs its source during its active hours (all day without `active: hours`),
///   from one `refresh` before they start;
/// - a `leave_now` rule with `rain:` needs it from the earliest moment it can fire before its
///   departure window (heads-up + buffer + extra walk + up to 30 minutes of walk, plus one
///   `refresh`) until the window ends; without `between:` its active hours, else all day.
///
/// Each window keeps the rule's days and timezone.
public struct WeatherNeed: Sendable {
    /// One daily window in a rule's timezone.
    public struct Window: Sendable {
        /// Weekdays it applies to (nil: every day).
        public var days: Set<Weekday>?
        /// Seconds after local midnight where it starts (may be negative: the evening before).
        public var start: Int
        /// Seconds after local midnight where it ends (after `start`; may pass 86 400).
        public var end: Int
        public var clock: ZoneClock
    }

    /// The longest walk assumed when the board is not known here.
    public static let walkAllowance = 1_800

    /// True when some rule needs the source at every moment.
    public var always: Bool
    /// The daily windows (empty with `always`, or when no rule reads the source).
    public var windows: [Window]

    /// The need of the source `source` by `rules`, for a source refreshed every `refreshSeconds`.
    public init(source: String, rules: [RuleSpec], refreshSeconds: Int) {
        var always = false
        var windows: [Window] = []
        func add(days: Set<Weekday>?, hours: ClockWindow?, lead: Int, rule: RuleSpec) {
            guard let hours else {
                always = true
                return
            }
            let end = hours.end > hours.start ? hours.end : hours.end + 86_400
            var allowed = days
            if let active = rule.common.activeDays { allowed = allowed.map { $0.intersection(active) } ?? active }
            windows.append(Window(days: allowed, start: hours.start - lead - refreshSeconds, end: end, clock: rule.common.clock))
        }
        for rule in rules {
            switch rule.kind {
            case .weather(let spec) where spec.weather == source:
                add(days: nil, hours: rule.common.activeHours, lead: 0, rule: rule)
            case .leaveNow(let spec) where spec.rain?.weather == source:
                let lead = (spec.headsUpSeconds.max() ?? 0) + spec.bufferSeconds + (spec.rain?.extraWalkSeconds ?? 0) + Self.walkAllowance
                add(days: spec.days, hours: spec.window ?? rule.common.activeHours, lead: lead, rule: rule)
            default:
                continue
            }
        }
        self.always = always
        self.windows = always ? [] : windows
    }

    /// A need made of its parts.
    init(always: Bool, windows: [Window]) {
        self.always = always
        self.windows = always ? [] : windows
    }

    /// Whether the source is needed at `instant`.
    public func isNeeded(at instant: Int64) -> Bool {
        always || ranges(from: instant, to: instant).contains { $0.contains(instant) }
    }

    /// The instants in `[from, to]` where the source is needed, merged and sorted.
    public func ranges(from: Int64, to: Int64) -> [ClosedRange<Int64>] {
        if always { return from <= to ? [from...to] : [] }
        var ranges: [ClosedRange<Int64>] = []
        for window in windows {
            // A window may start the evening before its day or end after midnight: look one day around.
            let first = window.clock.localTime(at: from).date.adding(days: -2)
            let last = window.clock.localTime(at: to).date.adding(days: 2)
            var date = first
            while date.dayNumber <= last.dayNumber {
                defer { date = date.adding(days: 1) }
                if let days = window.days, !days.contains(date.weekday) { continue }
                let midnight = window.clock.instant(date: date, seconds: 0)
                let start = max(midnight + Int64(window.start), from), end = min(midnight + Int64(window.end), to)
                if start <= end { ranges.append(start...end) }
            }
        }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Int64>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// Requests on the busiest day of the week starting at `weekStart` (any instant): `refresh` inside
    /// the windows, `idle_refresh` outside.
    public func requestsPerDay(refreshSeconds: Int, idleRefreshSeconds: Int, weekStart: Int64 = 1_735_657_200) -> Int {
        busiestDay(refreshSeconds: refreshSeconds, idleRefreshSeconds: idleRefreshSeconds, weekStart: weekStart)
    }

    /// Requests on the busiest day of the week starting at `weekStart` for a source polled every
    /// `refresh` inside the windows and not at all outside (a realtime feed).
    public func requestsPerDayInsideWindows(refreshSeconds: Int, weekStart: Int64 = 1_735_657_200) -> Int {
        busiestDay(refreshSeconds: refreshSeconds, idleRefreshSeconds: nil, weekStart: weekStart)
    }

    private func busiestDay(refreshSeconds: Int, idleRefreshSeconds: Int?, weekStart: Int64) -> Int {
        func perDay(_ seconds: Int64, every interval: Int) -> Int {
            Int((seconds + Int64(max(interval, 1)) - 1) / Int64(max(interval, 1)))
        }
        if always { return perDay(86_400, every: refreshSeconds) }
        var busiest = 0
        for day in 0..<7 {
            let from = weekStart + Int64(day) * 86_400, to = from + 86_399
            let needed = ranges(from: from, to: to).map { $0.upperBound - $0.lowerBound + 1 }.reduce(0, +)
            let idle = idleRefreshSeconds.map { perDay(86_400 - needed, every: $0) } ?? 0
            busiest = max(busiest, perDay(needed, every: refreshSeconds) + idle)
        }
        return busiest
    }
}
