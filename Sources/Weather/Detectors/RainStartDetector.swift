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
        if coverageEnd < end {
            for hour in forecast.hours(overlapping: coverageEnd, end) {
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
