import Config
import Daemon
import Rules
import Store
import Timetable

/// The share of the rules a worker evaluates on a shared PostgreSQL state: the rules of the
/// partitions it leases (``WorkerLeases``, on a connection of its own), renewed every third of the
/// TTL — and at the instant another worker's lease lapses, so a dead worker's rules are taken over
/// at the end of its TTL, not a heartbeat later. No lease (not joined yet, expired because the
/// database could not be reached): no rule. When the partitions change, ``onChange`` tells the
/// ``Decider``; when the server goes away or comes back, the cache directory's
/// ``DatabaseStatusRecord`` says so. It uses the shared-fleet capability only.
final class LeaseKeeper: WorkerService {
    private let url: PostgresURL
    private let id: String
    private let ttl: Int64
    /// The lease connection, opened at the first heartbeat (the server may be down at the start).
    private var store: PostgresStore?
    private var leases: WorkerLeases?
    private let logger: LogfmtLogger
    private let clock: any WorkerClock
    /// Where the ``DatabaseStatusRecord`` is written.
    private let stateDirectory: String
    /// Since when (real seconds) the PostgreSQL server has been unreachable (nil: it answers).
    private var unreachableSince: Int64?
    /// Hears that the partitions this worker may evaluate changed (the ``Decider`` adopts them).
    var onChange: (_ now: Int64) -> Void = { _ in }
    /// Seconds between heartbeats: a third of the TTL, so one lost heartbeat costs no lease.
    let heartbeatInterval: Int64
    /// When the next heartbeat is due (nil: at the next pass).
    private(set) var nextHeartbeat: Int64?
    /// The partitions of the last engine handed out (``engine(for:now:)``): what the worker steps now.
    private var adopted: Set<Int> = []
    /// The last heartbeat's failure when the server could not be reached (nil: it answered).
    private(set) var unreachable: StoreError?
    /// The lease-table problems last logged (``WorkerLeases/audit(now:)``), and when to look again.
    private var reportedProblems: [String] = []
    private var nextAudit: Int64?

    /// Leases for worker `id` on `url`; nothing is connected or leased before the first ``refresh(now:)``.
    init(url: PostgresURL, id: String, ttl: Int64, stateDirectory: String, clock: any WorkerClock, logger: LogfmtLogger) {
        self.url = url
        self.id = id
        self.ttl = ttl
        self.stateDirectory = stateDirectory
        self.clock = clock
        self.logger = logger
        heartbeatInterval = max(1, ttl / 3)
    }

    /// The leases of worker `id` on the state of `options` when it is a shared PostgreSQL one (nil: an SQLite file).
    convenience init?(options: WorkerOptions, id: String, clock: any WorkerClock, logger: LogfmtLogger) throws {
        guard case .postgres(let url) = try options.stateLocation else { return nil }
        self.init(url: url, id: id, ttl: options.leaseTTL, stateDirectory: options.stateDirectory, clock: clock, logger: logger)
    }

    var nextRun: Int64? { [nextHeartbeat, expiry].compactMap { $0 }.min() }

    func run(at now: Int64) {
        if refresh(now: now) { onChange(now) }
        noteConnection(unreachable)
    }

    func stop(at now: Int64) {
        release(now: now)
    }

    /// The connection as the last heartbeat found it: written to the ``DatabaseStatusRecord`` when it
    /// changes (the server went away, or came back). Real seconds: `status` reads it on the wall clock.
    private func noteConnection(_ failure: StoreError?) {
        let now = Int64(clock.realNow().timeIntervalSince1970)
        let record: DatabaseStatusRecord
        if let failure {
            guard unreachableSince == nil else { return }
            unreachableSince = now
            record = DatabaseStatusRecord(connection: .unreachable, url: url.redacted, since: now, attempts: 1, error: failure.message,
                                          updatedAt: now)
            logger.log(.error, "state.unreachable", ["msg": "\(failure); the rules' decisions wait for the server (leases lapse at their expiry)"])
        } else {
            guard let since = unreachableSince else { return }
            unreachableSince = nil
            record = DatabaseStatusRecord(connection: .connected, url: url.redacted, since: now, updatedAt: now)
            logger.log(.notice, "state.connected", ["msg": "the PostgreSQL server answers again after \(now - since) s"])
        }
        try? record.write(directory: stateDirectory)
    }

    /// This worker's id.
    var workerID: String { id }

