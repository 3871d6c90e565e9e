import Foundation
import Messages

/// Decodes OpenWeather One Call responses (3.0 `/data/3.0/onecall` and 2.5 `/data/2.5/onecall`).
///
/// Both versions share the shape: `lat`, `lon`, `timezone`, `timezone_offset`, `current`,
/// `minutely` (3.0: 60 entries, 2.5: 61), `hourly` (48), `daily` (8; 3.0 adds `summary`), `alerts`.
/// Any section may be absent (`exclude=`). Hourly precipitation is `rain.1h` + `snow.1h` (0 when
/// absent, as OpenWeather omits them when dry).
public enum OpenWeatherDecoder {
    /// Decodes a One Call response.
    /// - Parameters:
    ///   - bytes: the response body.
    ///   - source: the file or URL, used in errors.
    ///   - units: the `units` the request used (default `.standard`, Kelvin, as OpenWeather's default).
    /// - Throws: ``WeatherDecodeError`` naming the JSON path; a temperature implausible in `units`
    ///   (e.g. Kelvin data decoded as metric) is an error that names the likely units.
    public static func oneCall(_ bytes: [UInt8], source: String, units: OpenWeatherUnits = .standard) throws -> Forecast {
        let root = try JSONNode(document: bytes, source: source)
        let offset = try root.optional("timezone_offset")?.integer() ?? 0
        var forecast = Forecast(
            provider: .openWeather, source: source,
            location: ForecastLocation(latitude: try root.optionalNumber("lat"), longitude: try root.optionalNumber("lon")),
            issuedAt: try root.optional("current")?.optional("dt")?.unixTime(),
            timeZoneIdentifier: try root.optionalString("timezone"),
            utcOffsetSeconds: offset)
        if let minutely = try root.optional("minutely") {
            forecast.minutely = try minutely.elements().map { entry in
                MinutelyPoint(time: try entry.required("dt").unixTime(), precipitationMillimetresPerHour: try entry.requiredNumber("precipitation"))
            }
        }
        if let hourly = try root.optional("hourly") {
            forecast.hourly = try hourly.elements().map { try hourlyPoint($0, units: units) }
        }
        if let daily = try root.optional("daily") {
            forecast.daily = try daily.elements().map { try dailyPoint($0, units: units, offset: offset) }
        }
        if let alerts = try root.optional("alerts") {
            forecast.alerts = try alerts.elements().map(alert)
        }
        return forecast
    }

    /// Decodes a One Call response from `Data`.
    public static func oneCall(_ data: Data, source: String, units: OpenWeatherUnits = .standard) throws -> Forecast {
        try oneCall([UInt8](data), source: source, units: units)
    }

    private static func temperature(_ node: JSONNode?, units: OpenWeatherUnits) throws -> Double? {
        guard let node else { return nil }
        let raw = try node.number()
        let celsius = units.celsius(raw)
        guard OpenWeatherUnits.isPlausible(celsius: celsius) else {
            let hint = OpenWeatherUnits.likelyUnits(for: raw).map { Message(.weatherLooksLikeUnits, ["units": .text($0.rawValue)]) } ?? .empty
            throw node.error(.invalidValue, .weatherImplausibleTemperature, ["value": .text("\(raw)"), "units": .text(units.rawValue), "hint": .message(hint)])
        }
        return celsius
    }

    private static func probability(_ node: JSONNode?) throws -> Double? {
        guard let node else { return nil }
        let value = try node.number()
        guard (0...1).contains(value) else { throw node.error(.invalidValue, .weatherExpectedProbability, ["value": .text("\(value)")]) }
        return value
    }

    private static func condition(_ entry: JSONNode) throws -> WeatherCondition? {
        guard let first = try entry.optional("weather")?.elements().first else { return nil }
        return WeatherCondition(openWeatherID: try first.required("id").integer())
    }

    /// `rain` / `snow` are objects `{"1h": mm}` hourly and plain numbers daily.
    private static func precipitation(_ entry: JSONNode, hourKey: String?) throws -> Double {
        var total = 0.0
        for key in ["rain", "snow"] {
            guard let node = try entry.optional(key) else { continue }
            if let hourKey {
                total += try node.optionalNumber(hourKey) ?? 0
            } else {
                total += try node.number()
            }
        }
        return total
    }

    private static func hourlyPoint(_ entry: JSONNode, units: OpenWeatherUnits) throws -> HourlyPoint {
        HourlyPoint(
            time: try entry.required("dt").unixTime(),
            temperatureCelsius: try temperature(entry.optional("temp"), units: units),
            pressureHectopascals: try entry.optionalNumber("pressure"),
            precipitationProbability: try probability(entry.optional("pop")),
            precipitationMillimetres: try precipitation(entry, hourKey: "1h"),
            condition: try condition(entry))
    }

    private static func dailyPoint(_ entry: JSONNode, units: OpenWeatherUnits, offset: Int) throws -> DailyPoint {
        let time = try entry.required("dt").unixTime()
        let temperatures = try entry.optional("temp")
        return DailyPoint(
            day: Timestamp.localDay(of: time, offsetSeconds: offset), time: time,
            minimumTemperatureCelsius: try temperature(temperatures?.optional("min"), units: units),
            maximumTemperatureCelsius: try temperature(temperatures?.optional("max"), units: units),
            precipitationProbability: try probability(entry.optional("pop")),
            precipitationMillimetres: try precipitation(entry, hourKey: nil),
            condition: try condition(entry),
            summary: try entry.optionalString("summary"))
    }

    private static func alert(_ entry: JSONNode) throws -> WeatherAlert {
        WeatherAlert(
            sender: try entry.optionalString("sender_name") ?? "",
            event: try entry.requiredString("event"),
            start: try entry.required("start").unixTime(),
            end: try entry.required("end").unixTime(),
            description: try entry.optionalString("description") ?? "",
            tags: try entry.optional("tags")?.elements().map { try $0.string() } ?? [])
    }
}
