import Timetable

/// One stop of a trip as the static GTFS schedules it (stop_times.txt).
public struct ScheduledStopTime: Sendable, Equatable {
    /// `stop_sequence`.
    public var stopSequence: UInt32
    /// `stop_id`.
    public var stopId: String
    /// `arrival_time` in seconds from the service day's start (GTFS times: 25:10:00 = 90,600).
    public var arrival: Int
    /// `departure_time` in seconds from the service day's start.
    public var departure: Int

    /// A scheduled stop time.
    public init(stopSequence: UInt32, stopId: String, arrival: Int, departure: Int) {
        self.stopSequence = stopSequence
        self.stopId = stopId
        self.arrival = arrival
        self.departure = departure
    }
}

/// One stop of a trip with its realtime prediction.
public struct PredictedStopTime: Sendable, Equatable {
    /// Where the prediction comes from.
    public enum Source: Sendable, Equatable {
        /// A StopTimeUpdate for this very stop gave a delay or a time.
        case update
        /// The delay of an earlier stop's StopTimeUpdate, carried forward.
        case propagated
        /// No realtime information: NO_DATA on this stop or carried from an earlier one, a
        /// StopTimeUpdate with neither delay nor time, or a stop before the first StopTimeUpdate.
        /// `arrival`/`departure` are the scheduled times and the delays are nil.
        case noData
        /// SKIPPED: the vehicle does not serve this stop; `arrival`/`departure` are nil.
        case skipped
    }

    /// `stop_sequence`.
    public var stopSequence: UInt32
    /// `stop_id`.
    public var stopId: String
    /// The scheduled arrival instant (POSIX seconds).
    public var scheduledArrival: Int64
    /// The scheduled departure instant.
    public var scheduledDeparture: Int64
    /// The predicted arrival instant; the schedule for `.noData`, nil for `.skipped`.
    public var arrival: Int64?
    /// The predicted departure instant; the schedule for `.noData`, nil for `.skipped`.
    public var departure: Int64?
    /// Arrival delay in seconds (nil: no prediction).
    public var arrivalDelay: Int?
    /// Departure delay in seconds (nil: no prediction).
    public var departureDelay: Int?
    /// Where the prediction comes from.
    public var source: Source
}

/// The spec's delay propagation: predicted times for every stop of a trip from its StopTimeUpdates.
///
/// The rule (GTFS-Realtime reference, TripUpdate and StopTimeUpdate):
/// - Stops are taken in `stop_sequence` order. A StopTimeUpdate applies to the stop with its
///   `stop_sequence`, or, without one, to the next stop (after the previously matched one) with its
///   `stop_id`; an update matching no stop is counted in `unmatchedUpdates` and ignored.
/// - At a stop with an update, an event's delay is its `delay`; `time` without `delay` means
///   delay = time − scheduled. The predicted instant is `time` when given, else scheduled + delay.
///   A missing arrival takes the departure's delay and vice versa.
/// - The delay of the last departure (else arrival) given applies to every later stop until the next
///   update that has its own delay or time.
/// - SKIPPED stops have no prediction; the delay carries through them unchanged.
/// - NO_DATA stops — and a SCHEDULED update with neither arrival nor departure ("unknown delay") —
///   fall back to the schedule, and so do the later stops until the next update with data.
/// - Stops before the first update have no realtime information: they keep the schedule (`.noData`),
///   unless the TripUpdate has a trip-level `delay`, which applies until the first update with data.
///
/// Scheduled instants follow GTFS: seconds from "noon minus 12 h" of the service date in the agency
/// timezone, so a 25:10:00 stop or a DST day come out right.
public enum DelayPropagation {
    /// The result for one trip.
    public struct Result: Sendable, Equatable {
        /// Every scheduled stop, in stop_sequence order, with its prediction.
        public var stops: [PredictedStopTime]
        /// StopTimeUpdates whose stop_sequence / stop_id matched no scheduled stop.
        public var unmatchedUpdates: Int
    }

    /// Predicted times for the stops of one trip instance on `serviceDate` in the agency's `clock`.
    /// `tripDelay` is `TripUpdate.delay` (experimental in the spec): it applies from the first stop
    /// until the first update with its own delay or time.
    public static func predict(scheduled: [ScheduledStopTime], updates: [StopTimeUpdate], tripDelay: Int32? = nil,
                               serviceDate: LocalDate, clock: ZoneClock) -> Result {
        predict(scheduled: scheduled, updates: updates, tripDelay: tripDelay,
                day: ServiceDayClock(clock: clock, date: serviceDate, base: .noonMinusTwelveHours))
    }

