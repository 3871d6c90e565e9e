import Foundation
import HTTP
import LiveSources
import Rules
import Timetable

/// Facts from the network: each source is fetched on its own schedule through ``SourceFetcher``
/// into the last-good-data cache, and the facts are read back from the cache — so a failed fetch
/// leaves the previous data (and its age) in place, and a restart without network starts from it.
public final class LiveFacts: FactSupply {
    /// One fetch's result, for the worker's log and the store's source index.
    public typealias Observer = (SourceFetchResult, _ nextRefresh: Int64) -> Void

    private let configuration: Configuration
    private let boards: [String: Board]
    private let sources: [LiveSource]
    private let fetcher: SourceFetcher
    private let cache: SourceCache
    private let observe: Observer
    /// When each source (by cache name) is due next.
    private var due: [String: Int64] = [:]
    private var current: Facts
    private var policy: SourceRefreshSchedule

    /// Facts for `configuration`'s sources, fetched by `fetcher` into `cache`; `observe` hears every fetch.
    public init(configuration: Configuration, boards: [String: Board], fetcher: SourceFetcher, now: Int64,
                observe: @escaping Observer) {
        self.configuration = configuration
        self.boards = boards
        self.sources = LiveSource.all(in: configuration)
        self.fetcher = fetcher
        self.cache = fetcher.cache
        self.observe = observe
        self.policy = SourceRefreshSchedule(configuration: configuration)
        self.current = CachedFacts.facts(configuration: configuration, cache: fetcher.cache, boards: boards).facts
        for source in sources {
            let cached = try? cache.load(source)?.metadata
            due[source.cacheName] = policy.firstRefresh(of: source, cached: cached, now: now)
        }
    }

    public func refresh(now: Int64) -> Set<String> {
        let ready = sources.filter { (due[$0.cacheName] ?? now) <= now }
        guard !ready.isEmpty else { return [] }
        var updated = Set<String>()
        for result in fetcher.fetch(ready) {
            let next = policy.nextRefresh(after: result, now: now)
            due[result.source.cacheName] = next
            if case .updated = result.outcome { updated.insert(result.source.id) }
            observe(result, next)
        }
        if !updated.isEmpty {
            current = CachedFacts.facts(configuration: configuration, cache: cache, boards: boards).facts
        }
        return updated
    }

    public func facts(at now: Int64) -> Facts { current }

    public func nextRefresh(after now: Int64) -> Int64? { due.values.min() }
}
