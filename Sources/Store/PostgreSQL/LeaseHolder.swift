/// One worker registered in `leavenow_workers` of a shared PostgreSQL state, as `leavenow status` shows it.
public struct LeaseHolder: Sendable, Equatable {
    /// The worker's id (``WorkerLeases/id``).
    public var id: String
    /// The machine it runs on.
    public var host: String
    /// Its process id on that machine.
    public var pid: Int
    /// When it joined (seconds since the epoch).
    public var started: Int64
    /// Its last heartbeat.
    public var heartbeat: Int64
    /// How many partitions it holds with a lease valid at the time asked (none once its heartbeat
    /// lapsed, whatever the rows' expiries say: ``WorkerLeases`` takes them over then).
    public var leases: Int

    /// Whether the worker is live at `now`: a heartbeat within `ttl`, and not dated more than `ttl`
    /// ahead (as ``WorkerLeases`` counts it).
    public func isLive(now: Int64, ttl: Int64) -> Bool {
        heartbeat > now - ttl && heartbeat <= now + ttl
    }

    /// Every registered worker, by id, with the leases valid at `now` (`ttl`: the workers' lease TTL).
    static func all(in store: PostgresStore, now: Int64, ttl: Int64 = 30) throws -> [LeaseHolder] {
        try store.connection.query("""
            SELECT w.id, w.host, w.pid, w.started, w.heartbeat,
                   CASE WHEN w.heartbeat > $1::bigint - $2::bigint AND w.heartbeat <= $1::bigint + $2::bigint
                        THEN (SELECT COUNT(*) FROM leavenow_leases l
                              WHERE l.worker = w.id AND l.expires_at > $1::bigint AND l.partition BETWEEN 0 AND $3::integer - 1)
                        ELSE 0 END
            FROM leavenow_workers w ORDER BY w.id
            """, [String(now), String(ttl), String(RulePartition.defaultCount)]).map { row in
            LeaseHolder(id: try row.text(0), host: try row.text(1), pid: Int(try row.int64(2)), started: try row.int64(3),
                        heartbeat: try row.int64(4), leases: Int(try row.int64(5)))
        }
    }
}
