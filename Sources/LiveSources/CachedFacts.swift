import Config
import Facts
import Feeds
import Foundation
import Messages
import Timetable
import Weather

/// The facts of the last good responses in a ``SourceCache``: the engine runs from them without
/// network (a worker's start, a fetch that failed).
///
/// Each source contributes one snapshot stamped with its ``SourceCacheMetadata/checkedAt`` (the last
/// time the server confirmed it, so a 304 keeps the data young).
public enum CachedFacts {
    /// A timeline with the cached snapshot of every weather source, feed and service status source of `configuration`,
    /// each decoded once by `decoders`. A source never fetched is absent; an unreadable or undecodable entry is skipped
    /// with a warning.
    public static func timeline(configuration: Configuration, cache: SourceCache,
                                decoders: SourceDecoders = .standard) -> (timeline: FactTimeline, warnings: [String]) {
        var timeline = FactTimeline()
        var warnings: [String] = []
        for source in snapshotSources(of: configuration) {
            guard let (cached, label) = load(source, cache: cache, warnings: &warnings) else { continue }
            do {
                let fact = try decoders.decode([UInt8](cached.body), as: source.bodyKind, label: label)
                timeline.add(fact, source: source.id, fetchedAt: cached.metadata.checkedAtSeconds)
            } catch {
                warnings.append(Message(.liveCachedDoesNotDecode, ["source": .message(source.name), "error": .message(Message(error: error))]).text)
            }
        }
        return (timeline, warnings)
    }

    /// The sources whose facts are snapshots (weather sources, feeds, service status, realtime
    /// feeds, `odpt:Train`; not the boards' timetables), in ``LiveSource/all(in:)`` order.
    private static func snapshotSources(of configuration: Configuration) -> [LiveSource] {
        LiveSource.all(in: configuration).filter {
            switch $0.kind {
            case .weather, .feed, .odptTrainInformation, .gtfsRealtime, .odptTrain: true
            case .timetable: false
            }
        }
    }

    /// A board loader that reads fetched timetables (`odpt_api` / `odpt_api_busstop_pole`) from
    /// `cache` (see ``LiveSource/timetable(for:odpt:)``); other timetables are read from files.
    /// The timetables are decoded by `decoders`.
    public static func boardLoader(cache: SourceCache, decoders: SourceDecoders = .standard) -> BoardLoader {
        BoardLoader(decoders: decoders) { fetched in
            let source = LiveSource(timetable: fetched)
            guard let cached = try cache.load(source) else { return nil }
            return ([UInt8](cached.body), cache.bodyPath(for: source))
        }
    }

    /// The boards of `configuration`, their fetched timetables read from `cache`: a fetched
    /// timetable with nothing cached yet is a warning in the catalog ("no cached timetable yet for …:
    /// run `leavenow fetch`"), and the board keeps its other sources. No network.
    public static func boards(configuration: Configuration, cache: SourceCache, decoders: SourceDecoders = .standard) -> BoardCatalog {
        BoardCatalog.build(configuration.boards, loader: boardLoader(cache: cache, decoders: decoders))
    }

    /// The facts of the cache for `boards`: the latest cached forecast, feed and service status of every source.
    /// Each cached body is decoded once by `decoders`.
    public static func facts(configuration: Configuration, cache: SourceCache, boards: [String: Board],
                             decoders: SourceDecoders = .standard) -> (facts: FactSet, warnings: [String]) {
        let (timeline, warnings) = timeline(configuration: configuration, cache: cache, decoders: decoders)
        return (timeline.facts(at: Int64.max, boards: boards), warnings)
    }

    /// The cached body of a fetched timetable (an `odpt:StationTimetable`), decoded; nil when
    /// nothing is cached or the source is no timetable.
    public static func fetchedTimetable(_ source: LiveSource, cache: SourceCache,
                                        decoders: SourceDecoders = .standard) throws -> DayTypeTimetable? {
        guard let fetched = source.timetable, let cached = try cache.load(source) else { return nil }
        return try decoders.timetable([UInt8](cached.body), kind: .timetable(fetched.body), label: cache.bodyPath(for: source))
    }

    private static func load(_ source: LiveSource, cache: SourceCache, warnings: inout [String]) -> (CachedResponse, String)? {
        do {
            guard let cached = try cache.load(source) else { return nil }
            return (cached, cache.bodyPath(for: source))
        } catch {
            warnings.append((source.name + .verbatim(": ") + error.placedText).text)
            return nil
        }
    }
}
