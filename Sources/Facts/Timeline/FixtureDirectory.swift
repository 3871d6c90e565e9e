import Config
import Feeds
import Foundation
import Timetable
import Weather

/// Recorded responses for a dry run or a rule test, one folder per source:
///
/// ```
/// fixtures/
///   weather/<weather source id>/<fetch time>.json      e.g. 2024-12-22T10:00:00+09:00.json
///   feeds/<feed id>/<fetch time>.xml                   (.atom and .rss too)
///   service_status/<service status id>/<fetch time>.json   (odpt:TrainInformation responses)
/// ```
///
/// The fetch time is ISO 8601 with an offset, or a wall time in Asia/Tokyo. Several snapshots per
/// source make "changed" and "new entry" rules testable. A snapshot that does not decode is
/// skipped with a warning: the previous one stays in force, as in the worker.
public enum FixtureDirectory {
    /// Reads the fixtures of the configured sources; folders of unknown sources are warned about.
    public static func load(_ path: String, configuration: Configuration) -> (timeline: FactTimeline, warnings: [String]) {
        var timeline = FactTimeline()
        var warnings: [String] = []
        let manager = FileManager.default
        let tokyo = ZoneClock(identifier: "Asia/Tokyo")!
        func snapshots(_ folder: String, extensions: Set<String>) -> [(path: String, fetchedAt: Int64)] {
            guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return [] }
            var result: [(String, Int64)] = []
            for name in names.sorted() where !name.hasPrefix(".") {
                let url = URL(fileURLWithPath: name)
                guard extensions.contains(url.pathExtension.lowercased()) else {
                    warnings.append("\(folder)/\(name): ignored (expected \(extensions.sorted().joined(separator: ", ")) files named by their fetch time)")
                    continue
                }
                guard let time = tokyo.parseTimestamp(url.deletingPathExtension().lastPathComponent) else {
                    warnings.append("\(folder)/\(name): ignored: the name is not a fetch time like 2024-12-22T10:00:00+09:00")
                    continue
                }
                result.append((folder + "/" + name, time))
            }
            return result
        }
        for source in configuration.weather {
            for (file, time) in snapshots("\(path)/weather/\(source.id)", extensions: ["json"]) {
                do {
                    let bytes = try FileContents.read(file)
                    timeline.add(forecast: try decode(bytes, file: file, source: source), source: source.id, fetchedAt: time)
                } catch {
                    warnings.append("\(error) (snapshot skipped; the previous one stays in force)")
                }
            }
        }
        for feed in configuration.feeds {
            for (file, time) in snapshots("\(path)/feeds/\(feed.id)", extensions: ["xml", "atom", "rss"]) {
                do {
                    timeline.add(feed: try FeedDecoder.decode(try FileContents.read(file), source: file), source: feed.id, fetchedAt: time)
                } catch {
                    warnings.append("\(error) (snapshot skipped; the previous one stays in force)")
                }
            }
        }
        for source in configuration.serviceStatus {
            for (file, time) in snapshots("\(path)/service_status/\(source.id)", extensions: ["json"]) {
                do {
                    timeline.add(serviceStatus: try ServiceStatusReport.decode(try FileContents.read(file), file: file),
                                 source: source.id, fetchedAt: time)
                } catch {
                    warnings.append("\(error) (snapshot skipped; the previous one stays in force)")
                }
            }
        }
        let known: [(folder: String, what: String, ids: Set<String>)] = [
            ("weather", "weather source", Set(configuration.weather.map(\.id))), ("feeds", "feed", Set(configuration.feeds.map(\.id))),
            ("service_status", "odpt service_status", Set(configuration.serviceStatus.map(\.id))),
        ]
        for (kind, what, ids) in known {
            for name in (try? manager.contentsOfDirectory(atPath: "\(path)/\(kind)")) ?? [] where !ids.contains(name) && !name.hasPrefix(".") {
                warnings.append("\(path)/\(kind)/\(name): no \(what) with this id is configured")
            }
        }
        return (timeline, warnings)
    }

    /// Decodes a weather response the way its source is configured.
    public static func decode(_ bytes: [UInt8], file: String, source: WeatherSourceSpec) throws -> Forecast {
        switch source.provider {
        case .openweather:
            let units: OpenWeatherUnits
            switch source.units {
            case .standard: units = .standard
            case .metric: units = .metric
            case .imperial: units = .imperial
            }
            return try OpenWeatherDecoder.oneCall(bytes, source: file, units: units)
        case .openMeteo: return try OpenMeteoDecoder.forecast(bytes, source: file)
        case .jma: return try JMADecoder.forecast(bytes, source: file, area: source.area)
        }
    }
}
