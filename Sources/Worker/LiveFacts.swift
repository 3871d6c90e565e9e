import Config
import Facts
import Foundation
import LiveSources
import Timetable

/// Facts from the network: each source is fetched on its own schedule (``SourceRefreshPolicy``:
/// weather often only near the windows rules need it, realtime feeds only inside them, timetables daily or when `dct:valid` ends,
/// backoff after failures, `Retry-After` honoured) through ``SourceFetcher`` into the
/// last-good-data cache. On start the facts are read from the cache (each cached body decoded
/// once); afterwards a fetched body, already decoded when the fetcher validated it, replaces only
/// its own source's fact — so a failed fetch leaves the previous data (and its age) in place, a 304
/// keeps it young, and a restart without network starts from the cache.
public final class LiveFacts: FactSupply {
    /// One fetch's result and when the source is due next, for the worker's log and status.
    public typealias Observer = (SourceFetchResult, _ nextRefresh: Int64) -> Void

    private let configuration: Configuration
    private let sources: [LiveSource]
    private let fetcher: SourceFetcher
    private let cache: SourceCache
    private let policy: SourceRefreshPolicy
    private let observe: Observer
    /// Where rules need each weather source and realtime feed.
    private let needs: SourceNeeds
    private var states: [String: SourceRefreshState] = [:]
    private var due: [String: Int64] = [:]
    private var boards: [String: Board]
    private var current: FactSet
    /// The boards lacking sources as last rebuilt after a timetable was fetched anew (nil: not rebuilt
    /// since the start: the worker's loaded boards say).
    public private(set) var impairedBoards: [(board: String, completeness: BoardCompleteness)]?

    /// Facts for `configuration`'s sources, fetched by `fetcher` into its cache; `observe` hears
    /// every fetch. `boards` were built with their API timetables from the same cache; they are
    /// rebuilt when a timetable is fetched anew.
    public init(configuration: Configuration, boards: [String: Board], fetcher: SourceFetcher,
                policy: SourceRefreshPolicy = SourceRefreshPolicy(), now: Int64, observe: @escaping Observer) {
        self.configuration = configuration
        self.sources = LiveSource.all(in: configuration)
        self.fetcher = fetcher
        self.cache = fetcher.cache
        self.policy = policy
        self.observe = observe
        self.needs = SourceNeeds(configuration: configuration)
        self.boards = boards
        self.current = CachedFacts.facts(configuration: configuration, cache: fetcher.cache, boards: boards, decoders: fetcher.decoders).facts
        for source in sources {
            let cached = try? cache.load(source)
            let state = SourceRefreshState(cached: cached?.metadata, body: cached?.body, source: source)
            states[source.cacheName] = state
            due[source.cacheName] = schedule(source, state: state, now: now)
        }
    }

    public func refresh(now: Int64) -> Set<String> {
        let ready = sources.filter { (due[$0.cacheName] ?? now) <= now }
        guard !ready.isEmpty else { return [] }
        var updated = Set<String>()
        var timetablesChanged = false
        for result in fetcher.fetch(ready) {
            let source = result.source
            // The ODPT validity comes from a new body; after a 304 the state keeps the one it has.
            var body: Data?
            if source.isODPT, case .updated = result.outcome { body = (try? cache.load(source))?.body }
            let state = policy.recording(result, in: states[source.cacheName] ?? SourceRefreshState(), at: now, cachedBody: body)
            states[source.cacheName] = state
            let next = schedule(source, state: state, now: now)
            due[source.cacheName] = next
            switch result.outcome {
            case .updated:
                updated.insert(source.id)
                if case .timetable = source.kind { timetablesChanged = true }
                // The body was decoded when the fetcher validated it: only this source's fact changes,
                // named after the cache file it now is, as a start from the cache would name it.
                if let fact = result.fact, let checkedAt = result.cached?.checkedAtSeconds {
                    current.update(fact.labelled(cache.bodyPath(for: source)), source: source.id, fetchedAt: checkedAt)
                }
            case .notModified:
                // The server confirmed the data: it is as young as this answer, and is not decoded again.
                if let checkedAt = result.cached?.checkedAtSeconds { restamp(source, at: checkedAt) }
            case .failed:
                break
            }
            observe(result, next)
        }
        if timetablesChanged {
            let catalog = CachedFacts.boards(configuration: configuration, cache: cache, decoders: fetcher.decoders)
            boards = catalog.boardsByID
            current.boards = boards
            impairedBoards = catalog.impairedBoards.map { ($0.board.id, $0.completeness) }
        }
        return updated
    }

    public func facts(at now: Int64) -> FactSet { current }

    public func nextRefresh(after now: Int64) -> Int64? { due.values.min() }

    /// Stamps the snapshot of `source` with the time the server last confirmed it.
    private func restamp(_ source: LiveSource, at checkedAt: Int64) {
        switch source.kind {
        case .weather: current.forecasts[source.id]?.fetchedAt = checkedAt
        case .feed: current.feeds[source.id]?.fetchedAt = checkedAt
        case .odptTrainInformation: current.serviceStatus[source.id]?.fetchedAt = checkedAt
        case .gtfsRealtime:
            if let id = RealtimeSourceID(source.id) { current.realtime[id.board]?[id.index]?.fetchedAt = checkedAt }
        case .odptTrain: current.trains[source.id]?.fetchedAt = checkedAt
        case .timetable: break
        }
    }

    /// When `source` is due, with the windows its rules need it for a weather source or a realtime feed.
    private func schedule(_ source: LiveSource, state: SourceRefreshState, now: Int64) -> Int64 {
        policy.nextRefresh(for: source, state: state, now: now, needWindows: needs.windows(for: source, now: now))
    }
}
