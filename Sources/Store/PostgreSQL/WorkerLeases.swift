import Foundation

/// One worker's share of the rules on a shared PostgreSQL state: the rules are split into
/// ``partitions`` partitions (``RulePartition``); each partition is leased to at most one worker at a
/// time (a row of `leavenow_leases`: partition, worker, expiry), renewed by ``heartbeat(now:)``.
///
/// - A worker evaluates a rule only while it ``holds(rule:now:)`` its partition: the lease is valid
///   until ``validUntil`` (the last renewal plus ``ttl``), and another worker takes an expired lease
///   only at or after that instant, so two workers never hold a partition at the same instant (as
///   long as their clocks agree to within the heartbeat interval: `now` comes from the caller).
/// - A worker that stops heartbeating loses its partitions after the TTL; the others take them at
///   their next heartbeat, up to a fair share each (⌈partitions ÷ live workers⌉).
/// - Joining and leaving rebalance gradually: a worker above its fair share hands back at most
///   ``handoverPerHeartbeat`` partitions per heartbeat (the highest first), which the workers below
///   their share take; no burst of ownership changes, and a partition is never held twice.
///
/// Times are seconds since the epoch, always passed in. Used from one thread at a time, on its own
/// connection or the store's.
public final class WorkerLeases {
    /// This worker's id in `leavenow_workers` (unique; a UUID by default).
    public let id: String
    /// How many partitions the rules are split into; every worker on a database must agree.
    public let partitions: Int
    /// Seconds a lease (and a worker's liveness) lasts after its last heartbeat.
    public let ttl: Int64
    /// The most partitions handed back per heartbeat when above the fair share.
    public let handoverPerHeartbeat: Int
    /// The partitions this worker held at its last heartbeat.
    public private(set) var held: Set<Int> = []
    /// Until when ``held`` is valid (last heartbeat + ``ttl``); nil before the first heartbeat and after ``release()``.
    public private(set) var validUntil: Int64?

    private let connection: PostgresConnection
    private let host: String
    private let pid: Int32

    /// Leases through `connection` (whose database has schema version 2 or later: open a
    /// `PostgresStore` on it first). Nothing is written before ``join(now:)``.
    public init(connection: PostgresConnection, id: String = UUID().uuidString.lowercased(),
                host: String = ProcessInfo.processInfo.hostName, pid: Int32 = ProcessInfo.processInfo.processIdentifier,
                partitions: Int = RulePartition.defaultCount, ttl: Int64 = 30, handoverPerHeartbeat: Int = 4) {
        precondition(partitions >= 1 && ttl >= 1 && handoverPerHeartbeat >= 1, "partitions, ttl and handover are at least 1")
        self.connection = connection
        self.id = id
        self.host = host
        self.pid = pid
        self.partitions = partitions
        self.ttl = ttl
        self.handoverPerHeartbeat = handoverPerHeartbeat
    }

    /// Registers the worker (and the partition rows, on a database that has none), then takes its
    /// first leases with a ``heartbeat(now:)``.
    ///
    /// - Throws: `StoreError` when the lease table holds another number of partitions than
    ///   ``partitions`` (workers started with different counts, or the table edited by hand).
    @discardableResult
    public func join(now: Int64) throws -> Set<Int> {
        try connection.transaction {
            let row = try connection.query("SELECT COUNT(*), COALESCE(MIN(partition), 0), COALESCE(MAX(partition), -1) FROM leavenow_leases").first
            let count = try row?.int64(0) ?? 0
            let lowest = try row?.int64(1) ?? 0, highest = try row?.int64(2) ?? -1
            if count == 0 {
                try connection.run("INSERT INTO leavenow_leases (partition) SELECT generate_series(0, $1::integer - 1) ON CONFLICT DO NOTHING",
                                   [String(partitions)])
            } else if count != Int64(partitions) || lowest != 0 || highest != Int64(partitions - 1) {
                throw StoreError(path: connection.url.redacted, operation: "joining the lease table leavenow_leases",
                                 message: "it holds \(count) partitions (\(lowest)…\(highest)), this worker "
                                     + "expects \(partitions) (0…\(partitions - 1)): start every worker with the same partition count, "
                                     + "or, with no worker running, empty the table (DELETE FROM leavenow_leases)",
                                 code: .badValue)
            }
            try connection.run("""
                INSERT INTO leavenow_workers (id, host, pid, started, heartbeat) VALUES ($1, $2, $3::integer, $4::bigint, $4::bigint)
                ON CONFLICT (id) DO UPDATE SET heartbeat = excluded.heartbeat
                """, [id, host, String(pid), String(now)])
        }
        return try heartbeat(now: now)
    }

