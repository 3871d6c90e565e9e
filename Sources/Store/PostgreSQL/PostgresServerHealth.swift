import Synchronization

/// What the connections of this process know about a PostgreSQL server that is down, by URL: once
/// one connection's reconnect backoff gave up, every connection to that URL (the worker's store,
/// its leases, its sender) fails at once until the next planned attempt, instead of each waiting
/// through the backoff again — a stopped server costs one backoff, not one per connection and pass.
enum PostgresServerHealth {
    /// A server found down: when to try again (monotonic nanoseconds), the step of the retry delays
    /// reached, and the last error (redacted).
    struct Down: Sendable {
        var retryAt: UInt64
        var step: Int
        var error: String
    }

    private static let known = Mutex<[String: Down]>([:])

    /// What is known about the server of `key` (nil: nothing wrong known).
    static func down(_ key: String) -> Down? {
        known.withLock { $0[key] }
    }

    /// Records the server of `key` as down (or, with nil, as answering again).
    static func set(_ key: String, _ state: Down?) {
        known.withLock { $0[key] = state }
    }
}
