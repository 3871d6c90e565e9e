/// The shared-fleet capability: only a PostgreSQL state is shared by several workers.
extension PostgresStore: SharedFleetStore {
    public var sharedFleet: (any SharedFleetStore)? { self }

    public func claimOutbox(as worker: String?, for seconds: Int64) {
        claimer = worker
        claimSeconds = seconds
    }

    public var outboxNotifications: OutboxNotifications { OutboxNotifications(url: listenURL) }

    public func leases(worker id: String, ttl: Int64) -> WorkerLeases {
        WorkerLeases(connection: connection, id: id, ttl: ttl)
    }

    public func leaseHolders(now: Int64, ttl: Int64) throws -> [LeaseHolder] {
        try LeaseHolder.all(in: self, now: now, ttl: ttl)
    }

    public func partitionCount() throws -> Int {
        try UnheldPartition.partitionCount(in: connection)
    }

    public func unheldPartitions(now: Int64, ttl: Int64, partitions: Int) throws -> [UnheldPartition] {
        try UnheldPartition.all(in: connection, now: now, ttl: ttl, partitions: partitions)
    }

    public func leaseProblems(partitions: Int, ttl: Int64, now: Int64) throws -> [String] {
        try WorkerLeases.audit(connection: connection, partitions: partitions, ttl: ttl, now: now)
    }

    public func metaValues(prefix: String) throws -> [String: String] {
        var values: [String: String] = [:]
        for row in try connection.query("SELECT key, value FROM meta WHERE key LIKE $1", [prefix + "%"]) {
            guard let value = row.optionalText(1) else { continue }
            values[try row.text(0)] = value
        }
        return values
    }

    public func forgetWorkerValues(prefix: String) throws {
        try connection.run("""
            DELETE FROM meta WHERE key LIKE $1
            AND NOT EXISTS (SELECT 1 FROM leavenow_workers w WHERE meta.key = $2 || w.id)
            """, [prefix + "%", prefix], idempotent: true)
    }
}
