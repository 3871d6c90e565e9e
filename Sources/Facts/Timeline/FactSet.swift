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

extension Snapshot {
    /// Seconds between the fetch and `now` (never negative).
    public func age(at now: Int64) -> Int64 { max(0, now - fetchedAt) }
}

/// What the rules see at one instant: boards, and the latest forecast / feed / service status of
/// each source.
public struct FactSet: Sendable {
    public var boards: [String: Board]
    public var forecasts: [String: Snapshot<Forecast>]
    public var feeds: [String: Snapshot<Feed>]
    /// The latest `odpt:TrainInformation` of each `odpt: service_status:` source, by its id.
    public var serviceStatus: [String: Snapshot<ServiceStatusReport>]

    public init(boards: [String: Board], forecasts: [String: Snapshot<Forecast>] = [:], feeds: [String: Snapshot<Feed>] = [:],
                serviceStatus: [String: Snapshot<ServiceStatusReport>] = [:]) {
        self.boards = boards
        self.forecasts = forecasts
        self.feeds = feeds
        self.serviceStatus = serviceStatus
    }
}
