/// What only a state several workers share provides (PostgreSQL; an SQLite file has one worker):
/// outbox entries claimed by the worker sending them, channel rate limits held across the fleet,
/// the `NOTIFY` that wakes idle workers when anything is queued, the partition leases and the
/// workers' own records. A ``NotificationStore`` offers it as ``NotificationStore/sharedFleet``
/// (nil: not shared), so no caller needs to know which store it has.
public protocol SharedFleetStore: MetaStore {
    // MARK: Claims

    /// Claims the outbox entries this store queues and reads as due for `worker`, for `seconds`
    /// (longer than a request takes: a dead worker's claims lapse after that long and another worker
    /// sends them). Every store of one worker claims under the same id; nil claims nothing (a reader).
    func claimOutbox(as worker: String?, for seconds: Int64)

    // MARK: Shared rate limits

    /// Rate limits held across every worker, by channel: with a claimer, entries of these channels
    /// are claimed only as the channel's shared token bucket allows. Channels not in it are unlimited here.
    var channelRates: [String: ChannelRate] { get set }

    // MARK: Listen / notify

    /// Where a connection of its own hears that any worker queued something (``OutboxNotifications/listen()``).
    var outboxNotifications: OutboxNotifications { get }

    // MARK: Leases

    /// Worker `id`'s leases of the rules' partitions, on this store's connection (nothing is written before a join).
    func leases(worker id: String, ttl: Int64) -> WorkerLeases

    /// Every registered worker, by id, with the leases valid at `now` (`ttl`: the workers' lease TTL).
    func leaseHolders(now: Int64, ttl: Int64) throws -> [LeaseHolder]

    /// The partition count the workers agreed on (the default until one joined).
    func partitionCount() throws -> Int

    /// The partitions `0 ..< partitions` that no live worker holds at `now`, in partition order.
    func unheldPartitions(now: Int64, ttl: Int64, partitions: Int) throws -> [UnheldPartition]

    /// What is wrong with the lease tables at `now` (rows edited by hand, clocks apart), each with its fix.
    func leaseProblems(partitions: Int, ttl: Int64, now: Int64) throws -> [String]

    // MARK: The workers' own records

    /// The `meta` values whose key starts with `prefix` (each worker's own record), by key.
    func metaValues(prefix: String) throws -> [String: String]

    /// Removes the `meta` values `prefix` + id of the workers the lease table no longer knows.
    func forgetWorkerValues(prefix: String) throws
}

/// Where the `NOTIFY` of queued outbox entries is heard: the shared database and its channel.
public struct OutboxNotifications: Sendable {
    /// The database (printed only redacted).
    public var url: PostgresURL

    /// Connects a listener of its own (confined to the thread that calls this).
    public func listen() throws(StoreError) -> PostgresListener {
        try PostgresListener(url: url)
    }

    /// The channel of `NOTIFY` sent when entries are queued.
    public static var channel: String { PostgresStore.notifyChannel }
}
