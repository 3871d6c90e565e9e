import Notifications

/// One notification for one channel in the outbox.
public struct OutboxEntry: Sendable, Equatable {
    /// The row id: stable, used by `retry(id:)` and the delivery log.
    public var id: Int64
    /// The notification's idempotency key (unique together with `channel`).
    public var key: String
    public var channel: String
    public var notification: Notice
    public var status: OutboxStatus
    /// Delivery attempts so far (reset to 0 by a manual retry).
    public var attempts: Int
    /// When a pending entry is due (seconds since the epoch).
    public var nextAttemptAt: Int64
    /// The last failure, if any.
    public var lastError: String?
    public var createdAt: Int64
    public var deliveredAt: Int64?

    /// An entry as stored.
    public init(id: Int64, key: String, channel: String, notification: Notice, status: OutboxStatus,
                attempts: Int, nextAttemptAt: Int64, lastError: String?, createdAt: Int64, deliveredAt: Int64?) {
        self.id = id
        self.key = key
        self.channel = channel
        self.notification = notification
        self.status = status
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
        self.createdAt = createdAt
        self.deliveredAt = deliveredAt
    }
}
