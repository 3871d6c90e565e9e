import Messages
import Foundation

/// One worker's share of the rules on a shared PostgreSQL state: the rules are split into
/// ``partitions`` partitions (``RulePartition``); each partition is leased to at most one worker at a
/// time (a row of `leavenow_leases`: partition, worker, expiry), renewed by ``heartbeat(now:)``.
///
/// - A worker evaluates a rule only while it ``holds(rule:now:)`` its partition: the lease is valid
///   until ``validUntil`` (the last heartbeat plus ``ttl``). Another worker takes a partition only
///   when its lease has expired **or its holder is not a live worker** — one whose heartbeat in
///   `leavenow_workers` is less than ``ttl`` old — and a holder's ``validUntil`` is exactly its
///   heartbeat plus the TTL (both written in one transaction), so two workers never hold a partition
///   at the same instant (as long as their clocks agree to within the heartbeat interval: `now`
///   comes from the caller).
/// - A worker that stops heartbeating loses its partitions after the TTL; the others take them at
///   their next heartbeat, up to a fair share each (⌈partitions ÷ live workers⌉). ``nextExpiry``
///   says when another worker's lease lapses next, so a worker can look at that very instant.
/// - Joining and leaving rebalance gradually: a worker above its fair share hands back at most
///   ``handoverPerHeartbeat`` partitions per heartbeat (the highest first), which the workers below
///   their share take; no burst of ownership changes, and a partition is never held twice.
/// - A table edited by hand cannot stall the rules: rows outside `0 ..< partitions` are ignored,
///   missing rows are created again, a lease of an unknown (or NULL) worker or of a worker whose
///   heartbeat has lapsed is free whatever its expiry says, and a heartbeat dated in the future by
///   more than a TTL does not count as live. ``audit(now:)`` names each such problem and its fix.
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
    /// When, at the last heartbeat, the next lease of another worker was due to lapse (nil: none):
    /// a partition may be free from then on (its holder died), so the worker should look then.
    public private(set) var nextExpiry: Int64?

    /// The `meta` key holding the partition count every worker of the database agreed on.
    public static let partitionCountKey = "leases.partitions"

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
    /// - Throws: `StoreError` when the database's workers split the rules into another number of
    ///   partitions than ``partitions`` (workers of another configuration or release): two such
    ///   workers would evaluate some rules twice.
    @discardableResult
    public func join(now: Int64) throws -> Set<Int> {
        try connection.transaction {
            // The first worker decides the count; later ones must agree (read under a lock of the row).
            let stored = try connection.query("SELECT value FROM meta WHERE key = $1 FOR UPDATE", [Self.partitionCountKey]).first
            let agreed: Int
            if let text = stored?.optionalText(0) {
                guard let count = Int(text), count >= 1 else {
                    throw StoreError(path: connection.url.redacted, operation: Message(.storeJoiningLeases),
                                     message: Message(.storeBadPartitionCount, ["key": .text(Self.partitionCountKey), "value": .inQuotes(text),
                                                                               "partitions": .number(partitions)]),
                                     code: .badValue)
                }
                agreed = count
            } else {
                // A database leased before the count was recorded: its rows say it, when they are 0 ..< n.
                let row = try connection.query("SELECT COUNT(*), COALESCE(MIN(partition), 0), COALESCE(MAX(partition), -1) FROM leavenow_leases").first
                let count = try row?.int64(0) ?? 0
                let lowest = try row?.int64(1) ?? 0, highest = try row?.int64(2) ?? -1
                agreed = count > 0 && lowest == 0 && highest == count - 1 ? Int(count) : partitions
                try connection.run("INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING",
                                   [Self.partitionCountKey, String(agreed)])
            }
            guard agreed == partitions else {
                throw StoreError(path: connection.url.redacted, operation: Message(.storeJoiningLeases),
                                 message: Message(.storePartitionMismatch, [
                                     "agreed": .number(agreed), "agreedLast": .number(agreed - 1), "partitions": .number(partitions),
                                     "partitionsLast": .number(partitions - 1), "key": .text(Self.partitionCountKey),
                                 ]),
                                 code: .badValue)
            }
            try connection.run("""
                INSERT INTO leavenow_workers (id, host, pid, started, heartbeat) VALUES ($1, $2, $3::integer, $4::bigint, $4::bigint)
                ON CONFLICT (id) DO UPDATE SET heartbeat = excluded.heartbeat
                """, [id, host, String(pid), String(now)])
        }
        return try heartbeat(now: now)
    }

    /// Renews this worker's leases until `now + ttl`, then moves toward the fair share: takes free,
    /// expired or orphaned partitions when below it, hands back at most ``handoverPerHeartbeat``
    /// when above. Returns the partitions held now (also in ``held``). One transaction.
    @discardableResult
    public func heartbeat(now: Int64) throws -> Set<Int> {
        let until = now + ttl
        let (result, next): (Set<Int>, Int64?) = try connection.transaction {
            try connection.run("""
                INSERT INTO leavenow_workers (id, host, pid, started, heartbeat) VALUES ($1, $2, $3::integer, $4::bigint, $4::bigint)
                ON CONFLICT (id) DO UPDATE SET heartbeat = excluded.heartbeat
                """, [id, host, String(pid), String(now)])
            // Workers silent for ten TTLs are forgotten (their leases expired long ago).
            try connection.run("DELETE FROM leavenow_workers WHERE heartbeat < $1::bigint", [String(now - 10 * ttl)])
            // Rows deleted by hand come back (free): a missing partition would leave its rules unevaluated.
            try connection.run("INSERT INTO leavenow_leases (partition) SELECT generate_series(0, $1::integer - 1) ON CONFLICT DO NOTHING",
                               [String(partitions)])
            var mine = Set(try connection.query("""
                UPDATE leavenow_leases SET expires_at = $2::bigint WHERE worker = $1 AND partition < $3::integer RETURNING partition
                """, [id, String(until), String(partitions)], idempotent: false).map { Int(try $0.int64(0)) })
            // Live: a heartbeat within the TTL, and not dated more than a TTL ahead (a clock far off, or a hand edit).
            let row = try connection.query("""
                SELECT (SELECT COUNT(*) FROM leavenow_workers WHERE heartbeat > $1::bigint - $2::bigint AND heartbeat <= $1::bigint + $2::bigint),
                       (SELECT MIN(expires_at) FROM leavenow_leases
                        WHERE worker IS DISTINCT FROM $3 AND worker IS NOT NULL AND expires_at > $1::bigint AND partition < $4::integer)
                """, [String(now), String(ttl), id, String(partitions)]).first
            let live = max(1, Int(try row?.int64(0) ?? 1))
            let nextExpiry = row?.optionalInt64(1)
            let fair = (partitions + live - 1) / live
            if mine.count > fair {
                let handed = Array(mine.sorted().suffix(min(mine.count - fair, handoverPerHeartbeat)))
                // Free from now (`expires_at` says since when: `status` counts a partition handed back
                // a moment ago as changing hands, not as having no worker).
                try connection.run("""
                    UPDATE leavenow_leases SET worker = NULL, expires_at = $3::bigint WHERE worker = $1 AND partition = ANY($2::integer[])
                    """, [id, "{" + handed.map(String.init).joined(separator: ",") + "}", String(now)])
                mine.subtract(handed)
            } else if mine.count < fair {
                // Free: no holder, an expired lease, or a holder that is not a live worker (unknown,
                // or its heartbeat lapsed: its own validity ended then, whatever the row's expiry says).
                let taken = try connection.query("""
                    UPDATE leavenow_leases SET worker = $1, expires_at = $2::bigint
                    WHERE partition IN (
                        SELECT l.partition FROM leavenow_leases l
                        WHERE l.partition < $5::integer AND (l.worker IS NULL OR l.expires_at <= $3::bigint
                              OR NOT EXISTS (SELECT 1 FROM leavenow_workers w WHERE w.id = l.worker
                                             AND w.heartbeat > $3::bigint - $6::bigint AND w.heartbeat <= $3::bigint + $6::bigint))
                        ORDER BY l.partition LIMIT $4::integer FOR UPDATE OF l SKIP LOCKED)
                    RETURNING partition
                    """, [id, String(until), String(now), String(fair - mine.count), String(partitions), String(ttl)], idempotent: false)
                for row in taken { mine.insert(Int(try row.int64(0))) }
            }
            return (mine, nextExpiry)
        }
        held = result
        validUntil = until
        nextExpiry = next
        return result
    }

    /// True when this worker may evaluate `rule` at `now`: it holds the rule's partition and the
    /// lease has not expired.
    public func holds(rule: String, now: Int64) -> Bool {
        guard let validUntil, now < validUntil else { return false }
        return held.contains(RulePartition.of(rule, count: partitions))
    }

    /// Hands back every partition at once and removes the worker (a clean shutdown): the others
    /// take the partitions at their next heartbeat instead of after the TTL. `now` (the worker's
    /// clock) is written as the moment they became free (``UnheldPartition``); 0 when not given.
    public func release(now: Int64? = nil) throws {
        try connection.transaction {
            try connection.run("UPDATE leavenow_leases SET worker = NULL, expires_at = $2::bigint WHERE worker = $1", [id, String(now ?? 0)])
            try connection.run("DELETE FROM leavenow_workers WHERE id = $1", [id])
        }
        held = []
        validUntil = nil
    }

    // MARK: - A table edited by hand

    /// What is wrong in the lease tables at `now`, each with what the workers do about it and how to
    /// fix it (empty: nothing): rows outside `0 ..< partitions`, leases of unknown workers, expiries
    /// more than a TTL ahead, heartbeats in the future. None of them stops the rules.
    public func audit(now: Int64) throws -> [String] {
        try Self.audit(connection: connection, partitions: partitions, ttl: ttl, now: now)
    }

    /// ``audit(now:)`` for any connection (``SharedFleetStore/leaseProblems(partitions:ttl:now:)``).
    static func audit(connection: PostgresConnection, partitions: Int = RulePartition.defaultCount, ttl: Int64 = 30,
                             now: Int64) throws -> [String] {
        var problems: [String] = []
        func list(_ values: [String]) -> String {
            values.prefix(8).joined(separator: ", ") + (values.count > 8 ? " and \(values.count - 8) more" : "")
        }
        let stray = try connection.query("SELECT partition FROM leavenow_leases WHERE partition < 0 OR partition >= $1::integer ORDER BY partition",
                                         [String(partitions)]).map { try $0.text(0) }
        if !stray.isEmpty {
            problems.append("leavenow_leases has rows for partitions outside 0…\(partitions - 1) (\(list(stray))): they are ignored; "
                + "remove them with DELETE FROM leavenow_leases WHERE partition NOT BETWEEN 0 AND \(partitions - 1)")
        }
        let unknown = try connection.query("""
            SELECT l.partition, l.worker FROM leavenow_leases l
            WHERE l.worker IS NOT NULL AND l.partition BETWEEN 0 AND $1::integer - 1
              AND NOT EXISTS (SELECT 1 FROM leavenow_workers w WHERE w.id = l.worker) ORDER BY l.partition
            """, [String(partitions)]).map { "\(try $0.text(0)) (worker \(Self.shown(try $0.text(1))))" }
        if !unknown.isEmpty {
            problems.append("leavenow_leases leases partitions to workers that are not registered in leavenow_workers (\(list(unknown))): "
                + "the workers take them over as free; to clean up: UPDATE leavenow_leases SET worker = NULL, expires_at = 0 "
                + "WHERE worker NOT IN (SELECT id FROM leavenow_workers)")
        }
        let far = try connection.query("""
            SELECT partition, worker, expires_at FROM leavenow_leases
            WHERE expires_at > $1::bigint + 2 * $2::bigint AND partition BETWEEN 0 AND $3::integer - 1 ORDER BY partition
            """, [String(now), String(ttl), String(partitions)]).map { row in
            "\(try row.text(0)) (worker \(row.optionalText(1).map(Self.shown) ?? "none"), expires at \(try row.text(2)))"
        }
        if !far.isEmpty {
            problems.append("leavenow_leases has expiries more than two TTLs (\(2 * ttl) s) ahead (\(list(far))), which no heartbeat "
                + "writes: a live holder renews them at its next heartbeat, and a lapsed one loses them at once; to clean up: "
                + "UPDATE leavenow_leases SET expires_at = 0 WHERE expires_at > extract(epoch from now())::bigint + \(2 * ttl)")
        }
        let future = try connection.query("SELECT id, heartbeat FROM leavenow_workers WHERE heartbeat > $1::bigint + $2::bigint ORDER BY id",
                                          [String(now), String(ttl)]).map { "\(Self.shown(try $0.text(0))) at \(try $0.text(1))" }
        if !future.isEmpty {
            problems.append("leavenow_workers has heartbeats more than a TTL in the future (\(list(future))): those workers do not count "
                + "as live and their leases are taken over; check that machine's clock, or remove the rows "
                + "(DELETE FROM leavenow_workers WHERE heartbeat > extract(epoch from now())::bigint + \(ttl))")
        }
        return problems
    }

    /// A worker id as messages show it: quoted, control characters escaped, at most 64 characters.
    static func shown(_ id: String) -> String {
        var text = ""
        for scalar in id.unicodeScalars.prefix(64) {
            text += scalar.value < 0x20 || scalar.value == 0x7F ? String(format: "\\u%04x", scalar.value) : String(scalar)
        }
        return "\"" + text + (id.unicodeScalars.count > 64 ? "…" : "") + "\""
    }
}
