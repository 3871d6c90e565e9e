import Foundation

/// Fires once for each official alert not seen before (identity: sender + event + start).
///
/// A revised text of the same alert does not fire again. Identities are forgotten one day after
/// the alert ends, so the state stays small.
public struct NewAlertDetector: WeatherChangeDetector {
    /// What the detector remembers.
    public struct State: Sendable, Equatable, Codable {
        /// Alerts seen, with their end.
        public var seen: [WeatherAlertIdentity: Date]
        /// Whether any forecast has been evaluated.
        public var isPrimed: Bool

        /// The initial state: nothing seen.
        public init(seen: [WeatherAlertIdentity: Date] = [:], isPrimed: Bool = false) {
            self.seen = seen
            self.isPrimed = isPrimed
        }
    }

    /// Whether alerts already present at the first evaluation are announced (default: yes, they are in force).
    public var announceExistingOnFirstRun: Bool

    /// Creates a detector.
    public init(announceExistingOnFirstRun: Bool = true) {
        self.announceExistingOnFirstRun = announceExistingOnFirstRun
    }

    public func evaluate(_ forecast: Forecast, previous: State, now: Date) -> (events: [WeatherEvent], state: State) {
        var state = previous
        var events: [WeatherEvent] = []
        for alert in forecast.alerts.sorted(by: { ($0.start, $0.event) < ($1.start, $1.event) }) {
            let identity = alert.identity
            guard state.seen[identity] == nil else {
                state.seen[identity] = max(state.seen[identity] ?? alert.end, alert.end)
                continue
            }
            state.seen[identity] = alert.end
            if alert.end > now && (previous.isPrimed || announceExistingOnFirstRun) {
                events.append(.newAlert(alert))
            }
        }
        state.seen = state.seen.filter { $0.value.addingTimeInterval(86_400) > now }
        state.isPrimed = true
        return (events, state)
    }
}