    /// Joins or heartbeats when due; true when the partitions this worker may evaluate at `now`
    /// differ from those of its engine (gained, handed back, or lost with an expired lease): then the
    /// worker takes a new ``engine(for:now:)``.
    func refresh(now: Int64) -> Bool {
        if nextHeartbeat.map({ now >= $0 }) ?? true {
            do {
                let leases = try connected()
                if leases.validUntil == nil { try leases.join(now: now) } else { try leases.heartbeat(now: now) }
                var next = now + heartbeatInterval
                if let expiry = leases.nextExpiry, expiry > now { next = min(next, expiry) }
                nextHeartbeat = next
                unreachable = nil
                audit(leases, now: now)
            } catch {
                nextHeartbeat = now + 1
                if let failure = error as? StoreError, failure.isServerUnavailable { unreachable = failure } else { unreachable = nil }
                logger.log(.error, "leases.heartbeat_failed", ["msg": "\(error); the leases lapse at their expiry"])
            }
        }
        let valid = current(now: now)
        if valid != adopted {
            logger.log(.info, "leases.changed", ["worker": id, "partitions": "\(valid.count)", "before": "\(adopted.count)",
                                                 "held": valid.sorted().map(String.init).joined(separator: ",")])
        }
        return valid != adopted
    }

    /// The leases on an open connection (connecting now if needed).
    private func connected() throws -> WorkerLeases {
        if let leases { return leases }
        let store = try PostgresStore(url: url)
        let leases = store.leases(worker: id, ttl: ttl)
        self.store = store
        self.leases = leases
        return leases
    }

    /// Logs the lease-table problems when they change (once a minute of the clock at most).
    private func audit(_ leases: WorkerLeases, now: Int64) {
        guard nextAudit.map({ now >= $0 }) ?? true else { return }
        nextAudit = now + 60
        forgetStatusRecords()
        guard let problems = try? leases.audit(now: now), problems != reportedProblems else { return }
        for problem in problems where !reportedProblems.contains(problem) {
            logger.log(.warning, "leases.table_problem", ["msg": problem])
        }
        if problems.isEmpty, !reportedProblems.isEmpty {
            logger.log(.info, "leases.table_ok", ["msg": "the lease tables have no problem any more"])
        }
        reportedProblems = problems
    }

    /// The fleet's problems at `now` (``WorkerFleet/leaseProblems(rules:clock:)``), for the
    /// watchdog; none when the lease tables cannot be read (logged: the heartbeat says the rest).
    func fleetProblems(rules: [String], now: Int64, clock: ZoneClock, logger: LogfmtLogger) -> [HealthProblem] {
        guard let store else { return [] }
        do {
            return try WorkerFleet.read(store, now: now, ttl: ttl).leaseProblems(rules: rules, clock: clock)
        } catch {
            logger.log(.warning, "health.fleet_unread", ["msg": "the lease tables could not be read: \(error)"])
            return []
        }
    }

    /// Removes the status records of workers the lease table forgot (silent for ten TTLs): each
    /// worker of a shared state keeps its own (``WorkerStatusRecord/key(worker:)``).
    private func forgetStatusRecords() {
        guard let store else { return }
        do {
            try store.forgetWorkerValues(prefix: WorkerStatusRecord.workerKeyPrefix)
        } catch {
            logger.log(.warning, "worker.status_cleanup_failed", ["msg": "\(error)"])
        }
    }

    /// The partitions valid at `now`.
    private func current(now: Int64) -> Set<Int> {
        guard let leases else { return [] }
        return (leases.validUntil ?? .min) > now ? leases.held : []
    }

    /// An engine for the rules of `configuration` whose partitions this worker holds at `now`
    /// (without the rules `excluded`).
    func engine(for configuration: Configuration, now: Int64, excluding excluded: Set<String> = []) -> RuleEngine {
        let held = current(now: now)
        adopted = held
        let count = leases?.partitions ?? RulePartition.defaultCount
        let rules = configuration.rules.filter { held.contains(RulePartition.of($0.id, count: count)) && !excluded.contains($0.id) }
        return RuleEngine(rules: rules, feeds: configuration.feeds, boards: configuration.boards, serviceStatus: configuration.serviceStatus)
    }

    /// Whether this worker holds, at `now`, the partition of the id `name` (a rule's, or the
    /// watchdog's ``HealthNotices/rule``): one worker at a time does what belongs to it.
    func holds(_ name: String, now: Int64) -> Bool {
        current(now: now).contains(RulePartition.of(name, count: leases?.partitions ?? RulePartition.defaultCount))
    }

    /// Makes the next ``refresh(now:)`` report a change, so the worker adopts its partitions again
    /// (their states could not be read this time); the next heartbeat is at most a third of the TTL away.
    func forgetAdoption() {
        adopted = []
    }

    /// Throws when the leases of the current engine ran out before `now` (a pass slower than the
    /// TTL): another worker may evaluate those rules by now, so the pass must not commit what they decided.
    func fence(at now: Int64) throws {
        guard !adopted.isEmpty, let expiry = leases?.validUntil, now >= expiry else { return }
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
    var expiry: Int64? { leases?.validUntil }

    /// Hands every partition back (a clean stop, at `now` of the worker's clock) and closes the connection.
    func release(now: Int64) {
        guard let leases else { return }
        do {
            try leases.release(now: now)
        } catch {
            logger.log(.warning, "leases.release_failed", ["msg": "\(error); the others take the partitions after the TTL"])
        }
        store?.close()
    }
}
