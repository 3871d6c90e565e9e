import Foundation

/// The forecast for one local day.
public struct DailyPoint: Sendable, Equatable, Codable {
    /// The local day as `YYYY-MM-DD` in the forecast's time zone.
    public var day: String
    /// The instant the provider attached to the day (OpenWeather: local noon; others: local midnight).
    public var time: Date
    /// Lowest temperature in °C.
    public var minimumTemperatureCelsius: Double?
    /// Highest temperature in °C.
    public var maximumTemperatureCelsius: Double?
    /// Probability of precipitation, 0…1 (the day's maximum where the provider gives several).
    public var precipitationProbability: Double?
    /// Precipitation over the day in mm.
    public var precipitationMillimetres: Double?
    /// Coarse condition.
    public var condition: WeatherCondition?
    /// Text summary from the provider (OpenWeather 3.0 `summary`, JMA `weathers`).
    public var summary: String?

    /// Creates a day.
    public init(
        day: String, time: Date, minimumTemperatureCelsius: Double? = nil, maximumTemperatureCelsius: Double? = nil,
        precipitationProbability: Double? = nil, precipitationMillimetres: Double? = nil,
        condition: WeatherCondition? = nil, summary: String? = nil
    ) {
        self.day = day
        self.time = time
        self.minimumTemperatureCelsius = minimumTemperatureCelsius
        self.maximumTemperatureCelsius = maximumTemperatureCelsius
        self.precipitationProbability = precipitationProbability
        self.precipitationMillimetres = precipitationMillimetres
        self.condition = condition
        self.summary = summary
    }
}
