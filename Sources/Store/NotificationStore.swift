import Notifications
import Notifications

/// Durable state of the worker: the outbox and its delivery log, rule state, the source index and a
/// few key/value facts. `SQLiteStore` is the default; `PostgresStore` is the one several workers can
/// share. `StateLocation` opens the right one for a `--state` value.
///
/// Times are seconds since the epoch and always passed in (`now`): the store never reads a clock.
/// A store is used from one thread or actor at a time.
public protocol NotificationStore: AnyObject {
    // MARK: Outbox

    /// Adds one entry per (notification key, channel) for each channel of each notification, in one
    /// transaction. A (key, channel) already in the outbox — whatever its status — is left alone;
    /// returns only the entries inserted now. An entry is first due at its notification's `fireAt`.
    func enqueue(_ notifications: [Notice], now: Int64) throws -> [OutboxEntry]

    /// Pending entries due at `now` (`nextAttemptAt <= now`) and not expired, oldest due first
    /// (then by id), at most `limit`, leaving out the entries of the `excludingChannels` (channels
    /// held until their secret is found: their entries wait, and still expire on time).
    func due(now: Int64, limit: Int, excludingChannels: Set<String>) throws -> [OutboxEntry]

    /// When the worker should wake for the pending entries: the earliest `nextAttemptAt`, or expiry
    /// when that comes first; for an entry of one of the `excludingChannels`, only its expiry. Nil
    /// when nothing is pending.
    func nextAttemptTime(excludingChannels: Set<String>) throws -> Int64?

    /// How many entries are pending, by channel (channels with none left out).
    func pendingCountsByChannel() throws -> [String: Int]

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

    /// Entries with one of `statuses` (all when nil), newest first, at most `limit`.
    func list(statuses: Set<OutboxStatus>?, limit: Int) throws -> [OutboxEntry]

    /// Puts a dead entry back to pending, due at `now`, with its attempts reset. Its expiry stays:
    /// an expired entry, or a dead one whose expiry is at or before `now`, is refused
    /// (``OutboxRetryResult/expired(at:)``) and left as it is — nothing is ever sent after its expiry.
    func retry(id: Int64, now: Int64) throws -> OutboxRetryResult

    /// Deletes entries with one of `statuses` last changed before `olderThan`, with their log; returns
    /// how many. A purged (key, channel) can be enqueued again.
    func purge(statuses: Set<OutboxStatus>, olderThan: Int64) throws -> Int

    /// How many entries have each status (every status present, 0 when none).
    func counts() throws -> [OutboxStatus: Int]

    /// The history of one entry, oldest first.
    func deliveryLog(entry: Int64) throws -> [DeliveryLogEntry]

    // MARK: Rule state

    /// The state of every rule saved so far, decoded as `State` (the engine's rule state: the store
    /// keeps it as JSON and does not look inside). A row that no longer decodes (written by another
    /// version of leavenow) throws when `onUndecodable` is nil; otherwise that rule is left out (its
    /// row is kept until the rule's next commit overwrites it) and `onUndecodable` hears the rule and why.
    func loadRuleStates<State: Decodable>(as type: State.Type,
                                          onUndecodable: ((_ rule: String, _ error: any Error) -> Void)?) throws -> [String: State]

    /// As ``loadRuleStates(as:onUndecodable:)`` for the rules `rules` only (those with a saved state):
    /// what a worker reads when it takes rules over from another worker, without reading every rule's.
    func loadRuleStates<State: Decodable>(as type: State.Type, rules: [String],
                                          onUndecodable: ((_ rule: String, _ error: any Error) -> Void)?) throws -> [String: State]

    /// Replaces all rule state with `states` (rules not in it are forgotten).
    func replaceRuleStates<State: Encodable>(_ states: [String: State], now: Int64) throws

    /// Writes the state of the given rules only (the ones that changed).
    func saveRuleStates<State: Encodable>(_ states: [String: State], now: Int64) throws

    /// Enqueues `notifications` and saves the changed rule states in ONE transaction: after a crash
    /// either both happened or neither did, so an evaluation is neither lost nor enqueued twice.
    func commit<State: Encodable>(notifications: [Notice], ruleStates: [String: State], now: Int64) throws -> [OutboxEntry]

    /// ``commit(notifications:ruleStates:now:)`` with `extras` in the same transaction: evaluations
    /// appended to the rules' history (each rule appended to pruned to `extras.historyKeep` rows) and
    /// `meta` values.
    func commit<State: Encodable>(notifications: [Notice], ruleStates: [String: State], extras: CommitExtras,
                                  now: Int64) throws -> [OutboxEntry]

    // MARK: Rule history

    /// The last `limit` recorded evaluations of `rule` at or after `since` (all when nil), oldest first.
    func history(rule: String, since: Int64?, limit: Int) throws -> [RuleHistoryEntry]

    /// The rules with recorded evaluations, sorted.
    func historyRules() throws -> [String]

    /// Deletes the recorded evaluations older than `olderThan` (rules no longer configured leave
    /// theirs behind); returns how many.
    func purgeHistory(olderThan: Int64) throws -> Int

    // MARK: Delivery log

    /// The delivery-log rows with an id above `after`, oldest first, at most `limit` (the worker's
    /// health follows each channel's outcomes through it).
    func deliveryLog(after: Int64, limit: Int) throws -> [DeliveryLogEntry]

    // MARK: Sources

    /// Records a fetch of source `name`. A nil `fetchedAt` / `checkedAt` keeps the previous value (a
    /// failed fetch does not make the data newer); `lastError`, `bytesSaved`, `nextRefreshAt` replace it.
    func recordSourceFetch(name: String, fetchedAt: Int64?, checkedAt: Int64?, lastError: String?, bytesSaved: Int,
                           nextRefreshAt: Int64?) throws

    /// Every source recorded, by name.
    func sourceStates() throws -> [SourceStateRow]

    // MARK: Meta

    /// The value stored under `key`, if any.
    func meta(_ key: String) throws -> String?

    /// Stores `value` under `key`; nil removes it.
    func setMeta(_ key: String, _ value: String?) throws

    // MARK: Connection

    /// Closes the connection; later calls throw.
    func close()
}

extension NotificationStore {
    /// Pending entries due at `now` and not expired, of every channel (see ``due(now:limit:excludingChannels:)``).
    public func due(now: Int64, limit: Int) throws -> [OutboxEntry] {
        try due(now: now, limit: limit, excludingChannels: [])
    }

    /// When the worker should wake for the pending entries of every channel
    /// (see ``nextAttemptTime(excludingChannels:)``).
    public func nextAttemptTime() throws -> Int64? {
        try nextAttemptTime(excludingChannels: [])
    }
}

extension NotificationStore {
    /// Every state, then those of `rules` (a store with one worker has no cheaper way to need).
    public func loadRuleStates<State: Decodable>(as type: State.Type, rules: [String],
                                                 onUndecodable: ((_ rule: String, _ error: any Error) -> Void)?) throws -> [String: State] {
        let wanted = Set(rules)
        return try loadRuleStates(as: type, onUndecodable: onUndecodable).filter { wanted.contains($0.key) }
    }
}
