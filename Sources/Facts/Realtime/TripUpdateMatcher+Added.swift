import Realtime
import Timetable

extension TripUpdateMatcher {
    /// An ADDED / NEW trip: an extra departure at each of the board's stops where its
    /// StopTimeUpdates give a time (an added trip has no schedule, so only `time` counts).
    mutating func applyAdded(_ update: TripUpdate, tally: inout RealtimeWarningTally) {
        let descriptor = update.trip
        for source in sources {
            let schedules = source.schedules
            guard schedules.allowsRoute(descriptor.routeId) else { continue }
            for stop in update.stopTimeUpdates where stop.scheduleRelationship != .skipped {
                guard let stopID = stop.stopId, schedules.isBoardStop(stopID) else { continue }
                guard let instant = stop.departure?.time ?? stop.arrival?.time else {
                    tally.add("ADDED trip at the board's stop without a time: ignored",
                              example: "trip \"\(descriptor.tripId ?? "")\" at stop \(stopID)")
                    continue
                }
                let date = descriptor.startDate.flatMap(TripServiceDate.date) ?? board.clock.localTime(at: instant).date
                let day = ServiceDayClock(clock: board.clock, date: date, base: .noonMinusTwelveHours)
                let boardSource = board.sources[source.index]
                let info = Departure(time: Int32(clamping: instant - day.instant(seconds: 0)),
                                     line: boardSource.line ?? descriptor.routeId.flatMap(schedules.routeLabel) ?? descriptor.routeId ?? "",
                                     stop: boardSource.stop ?? schedules.stopLabel(stopID) ?? stopID,
                                     destination: boardSource.destination ?? "", trip: descriptor.tripId)
                let departure = BoardDeparture(departure: instant, leaveAt: instant - Int64(boardSource.walkSeconds),
                                               serviceDate: date, dayTypeLabel: board.calendar.dayType(of: date).rawValue,
                                               sourceIndex: source.index, info: info)
                let prediction = DeparturePrediction(scheduled: instant, predicted: instant, observedAt: observedAt, source: name)
                result.extraDepartures.append(PredictedExtraDeparture(departure: departure, prediction: prediction, kind: .added))
            }
        }
    }
}
