import Feeds
import Timetable
import Weather

/// A fetched value and when it was fetched.
public struct Snapshot<Value: Sendable>: Sendable {
    public var value: Value
    /// Seconds since the epoch.
    public var fetchedAt: Int64
    public init(value: Value, fetchedAt: Int64) {
        self.value = value
        self.fetchedAt = fetchedAt
    }
}

/// What the rules see at one instant: boards, and the latest forecast / feed of each source.
public struct Facts: Sendable {
    public var boards: [String: Board]
    public var forecasts: [String: Snapshot<Forecast>]
    public var feeds: [String: Snapshot<Feed>]

    public init(boards: [String: Board], forecasts: [String: Snapshot<Forecast>] = [:], feeds: [String: Snapshot<Feed>] = [:]) {
        self.boards = boards
        self.forecasts = forecasts
        self.feeds = feeds
    }
}
