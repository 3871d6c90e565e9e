import Notifications

/// Reading the outbox and its delivery log without changing them: what `status`, `outbox list`,
/// the health watch (each channel's outcomes) and a sender's next wake-up look at.
///
/// Times are seconds since the epoch and always passed in (`now`): the store never reads a clock.
public protocol OutboxReader: AnyObject {
    /// When the worker should wake for the pending entries: the earliest `nextAttemptAt`, or expiry
    /// when that comes first; for an entry of one of the `excludingChannels`, only its expiry. Nil
    /// when nothing is pending.
    func nextAttemptTime(excludingChannels: Set<String>) throws -> Int64?

    /// How many entries are pending, by channel (channels with none left out).
    func pendingCountsByChannel() throws -> [String: Int]

    /// Entries with one of `statuses` (all when nil), newest first, at most `limit`.
    func list(statuses: Set<OutboxStatus>?, limit: Int) throws -> [OutboxEntry]

    /// How many entries have each status (every status present, 0 when none).
    func counts() throws -> [OutboxStatus: Int]

    /// The history of one entry, oldest first.
    func deliveryLog(entry: Int64) throws -> [DeliveryLogEntry]

    /// The delivery-log rows with an id above `after`, oldest first, at most `limit` (the worker's
    /// health follows each channel's outcomes through it).
    func deliveryLog(after: Int64, limit: Int) throws -> [DeliveryLogEntry]
}

/// The outbox and its delivery log, read and written: what a sender needs (and `outbox retry` /
/// `purge`). An ``OutboxReader`` that may also change the outbox, as GRDB's `DatabaseWriter` is a
/// `DatabaseReader`.
public protocol OutboxStore: OutboxReader {
    /// Adds one entry per (notification key, channel) for each channel of each notification, in one
    /// transaction. A (key, channel) already in the outbox — whatever its status — is left alone;
    /// returns only the entries inserted now. An entry is first due at its notification's `fireAt`.
    func enqueue(_ notifications: [Notice], now: Int64) throws -> [OutboxEntry]

    /// Pending entries due at `now` (`nextAttemptAt <= now`) and not expired, oldest due first
    /// (then by id), at most `limit`, leaving out the entries of the `excludingChannels` (channels
    /// held until their secret is found: their entries wait, and still expire on time). On a shared
    /// state with a claimer (``SharedFleetStore/claimOutbox(as:for:)``) the entries returned are
    /// claimed: it writes.
    func due(now: Int64, limit: Int, excludingChannels: Set<String>) throws -> [OutboxEntry]

    /// Applies delivery outcomes in one transaction: status, attempts, next attempt, last error, and
    /// a delivery-log row each. An id no longer in the outbox (purged) is skipped, and so is a
    /// `.retry` / `.dead` / `.expired` for an entry that is no longer pending (a delivered entry stays
    /// delivered); `.delivered` always wins.
    func record(_ results: [DeliveryRecord], now: Int64) throws

    /// A channel answered again: makes the pending entries of `channels` waiting on a backoff (tried
    /// and failed before, their next attempt after `now`, not expired) due at `now`, whoever claimed
    /// them. Their attempts, last error and expiry stay; an entry only deferred by a rate limit (never
    /// failed) keeps its time. On a shared state the workers listening are woken. Returns how many.
    func releaseBackoff(channels: Set<String>, now: Int64) throws -> Int

    /// Marks the pending entries whose expiry is at or before `now` as expired (logged); returns them.
    func expire(now: Int64) throws -> [OutboxEntry]

    /// Puts a dead entry back to pending, due at `now`, with its attempts reset. Its expiry stays:
    /// an expired entry, or a dead one whose expiry is at or before `now`, is refused
    /// (``OutboxRetryResult/expired(at:)``) and left as it is — nothing is ever sent after its expiry.
    func retry(id: Int64, now: Int64) throws -> OutboxRetryResult

    /// Deletes entries with one of `statuses` last changed before `olderThan`, with their log; returns
    /// how many. A purged (key, channel) can be enqueued again.
    func purge(statuses: Set<OutboxStatus>, olderThan: Int64) throws -> Int
}

extension OutboxReader {
    /// When the worker should wake for the pending entries of every channel
    /// (see ``nextAttemptTime(excludingChannels:)``).
    public func nextAttemptTime() throws -> Int64? {
        try nextAttemptTime(excludingChannels: [])
    }
}

extension OutboxStore {
    /// Pending entries due at `now` and not expired, of every channel (see ``due(now:limit:excludingChannels:)``).
    public func due(now: Int64, limit: Int) throws -> [OutboxEntry] {
        try due(now: now, limit: limit, excludingChannels: [])
    }
}
