import Foundation
import Messages

/// Decodes Open-Meteo `/v1/forecast` responses.
///
/// Reads `hourly` (`temperature_2m`, `pressure_msl` or `surface_pressure`, `precipitation_probability`,
/// `precipitation`, `weather_code`), `minutely_15` (`precipitation`, per 15 minutes → mm/h) and `daily`
/// (`temperature_2m_min/max`, `precipitation_probability_max`, `precipitation_sum`, `weather_code`).
/// Times are either ISO 8601 local times (at `utc_offset_seconds`) or Unix seconds (`timeformat=unixtime`).
/// Units follow `hourly_units` / `daily_units`: °F and inches are converted.
public enum OpenMeteoDecoder {
    /// Decodes a forecast response.
    /// - Parameters:
    ///   - bytes: the response body.
    ///   - source: the file or URL, used in errors.
    public static func forecast(_ bytes: [UInt8], source: String) throws -> Forecast {
        let root = try JSONNode(document: bytes, source: source)
        if let reason = try root.optionalString("reason"), try root.optional("error") != nil {
            throw root.error(.invalidValue, .weatherOpenMeteoError, ["reason": .text("\"\(reason)\"")])
        }
        let offset = try root.optional("utc_offset_seconds")?.integer() ?? 0
        var forecast = Forecast(
            provider: .openMeteo, source: source,
            location: ForecastLocation(latitude: try root.optionalNumber("latitude"), longitude: try root.optionalNumber("longitude")),
            issuedAt: try root.optional("current")?.optional("time")?.time(defaultOffsetSeconds: offset),
            timeZoneIdentifier: try root.optionalString("timezone"),
            utcOffsetSeconds: offset)
        if let block = try root.optional("hourly") {
            let table = try ColumnTable(block, units: root.optional("hourly_units"), offset: offset)
            let temperatures = try table.temperatures("temperature_2m")
            let pressures = try table.column("pressure_msl") ?? table.column("surface_pressure")
            let probabilities = try table.percentages("precipitation_probability")
            let precipitation = try table.millimetres("precipitation")
            let codes = try table.codes("weather_code") ?? table.codes("weathercode")
            forecast.hourly = table.times.indices.map { row in
                HourlyPoint(
                    time: table.times[row], temperatureCelsius: temperatures?[row], pressureHectopascals: pressures?[row],
                    precipitationProbability: probabilities?[row], precipitationMillimetres: precipitation?[row],
                    condition: codes?[row].map { WeatherCondition(wmoCode: $0) })
            }
        }
        if let block = try root.optional("minutely_15") {
            let table = try ColumnTable(block, units: root.optional("minutely_15_units"), offset: offset)
            if let precipitation = try table.millimetres("precipitation") {
                forecast.minutely = table.times.indices.compactMap { row in
                    precipitation[row].map { MinutelyPoint(time: table.times[row], precipitationMillimetresPerHour: $0 * 4) }
                }
            }
        }
        if let block = try root.optional("daily") {
            let table = try ColumnTable(block, units: root.optional("daily_units"), offset: offset)
            let minimum = try table.temperatures("temperature_2m_min")
            let maximum = try table.temperatures("temperature_2m_max")
            let probabilities = try table.percentages("precipitation_probability_max")
            let precipitation = try table.millimetres("precipitation_sum")
            let codes = try table.codes("weather_code") ?? table.codes("weathercode")
            forecast.daily = table.times.indices.map { row in
                DailyPoint(
                    day: Timestamp.localDay(of: table.times[row], offsetSeconds: offset), time: table.times[row],
                    minimumTemperatureCelsius: minimum?[row], maximumTemperatureCelsius: maximum?[row],
                    precipitationProbability: probabilities?[row], precipitationMillimetres: precipitation?[row],
                    condition: codes?[row].map { WeatherCondition(wmoCode: $0) })
            }
        }
        return forecast
    }

    /// Decodes a forecast response from `Data`.
    public static func forecast(_ data: Data, source: String) throws -> Forecast {
        try forecast([UInt8](data), source: source)
    }
}

/// Open-Meteo's column layout: `time` plus one array per variable, all the same length.
private struct ColumnTable {
    let block: JSONNode
    let units: JSONNode?
    let times: [Date]

    init(_ block: JSONNode, units: JSONNode?, offset: Int) throws {
        self.block = block
        self.units = units
        times = try block.required("time").elements().map { try $0.time(defaultOffsetSeconds: offset) }
    }

    /// A numeric column (nulls allowed), checked against the length of `time`.
    func column(_ name: String) throws -> [Double?]? {
        guard let node = try block.optional(name) else { return nil }
        let elements = try node.elements()
        guard elements.count == times.count else {
            throw node.error(.invalidValue, .weatherColumnLength, [
                "count": .number(elements.count), "time": .text("\(block.path).time"), "times": .number(times.count),
            ])
        }
        return try elements.map { $0.isNull ? nil : try $0.number() }
    }

    /// A column of WMO weather codes (nulls allowed): whole numbers, refused with their place otherwise
    /// (`1e300` trapped converting to Int: the weather-openmeteo fuzz target found it).
    func codes(_ name: String) throws -> [Int?]? {
        guard let node = try block.optional(name) else { return nil }
        let elements = try node.elements()
        guard elements.count == times.count else {
            throw node.error(.invalidValue, .weatherColumnLength, [
                "count": .number(elements.count), "time": .text("\(block.path).time"), "times": .number(times.count),
            ])
        }
        return try elements.map { $0.isNull ? nil : try $0.integer() }
    }

    private func unit(_ name: String) throws -> String? { try units?.optionalString(name) }

    func temperatures(_ name: String) throws -> [Double?]? {
        guard let values = try column(name) else { return nil }
        switch try unit(name) {
        case "°F": return values.map { $0.map { ($0 - 32) * 5 / 9 } }
        default: return values
        }
    }

    func millimetres(_ name: String) throws -> [Double?]? {
        guard let values = try column(name) else { return nil }
        switch try unit(name) {
        case "inch": return values.map { $0.map { $0 * 25.4 } }
        default: return values
        }
    }

    func percentages(_ name: String) throws -> [Double?]? {
        try column(name)?.map { $0.map { $0 / 100 } }
    }
}
