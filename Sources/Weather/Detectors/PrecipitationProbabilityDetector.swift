import Foundation

/// Fires when the highest probability of precipitation in a window reaches a threshold.
///
/// Fires on the rise; re-arms only when the maximum falls below `threshold − hysteresis`.
/// For a ``ForecastWindow/fixed(start:end:)`` window, moving to another window re-arms.
/// JMA gives pops per 6-hour window; the decoder spreads them over hours, so this works the same.
public struct PrecipitationProbabilityDetector: WeatherChangeDetector {
    /// What the detector remembers.
    public struct State: Sendable, Equatable, Codable {
        /// Whether the threshold has been reached and announced.
        public var isActive: Bool
        /// The fixed window the state belongs to (`nil` for a sliding window).
        public var windowStart: Date?

        /// The initial state.
        public init(isActive: Bool = false, windowStart: Date? = nil) {
            self.isActive = isActive
            self.windowStart = windowStart
        }
    }

    /// Probability (0…1) that triggers.
    public var threshold: Double
    /// The window to watch.
    public var window: ForecastWindow
    /// How far below the threshold the maximum must fall to re-arm.
    public var hysteresis: Double

    /// Creates a detector (defaults: 50 % within the next 3 hours, hysteresis 10 points).
    public init(threshold: Double = 0.5, window: ForecastWindow = .ahead(from: 0, to: 3 * 3600), hysteresis: Double = 0.1) {
        self.threshold = threshold
        self.window = window
        self.hysteresis = hysteresis
    }

    public func evaluate(_ forecast: Forecast, previous: State, now: Date) -> (events: [WeatherEvent], state: State) {
        var state = previous
        if state.windowStart != window.fixedStart { state = State(windowStart: window.fixedStart) }
        let (start, end) = window.bounds(now: now)
        let candidates = forecast.hours(overlapping: start, end).compactMap { hour in
            hour.precipitationProbability.map { (time: hour.time, probability: $0) }
        }
        guard let highest = candidates.max(by: { $0.probability < $1.probability }) else { return ([], state) }
        if !state.isActive, highest.probability >= threshold {
            state.isActive = true
            return ([.precipitationLikely(probability: highest.probability, at: highest.time, windowStart: start, windowEnd: end)], state)
        }
        if state.isActive, highest.probability < threshold - hysteresis {
            state.isActive = false
        }
        return ([], state)
    }
}
