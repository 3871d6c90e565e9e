/// The service a forecast came from.
public enum WeatherProvider: String, Sendable, Equatable, Codable, CaseIterable {
    /// OpenWeather One Call (2.5 or 3.0).
    case openWeather = "openweather"
    /// Open-Meteo `/v1/forecast`.
    case openMeteo = "open-meteo"
    /// Japan Meteorological Agency `bosai/forecast/<office>.json`.
    case jma
}
