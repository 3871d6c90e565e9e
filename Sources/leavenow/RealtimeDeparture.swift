import Facts
import Timetable

/// A departure as `next` and `board` show it with realtime: the board's departure moved to its
/// expected instant (the prediction, else the timetable's; `leaveAt` moves with it), the timetable's
/// instant, and what realtime says (a prediction, canceled, or an extra trip).
struct RealtimeDeparture {
    /// The departure at its expected instant (`departure` and `leaveAt` moved by the delay).
    var shown: BoardDeparture
    /// The timetable's instant (for an added trip, the feed's).
    var scheduled: Int64
    /// What a live realtime source says about it; nil when none does (the timetable's).
    var prediction: DeparturePrediction?
    /// Set for a departure the timetable does not have (a DUPLICATED or ADDED trip).
    var extra: PredictedExtraDeparture.Kind?

    /// `departure` with `prediction` applied.
    init(_ departure: BoardDeparture, prediction: DeparturePrediction?, extra: PredictedExtraDeparture.Kind? = nil) {
        var shown = departure
        let walk = departure.departure - departure.leaveAt
        if let predicted = prediction?.predicted {
            shown.departure = predicted
            shown.leaveAt = predicted - walk
        }
        self.shown = shown
        self.scheduled = departure.departure
        self.prediction = prediction
        self.extra = extra
    }

    /// The trip does not run (or skips this stop).
    var isCanceled: Bool { prediction?.canceled ?? false }

    /// The time shown is live: realtime predicts it, cancels the trip or the stop, or adds the trip.
    /// A trip realtime knows about without a time for this stop (a stop before its first
    /// StopTimeUpdate, a NO_DATA stop) is shown at the timetable's time: not live.
    var isLive: Bool {
        guard let prediction else { return extra != nil }
        return prediction.canceled || prediction.predicted != nil || extra != nil
    }

    /// Up to `count` departures of `schedule` that have not left at `at`, by expected instant (same
    /// instant: line, then stop): scheduled ones whose prediction is at or after `at` (a late one
    /// whose timetable time is past still comes), canceled ones whose timetable time is, and the
    /// extra trips of `realtime`.
    static func upcoming(_ schedule: BoardSchedule, realtime: BoardRealtime, at: Int64, count: Int) -> [RealtimeDeparture] {
        let predictions = realtime.predictions
        let latest = predictions.byDeparture.values.compactMap(\.delaySeconds).map(Int64.init).max() ?? 0
        let start = schedule.firstIndex(atOrAfter: at - max(0, latest))
        // Enough timetable departures that filtering out those already gone still leaves `count`.
        let window = schedule.departures[start..<min(schedule.departures.count, start + count + predictions.byDeparture.count)]
        var candidates = window.map { RealtimeDeparture($0, prediction: predictions.prediction(for: $0)) }
        candidates += predictions.extraDepartures.map { RealtimeDeparture($0.departure, prediction: $0.prediction, extra: $0.kind) }
        let upcoming = candidates.filter { ($0.isCanceled ? $0.scheduled : $0.shown.departure) >= at }
        return Array(sorted(upcoming).prefix(count))
    }

    /// The departures of one service date with their predictions, the extra trips of that date
    /// included, by expected instant.
    static func serviceDay(_ departures: [BoardDeparture], date: LocalDate, realtime: BoardRealtime) -> [RealtimeDeparture] {
        let predictions = realtime.predictions
        let scheduled = departures.map { RealtimeDeparture($0, prediction: predictions.prediction(for: $0)) }
        let extras = predictions.extraDepartures.filter { $0.departure.serviceDate == date }
            .map { RealtimeDeparture($0.departure, prediction: $0.prediction, extra: $0.kind) }
        return sorted(scheduled + extras)
    }

    private static func sorted(_ departures: [RealtimeDeparture]) -> [RealtimeDeparture] {
        departures.sorted {
            ($0.shown.departure, $0.shown.line, $0.shown.stop) < ($1.shown.departure, $1.shown.line, $1.shown.stop)
        }
    }
}
