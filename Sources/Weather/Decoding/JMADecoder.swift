import Foundation
import Messages

/// Decodes the Japan Meteorological Agency forecast `https://www.jma.go.jp/bosai/forecast/data/forecast/<office>.json`.
///
/// The document is an array of two reports. The first (short term) has three time series:
/// weathers / weather codes / winds per area (`東京地方` 130010) for today, tomorrow and the day after;
/// probabilities of precipitation (`pops`, percent strings) per area in 6-hour windows; and temperatures per
/// city (`東京` 44132) at 00:00 (morning low) and 09:00 (daytime high) of tomorrow. The second (weekly)
/// has weather codes, pops and `tempsMin` / `tempsMax` per day.
///
/// The model gets: one ``HourlyPoint`` per hour of each 6-hour pop window (pop and the day's condition),
/// and one ``DailyPoint`` per day (summary text, condition, pop = the day's highest, min/max temperatures).
/// JMA gives no pressure, rates or alerts here.
public enum JMADecoder {
    /// Decodes a forecast for one area.
    /// - Parameters:
    ///   - bytes: the response body.
    ///   - source: the file or URL, used in errors.
    ///   - area: the area's code (`130010`) or name (`東京地方`); `nil` picks the first area.
    ///   - temperatureStation: the city code (`44132`) or name (`東京`) for temperatures; `nil` picks the
    ///     station at the same position as the area (JMA lists them in the same order).
    /// - Throws: ``WeatherDecodeError``; an unknown area lists the areas the document has.
    public static func forecast(_ bytes: [UInt8], source: String, area: String? = nil, temperatureStation: String? = nil) throws -> Forecast {
        let root = try JSONNode(document: bytes, source: source)
        let reports = try root.elements()
        guard let shortTerm = reports.first else { throw root.error(.missingValue, .weatherNoReports) }
        let offset = 9 * 3600
        let series = try shortTerm.required("timeSeries").elements()
        guard series.count >= 2 else { throw shortTerm.error(.missingValue, .weatherTooFewSeries, ["count": .number(series.count)]) }

        let (weatherArea, areaIndex) = try pickArea(in: series[0], matching: area)
        let code = try weatherArea.required("area").requiredString("code")
        let name = try weatherArea.required("area").requiredString("name")
        var forecast = Forecast(
            provider: .jma, source: source, location: ForecastLocation(areaCode: code, areaName: name),
            issuedAt: try shortTerm.optional("reportDatetime")?.time(defaultOffsetSeconds: offset),
            timeZoneIdentifier: "Asia/Tokyo", utcOffsetSeconds: offset)

        // Days of the short-term report: weathers and codes.
        var days: [String: DailyPoint] = [:]
        let dayTimes = try times(series[0], offset: offset)
        let codes = try weatherArea.optional("weatherCodes")?.elements() ?? []
        let weathers = try weatherArea.optional("weathers")?.elements() ?? []
        for (index, time) in dayTimes.enumerated() {
            let day = Timestamp.localDay(of: time, offsetSeconds: offset)
            var point = DailyPoint(day: day, time: time)
            if index < codes.count { point.condition = WeatherCondition(jmaCode: try codes[index].string()) }
            if index < weathers.count {
                point.summary = try weathers[index].string().replacingOccurrences(of: "\u{3000}", with: " ")
            }
            days[day] = point
        }

        // Pops in 6-hour windows → hourly points.
        let popTimes = try times(series[1], offset: offset)
        let popArea = try matchingArea(in: series[1], code: code)
        let pops = try popArea?.optional("pops")?.elements() ?? []
        for (index, start) in popTimes.enumerated() where index < pops.count {
            guard let percent = try pops[index].numericString() else { continue }
            // A JMA pop covers 6 hours: the window ends at the next time or 6 h after its start, whichever
            // comes first (a next time years away made one window millions of hourly points: a hang the
            // weather-jma fuzz target found).
            let sixHoursLater = start.addingTimeInterval(6 * 3600)
            let end = index + 1 < popTimes.count ? min(popTimes[index + 1], sixHoursLater) : sixHoursLater
            let day = Timestamp.localDay(of: start, offsetSeconds: offset)
            var hour = start
            while hour < end {
                forecast.hourly.append(HourlyPoint(time: hour, precipitationProbability: percent / 100, condition: days[day]?.condition))
                hour = hour.addingTimeInterval(3600)
            }
            if var point = days[day] {
                point.precipitationProbability = max(point.precipitationProbability ?? 0, percent / 100)
                days[day] = point
            }
        }

        // Tomorrow's low (00:00) and high (09:00) for the station.
        if series.count >= 3 {
            let temperatureTimes = try times(series[2], offset: offset)
            if let station = try pickStation(in: series[2], matching: temperatureStation, fallbackIndex: areaIndex) {
                let values = try station.optional("temps")?.elements() ?? []
                for (index, time) in temperatureTimes.enumerated() where index < values.count {
                    guard let celsius = try values[index].numericString() else { continue }
                    let day = Timestamp.localDay(of: time, offsetSeconds: offset)
                    var point = days[day] ?? DailyPoint(day: day, time: time)
                    if Timestamp.localHour(of: time, offsetSeconds: offset) < 6 {
                        point.minimumTemperatureCelsius = celsius
                    } else {
                        point.maximumTemperatureCelsius = celsius
                    }
                    days[day] = point
                }
            }
        }

        // The weekly report adds later days (and fills gaps of the first ones).
        if reports.count >= 2, let weekly = try reports[1].optional("timeSeries")?.elements(), !weekly.isEmpty {
            let weekTimes = try times(weekly[0], offset: offset)
            let weekArea = try matchingArea(in: weekly[0], code: code)
            let weekCodes = try weekArea?.optional("weatherCodes")?.elements() ?? []
            let weekPops = try weekArea?.optional("pops")?.elements() ?? []
            var station: JSONNode?
            var stationTimes: [Date] = []
            if weekly.count >= 2 {
                stationTimes = try times(weekly[1], offset: offset)
                station = try pickStation(in: weekly[1], matching: temperatureStation, fallbackIndex: areaIndex)
            }
            let minimums = try station?.optional("tempsMin")?.elements() ?? []
            let maximums = try station?.optional("tempsMax")?.elements() ?? []
            for (index, time) in weekTimes.enumerated() {
                let day = Timestamp.localDay(of: time, offsetSeconds: offset)
                var point = days[day] ?? DailyPoint(day: day, time: time)
                if point.condition == nil, index < weekCodes.count { point.condition = WeatherCondition(jmaCode: try weekCodes[index].string()) }
                if point.precipitationProbability == nil, index < weekPops.count, let percent = try weekPops[index].numericString() {
                    point.precipitationProbability = percent / 100
                }
                if let row = stationTimes.firstIndex(of: time) {
                    if point.minimumTemperatureCelsius == nil, row < minimums.count { point.minimumTemperatureCelsius = try minimums[row].numericString() }
                    if point.maximumTemperatureCelsius == nil, row < maximums.count { point.maximumTemperatureCelsius = try maximums[row].numericString() }
                }
                days[day] = point
            }
        }
        forecast.hourly.sort { $0.time < $1.time }
        forecast.daily = days.values.sorted { $0.day < $1.day }
        return forecast
    }

