import Feeds
import Realtime
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

extension Snapshot {
    /// Seconds between the fetch and `now` (never negative).
    public func age(at now: Int64) -> Int64 { max(0, now - fetchedAt) }
}

/// What the rules see at one instant: boards, and the latest forecast / feed / service status /
/// realtime feed / `odpt:Train` response of each source.
public struct FactSet: Sendable {
    public var boards: [String: Board]
    public var forecasts: [String: Snapshot<Forecast>]
    public var feeds: [String: Snapshot<Feed>]
    /// The latest `odpt:TrainInformation` of each `odpt: service_status:` source, by its id.
    public var serviceStatus: [String: Snapshot<ServiceStatusReport>]
    /// The latest GTFS-Realtime feed of each board source with `realtime:`: by board id, then by the
    /// source's 0-based index in the board's `sources:` (``RealtimeSourceID``). Its `fetchedAt` is
    /// the last time the server (or the file) confirmed it; its age against the feed's `max_age`
    /// says whether it may be used.
    public var realtime: [String: [Int: Snapshot<FeedMessage>]]
    /// The latest `odpt:Train` response of each `odpt: trains:` entry, by its id.
    public var trains: [String: Snapshot<ODPTTrainResponse>]

    public init(boards: [String: Board], forecasts: [String: Snapshot<Forecast>] = [:], feeds: [String: Snapshot<Feed>] = [:],
                serviceStatus: [String: Snapshot<ServiceStatusReport>] = [:],
                realtime: [String: [Int: Snapshot<FeedMessage>]] = [:], trains: [String: Snapshot<ODPTTrainResponse>] = [:]) {
        self.realtime = realtime
        self.trains = trains
        self.boards = boards
        self.forecasts = forecasts
        self.feeds = feeds
        self.serviceStatus = serviceStatus
    }
}