    /// The same, with the service day's clock already made (`.noonMinusTwelveHours`; a caller
    /// predicting many trips of one date makes it once: placing a date asks the timezone database).
    public static func predict(scheduled: [ScheduledStopTime], updates: [StopTimeUpdate], tripDelay: Int32? = nil,
                               day: ServiceDayClock) -> Result {
        let inOrder = zip(scheduled, scheduled.dropFirst()).allSatisfy { $0.stopSequence <= $1.stopSequence }
        let stops = inOrder ? scheduled : scheduled.sorted { $0.stopSequence < $1.stopSequence }

        // Which update belongs to which stop index (the index of the update in `updates`, or -1; a
        // later update for the same stop wins). A stop_sequence finds the first stop with it.
        var updateAt = [Int](repeating: -1, count: stops.count)
        var unmatched = 0
        var cursor = 0
        for (position, update) in updates.enumerated() {
            var index: Int?
            if let sequence = update.stopSequence {
                var low = 0, high = stops.count
                while low < high {
                    let mid = (low + high) >> 1
                    if stops[mid].stopSequence < sequence { low = mid + 1 } else { high = mid }
                }
                index = low < stops.count && stops[low].stopSequence == sequence ? low : nil
            } else if let stopId = update.stopId {
                index = stops[cursor...].firstIndex { $0.stopId == stopId }
            }
            guard let found = index else { unmatched += 1; continue }
            updateAt[found] = position
            cursor = found + 1 < stops.count ? found + 1 : stops.count
        }

        enum Carried { case none, delay(Int), noData }
        var carried = tripDelay.map { Carried.delay(Int($0)) } ?? .none
        var result: [PredictedStopTime] = []
        result.reserveCapacity(stops.count)
        for (index, stop) in stops.enumerated() {
            let schedArrival = day.instant(seconds: stop.arrival)
            let schedDeparture = day.instant(seconds: stop.departure)
            var predicted = PredictedStopTime(stopSequence: stop.stopSequence, stopId: stop.stopId,
                                              scheduledArrival: schedArrival, scheduledDeparture: schedDeparture,
                                              arrival: schedArrival, departure: schedDeparture,
                                              arrivalDelay: nil, departureDelay: nil, source: .noData)
            if updateAt[index] >= 0 {
                let update = updates[updateAt[index]]
                switch update.scheduleRelationship {
                case .skipped:
                    predicted.arrival = nil
                    predicted.departure = nil
                    predicted.source = .skipped
                    result.append(predicted)
                    continue // the carried delay passes through
                case .noData:
                    carried = .noData
                    result.append(predicted)
                    continue
                default:
                    break
                }
                let arrivalDelay = update.arrival.flatMap { delay(of: $0, scheduled: schedArrival) }
                let departureDelay = update.departure.flatMap { delay(of: $0, scheduled: schedDeparture) }
                guard arrivalDelay != nil || departureDelay != nil else {
                    carried = .noData // a delay "of unspecified duration": unknown from here on
                    result.append(predicted)
                    continue
                }
                let a = arrivalDelay ?? departureDelay!
                let d = departureDelay ?? arrivalDelay!
                predicted.arrivalDelay = a
                predicted.departureDelay = d
                predicted.arrival = update.arrival?.time ?? shifted(schedArrival, by: a)
                predicted.departure = update.departure?.time ?? shifted(schedDeparture, by: d)
                predicted.source = .update
                carried = .delay(d)
            } else if case .delay(let delay) = carried {
                predicted.arrivalDelay = delay
                predicted.departureDelay = delay
                predicted.arrival = shifted(schedArrival, by: delay)
                predicted.departure = shifted(schedDeparture, by: delay)
                predicted.source = .propagated
            }
            result.append(predicted)
        }
        return Result(stops: result, unmatchedUpdates: unmatched)
    }

    /// An event's delay: `delay`, else `time` − scheduled; nil when it has neither (or when a
    /// nonsensical `time` is so far off that the difference does not fit in 64 bits).
    static func delay(of event: StopTimeEvent, scheduled: Int64) -> Int? {
        if let delay = event.delay { return Int(delay) }
        if let time = event.time {
            let (difference, overflow) = time.subtractingReportingOverflow(scheduled)
            return overflow ? nil : Int(difference)
        }
        return nil
    }

    /// `instant + delay`, saturating instead of trapping on absurd delays from a feed.
    static func shifted(_ instant: Int64, by delay: Int) -> Int64 {
        let (sum, overflow) = instant.addingReportingOverflow(Int64(delay))
        return overflow ? (delay < 0 ? .min : .max) : sum
    }
}
