import Realtime
import Timetable

/// Matches the TripUpdates of one feed to the GTFS sources of a board, one update at a time,
/// collecting predictions and extra departures (`GTFSRealtimeOverlay` says what is matched how).
struct TripUpdateMatcher {
    /// A board source the feed applies to: its index and its trips' schedules.
    struct Source {
        var index: Int
        var schedules: GTFSTripSchedules
    }

    /// One matched run: a repeated update of it is ignored.
    private struct Run: Hashable {
        var source: Int
        var date: LocalDate
        var trip: String
        /// The start-time shift of a DUPLICATED copy (nil: the trip itself).
        var copyShift: Int32?
    }

    let board: Board
    let sources: [Source]
    let observedAt: Int64
    let name: String
    var result: BoardPredictions
    /// The runs already matched.
    private var seen = Set<Run>()
    /// Service-day clocks by date (placing a date asks the timezone database).
    private var dayClocks: [LocalDate: ServiceDayClock] = [:]
    /// The last propagation of the current update, for its schedule: a trip serving several
    /// sources of one feed is propagated once.
    private var lastPropagation: (scheduled: [ScheduledStopTime], date: LocalDate, stops: [PredictedStopTime], unmatched: Int)?
    /// Which update is being matched (warnings about it are counted once, whatever the sources).
    private var updateNumber = 0

    init(board: Board, sources: [Source], observedAt: Int64, name: String) {
        self.board = board
        self.sources = sources
        self.observedAt = observedAt
        self.name = name
        self.result = BoardPredictions(observedAt: observedAt)
    }

    /// Matches one TripUpdate (of entity `entity`), counting in `tally` what cannot be used.
    mutating func apply(_ update: TripUpdate, entity: String, tally: inout RealtimeWarningTally) {
        updateNumber += 1
        lastPropagation = nil  // it belongs to the previous update
        let descriptor = update.trip
        switch descriptor.scheduleRelationship {
        case .added, .new:
            applyAdded(update, tally: &tally)
            return
        case .unscheduled:
            tally.add("UNSCHEDULED trip update (frequency-based service without a schedule): not matched",
                      example: "trip \"\(descriptor.tripId ?? "")\"")
            return
        case .unknown(let value):
            tally.add("trip update with a schedule_relationship the spec does not define: ignored",
                      example: "trip \"\(descriptor.tripId ?? "")\", value \(value)")
            return
        case .scheduled, .canceled, .replacement, .duplicated, .deleted:
            break
        }
        guard let tripID = descriptor.tripId, !tripID.isEmpty else {
            tally.add("trip update without a trip_id (descriptors by route and start time are not matched): ignored",
                      example: "entity \"\(entity)\"")
            return
        }
        var known = false
        for source in sources {
            switch source.schedules.lookup(tripID) {
            case .unknown:
                continue
            case .elsewhere:
                known = true
            case .serves(let trip):
                known = true
                applyServed(update, trip: trip, source: source, tally: &tally)
            }
        }
        if !known, !sources.isEmpty {
            tally.add("trip update whose trip_id is not in the static feed (another agency's trip, or a newer static feed): ignored",
                      example: "trip \"\(tripID)\"")
        }
    }

