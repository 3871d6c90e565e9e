import HTTP

/// When a failed delivery is tried again: exponential backoff with full jitter, the server's
/// `Retry-After` winning, and a budget of attempts after which the job is dead.
///
/// The backoff is HTTP's ``RetryPolicy`` (shared with the source fetches); what differs for a
/// durable outbox is that no wait is longer than the cap (``maxDelay``: a `Retry-After` longer than
/// it waits the cap instead of giving up) nor than the notification's remaining lifetime (the next
/// attempt comes before its expiry, while it can still be useful), and that the result is an
/// instant to store, not a delay to sleep.
/// A pure value: randomness is injected, times are seconds since the epoch.
public struct RetrySchedule: Sendable {
    /// Attempts, backoff ceiling, `Retry-After` cap and the jitter's random source.
    public var policy: RetryPolicy

    /// The default cap of every wait between two attempts: 5 minutes (a channel's `max_retry_delay`
    /// overrides it).
    public static let defaultMaxDelay: Duration = .seconds(300)

    /// A schedule: by default 12 attempts, 2 s doubling up to 5 minutes, `Retry-After` up to the same cap.
    public init(
        maxAttempts: Int = 12,
        baseDelay: Duration = .seconds(2),
        maxDelay: Duration = RetrySchedule.defaultMaxDelay,
        maxRetryAfter: Duration = .seconds(3600),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        policy = RetryPolicy(maxAttempts: maxAttempts, baseDelay: baseDelay, maxDelay: maxDelay,
                             maxRetryAfter: maxRetryAfter, random: random)
    }

    /// The most attempts in total, the first one included.
    public var maxAttempts: Int { policy.maxAttempts }

    /// The longest wait between two attempts (the backoff's ceiling, and a `Retry-After`'s).
    public var maxDelay: Duration { policy.maxDelay }

    /// The jitter's random number in `0..<1`.
    public var random: @Sendable () -> Double {
        get { policy.random }
        set { policy.random = newValue }
    }

    /// When to try again after `outcome` of attempt `attempt` (1-based) at `now`, or nil when
    /// the job is finished (delivered, permanent, expired) or dead (no attempts left).
    ///
    /// A deferral is not an attempt: it is tried at its `until`. A retry waits the server's
    /// `Retry-After`, otherwise a random delay up to the backoff ceiling, and always at least one
    /// second; never longer than `maxDelay` (the channel's cap; nil: the schedule's ``maxDelay``),
    /// nor than the policy's `maxRetryAfter`, and, for a notification that expires at `expiresAt`,
    /// its next attempt comes at least a second before that (the jitter is drawn within what is left).
    public func nextAttempt(after outcome: DeliveryOutcome, attempt: Int, now: Int64, expiresAt: Int64? = nil,
                            maxDelay: Duration? = nil) -> Int64? {
        switch outcome {
        case .delivered, .permanent, .expired:
            return nil
        case .deferred(let until):
            return max(until, now)
        case .retry(let after, _):
            guard attempt < policy.maxAttempts else { return nil }
            var cap = maxDelay ?? policy.maxDelay
            if let expiresAt { cap = min(cap, .seconds(max(0, expiresAt - now - 1))) }
            let delay = after.map { min($0, policy.maxRetryAfter, cap) } ?? backoff(afterAttempt: attempt, ceiling: cap)
            return now + max(1, Self.wholeSecondsRoundedUp(delay))
        }
    }

    /// Full jitter: a random delay between zero and `min(maxDelay, baseDelay × 2^(attempt−1))`.
    public func backoff(afterAttempt attempt: Int) -> Duration { policy.backoff(afterAttempt: attempt) }

    /// Full jitter under `ceiling`: a random delay between zero and
    /// `min(ceiling, baseDelay × 2^(attempt−1))`.
    func backoff(afterAttempt attempt: Int, ceiling: Duration) -> Duration {
        var capped = policy
        capped.maxDelay = ceiling
        return capped.backoff(afterAttempt: attempt)
    }

    private static func wholeSecondsRoundedUp(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return attoseconds > 0 ? seconds + 1 : seconds
    }
}
