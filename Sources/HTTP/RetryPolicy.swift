/// When to try a request again: exponential backoff with full jitter, `Retry-After` honoured.
///
/// A pure value: it computes delays and never sleeps. Randomness is injected so tests are
/// deterministic. Statuses 408, 429 and 5xx and transient transfer errors are retried; other
/// 4xx statuses are permanent.
public struct RetryPolicy: Sendable {
    /// The most attempts in total, the first one included (1 means never retry).
    public var maxAttempts: Int
    /// The backoff ceiling before the first retry; it doubles with every attempt.
    public var baseDelay: Duration
    /// The largest backoff ceiling.
    public var maxDelay: Duration
    /// The longest `Retry-After` accepted; a server asking for more makes the failure final.
    public var maxRetryAfter: Duration
    /// A random number in `0..<1` for the jitter.
    public var random: @Sendable () -> Double

    /// A policy; the defaults suit a notification worker (4 attempts, 1 s doubling up to 60 s,
    /// `Retry-After` up to 10 minutes).
    public init(
        maxAttempts: Int = 4,
        baseDelay: Duration = .seconds(1),
        maxDelay: Duration = .seconds(60),
        maxRetryAfter: Duration = .seconds(600),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.random = random
    }

    /// What an outcome means for retrying.
    public enum Verdict: Sendable, Equatable {
        /// Done: a 2xx, 304 or other final answer the caller handles.
        case success
        /// Worth another attempt.
        case retryable
        /// Trying again cannot help (a 4xx other than 408/429, a TLS failure, a cancellation).
        case permanent
    }

    /// Whether a status is worth retrying: 408, 429 and 5xx.
    public static func isRetryableStatus(_ status: Int) -> Bool {
        status == 408 || status == 429 || (500..<600).contains(status)
    }

    /// Classifies an outcome: an error by ``HTTPError/isTransient``, a response by its status.
    public static func verdict(response: HTTPResponse?, error: HTTPError?) -> Verdict {
        if let error { return error.isTransient ? .retryable : .permanent }
        guard let response else { return .permanent }
        if isRetryableStatus(response.status) { return .retryable }
        if (400..<500).contains(response.status) { return .permanent }
        return .success
    }

    /// How long to wait before the next attempt, or nil to stop (success, permanent failure,
    /// attempts used up, or a `Retry-After` longer than ``maxRetryAfter``).
    ///
    /// - Parameter attempt: how many attempts have been made so far (1 after the first).
    public func delay(afterAttempt attempt: Int, response: HTTPResponse?, error: HTTPError?) -> Duration? {
        guard Self.verdict(response: response, error: error) == .retryable, attempt < maxAttempts else {
            return nil
        }
        if let response, response.status == 429 || response.status == 503,
            let requested = response.retryAfterDelay
        {
            return requested <= maxRetryAfter ? requested : nil
        }
        return backoff(afterAttempt: attempt)
    }

    /// Full jitter: a random delay between zero and `min(maxDelay, baseDelay × 2^(attempt−1))`.
    public func backoff(afterAttempt attempt: Int) -> Duration {
        let exponent = min(max(attempt - 1, 0), 30)
        let ceiling = min(maxDelay, baseDelay * Double(1 << exponent))
        let fraction = min(max(random(), 0), 1)
        return ceiling * fraction
    }
}
