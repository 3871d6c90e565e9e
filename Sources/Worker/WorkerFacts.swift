import Config
import Daemon
import Facts
import Foundation
import HTTP
import LiveSources
import Rules
import Secrets
import Store

/// Where the ``Decider``'s facts come from for a rule set: the recorded snapshots of `--fixtures`,
/// or the network through the source cache — each fetch logged, written to the source index (the
/// only store capability the facts use) and kept in ``failures`` for `run --once`'s verdict.
struct WorkerFacts {
    let options: WorkerOptions
    let index: any SourceIndexStore
    let logger: LogfmtLogger
    /// The sources whose last fetch in this process failed.
    let failures: LiveFetchFailures

    /// The facts of `rules` from `now` on.
    func supply(for rules: Workspace, now: Int64) -> any FactSupply {
        if options.fixtures != nil { return RecordedFacts(timeline: rules.timeline, boards: rules.boards) }
        let fetcher = SourceFetcher(
            endpoint: SourceEndpoint(baseURL: options.sourceBaseURL), secrets: SecretSource(environment: options.environment),
            cache: SourceCache(stateDirectory: options.stateDirectory),
            client: HTTPMultiClient(configuration: HTTPClientConfiguration(proxy: options.sourceBaseURL == nil ? .environment : .direct)))
        let (index, logger, failures) = (index, logger, failures)
        return LiveFacts(configuration: rules.configuration, boards: rules.boards, fetcher: fetcher, now: now) { result, next in
            let fields = [(key: "source", value: result.source.cacheName), (key: "next", value: Worker.iso(next))]
            switch result.outcome {
            case .updated(let bytes): logger.log(.info, "source.updated", fields: fields + [(key: "bytes", value: "\(bytes)")])
            case .notModified(let saved): logger.log(.info, "source.not_modified", fields: fields + [(key: "bytes_saved", value: "\(saved)")])
            case .failed(let error): logger.log(.warning, "source.failed", fields: fields + [(key: "msg", value: error.description)])
            }
            try? index.recordFetch(result, nextRefreshAt: next)
            failures.record(result)
        }
    }
}

extension WorkerOptions {
    /// The rules directory as `check` sees it, with its boards: API timetables from the source
    /// cache (also with `--fixtures`: a timetable is not a recorded fact, and the worker reads its
    /// cache either way), the facts from the recorded snapshots with `--fixtures`. `leavenow run`
    /// loads it once and hands it to the ``Worker``; the worker loads it again at each reload.
    ///
    /// - Throws: `ConfigError` with every problem.
    public func loadRules() throws(ConfigError) -> Workspace {
        let loader = CachedFacts.boardLoader(cache: SourceCache(stateDirectory: stateDirectory))
        if let fixtures {
            return try Workspace.load(directory: rulesDirectory, fixtures: fixtures, loader: loader)
        }
        return try Workspace.load(directory: rulesDirectory, readFixtures: false, loader: loader)
    }
}