    /// Renews this worker's leases until `now + ttl`, then moves toward the fair share: takes free
    /// or expired partitions when below it, hands back at most ``handoverPerHeartbeat`` when above.
    /// Returns the partitions held now (also in ``held``). One transaction.
    @discardableResult
    public func heartbeat(now: Int64) throws -> Set<Int> {
        let until = now + ttl
        let result: Set<Int> = try connection.transaction {
            try connection.run("""
                INSERT INTO leavenow_workers (id, host, pid, started, heartbeat) VALUES ($1, $2, $3::integer, $4::bigint, $4::bigint)
                ON CONFLICT (id) DO UPDATE SET heartbeat = excluded.heartbeat
                """, [id, host, String(pid), String(now)])
            // Workers silent for ten TTLs are forgotten (their leases expired long ago).
            try connection.run("DELETE FROM leavenow_workers WHERE heartbeat < $1::bigint", [String(now - 10 * ttl)])
            var mine = Set(try connection.query("UPDATE leavenow_leases SET expires_at = $2::bigint WHERE worker = $1 RETURNING partition",
                                                [id, String(until)], idempotent: false).map { Int(try $0.int64(0)) })
            let live = max(1, Int(try connection.query("SELECT COUNT(*) FROM leavenow_workers WHERE heartbeat > $1::bigint",
                                                       [String(now - ttl)]).first?.int64(0) ?? 1))
            let fair = (partitions + live - 1) / live
            if mine.count > fair {
                let handed = Array(mine.sorted().suffix(min(mine.count - fair, handoverPerHeartbeat)))
                try connection.run("UPDATE leavenow_leases SET worker = NULL, expires_at = 0 WHERE worker = $1 AND partition = ANY($2::integer[])",
                                   [id, "{" + handed.map(String.init).joined(separator: ",") + "}"])
                mine.subtract(handed)
            } else if mine.count < fair {
                let taken = try connection.query("""
                    UPDATE leavenow_leases SET worker = $1, expires_at = $2::bigint
                    WHERE partition IN (SELECT partition FROM leavenow_leases WHERE worker IS NULL OR expires_at <= $3::bigint
                                        ORDER BY partition LIMIT $4::integer FOR UPDATE SKIP LOCKED)
                    RETURNING partition
                    """, [id, String(until), String(now), String(fair - mine.count)], idempotent: false)
                for row in taken { mine.insert(Int(try row.int64(0))) }
            }
            return mine
        }
        held = result
        validUntil = until
        return result
    }

    /// True when this worker may evaluate `rule` at `now`: it holds the rule's partition and the
    /// lease has not expired.
    public func holds(rule: String, now: Int64) -> Bool {
        guard let validUntil, now < validUntil else { return false }
        return held.contains(RulePartition.of(rule, count: partitions))
    }

    /// Hands back every partition at once and removes the worker (a clean shutdown): the others
    /// take the partitions at their next heartbeat instead of after the TTL.
    public func release() throws {
        try connection.transaction {
            try connection.run("UPDATE leavenow_leases SET worker = NULL, expires_at = 0 WHERE worker = $1", [id])
            try connection.run("DELETE FROM leavenow_workers WHERE id = $1", [id])
        }
        held = []
        validUntil = nil
    }
}
