import Daemon
import Store

/// Once a day, forgets delivered and expired outbox entries older than the retention (a worker
/// that runs for months keeps its state small), and recorded evaluations as old; dead letters stay
/// until `outbox purge`. It runs at the passes the others ask for (no wake-up of its own) and uses
/// the outbox, the history and `meta` (when it last purged).
final class Purger: WorkerService {
    typealias Capabilities = OutboxStore & HistoryStore & MetaStore

    private let store: any Capabilities
    private let retentionDays: Int
    private let logger: LogfmtLogger
    /// When the outbox was last purged (read from the state once).
    private var purgedAt: Int64?

    /// The `meta` key of the last purge.
    static let purgedAtKey = "outbox.purged_at"

    init(store: any Capabilities, retentionDays: Int, logger: LogfmtLogger) {
        self.store = store
        self.retentionDays = retentionDays
        self.logger = logger
        purgedAt = (try? store.meta(Self.purgedAtKey)).flatMap { $0.flatMap { Int64($0) } }
    }

    func run(at now: Int64) {
        if let last = purgedAt, now - last < 86_400, now >= last { return }
        do {
            let removed = try store.purge(statuses: [.delivered, .expired], olderThan: now - Int64(retentionDays) * 86_400)
            // Evaluations of rules no longer configured (the others are pruned as they are recorded).
            _ = try store.purgeHistory(olderThan: now - Int64(retentionDays) * 86_400)
            try store.setMeta(Self.purgedAtKey, String(now))
            purgedAt = now
            if removed > 0 {
                logger.log(.info, "outbox.purged", ["removed": "\(removed)", "older_than_days": "\(retentionDays)"])
            }
        } catch {
            logger.log(.error, "outbox.purge_failed", ["msg": "\(error)"])
        }
    }
}

@available(*, unavailable, message: "a service of the worker's one thread")
extension Purger: Sendable {}
