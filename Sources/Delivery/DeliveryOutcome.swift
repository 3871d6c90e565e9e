import Messages

/// What happened to one ``DeliveryJob``. A reason is kept for the reader's language: `notify`
/// shows it to a person, the outbox and the log keep its English (``Messages/Message/english``).
public enum DeliveryOutcome: Sendable, Equatable {
    /// The channel accepted it (the HTTP status; nil for a desktop notification).
    case delivered(status: Int?)
    /// It may succeed later: a 5xx, 408 or 429 answer, a timeout, a refused or broken connection.
    /// `after` is the server's `Retry-After`, when it sent one.
    case retry(after: Duration?, reason: Message)
    /// Trying again cannot help: another 4xx, a bad channel configuration, a missing secret.
    case permanent(reason: Message)
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

    /// Equal when they are the same outcome for the same reason (in English).
    public static func == (a: DeliveryOutcome, b: DeliveryOutcome) -> Bool {
        switch (a, b) {
        case let (.delivered(x), .delivered(y)): x == y
        case let (.retry(x, r), .retry(y, s)): x == y && r.english == s.english
        case let (.permanent(r), .permanent(s)): r.english == s.english
        case (.expired, .expired): true
        case let (.deferred(x), .deferred(y)): x == y
        default: false
        }
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
    /// `delivered (HTTP 204)`, `retry after 2 s: …`, `permanent: …`, `expired`, `deferred until 1734831120`,
    /// in the reader's language.
    public var description: String { descriptionMessage.text }

    /// ``description`` kept for the reader's language.
    public var descriptionMessage: Message {
        switch self {
        case .delivered(let status): status.map { Message(.deliveryDeliveredHTTP, ["status": .number($0)]) } ?? Message(.deliveryDelivered)
        case .retry(let after, let reason):
            after.map { Message(.deliveryRetryAfter, ["after": .text("\($0)"), "reason": .message(reason)]) }
                ?? Message(.deliveryRetry, ["reason": .message(reason)])
        case .permanent(let reason): Message(.deliveryPermanent, ["reason": .message(reason)])
        case .expired: Message(.deliveryExpired)
        case .deferred(let until): Message(.deliveryDeferred, ["until": .text("\(until)")])
        }
    }
}
