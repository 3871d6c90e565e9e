/// When a failed delivery is tried again: exponential backoff with full jitter, the server's
/// `Retry-After` winning, and a budget of attempts after which the job is dead.
///
/// A pure value: randomness is injected, times are seconds since the epoch.
public struct RetrySchedule: Sendable {
    /// The most attempts in total, the first one included.
    public var maxAttempts: Int
    /// The backoff ceiling after the first attempt; it doubles with every attempt.
    public var baseDelay: Duration
    /// The largest backoff ceiling.
    public var maxDelay: Duration
    /// The longest `Retry-After` honoured; a longer one waits this long.
    public var maxRetryAfter: Duration
    /// A random number in `0..<1` for the jitter.
    public var random: @Sendable () -> Double

    /// A schedule: by default 12 attempts, 2 s doubling up to 10 minutes, `Retry-After` up to 1 hour.
    public init(
        maxAttempts: Int = 12,
        baseDelay: Duration = .seconds(2),
        maxDelay: Duration = .seconds(600),
        maxRetryAfter: Duration = .seconds(3600),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.random = random
    }

    /// When to try again after `outcome` of attempt `attempt` (1-based) at `now`, or nil when
    /// the job is finished (delivered, permanent, expired) or dead (no attempts left).
    ///
    /// A deferral is not an attempt: it is tried at its `until`. A retry waits the server's
    /// `Retry-After` (at most ``maxRetryAfter``), otherwise a random delay up to the backoff
    /// ceiling, and always at least one second.
    public func nextAttempt(after outcome: DeliveryOutcome, attempt: Int, now: Int64) -> Int64? {
        switch outcome {
        case .delivered, .permanent, .expired:
            return nil
        case .deferred(let until):
            return max(until, now)
        case .retry(let after, _):
            guard attempt < maxAttempts else { return nil }
            let delay = after.map { min($0, maxRetryAfter) } ?? backoff(afterAttempt: attempt)
            return now + max(1, Self.wholeSecondsRoundedUp(delay))
        }
    }

    /// Full jitter: a random delay between zero and `min(maxDelay, baseDelay × 2^(attempt−1))`.
    public func backoff(afterAttempt attempt: Int) -> Duration {
        let exponent = min(max(attempt - 1, 0), 30)
        let ceiling = min(maxDelay, baseDelay * (1 << exponent))
        let fraction = min(max(random(), 0), 1)
        return ceiling * fraction
    }

    private static func wholeSecondsRoundedUp(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return attoseconds > 0 ? seconds + 1 : seconds
    }
}
