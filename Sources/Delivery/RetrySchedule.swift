import HTTP

/// When a failed delivery is tried again: exponential backoff with full jitter, the server's
/// `Retry-After` winning, and a budget of attempts after which the job is dead.
///
/// The backoff is HTTP's ``RetryPolicy`` (shared with the source fetches); what differs for a
/// durable outbox is that a `Retry-After` longer than the cap waits the cap instead of giving up,
/// and that the result is an instant to store, not a delay to sleep.
/// A pure value: randomness is injected, times are seconds since the epoch.
public struct RetrySchedule: Sendable {
    /// Attempts, backoff ceiling, `Retry-After` cap and the jitter's random source.
    public var policy: RetryPolicy

    /// A schedule: by default 12 attempts, 2 s doubling up to 10 minutes, `Retry-After` up to 1 hour.
    public init(
        maxAttempts: Int = 12,
        baseDelay: Duration = .seconds(2),
        maxDelay: Duration = .seconds(600),
        maxRetryAfter: Duration = .seconds(3600),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        policy = RetryPolicy(maxAttempts: maxAttempts, baseDelay: baseDelay, maxDelay: maxDelay,
                             maxRetryAfter: maxRetryAfter, random: random)
    }

    /// The most attempts in total, the first one included.
    public var maxAttempts: Int { policy.maxAttempts }

    /// The jitter's random number in `0..<1`.
    public var random: @Sendable () -> Double {
        get { policy.random }
        set { policy.random = newValue }
    }

    /// When to try again after `outcome` of attempt `attempt` (1-based) at `now`, or nil when
    /// the job is finished (delivered, permanent, expired) or dead (no attempts left).
    ///
    /// A deferral is not an attempt: it is tried at its `until`. A retry waits the server's
    /// `Retry-After` (at most the policy's `maxRetryAfter`), otherwise a random delay up to the
    /// backoff ceiling, and always at least one second.
    public func nextAttempt(after outcome: DeliveryOutcome, attempt: Int, now: Int64) -> Int64? {
        switch outcome {
        case .delivered, .permanent, .expired:
            return nil
        case .deferred(let until):
            return max(until, now)
        case .retry(let after, _):
            guard attempt < policy.maxAttempts else { return nil }
            let delay = after.map { min($0, policy.maxRetryAfter) } ?? backoff(afterAttempt: attempt)
            return now + max(1, Self.wholeSecondsRoundedUp(delay))
        }
    }

    /// Full jitter: a random delay between zero and `min(maxDelay, baseDelay × 2^(attempt−1))`.
    public func backoff(afterAttempt attempt: Int) -> Duration { policy.backoff(afterAttempt: attempt) }

    private static func wholeSecondsRoundedUp(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return attoseconds > 0 ? seconds + 1 : seconds
    }
}
