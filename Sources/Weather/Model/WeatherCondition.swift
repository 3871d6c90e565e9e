/// A coarse weather condition, common to all providers.
public enum WeatherCondition: String, Sendable, Equatable, Codable, CaseIterable {
    /// Clear or mainly clear sky.
    case clear
    /// Partly cloudy to overcast.
    case clouds
    /// Fog, mist, haze, dust and other obscuring conditions.
    case fog
    /// Drizzle.
    case drizzle
    /// Rain and rain showers.
    case rain
    /// Snow, sleet and snow showers.
    case snow
    /// Thunderstorm.
    case thunderstorm
    /// A code the mapping does not know.
    case other

    /// Whether the condition means precipitation (drizzle, rain, snow, thunderstorm).
    public var isPrecipitation: Bool {
        switch self {
        case .drizzle, .rain, .snow, .thunderstorm: return true
        case .clear, .clouds, .fog, .other: return false
        }
    }

    /// From an OpenWeather condition id (`weather[0].id`): 2xx thunderstorm, 3xx drizzle, 5xx rain,
    /// 6xx snow, 7xx atmosphere (fog, haze…), 800 clear, 80x clouds.
    public init(openWeatherID id: Int) {
        switch id {
        case 200..<300: self = .thunderstorm
        case 300..<400: self = .drizzle
        case 500..<600: self = .rain
        case 600..<700: self = .snow
        case 700..<800: self = .fog
        case 800: self = .clear
        case 801..<900: self = .clouds
        default: self = .other
        }
    }

    /// From a WMO weather interpretation code (Open-Meteo `weather_code`).
    public init(wmoCode code: Int) {
        switch code {
        case 0, 1: self = .clear
        case 2, 3: self = .clouds
        case 45, 48: self = .fog
        case 51...57: self = .drizzle
        case 61...67, 80...82: self = .rain
        case 71...77, 85, 86: self = .snow
        case 95...99: self = .thunderstorm
        default: self = .other
        }
    }

    /// From a JMA weather code (`weatherCodes`): the first digit is the main weather —
    /// 1 sunny, 2 cloudy, 3 rain, 4 snow (`111` 晴れ後くもり counts as clear).
    public init(jmaCode code: String) {
        switch code.first {
        case "1": self = .clear
        case "2": self = .clouds
        case "3": self = .rain
        case "4": self = .snow
        default: self = .other
        }
    }
}
