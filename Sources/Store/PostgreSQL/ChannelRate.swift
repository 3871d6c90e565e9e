/// A channel's rate limit as the workers sharing a PostgreSQL outbox hold it together: a token bucket
/// of ``burst`` tokens refilled at ``perMinute`` per minute; each entry claimed takes one.
public struct ChannelRate: Sendable, Equatable {
    /// Tokens added per minute.
    public var perMinute: Double
    /// The bucket's size: how many may be claimed at once after a quiet spell (at least 1).
    public var burst: Double

    /// A rate of `perMinute` with a bucket of `burst` (at least 1).
    public init(perMinute: Double, burst: Double) {
        self.perMinute = perMinute
        self.burst = max(1, burst)
    }
}
