import Notifications

/// One attempt to deliver a notification through one channel, as the outbox hands it over.
public struct DeliveryJob: Sendable, Equatable {
    /// The outbox row.
    public var id: Int64
    /// What to send; its ``Notifications/Notice/key`` is the idempotency key of every attempt.
    public var notification: Notice
    /// The channel id (`channels:` in the configuration).
    public var channel: String
    /// Which attempt this is, 1 for the first.
    public var attempt: Int

    /// A job.
    public init(id: Int64, notification: Notice, channel: String, attempt: Int = 1) {
        self.id = id
        self.notification = notification
        self.channel = channel
        self.attempt = attempt
    }
}
