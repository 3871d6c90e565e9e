import Feeds
import Realtime
import Timetable
import Weather

/// A decoded source body: the fact one response holds.
public enum SourceFact: Sendable {
    /// A weather source's forecast.
    case forecast(Forecast)
    /// A feed's entries.
    case feed(Feed)
    /// A stop's timetable (`odpt:StationTimetable`, `odpt:BusstopPoleTimetable`).
    case timetable(DayTypeTimetable)
    /// An operator's service status (`odpt:TrainInformation`).
    case serviceStatus(ServiceStatusReport)
    /// A GTFS-Realtime feed of a board source (``RealtimeSourceID``).
    case realtime(FeedMessage)
    /// The `odpt:Train` response of an `odpt: trains:` entry.
    case trains(ODPTTrainResponse)
}

extension FactTimeline {
    /// Adds the snapshot a decoded body holds to the source `source`; a timetable is no snapshot
    /// (timetables belong to boards) and is ignored, and so is a realtime feed whose `source` is
    /// not a ``RealtimeSourceID`` (`<board>.<index>`).
    public mutating func add(_ fact: SourceFact, source: String, fetchedAt: Int64) {
        switch fact {
        case .forecast(let forecast): add(forecast: forecast, source: source, fetchedAt: fetchedAt)
        case .feed(let feed): add(feed: feed, source: source, fetchedAt: fetchedAt)
        case .serviceStatus(let report): add(serviceStatus: report, source: source, fetchedAt: fetchedAt)
        case .realtime(let message):
            if let id = RealtimeSourceID(source) { add(realtime: message, source: id, fetchedAt: fetchedAt) }
        case .trains(let response): add(trains: response, source: source, fetchedAt: fetchedAt)
        case .timetable: break
        }
    }
}

extension FactSet {
    /// Replaces the latest snapshot of the source `source` with the one a decoded body holds; the
    /// other sources' snapshots stay as they are. A timetable is ignored (boards hold timetables); a
    /// realtime feed goes to ``FactSet/realtime`` under the board and index its `source`
    /// (a ``RealtimeSourceID``, `<board>.<index>`) names.
    public mutating func update(_ fact: SourceFact, source: String, fetchedAt: Int64) {
        switch fact {
        case .forecast(let forecast): forecasts[source] = Snapshot(value: forecast, fetchedAt: fetchedAt)
        case .feed(let feed): feeds[source] = Snapshot(value: feed, fetchedAt: fetchedAt)
        case .serviceStatus(let report): serviceStatus[source] = Snapshot(value: report, fetchedAt: fetchedAt)
        case .realtime(let message):
            if let id = RealtimeSourceID(source) { realtime[id.board, default: [:]][id.index] = Snapshot(value: message, fetchedAt: fetchedAt) }
        case .trains(let response): trains[source] = Snapshot(value: response, fetchedAt: fetchedAt)
        case .timetable: break
        }
    }
}

extension SourceFact {
    /// The fact as if its body had been decoded under `label`: a forecast names the body it came from
    /// (``Forecast/source``), so a body decoded from a response and then stored is relabelled with
    /// its cache file, as a decode of that file would name it. Other facts carry no label.
    public func labelled(_ label: String) -> SourceFact {
        guard case .forecast(var forecast) = self else { return self }
        forecast.source = label
        return .forecast(forecast)
    }
}
