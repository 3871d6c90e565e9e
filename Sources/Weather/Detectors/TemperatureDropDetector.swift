import Foundation

/// Fires when the temperature forecast for the coming hours is lower than at the same hour yesterday
/// by at least X °C.
///
/// "Yesterday" comes from the previous snapshots: the state keeps the latest known temperature of
/// each hour of the last ~26 hours (and the forecast's own past hours, when it has them, win).
/// The first evaluation only records; it cannot compare. Fires once; re-arms when the largest drop
/// falls below `drop − hysteresis`.
public struct TemperatureDropDetector: WeatherChangeDetector {
    /// A remembered temperature.
    public struct Sample: Sendable, Equatable, Codable {
        /// Start of the hour.
        public var time: Date
        /// Temperature in °C.
        public var celsius: Double

        /// Creates a sample.
        public init(time: Date, celsius: Double) {
            self.time = time
            self.celsius = celsius
        }
    }

    /// What the detector remembers.
    public struct State: Sendable, Equatable, Codable {
        /// Whether a drop has been announced and not yet receded.
        public var isActive: Bool
        /// Latest known temperature per hour, sorted by time.
        public var history: [Sample]

        /// The initial state: nothing remembered.
        public init(isActive: Bool = false, history: [Sample] = []) {
            self.isActive = isActive
            self.history = history
        }
    }

    /// The drop that triggers, in °C.
    public var dropCelsius: Double
    /// How far ahead to compare, in seconds.
    public var horizon: TimeInterval
    /// How far below `dropCelsius` the drop must recede to re-arm.
    public var hysteresis: Double

    private static let day: TimeInterval = 86_400
    private static let memory: TimeInterval = 26 * 3600

    /// Creates a detector (defaults: 5 °C over the next 12 hours, hysteresis 1 °C).
    public init(dropCelsius: Double = 5, horizon: TimeInterval = 12 * 3600, hysteresis: Double = 1) {
        self.dropCelsius = dropCelsius
        self.horizon = horizon
        self.hysteresis = hysteresis
    }

    public func evaluate(_ forecast: Forecast, previous: State, now: Date) -> (events: [WeatherEvent], state: State) {
        var known: [Date: Double] = [:]
        for sample in previous.history { known[sample.time] = sample.celsius }
        for hour in forecast.hourly {
            if let celsius = hour.temperatureCelsius { known[hour.time] = celsius }
        }
        let end = now.addingTimeInterval(horizon)
        var largest: (time: Date, yesterday: Double, forecast: Double)?
        for hour in forecast.hourly where hour.time >= now.addingTimeInterval(-3600) && hour.time <= end {
            guard let celsius = hour.temperatureCelsius, let yesterday = known[hour.time.addingTimeInterval(-Self.day)] else { continue }
            if largest.map({ yesterday - celsius > $0.yesterday - $0.forecast }) ?? true {
                largest = (hour.time, yesterday, celsius)
            }
        }
        let history = known.filter { $0.key >= now.addingTimeInterval(-Self.memory) && $0.key <= now.addingTimeInterval(Self.memory) }
            .map { Sample(time: $0.key, celsius: $0.value) }
            .sorted { $0.time < $1.time }
        var state = State(isActive: previous.isActive, history: history)
        guard let largest else { return ([], state) }
        let drop = largest.yesterday - largest.forecast
        if !state.isActive, drop >= dropCelsius {
            state.isActive = true
            return ([.temperatureDrop(at: largest.time, yesterdayCelsius: largest.yesterday, forecastCelsius: largest.forecast)], state)
        }
        if state.isActive, drop < dropCelsius - hysteresis { state.isActive = false }
        return ([], state)
    }
}
