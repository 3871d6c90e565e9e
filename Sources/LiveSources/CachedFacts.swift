import Config
import Facts
import Feeds
import Foundation
import Timetable
import Weather

/// The facts of the last good responses in a ``SourceCache``: the engine runs from them without
/// network (a worker's start, a fetch that failed).
///
/// Each source contributes one snapshot stamped with its ``SourceCacheMetadata/checkedAt`` (the last
/// time the server confirmed it, so a 304 keeps the data young).
public enum CachedFacts {
    /// A timeline with the cached snapshot of every weather source, feed and service status source of `configuration`.
    /// A source never fetched is absent; an unreadable or undecodable entry is skipped with a warning.
    public static func timeline(configuration: Configuration, cache: SourceCache) -> (timeline: FactTimeline, warnings: [String]) {
        var timeline = FactTimeline()
        var warnings: [String] = []
        for spec in configuration.weather {
            let source = LiveSource(weather: spec)
            guard let (cached, label) = load(source, cache: cache, warnings: &warnings) else { continue }
            do {
                let forecast = try FixtureDirectory.decode([UInt8](cached.body), file: label, source: spec)
                timeline.add(forecast: forecast, source: spec.id, fetchedAt: seconds(cached.metadata.checkedAt))
            } catch {
                warnings.append("\(source): the cached response does not decode: \(error)")
            }
        }
        for spec in configuration.feeds {
            let source = LiveSource(feed: spec)
            guard let (cached, label) = load(source, cache: cache, warnings: &warnings) else { continue }
            do {
                let feed = try FeedDecoder.decode([UInt8](cached.body), source: label)
                timeline.add(feed: feed, source: spec.id, fetchedAt: seconds(cached.metadata.checkedAt))
            } catch {
                warnings.append("\(source): the cached response does not decode: \(error)")
            }
        }
        if let odpt = configuration.odpt {
            for spec in odpt.serviceStatus {
                let source = LiveSource(serviceStatus: spec, odpt: odpt)
                guard let (cached, label) = load(source, cache: cache, warnings: &warnings) else { continue }
                do {
                    let report = try ServiceStatusReport.decode([UInt8](cached.body), file: label)
                    timeline.add(serviceStatus: report, source: spec.id, fetchedAt: seconds(cached.metadata.checkedAt))
                } catch {
                    warnings.append("\(source): the cached response does not decode: \(error)")
                }
            }
        }
        return (timeline, warnings)
    }

    /// A board loader that reads the API timetables of `odpt_api` / `odpt_api_busstop_pole` sources
    /// from `cache` (see ``LiveSource/odptTimetable(for:odpt:)``); other sources are read from files.
    public static func boardLoader(cache: SourceCache) -> BoardSourceLoader {
        BoardSourceLoader { spec in
            guard let source = LiveSource.odptTimetable(for: spec, odpt: nil), let cached = try cache.load(source) else { return nil }
            return CachedODPTResponse(bytes: [UInt8](cached.body), label: cache.bodyPath(for: source))
        }
    }

    /// The boards of `configuration`, their ODPT API timetables read from `cache`: an ODPT API
    /// source with nothing cached yet is a warning in the catalog ("no cached timetable yet for …:
    /// run `leavenow fetch`"), and the board keeps its other sources. No network.
    public static func boards(configuration: Configuration, cache: SourceCache) -> BoardCatalog {
        BoardCatalog.build(configuration.boards, loader: boardLoader(cache: cache))
    }

    /// The facts of the cache for `boards`: the latest cached forecast, feed and service status of every source.
    public static func facts(configuration: Configuration, cache: SourceCache, boards: [String: Board]) -> (facts: FactSet, warnings: [String]) {
        let (timeline, warnings) = timeline(configuration: configuration, cache: cache)
        return (timeline.facts(at: Int64.max, boards: boards), warnings)
    }

    /// The cached `odpt:StationTimetable` (or `odpt:BusstopPoleTimetable`) of an ODPT source,
    /// decoded; nil when nothing is cached.
    public static func stationTimetable(_ source: LiveSource, cache: SourceCache) throws -> DayTypeTimetable? {
        guard case .odptStationTimetable(_, let station, let direction) = source.origin,
              let cached = try cache.load(source) else { return nil }
        if let pole = source.busstopPole {
            return try ODPTTimetableDecoder.busstopPoleTimetable([UInt8](cached.body), file: cache.bodyPath(for: source), pole: pole)
        }
        return try ODPTTimetableDecoder.stationTimetable([UInt8](cached.body), file: cache.bodyPath(for: source),
                                                         station: station, direction: direction)
    }

    private static func load(_ source: LiveSource, cache: SourceCache, warnings: inout [String]) -> (CachedResponse, String)? {
        do {
            guard let cached = try cache.load(source) else { return nil }
            return (cached, cache.bodyPath(for: source))
        } catch {
            warnings.append("\(source): \(error)")
            return nil
        }
    }

    private static func seconds(_ date: Date) -> Int64 { SourceRefreshState.seconds(date) }
}
