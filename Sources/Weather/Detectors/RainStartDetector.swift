import Foundation

/// Fires once when rain of at least a threshold rate is expected within the next N minutes.
///
/// Uses the minute series (OpenWeather `minutely`, Open-Meteo `minutely_15`) where it covers the
/// window, and hourly precipitation beyond it. After firing, the detector stays quiet for the whole
/// rain episode and re-arms only after a dry spell: `rearmAfterDry` seconds past the last wet moment
/// it saw, with no rain expected in the window. A rate hovering at the threshold therefore fires once.
public struct RainStartDetector: WeatherChangeDetector {
    /// What the detector remembers.
    public struct State: Sendable, Equatable, Codable {
        /// Whether a rain episode has been announced and not yet ended by a dry spell.
        public var inEpisode: Bool
        /// The latest wet moment seen (may be ahead of the evaluation time).
        public var lastWetAt: Date?

        /// The initial state: armed, no rain seen.
        public init(inEpisode: Bool = false, lastWetAt: Date? = nil) {
            self.inEpisode = inEpisode
            self.lastWetAt = lastWetAt
        }
    }

    /// Rate that counts as rain, in mm/h.
    public var thresholdMillimetresPerHour: Double
    /// How far ahead to look, in seconds (N minutes).
    public var lookahead: TimeInterval
    /// Dry time needed before a new episode can fire, in seconds (M minutes).
    public var rearmAfterDry: TimeInterval

    /// Creates a detector (defaults: 0.5 mm/h within 30 minutes, re-arm after 60 dry minutes).
    public init(thresholdMillimetresPerHour: Double = 0.5, lookahead: TimeInterval = 30 * 60, rearmAfterDry: TimeInterval = 60 * 60) {
        self.thresholdMillimetresPerHour = thresholdMillimetresPerHour
        self.lookahead = lookahead
        self.rearmAfterDry = rearmAfterDry
    }

    /// The first instant after `now` at which `evaluate` on the same forecast could answer
    /// differently: a wet point (minute or hour, at the moment the detector would see it) entering
    /// the look-ahead window, or the end of the dry spell that re-arms an episode. Evaluating at
    /// these instants only is the same as evaluating every minute; nil when nothing will change
    /// without a new forecast.
    public func nextChange(after now: Date, forecast: Forecast, state: State) -> Date? {
        var candidates: [Date] = []
        for point in forecast.minutely where point.precipitationMillimetresPerHour >= thresholdMillimetresPerHour {
            candidates.append(point.time.addingTimeInterval(-lookahead))
        }
        // An hour is seen from its start, or from where the minute series stops covering it.
        var seriesEnd: Date?
        if let last = forecast.minutely.last {
            let count = forecast.minutely.count
            let step = count >= 2 ? last.time.timeIntervalSince(forecast.minutely[count - 2].time) : 60
            seriesEnd = last.time.addingTimeInterval(step)
        }
        for hour in forecast.hourly {
            guard let amount = hour.precipitationMillimetres, amount >= thresholdMillimetresPerHour else { continue }
            candidates.append(hour.time.addingTimeInterval(-lookahead))
            if let seriesEnd, seriesEnd > hour.time, seriesEnd < hour.time.addingTimeInterval(3600) {
                candidates.append(seriesEnd.addingTimeInterval(-lookahead))
            }
        }
        if state.inEpisode, let last = state.lastWetAt { candidates.append(last.addingTimeInterval(rearmAfterDry)) }
        return candidates.filter { $0 > now }.min()
    }

    public func evaluate(_ forecast: Forecast, previous: State, now: Date) -> (events: [WeatherEvent], state: State) {
        let end = now.addingTimeInterval(lookahead)
        var wet: [(time: Date, rate: Double)] = []
        let minutes = forecast.minutely.filter { $0.time >= now.addingTimeInterval(-60) && $0.time <= end }
        for point in minutes where point.precipitationMillimetresPerHour >= thresholdMillimetresPerHour {
            wet.append((max(point.time, now), point.precipitationMillimetresPerHour))
        }
        // Hourly data covers what the minute series does not (the minute series wins where it exists).
        // Each point stands for one step (1 minute for OpenWeather, 15 for Open-Meteo).
        var coverageEnd = now
        if let last = minutes.last {
            let step = minutes.count >= 2 ? last.time.timeIntervalSince(minutes[minutes.count - 2].time) : 60
            coverageEnd = last.time.addingTimeInterval(step)
        }
        // Inclusive at the window's end, like the minute series: rain at exactly now + N is within N.
        if coverageEnd <= end {
            for hour in forecast.hourly where hour.time <= end && hour.time.addingTimeInterval(3600) > coverageEnd {
                guard let amount = hour.precipitationMillimetres, amount >= thresholdMillimetresPerHour else { continue }
                let moment = max(hour.time, coverageEnd)
                if moment <= end { wet.append((moment, amount)) }
            }
        }
        guard let first = wet.min(by: { $0.time < $1.time }) else {
            var state = previous
            if state.inEpisode, let last = state.lastWetAt, now.timeIntervalSince(last) >= rearmAfterDry {
                state.inEpisode = false
            }
            return ([], state)
        }
        let lastWet = wet.map(\.time).max() ?? first.time
        let state = State(inEpisode: true, lastWetAt: max(lastWet, previous.lastWetAt ?? lastWet))
        if previous.inEpisode { return ([], state) }
        return ([.rainStarting(at: first.time, millimetresPerHour: first.rate)], state)
    }
}
