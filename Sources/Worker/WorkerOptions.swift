import Delivery
import Foundation
import Store

/// How `leavenow run` was asked to work.
public struct WorkerOptions: Sendable {
    /// The rules directory (boards, sources, channels, rules).
    public var rulesDirectory: String
    /// The state (outbox, delivery log, rule state, source index): an SQLite file, or a
    /// `postgresql://` / `postgres://` URL (see ``stateLocation``).
    public var statePath: String
    /// The PostgreSQL password given beside the URL (the `state:` section's secret reference); nil:
    /// the URL's, or libpq's `PGPASSWORD` / `~/.pgpass`. Never printed.
    public var statePassword: String?
    /// On a PostgreSQL state, seconds a partition lease lasts without a heartbeat (heartbeats come
    /// every third of it): a worker that dies loses its rules to the others after this long.
    public var leaseTTL: Int64 = 30
    /// On a shared PostgreSQL state, seconds an outbox entry stays claimed by the worker sending it
    /// (``PostgresStore/claimSeconds``): longer than a request takes; a dead worker's claimed entries
    /// are sent by another worker after that long.
    public var outboxClaimSeconds: Int64 = 60
    /// Where the source cache lives (and, with an SQLite state, the single-instance lock); nil for the
    /// default (see ``stateDirectory``).
    public var cacheDirectory: String?
    /// Recorded snapshots to use instead of the network (a demo, an offline test).
    public var fixtures: String?
    /// One pass (fetch what is due, evaluate, deliver what is due) and exit: for cron.
    public var once: Bool
    /// Stop when the worker's clock passes this instant (a demo's end).
    public var until: Int64?
    /// The process environment (secrets, `NOTIFY_SOCKET`, the test base URL).
    public var environment: [String: String]
    /// The most outbox entries read from the state at once (the sender keeps at most the pool's
    /// size of them running; each outcome is recorded as its request completes).
    public var batchSize: Int
    /// Delivered and expired outbox entries older than this many days are forgotten (once a day).
    public var retentionDays: Int = 30
    /// Every provider's scheme and host replaced by this (tests only).
    public var sourceBaseURL: String?
    /// How notifications are sent: connections, time limits, the retry schedule (the defaults of
    /// ``DispatcherConfiguration``; tests shorten the request timeout and fix the jitter).
    public var dispatcherConfiguration: DispatcherConfiguration

    /// Options with the defaults of `leavenow run`.
    public init(rulesDirectory: String, statePath: String, fixtures: String? = nil, once: Bool = false, until: Int64? = nil,
                environment: [String: String], batchSize: Int = 512, sourceBaseURL: String? = nil,
                dispatcherConfiguration: DispatcherConfiguration = DispatcherConfiguration(), cacheDirectory: String? = nil) {
        self.rulesDirectory = rulesDirectory
        self.statePath = statePath
        self.cacheDirectory = cacheDirectory
        self.fixtures = fixtures
        self.once = once
        self.until = until
        self.environment = environment
        self.batchSize = batchSize
        self.sourceBaseURL = sourceBaseURL
        self.dispatcherConfiguration = dispatcherConfiguration
    }

    /// ``statePath`` read as a file or a PostgreSQL URL; a malformed URL throws, naming what is wrong.
    public var stateLocation: StateLocation {
        get throws(StoreError) {
            switch try StateLocation(statePath) {
            case .postgres(let url): return .postgres(url.replacingPassword(statePassword))
            case .file(let path): return .file(path)
            }
        }
    }

    /// True when the state is a PostgreSQL database that several workers may share: no single-instance lock.
    public var isSharedState: Bool { PostgresURL.isPostgresURL(statePath) }

    /// The directory of the source cache (its `sources/`) and, with an SQLite state, of the
    /// single-instance lock: ``cacheDirectory`` when given; else, for an SQLite state, the directory
    /// holding the file; for a PostgreSQL state, the default state directory (`$STATE_DIRECTORY`,
    /// `$XDG_STATE_HOME/leavenow` or `~/.local/state/leavenow`).
    public var stateDirectory: String {
        if let cacheDirectory { return cacheDirectory }
        let file = isSharedState ? StatePaths.defaultDatabase(environment: environment) : statePath
        let directory = (file as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }
}
