import Foundation

/// Fires when pressure is forecast to drop by at least X hPa within the next H hours (the "headache alert").
///
/// The drop is the largest fall from an earlier hour to a later one inside `[now, now + horizon]`
/// (a later value lower than an earlier one). Fires once; re-arms when the largest drop falls below
/// `drop − hysteresis`, so a series oscillating around the threshold fires once.
public struct PressureDropDetector: WeatherChangeDetector {
    /// What the detector remembers.
    public struct State: Sendable, Equatable, Codable {
        /// Whether a drop has been announced and not yet receded.
        public var isActive: Bool

        /// The initial state.
        public init(isActive: Bool = false) {
            self.isActive = isActive
        }
    }

    /// The drop that triggers, in hPa.
    public var dropHectopascals: Double
    /// How far ahead to look, in seconds.
    public var horizon: TimeInterval
    /// How far below `dropHectopascals` the drop must recede to re-arm, in hPa.
    public var hysteresis: Double

    /// Creates a detector (defaults: 5 hPa within 6 hours, hysteresis 1 hPa).
    public init(dropHectopascals: Double = 5, horizon: TimeInterval = 6 * 3600, hysteresis: Double = 1) {
        self.dropHectopascals = dropHectopascals
        self.horizon = horizon
        self.hysteresis = hysteresis
    }

    /// The largest fall from an earlier to a later point in the window, if any pressure is known.
    func largestDrop(_ forecast: Forecast, now: Date) -> (from: HourlyPoint, to: HourlyPoint, drop: Double)? {
        let end = now.addingTimeInterval(horizon)
        let points = forecast.hourly.filter { $0.time >= now.addingTimeInterval(-3600) && $0.time <= end && $0.pressureHectopascals != nil }
            .sorted { $0.time < $1.time }
        guard let first = points.first, let firstPressure = first.pressureHectopascals else { return nil }
        var highest = (point: first, pressure: firstPressure)
        var best = (from: first, to: first, drop: 0.0)
        for point in points.dropFirst() {
            guard let pressure = point.pressureHectopascals else { continue }
            if highest.pressure - pressure > best.drop { best = (highest.point, point, highest.pressure - pressure) }
            if pressure > highest.pressure { highest = (point, pressure) }
        }
        return best
    }

    public func evaluate(_ forecast: Forecast, previous: State, now: Date) -> (events: [WeatherEvent], state: State) {
        guard let drop = largestDrop(forecast, now: now) else { return ([], previous) }
        if !previous.isActive, drop.drop >= dropHectopascals,
           let from = drop.from.pressureHectopascals, let to = drop.to.pressureHectopascals {
            return ([.pressureDrop(fromHectopascals: from, toHectopascals: to, from: drop.from.time, to: drop.to.time)], State(isActive: true))
        }
        if previous.isActive, drop.drop < dropHectopascals - hysteresis { return ([], State(isActive: false)) }
        return ([], previous)
    }
}
