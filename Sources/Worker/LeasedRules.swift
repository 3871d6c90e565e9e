import Config
import Daemon
import Rules
import Store

/// The share of the rules a worker evaluates on a shared PostgreSQL state: the rules of the
/// partitions it leases (``WorkerLeases``, on a connection of its own), renewed every third of the
/// TTL. No lease (not joined yet, expired because the database could not be reached): no rule.
final class LeasedRules {
    private let store: PostgresStore
    private let leases: WorkerLeases
    private let logger: LogfmtLogger
    /// Seconds between heartbeats: a third of the TTL, so one lost heartbeat costs no lease.
    let heartbeatInterval: Int64
    /// When the next heartbeat is due (nil: at the next pass).
    private(set) var nextHeartbeat: Int64?
    /// The partitions of the last engine handed out (``engine(for:now:)``): what the worker steps now.
    private var adopted: Set<Int> = []

    /// Connects to `url` for the leases; nothing is leased before the first ``refresh(now:)``.
    init(url: PostgresURL, id: String, ttl: Int64, logger: LogfmtLogger) throws {
        store = try PostgresStore(url: url)
        leases = WorkerLeases(connection: store.connection, id: id, ttl: ttl)
        self.logger = logger
        heartbeatInterval = max(1, ttl / 3)
    }

    /// Joins or heartbeats when due; true when the partitions this worker may evaluate at `now`
    /// differ from those of its engine (gained, handed back, or lost with an expired lease): then the
    /// worker takes a new ``engine(for:now:)``.
    func refresh(now: Int64) -> Bool {
        if nextHeartbeat.map({ now >= $0 }) ?? true {
            do {
                if leases.validUntil == nil { try leases.join(now: now) } else { try leases.heartbeat(now: now) }
                nextHeartbeat = now + heartbeatInterval
            } catch {
                nextHeartbeat = now + 1
                logger.log(.error, "leases.heartbeat_failed", ["msg": "\(error); the leases lapse at their expiry"])
            }
        }
        let valid = current(now: now)
        if valid != adopted {
            logger.log(.info, "leases.changed", ["worker": leases.id, "partitions": "\(valid.count)", "before": "\(adopted.count)"])
        }
        return valid != adopted
    }

    /// The partitions valid at `now`.
    private func current(now: Int64) -> Set<Int> {
        (leases.validUntil ?? .min) > now ? leases.held : []
    }

    /// An engine for the rules of `configuration` whose partitions this worker holds at `now`.
    func engine(for configuration: Configuration, now: Int64) -> RuleEngine {
        let held = current(now: now)
        adopted = held
        let rules = configuration.rules.filter { held.contains(RulePartition.of($0.id, count: leases.partitions)) }
        return RuleEngine(rules: rules, feeds: configuration.feeds, boards: configuration.boards, serviceStatus: configuration.serviceStatus)
    }

    /// Throws when the leases of the current engine ran out before `now` (a pass slower than the
    /// TTL): another worker may evaluate those rules by now, so the pass must not commit what they decided.
    func fence(at now: Int64) throws {
        guard !adopted.isEmpty, let expiry = leases.validUntil, now >= expiry else { return }
        throw LeaseExpired(expiry: expiry)
    }

    /// The leases ran out during a pass.
    struct LeaseExpired: Error, CustomStringConvertible {
        var expiry: Int64
        var description: String {
            "the partition leases expired during the pass (at \(Worker.iso(expiry))): another worker may evaluate these rules now, "
                + "so their decisions were not committed"
        }
    }

    /// When the held leases stop being valid without a heartbeat (the worker must look before then).
    var expiry: Int64? { leases.validUntil }

    /// Hands every partition back (a clean stop) and closes the connection.
    func release() {
        do {
            try leases.release()
        } catch {
            logger.log(.warning, "leases.release_failed", ["msg": "\(error); the others take the partitions after the TTL"])
        }
        store.close()
    }
}
