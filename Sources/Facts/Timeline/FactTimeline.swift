import Feeds
import Timetable
import Weather

/// Recorded snapshots of every weather, feed and service status source, in time order: the facts of a simulated
/// clock. At any instant the latest snapshot fetched at or before it is what the rules see.
public struct FactTimeline: Sendable {
    public private(set) var weather: [String: [Snapshot<Forecast>]] = [:]
    public private(set) var feeds: [String: [Snapshot<Feed>]] = [:]
    public private(set) var serviceStatus: [String: [Snapshot<ServiceStatusReport>]] = [:]

    public init() {}

    public mutating func add(forecast: Forecast, source: String, fetchedAt: Int64) {
        weather[source, default: []].append(Snapshot(value: forecast, fetchedAt: fetchedAt))
        weather[source]!.sort { $0.fetchedAt < $1.fetchedAt }
    }

    public mutating func add(feed: Feed, source: String, fetchedAt: Int64) {
        feeds[source, default: []].append(Snapshot(value: feed, fetchedAt: fetchedAt))
        feeds[source]!.sort { $0.fetchedAt < $1.fetchedAt }
    }

    /// Adds a service status snapshot of the `odpt: service_status:` source `source`.
    public mutating func add(serviceStatus report: ServiceStatusReport, source: String, fetchedAt: Int64) {
        serviceStatus[source, default: []].append(Snapshot(value: report, fetchedAt: fetchedAt))
        serviceStatus[source]!.sort { $0.fetchedAt < $1.fetchedAt }
    }

    /// The facts at `instant`.
    public func facts(at instant: Int64, boards: [String: Board]) -> FactSet {
        FactSet(boards: boards,
              forecasts: weather.compactMapValues { Self.latest($0, at: instant) },
              feeds: feeds.compactMapValues { Self.latest($0, at: instant) },
              serviceStatus: serviceStatus.compactMapValues { Self.latest($0, at: instant) })
    }

    /// The first snapshot time after `instant`, of any source.
    public func nextSnapshot(after instant: Int64) -> Int64? {
        let times = weather.values.flatMap { $0.map(\.fetchedAt) } + feeds.values.flatMap { $0.map(\.fetchedAt) }
            + serviceStatus.values.flatMap { $0.map(\.fetchedAt) }
        return times.filter { $0 > instant }.min()
    }

    /// The sources with a snapshot fetched in `(after, through]`.
    public func sourcesUpdated(after: Int64, through: Int64) -> Set<String> {
        var updated = Set<String>()
        for (id, list) in weather where list.contains(where: { $0.fetchedAt > after && $0.fetchedAt <= through }) { updated.insert(id) }
        for (id, list) in feeds where list.contains(where: { $0.fetchedAt > after && $0.fetchedAt <= through }) { updated.insert(id) }
        for (id, list) in serviceStatus where list.contains(where: { $0.fetchedAt > after && $0.fetchedAt <= through }) { updated.insert(id) }
        return updated
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
