/// What happened to one ``DeliveryJob``.
public enum DeliveryOutcome: Sendable, Equatable {
    /// The channel accepted it (the HTTP status; nil for a desktop notification).
    case delivered(status: Int?)
    /// It may succeed later: a 5xx, 408 or 429 answer, a timeout, a refused or broken connection.
    /// `after` is the server's `Retry-After`, when it sent one.
    case retry(after: Duration?, reason: String)
    /// Trying again cannot help: another 4xx, a bad channel configuration, a missing secret.
    case permanent(reason: String)
    /// Not sent: it expired (``Notifications/Notice/expiresAt`` is not after now).
    case expired
    /// Not sent, because of the channel's rate limit; try at `until` (seconds since the epoch).
    /// This was not an attempt.
    case deferred(until: Int64)

    /// Whether it was sent and accepted.
    public var isDelivered: Bool {
        if case .delivered = self { return true }
        return false
    }

    /// Whether the job counts as an attempt (it was tried, or failed for good).
    public var countsAsAttempt: Bool {
        switch self {
        case .delivered, .retry, .permanent: true
        case .expired, .deferred: false
        }
    }
}

extension DeliveryOutcome: CustomStringConvertible {
    /// `delivered (HTTP 204)`, `retry after 2 s: …`, `permanent: …`, `expired`, `deferred until 1734831120`.
    public var description: String {
        switch self {
        case .delivered(let status): status.map { "delivered (HTTP \($0))" } ?? "delivered"
        case .retry(let after, let reason): (after.map { "retry after \($0): " } ?? "retry: ") + reason
        case .permanent(let reason): "permanent: " + reason
        case .expired: "expired"
        case .deferred(let until): "deferred until \(until)"
        }
    }
}
