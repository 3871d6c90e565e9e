/// Where an outbox entry stands.
///
/// There is no "sending" state: an entry stays `pending` while a channel delivers it, so a crash
/// mid-send leaves it pending and it is sent again after the restart with the same idempotency key
/// (at-least-once; exactly-once for a sink that honours the key).
public enum OutboxStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Waiting for its next attempt (`nextAttemptAt`).
    case pending
    /// A channel accepted it.
    case delivered
    /// A permanent failure, or the retries ran out.
    case dead
    /// It was still undelivered when it stopped being useful (`Notice.expiresAt`).
    case expired
}
