import Channels
import Foundation

/// A token bucket per channel: at most `rate_per_minute` notifications a minute on average, with
/// a burst of ten seconds' worth (at least one).
///
/// A job refused by the bucket is deferred, not failed: ``acquire(_:)`` says when to come back.
/// Jobs refused one after another are given successive times (one token interval apart), so a
/// burst deferred together does not come back together. The clock is injected.
public struct ChannelRateLimiter: Sendable {
    /// One channel's limit.
    public struct Limit: Sendable, Equatable {
        /// Tokens added per minute.
        public var perMinute: Double
        /// The bucket's size: how many may go at once after a quiet spell.
        public var burst: Double

        /// A limit of `perMinute`, with a burst of ten seconds' worth (at least 1) by default.
        public init(perMinute: Double, burst: Double? = nil) {
            self.perMinute = perMinute
            self.burst = max(1, burst ?? (perMinute / 6).rounded(.down))
        }
    }

    /// The default rate of a kind of channel (its integration's); nil means unlimited (a webhook).
    public static func defaultRatePerMinute(for kind: ChannelKind) -> Int? {
        ChannelRegistry.integration(for: kind)?.defaultRatePerMinute
    }

    private struct Bucket: Sendable {
        var limit: Limit
        var tokens: Double
        var updated: Double
        /// The latest time handed to a deferred job.
        var promised: Double
    }

    private var buckets: [String: Bucket]
    private let now: @Sendable () -> Date

    /// A limiter with a limit per channel id; channels without one are unlimited.
    public init(limits: [String: Limit], now: @escaping @Sendable () -> Date = { Date() }) {
        let start = now().timeIntervalSince1970
        buckets = limits.mapValues { Bucket(limit: $0, tokens: $0.burst, updated: start, promised: 0) }
        self.now = now
    }

    /// The limit of `channel`, if it has one.
    public func limit(of channel: String) -> Limit? { buckets[channel]?.limit }

    /// Takes a token for one notification on `channel`: nil when it may go now, otherwise the
    /// second (since the epoch) to try again.
    public mutating func acquire(_ channel: String) -> Int64? {
        guard var bucket = buckets[channel] else { return nil }
        let time = now().timeIntervalSince1970
        let perSecond = bucket.limit.perMinute / 60
        guard perSecond > 0 else { return Int64(time) + 60 }
        bucket.tokens = min(bucket.limit.burst, bucket.tokens + max(0, time - bucket.updated) * perSecond)
        bucket.updated = time
        defer { buckets[channel] = bucket }
        if bucket.tokens >= 1 {
            bucket.tokens -= 1
            return nil
        }
        let refill = time + (1 - bucket.tokens) / perSecond
        let at = max(refill, bucket.promised + 1 / perSecond)
        bucket.promised = at
        return Int64(at.rounded(.up))
    }
}
