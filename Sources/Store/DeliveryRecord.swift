/// What happened when an outbox entry was handed to its channel.
public struct DeliveryRecord: Sendable, Equatable {
    /// The outbox entry (`OutboxEntry.id`).
    public var entryID: Int64
    public var outcome: Outcome

    /// The result of one attempt (or of the decision not to attempt).
    public enum Outcome: Sendable, Equatable {
        /// The channel accepted it; `status` is the HTTP status where there is one.
        case delivered(status: Int?)
        /// A temporary failure: try again at `at`.
        case retry(at: Int64, error: String)
        /// Not attempted (the channel's rate limit): try at `until`; not counted as an attempt.
        case deferred(until: Int64)
        /// A permanent failure, or the retries ran out.
        case dead(error: String)
        /// It stopped being useful before it could be delivered.
        case expired
    }

    /// The outcome of `entryID`.
    public init(entryID: Int64, outcome: Outcome) {
        self.entryID = entryID
        self.outcome = outcome
    }
}
