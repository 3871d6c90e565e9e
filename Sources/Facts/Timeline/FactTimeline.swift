import Feeds
import Realtime
import Timetable
import Weather

/// Recorded snapshots of every weather, feed, service status, realtime and `odpt:Train` source, in
/// time order: the facts of a simulated clock. At any instant the latest snapshot fetched at or
/// before it is what the rules see (a dry run at 10:20 sees the realtime feed fetched at or before 10:20).
public struct FactTimeline: Sendable {
    public private(set) var weather: [String: [Snapshot<Forecast>]] = [:]
    public private(set) var feeds: [String: [Snapshot<Feed>]] = [:]
    public private(set) var serviceStatus: [String: [Snapshot<ServiceStatusReport>]] = [:]
    /// The snapshots of each board source's realtime feed.
    public private(set) var realtime: [RealtimeSourceID: [Snapshot<FeedMessage>]] = [:]
    /// The snapshots of each `odpt: trains:` entry.
    public private(set) var trains: [String: [Snapshot<ODPTTrainResponse>]] = [:]

    public init() {}

    public mutating func add(forecast: Forecast, source: String, fetchedAt: Int64) {
        Self.insert(Snapshot(value: forecast, fetchedAt: fetchedAt), into: &weather[source, default: []])
    }

    public mutating func add(feed: Feed, source: String, fetchedAt: Int64) {
        Self.insert(Snapshot(value: feed, fetchedAt: fetchedAt), into: &feeds[source, default: []])
    }

    /// Adds a service status snapshot of the `odpt: service_status:` source `source`.
    public mutating func add(serviceStatus report: ServiceStatusReport, source: String, fetchedAt: Int64) {
        Self.insert(Snapshot(value: report, fetchedAt: fetchedAt), into: &serviceStatus[source, default: []])
    }

    /// Adds a snapshot of the realtime feed `source`.
    public mutating func add(realtime message: FeedMessage, source: RealtimeSourceID, fetchedAt: Int64) {
        Self.insert(Snapshot(value: message, fetchedAt: fetchedAt), into: &realtime[source, default: []])
    }

    /// Adds an `odpt:Train` snapshot of the `odpt: trains:` entry `source`.
    public mutating func add(trains response: ODPTTrainResponse, source: String, fetchedAt: Int64) {
        Self.insert(Snapshot(value: response, fetchedAt: fetchedAt), into: &trains[source, default: []])
    }

    /// Inserts `snapshot` after every snapshot fetched at or before it: the list stays sorted by
    /// fetch time, snapshots of one instant in the order added, with no sort per snapshot.
    private static func insert<Value>(_ snapshot: Snapshot<Value>, into list: inout [Snapshot<Value>]) {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].fetchedAt <= snapshot.fetchedAt { low = middle + 1 } else { high = middle }
        }
        list.insert(snapshot, at: low)
    }

    /// The facts at `instant`.
    public func facts(at instant: Int64, boards: [String: Board]) -> FactSet {
        var realtimeNow: [String: [Int: Snapshot<FeedMessage>]] = [:]
        for (id, list) in realtime {
            if let snapshot = Self.latest(list, at: instant) { realtimeNow[id.board, default: [:]][id.index] = snapshot }
        }
        return FactSet(boards: boards,
                       forecasts: weather.compactMapValues { Self.latest($0, at: instant) },
                       feeds: feeds.compactMapValues { Self.latest($0, at: instant) },
                       serviceStatus: serviceStatus.compactMapValues { Self.latest($0, at: instant) },
                       realtime: realtimeNow,
                       trains: trains.compactMapValues { Self.latest($0, at: instant) })
    }

    /// Every snapshot time of every source, by the source's id (a realtime feed's is its ``RealtimeSourceID`` text).
    private var fetchTimes: [(id: String, times: [Int64])] {
        weather.map { ($0.key, $0.value.map(\.fetchedAt)) } + feeds.map { ($0.key, $0.value.map(\.fetchedAt)) }
            + serviceStatus.map { ($0.key, $0.value.map(\.fetchedAt)) }
            + realtime.map { ($0.key.description, $0.value.map(\.fetchedAt)) } + trains.map { ($0.key, $0.value.map(\.fetchedAt)) }
    }

    /// The first snapshot time after `instant`, of any source.
    public func nextSnapshot(after instant: Int64) -> Int64? {
        fetchTimes.flatMap(\.times).filter { $0 > instant }.min()
    }

    /// The sources with a snapshot fetched in `(after, through]`.
    public func sourcesUpdated(after: Int64, through: Int64) -> Set<String> {
        Set(fetchTimes.filter { $0.times.contains { $0 > after && $0 <= through } }.map(\.id))
    }

    static func latest<Value>(_ list: [Snapshot<Value>], at instant: Int64) -> Snapshot<Value>? {
        var low = 0, high = list.count
        while low < high {
            let mid = (low + high) / 2
            if list[mid].fetchedAt <= instant { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : list[low - 1]
    }
}
