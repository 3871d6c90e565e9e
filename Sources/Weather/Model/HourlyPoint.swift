import Foundation

/// The forecast for one hour starting at `time`. Values a provider does not give are `nil`.
public struct HourlyPoint: Sendable, Equatable, Codable {
    /// Start of the hour.
    public var time: Date
    /// Air temperature in °C.
    public var temperatureCelsius: Double?
    /// Pressure in hPa (OpenWeather: sea level; Open-Meteo: `pressure_msl`).
    public var pressureHectopascals: Double?
    /// Probability of precipitation, 0…1.
    public var precipitationProbability: Double?
    /// Precipitation (rain + snow) expected during the hour, in mm (numerically, the mean rate in mm/h).
    public var precipitationMillimetres: Double?
    /// Coarse condition.
    public var condition: WeatherCondition?

    /// Creates a point.
    public init(
        time: Date, temperatureCelsius: Double? = nil, pressureHectopascals: Double? = nil,
        precipitationProbability: Double? = nil, precipitationMillimetres: Double? = nil,
        condition: WeatherCondition? = nil
    ) {
        self.time = time
        self.temperatureCelsius = temperatureCelsius
        self.pressureHectopascals = pressureHectopascals
        self.precipitationProbability = precipitationProbability
        self.precipitationMillimetres = precipitationMillimetres
        self.condition = condition
    }
}
