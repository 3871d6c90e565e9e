/// What ``NotificationStore/retry(id:now:)`` did with an entry.
public enum OutboxRetryResult: Sendable, Equatable {
    /// The dead entry is pending again, due at once (its expiry, if any, still applies).
    case requeued
    /// No entry has that id.
    case notFound
    /// The entry is pending or delivered: there is nothing to retry.
    case notRetryable(OutboxStatus)
    /// The entry expired at this instant (seconds since the epoch), or its expiry has passed while
    /// it was dead: it is never sent late, so it is left as it is.
    case expired(at: Int64)
}
