import Delivery
import Foundation

/// How `leavenow run` was asked to work.
public struct WorkerOptions: Sendable {
    /// The rules directory (boards, sources, channels, rules).
    public var rulesDirectory: String
    /// The SQLite state file (outbox, delivery log, rule state, source index).
    public var statePath: String
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
                dispatcherConfiguration: DispatcherConfiguration = DispatcherConfiguration()) {
        self.rulesDirectory = rulesDirectory
        self.statePath = statePath
        self.fixtures = fixtures
        self.once = once
        self.until = until
        self.environment = environment
        self.batchSize = batchSize
        self.sourceBaseURL = sourceBaseURL
        self.dispatcherConfiguration = dispatcherConfiguration
    }

    /// The directory holding the state file; the source cache lives in its `sources/`.
    public var stateDirectory: String {
        (statePath as NSString).deletingLastPathComponent.isEmpty ? "." : (statePath as NSString).deletingLastPathComponent
    }
}
