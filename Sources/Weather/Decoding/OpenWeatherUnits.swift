/// The `units` query parameter an OpenWeather response was requested with.
///
/// The response itself does not say which units it uses, so the decoder must be told.
/// OpenWeather's default (no `units` parameter) is `standard`: temperatures in Kelvin.
/// Pressure is always hPa and precipitation always mm, whatever the units.
public enum OpenWeatherUnits: String, Sendable, Equatable, Codable, CaseIterable {
    /// Kelvin (the default when the request has no `units`).
    case standard
    /// Celsius (`units=metric`).
    case metric
    /// Fahrenheit (`units=imperial`).
    case imperial

    /// A temperature in these units converted to °C.
    public func celsius(_ value: Double) -> Double {
        switch self {
        case .standard: return value - 273.15
        case .metric: return value
        case .imperial: return (value - 32) * 5 / 9
        }
    }

    /// Whether a temperature in °C (converted from these units) is plausible on Earth (−95…+65 °C).
    ///
    /// Used to detect a wrong `units` argument: 4.98 read as Kelvin is −268 °C; 289.84 read as
    /// Celsius is 289 °C. Both are rejected with a message naming the likely units.
    static func isPlausible(celsius: Double) -> Bool { (-95.0...65.0).contains(celsius) }

    /// The units under which a raw temperature is plausible, for error messages.
    static func likelyUnits(for raw: Double) -> OpenWeatherUnits? {
        allCases.first { isPlausible(celsius: $0.celsius(raw)) }
    }
}
