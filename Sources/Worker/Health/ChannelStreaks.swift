import Store

/// Each channel's failed attempts in a row, followed through the outbox's delivery log from a
/// cursor (the last row read): a `retry` or `dead` row adds one, a `delivered` row ends the streak.
/// The cursor and the streaks are kept with the health episodes, so a restart goes on where the
/// worker left off without reading the whole log again.
public struct ChannelStreaks: Sendable, Equatable {
    /// A channel's failed attempts in a row.
    public struct Streak: Sendable, Equatable {
        /// How many.
        public var count: Int
        /// When the first of them happened.
        public var since: Int64
        /// The last one's error, as logged.
        public var lastError: String?

        public init(count: Int, since: Int64, lastError: String?) {
            self.count = count
            self.since = since
            self.lastError = lastError
        }
    }

    /// The last delivery-log row read (0: none yet).
    public var cursor: Int64 = 0
    /// The channels failing now, by id.
    public var streaks: [String: Streak] = [:]

    public init(cursor: Int64 = 0, streaks: [String: Streak] = [:]) {
        self.cursor = cursor
        self.streaks = streaks
    }

    /// Rows read at once.
    static let page = 5_000

    /// Reads the rows after the cursor (all of them, a page at a time) and updates the streaks.
    public mutating func advance(in store: any OutboxReader) throws {
        while true {
            let rows = try store.deliveryLog(after: cursor, limit: Self.page)
            for row in rows { apply(row) }
            if let last = rows.last { cursor = last.id }
            if rows.count < Self.page { return }
        }
    }

    /// One log row.
    mutating func apply(_ row: DeliveryLogEntry) {
        switch row.event {
        case .delivered:
            streaks[row.channel] = nil
        case .retry, .dead:
            var streak = streaks[row.channel] ?? Streak(count: 0, since: row.at, lastError: nil)
            streak.count += 1
            var error = row.detail ?? row.statusCode.map { "HTTP \($0)" }
            // A retry's row ends with when it is tried again: not part of the error.
            if let text = error, let cut = text.range(of: " (next attempt at ", options: .backwards) { error = String(text[..<cut.lowerBound]) }
            streak.lastError = error
            streaks[row.channel] = streak
        case .expired, .requeued:
            break
        }
    }
}
