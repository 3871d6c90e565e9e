import Foundation

/// Fires when the forecast for a window changed since the previous snapshot: rain appeared or
/// disappeared, or the highest probability of precipitation crossed the threshold.
///
/// The first snapshot (and the first for a new fixed window) only sets the baseline. The probability
/// uses hysteresis: it "rose" at `≥ threshold` and "fell" only below `threshold − hysteresis`.
/// A window with no hourly data keeps the previous baseline.
public struct ForecastChangeDetector: WeatherChangeDetector {
    /// The remembered summary of the window.
    public struct Baseline: Sendable, Equatable, Codable {
        /// Whether rain was expected in the window.
        public var rainExpected: Bool
        /// Whether the probability was considered high (with hysteresis).
        public var probabilityHigh: Bool
        /// The highest probability of precipitation (0…1), when known.
        public var highestProbability: Double?

        /// Creates a baseline.
        public init(rainExpected: Bool, probabilityHigh: Bool, highestProbability: Double?) {
            self.rainExpected = rainExpected
            self.probabilityHigh = probabilityHigh
            self.highestProbability = highestProbability
        }
    }

    /// What the detector remembers.
    public struct State: Sendable, Equatable, Codable {
        /// The previous snapshot's summary, `nil` before the first.
        public var baseline: Baseline?
        /// The fixed window the baseline belongs to (`nil` for a sliding window).
        public var windowStart: Date?

        /// The initial state: no baseline.
        public init(baseline: Baseline? = nil, windowStart: Date? = nil) {
            self.baseline = baseline
            self.windowStart = windowStart
        }
    }

    /// The window to watch.
    public var window: ForecastWindow
    /// Probability (0…1) whose crossing is a change.
    public var probabilityThreshold: Double
    /// How far below the threshold the probability must fall to count as "fell".
    public var hysteresis: Double
    /// Hourly precipitation (mm) that counts as rain, besides a rain / snow / drizzle / thunderstorm condition.
    public var rainMillimetres: Double

    /// Creates a detector (defaults: next 6 hours, 50 %, hysteresis 10 points, 0.1 mm).
    public init(window: ForecastWindow = .ahead(from: 0, to: 6 * 3600), probabilityThreshold: Double = 0.5,
                hysteresis: Double = 0.1, rainMillimetres: Double = 0.1) {
        self.window = window
        self.probabilityThreshold = probabilityThreshold
        self.hysteresis = hysteresis
        self.rainMillimetres = rainMillimetres
    }

    public func evaluate(_ forecast: Forecast, previous: State, now: Date) -> (events: [WeatherEvent], state: State) {
        var state = previous
        if state.windowStart != window.fixedStart { state = State(windowStart: window.fixedStart) }
        let (start, end) = window.bounds(now: now)
        let hours = forecast.hours(overlapping: start, end)
        guard !hours.isEmpty else { return ([], state) }
        let rainExpected = hours.contains { hour in
            (hour.condition?.isPrecipitation ?? false) || (hour.precipitationMillimetres ?? 0) >= rainMillimetres
        }
        let highest = hours.compactMap(\.precipitationProbability).max()
        guard let old = state.baseline else {
            state.baseline = Baseline(rainExpected: rainExpected, probabilityHigh: (highest ?? 0) >= probabilityThreshold, highestProbability: highest)
            return ([], state)
        }
        var events: [WeatherEvent] = []
        if rainExpected != old.rainExpected {
            events.append(.forecastChanged(windowStart: start, windowEnd: end, change: rainExpected ? .rainNowExpected : .rainNoLongerExpected))
        }
        var probabilityHigh = old.probabilityHigh
        if let highest {
            let before = old.highestProbability ?? 0
            if !old.probabilityHigh, highest >= probabilityThreshold {
                probabilityHigh = true
                events.append(.forecastChanged(windowStart: start, windowEnd: end, change: .probabilityRose(from: before, to: highest)))
            } else if old.probabilityHigh, highest < probabilityThreshold - hysteresis {
                probabilityHigh = false
                events.append(.forecastChanged(windowStart: start, windowEnd: end, change: .probabilityFell(from: before, to: highest)))
            }
        }
        state.baseline = Baseline(rainExpected: rainExpected, probabilityHigh: probabilityHigh, highestProbability: highest ?? old.highestProbability)
        return (events, state)
    }
}
