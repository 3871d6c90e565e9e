/// One line of an outbox entry's history in the delivery log.
public struct DeliveryLogEntry: Sendable, Equatable {
    /// What happened.
    public enum Event: String, Sendable, Equatable, CaseIterable {
        case delivered
        /// A failed attempt that will be retried.
        case retry
        case dead
        case expired
        /// A dead entry put back to pending by hand (`retry(id:now:)`).
        case requeued
    }

    /// The log row id (increasing: the log's order).
    public var id: Int64
    public var entryID: Int64
    public var key: String
    public var channel: String
    /// When it happened (seconds since the epoch).
    public var at: Int64
    public var event: Event
    /// The HTTP status of a delivery, where there is one.
    public var statusCode: Int?
    /// The error of a failure, the next attempt time of a retry.
    public var detail: String?

    /// A log row as stored.
    public init(id: Int64, entryID: Int64, key: String, channel: String, at: Int64, event: Event,
                statusCode: Int?, detail: String?) {
        self.id = id
        self.entryID = entryID
        self.key = key
        self.channel = channel
        self.at = at
        self.event = event
        self.statusCode = statusCode
        self.detail = detail
    }
}
