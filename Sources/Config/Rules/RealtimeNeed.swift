extension WeatherNeed {
    /// When the leave-now rules of `boards` need a realtime feed (a `realtime:` GTFS-Realtime feed of
    /// one of their sources, or `odpt: trains:` of their railway) fresh: from the earliest moment such
    /// a rule can fire before its departure window (its largest heads-up + buffer + rain's extra walk
    /// + up to 30 minutes of walk, plus one `refresh`) until the window ends; a rule without
    /// `between:` needs it during its active hours, or all day without them. Each window keeps the
    /// rule's days and timezone. No rule on the boards: no window (the feed is not polled).
    public init(realtimeOf boards: Set<String>, rules: [RuleSpec], refreshSeconds: Int) {
        var always = false
        var windows: [Window] = []
        for rule in rules {
            guard case .leaveNow(let spec) = rule.kind, boards.contains(spec.board) else { continue }
            guard let hours = spec.window ?? rule.common.activeHours else {
                always = true
                continue
            }
            let lead = (spec.headsUpSeconds.max() ?? 0) + spec.bufferSeconds + (spec.rain?.extraWalkSeconds ?? 0) + Self.walkAllowance
            let end = hours.end > hours.start ? hours.end : hours.end + 86_400
            var days = spec.days
            if let active = rule.common.activeDays { days = days.map { $0.intersection(active) } ?? active }
            windows.append(Window(days: days, start: hours.start - lead - refreshSeconds, end: end, clock: rule.common.clock))
        }
        self.init(always: always, windows: windows)
    }
}