    /// Decodes a forecast for one area from `Data`.
    public static func forecast(_ data: Data, source: String, area: String? = nil, temperatureStation: String? = nil) throws -> Forecast {
        try forecast([UInt8](data), source: source, area: area, temperatureStation: temperatureStation)
    }

    private static func times(_ series: JSONNode, offset: Int) throws -> [Date] {
        try series.required("timeDefines").elements().map { try $0.time(defaultOffsetSeconds: offset) }
    }

    private static func areaMatches(_ entry: JSONNode, _ wanted: String) throws -> Bool {
        let area = try entry.required("area")
        return try area.optionalString("code") == wanted || area.optionalString("name") == wanted
    }

    private static func pickArea(in series: JSONNode, matching wanted: String?) throws -> (JSONNode, Int) {
        let areas = try series.required("areas").elements()
        guard let wanted else {
            guard let first = areas.first else { throw series.error(.missingValue, .weatherNoAreas) }
            return (first, 0)
        }
        for (index, entry) in areas.enumerated() where try areaMatches(entry, wanted) { return (entry, index) }
        let known = try areas.map { entry -> String in
            let area = try entry.required("area")
            return "\(try area.optionalString("name") ?? "?") \(try area.optionalString("code") ?? "?")"
        }
        throw try series.required("areas").error(.invalidValue, .weatherNoArea, ["area": .text("\"\(wanted)\""), "list": .message(.list(known))])
    }

    private static func matchingArea(in series: JSONNode, code: String) throws -> JSONNode? {
        try series.required("areas").elements().first { try areaMatches($0, code) }
    }

    private static func pickStation(in series: JSONNode, matching wanted: String?, fallbackIndex: Int) throws -> JSONNode? {
        let stations = try series.required("areas").elements()
        if let wanted {
            guard let station = try stations.first(where: { try areaMatches($0, wanted) }) else {
                throw try series.required("areas").error(.invalidValue, .weatherNoTemperatureStation, ["station": .text("\"\(wanted)\"")])
            }
            return station
        }
        return fallbackIndex < stations.count ? stations[fallbackIndex] : nil
    }
}
