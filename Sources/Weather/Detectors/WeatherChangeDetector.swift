import Foundation

/// A pure, deterministic detector of a weather change.
///
/// The caller stores the returned state (it is `Codable`) and passes it back on the next evaluation;
/// time is always the `now` argument. Detectors fire on the *transition* and apply hysteresis,
/// so a value hovering at a threshold does not produce an event on every poll.
public protocol WeatherChangeDetector: Sendable {
    /// What the detector remembers between evaluations.
    associatedtype State: Sendable, Equatable, Codable
    /// Evaluates a forecast against the previous state at `now`.
    /// - Returns: the events to notify (often none) and the state to store.
    func evaluate(_ forecast: Forecast, previous: State, now: Date) -> (events: [WeatherEvent], state: State)
}

extension Forecast {
    /// Hourly points whose hour `[time, time + 1 h)` overlaps `[start, end)`.
    func hours(overlapping start: Date, _ end: Date) -> [HourlyPoint] {
        hourly.filter { $0.time < end && $0.time.addingTimeInterval(3600) > start }
    }
}