    /// A SCHEDULED, CANCELED, DELETED, REPLACEMENT or DUPLICATED update of a trip that departs from `source`.
    private mutating func applyServed(_ update: TripUpdate, trip: GTFSTripSchedules.Trip, source: Source,
                                      tally: inout RealtimeWarningTally) {
        let schedules = source.schedules
        let descriptor = update.trip
        let relationship = descriptor.scheduleRelationship
        let example = "trip \"\(trip.id)\"" + (descriptor.startDate.map { " start_date \($0)" } ?? "")
        let date: LocalDate
        if let text = descriptor.startDate {
            guard let parsed = TripServiceDate.date(text) else {
                tally.add("trip update whose start_date is not YYYYMMDD: ignored", example: example, once: "\(updateNumber)")
                return
            }
            if let range = schedules.feedServiceDates, !range.contains(parsed) {
                let side = parsed > range.upperBound ? "after the static feed's calendar ends (\(range.upperBound))"
                                                     : "before the static feed's calendar starts (\(range.lowerBound))"
                tally.add("trip update for a service date \(side): ignored (the static feed is out of date)", example: example, once: "\(updateNumber)")
                return
            }
            // A DUPLICATED trip copies a trip to another day or time: the spec allows any trip whose
            // service runs within 30 days; any other trip must run on its start_date.
            let runs = relationship == .duplicated
                ? (-30...30).contains { schedules.runs(trip, on: parsed.adding(days: $0)) }
                : schedules.runs(trip, on: parsed)
            guard runs else {
                tally.add("trip update for a service date on which its trip's service does not run: ignored",
                          example: example + " (\(parsed.weekday))", once: "\(updateNumber)")
                return
            }
            date = parsed
        } else {
            guard let inferred = TripServiceDate.nearest(trip, in: schedules, clock: board.clock, to: observedAt) else {
                tally.add("trip update without start_date whose trip runs on no service date around the feed's time: ignored",
                          example: example, once: "\(updateNumber)")
                return
            }
            date = inferred
        }
        if trip.isFrequencyBased {
            tally.add("trip update of a frequencies.txt trip (its runs are not told apart by start_time yet): ignored", example: example, once: "\(updateNumber)")
            return
        }
        var shift: Int32 = 0
        if relationship == .duplicated {
            guard let text = descriptor.startTime, let start = TripServiceDate.seconds(text), let first = trip.firstDeparture else {
                tally.add("DUPLICATED trip update without a valid start_time: ignored", example: example, once: "\(updateNumber)")
                return
            }
            shift = start - first
        }
        // A copy at the trip's own start on a day it runs anyway is the trip itself.
        let isCopy = relationship == .duplicated && (shift != 0 || !schedules.runs(trip, on: date))
        guard seen.insert(Run(source: source.index, date: date, trip: trip.id, copyShift: isCopy ? shift : nil)).inserted else {
            tally.add("second trip update for the same trip and service date: ignored", example: example, once: "\(updateNumber)")
            return
        }

        let canceled = relationship == .canceled || relationship == .deleted
        let day = dayClock(date)
        var predicted: [PredictedStopTime] = []
        if !canceled {
            let scheduled = trip.stopTimes.map {
                ScheduledStopTime(stopSequence: $0.stopSequence, stopId: $0.stopID,
                                  arrival: Int($0.arrival + shift), departure: Int($0.departure + shift))
            }
            let propagation: (stops: [PredictedStopTime], unmatched: Int)
            if let last = lastPropagation, last.date == date, last.scheduled == scheduled {
                propagation = (last.stops, last.unmatched)
            } else {
                let made = DelayPropagation.predict(scheduled: scheduled, updates: update.stopTimeUpdates,
                                                    tripDelay: update.delay, day: day)
                propagation = (made.stops, made.unmatchedUpdates)
                lastPropagation = (scheduled, date, made.stops, made.unmatchedUpdates)
            }
            for index in 0..<propagation.unmatched {
                tally.add("stop time update matching no stop of its trip: ignored", example: example, once: "\(updateNumber)|\(index)")
            }
            predicted = propagation.stops
        }

        var predictedHere = false
        for (position, stop) in trip.stopTimes.enumerated() where stop.isBoardDeparture {
            let scheduledInstant = day.instant(seconds: Int(stop.departure + shift))
            // Both lists are in stop_sequence order, so the same position is the same stop.
            let stopPrediction = position < predicted.count && predicted[position].stopSequence == stop.stopSequence
                ? predicted[position] : predicted.first { $0.stopSequence == stop.stopSequence }
            let prediction = self.prediction(scheduled: scheduledInstant, at: stopPrediction, canceled: canceled)
            if isCopy {
                result.extraDepartures.append(copy(of: trip, at: stop, shift: shift, instant: scheduledInstant,
                                                   date: date, source: source, prediction: prediction))
            } else if predictedHere {
                tally.add("trip that departs twice from the board's stops: only its first departure is predicted", example: example, once: "\(updateNumber)")
            } else {
                result.byDeparture[DepartureKey(source: source.index, serviceDate: date, trip: trip.id)] = prediction
                predictedHere = true
            }
        }
    }

    /// The clock of a service date, made once per date.
    private mutating func dayClock(_ date: LocalDate) -> ServiceDayClock {
        if let known = dayClocks[date] { return known }
        let made = ServiceDayClock(clock: board.clock, date: date, base: .noonMinusTwelveHours)
        dayClocks[date] = made
        return made
    }

    /// The prediction of a board departure from its stop's propagated times.
    private func prediction(scheduled: Int64, at stop: PredictedStopTime?, canceled: Bool) -> DeparturePrediction {
        if canceled {
            return DeparturePrediction(scheduled: scheduled, predicted: nil, canceled: true, observedAt: observedAt, source: name)
        }
        switch stop?.source {
        case .skipped?:
            return DeparturePrediction(scheduled: scheduled, predicted: nil, canceled: true, observedAt: observedAt, source: name)
        case .update?, .propagated?:
            return DeparturePrediction(scheduled: scheduled, predicted: stop?.departure, observedAt: observedAt, source: name)
        case .noData?, nil:
            return DeparturePrediction(scheduled: scheduled, predicted: nil, observedAt: observedAt, source: name)
        }
    }

    /// The board departure of a DUPLICATED trip's copy at one of the board's stops.
    private func copy(of trip: GTFSTripSchedules.Trip, at stop: GTFSTripSchedules.StopTime, shift: Int32, instant: Int64,
                      date: LocalDate, source: Source, prediction: DeparturePrediction) -> PredictedExtraDeparture {
        let boardSource = board.sources[source.index]
        var info = (boardSource.timetable as? GTFSStopTimetable)?.departure(ofTrip: trip.id, at: stop.departure)
            ?? Departure(time: stop.departure, line: "", stop: stop.stopID, destination: "", trip: trip.id)
        info.time = stop.departure + shift
        info.isLast = false
        if let line = boardSource.line { info.line = line }
        if let label = boardSource.stop { info.stop = label }
        if let destination = boardSource.destination { info.destination = destination }
        let departure = BoardDeparture(departure: instant, leaveAt: instant - Int64(boardSource.walkSeconds), serviceDate: date,
                                       dayTypeLabel: board.calendar.dayType(of: date).rawValue, sourceIndex: source.index, info: info)
        return PredictedExtraDeparture(departure: departure, prediction: prediction, kind: .duplicated)
    }
}
