/// A partition of a shared PostgreSQL state's rules that no live worker holds at the time asked
/// (``all(in:now:ttl:partitions:)``): its rules are evaluated by nobody until a worker takes it.
///
/// A partition a live worker handed back (above its fair share, or a clean stop) within the last
/// TTL is ``changingHands``: the workers below their share take it at their next heartbeat, a third
/// of the TTL later at most. Any other — its holder's lease expired, its row names no registered
/// worker, it has no row — waits for nobody in particular.
public struct UnheldPartition: Sendable, Equatable {
    /// The partition (0 ..< the partition count).
    public var partition: Int
    /// The worker its lease row names (nil: none, or no row).
    public var worker: String?
    /// The row's expiry: for a lease that lapsed, when; for a partition handed back, since when it
    /// is free (0: not known, or no row).
    public var expiresAt: Int64
    /// Handed back within the last TTL (no worker named, free since a moment ago).
    public var changingHands: Bool

    public init(partition: Int, worker: String?, expiresAt: Int64, changingHands: Bool) {
        self.partition = partition
        self.worker = worker
        self.expiresAt = expiresAt
        self.changingHands = changingHands
    }

    /// The partitions `0 ..< partitions` with no live holder at `now` (a live holder: a worker whose
    /// heartbeat is within `ttl` of `now`, as ``WorkerLeases`` counts it, with its lease unexpired),
    /// in partition order.
    static func all(in connection: PostgresConnection, now: Int64, ttl: Int64, partitions: Int) throws -> [UnheldPartition] {
        try connection.query("""
            SELECT p.partition, l.worker, COALESCE(l.expires_at, 0)
            FROM generate_series(0, $3::integer - 1) AS p(partition)
            LEFT JOIN leavenow_leases l ON l.partition = p.partition
            WHERE NOT (l.worker IS NOT NULL AND l.expires_at > $1::bigint AND EXISTS (
                SELECT 1 FROM leavenow_workers w
                WHERE w.id = l.worker AND w.heartbeat > $1::bigint - $2::bigint AND w.heartbeat <= $1::bigint + $2::bigint))
            ORDER BY p.partition
            """, [String(now), String(ttl), String(partitions)]).map { row in
            let worker = row.optionalText(1)
            let expiresAt = try row.int64(2)
            return UnheldPartition(partition: Int(try row.int64(0)), worker: worker, expiresAt: expiresAt,
                                   changingHands: worker == nil && expiresAt > now - ttl && expiresAt <= now)
        }
    }

    /// The partition count the workers of the database agreed on (``WorkerLeases/partitionCountKey``),
    /// or ``RulePartition/defaultCount`` when none is recorded yet.
    static func partitionCount(in connection: PostgresConnection) throws -> Int {
        let text = try connection.query("SELECT value FROM meta WHERE key = $1", [WorkerLeases.partitionCountKey]).first?.optionalText(0)
        return text.flatMap(Int.init).flatMap { $0 >= 1 ? $0 : nil } ?? RulePartition.defaultCount
    }
}
