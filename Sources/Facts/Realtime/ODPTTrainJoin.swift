import Timetable

/// Joins `odpt:Train` data (train positions and delays) to a board's ODPT station timetables by
/// train number: the departure of a train that has not left the board's station yet is predicted at
/// scheduled + `odpt:delay`.
///
/// Which departure, and whether the train has left, is decided from the train's position
/// (`ODPTTrainProgress`): with the railway's station order when the target has it, else from
/// whether its `fromStation` is the board's station:
///
/// 1. It has left the station (its `fromStation` is the station **with** an `odpt:toStation`, or,
///    with the station order, it is beyond the station in its direction): no prediction (`passed`),
///    whatever the times say.
/// 2. It stands at the station, or (with the station order) has not reached it: its departure
///    nearest to scheduled + delay is predicted, even when that is already past (ODPT gives delays
///    in whole minutes, so a train reported on time can be predicted a little in the past).
/// 3. Unknown (no station order, or its stations are not on it): the delay is applied to the
///    **next** departure of that train number, the first whose scheduled + delay is at or after
///    the data's time. None → it has left (`passed`).
///
/// The departures looked at are the train number's on the service dates of the data's local date
/// and the day before (trains past midnight), and only those within `lookahead` (default 4 h)
/// of the data's time: a train running now reaches the station within hours, and train numbers
/// repeat every day, so tonight's run of a number is not this afternoon's train.
///
/// Trains of other railways, or of the other direction when the source keeps one, are not
/// considered. A train number the timetable does not list on those dates is counted
/// (`notInTimetable`). A train without `odpt:delay` gets a prediction with no predicted time (the
/// timetable's, marked realtime). Delay 0 gives a prediction equal to the schedule.
public enum ODPTTrainJoin {
    /// Four hours: longer than any run from the end of a line, through services included.
    public static let defaultLookahead: Int64 = 4 * 3600

    /// The predictions for `board`'s departures from `snapshot`.
    ///
    /// - Parameters:
    ///   - board: the board whose sources `targets` index.
    ///   - targets: the board's ODPT station-timetable sources.
    ///   - snapshot: the decoded `odpt:Train` response.
    ///   - now: the caller's clock (seconds since the epoch), for the data's age.
    ///   - maxAge: seconds after which the data (its `dc:date`, or its `dct:valid`) is too old: no
    ///     prediction at all, and `stale` says why.
    ///   - source: the realtime source's name, recorded in each prediction.
    ///   - lookahead: how far from the data's time a train's departure may be (seconds).
    public static func predictions(board: Board, targets: [ODPTRealtimeTarget], snapshot: ODPTTrainSnapshot,
                                   now: Int64, maxAge: Int64, source: String,
                                   lookahead: Int64 = ODPTTrainJoin.defaultLookahead) -> ODPTTrainPredictions {
        if let stale = snapshot.staleness(now: now, maxAge: maxAge) {
            return ODPTTrainPredictions(stale: stale)
        }
        let observedAt = snapshot.observedAt
        let today = board.clock.localTime(at: observedAt).date
        let departures = board.serviceDay(today.adding(days: -1)) + board.serviceDay(today)

        var result = ODPTTrainPredictions()
        for target in targets {
            var byTrain: [String: [BoardDeparture]] = [:]
            for departure in departures where departure.sourceIndex == target.sourceIndex {
                if let trip = departure.info.trip { byTrain[trip, default: []].append(departure) }
            }
            for train in snapshot.trains where target.runsOnRailway(train.railway) && target.servesDirection(train.direction) {
                guard let scheduled = byTrain[train.trainNumber], !scheduled.isEmpty else {
                    result.notInTimetable.append(train.trainNumber)
                    continue
                }
                guard let departure = departure(of: train, among: scheduled, target: target, observedAt: observedAt,
                                                lookahead: lookahead),
                      let key = DepartureKey(departure) else {
                    result.passed.append(train.trainNumber)
                    continue
                }
                result.predictions[key] = DeparturePrediction(
                    scheduled: departure.departure,
                    predicted: train.delaySeconds.map { departure.departure + Int64($0) },
                    observedAt: observedAt, source: source)
            }
        }
        return result
    }

    /// The departure the train's delay applies to (rules 1–3 above); nil when it has left.
    static func departure(of train: ODPTTrain, among scheduled: [BoardDeparture], target: ODPTRealtimeTarget,
                          observedAt: Int64, lookahead: Int64) -> BoardDeparture? {
        let delay = Int64(train.delaySeconds ?? 0)
        let sorted = scheduled.filter { abs($0.departure + delay - observedAt) <= lookahead }.sorted { $0.departure < $1.departure }
        switch ODPTTrainProgress.of(train, toward: target) {
        case .left:
            return nil
        case .atStation, .notReached:
            return sorted.min { abs($0.departure + delay - observedAt) < abs($1.departure + delay - observedAt) }
        case .unknown:
            return sorted.first { $0.departure + delay >= observedAt }
        }
    }
}
