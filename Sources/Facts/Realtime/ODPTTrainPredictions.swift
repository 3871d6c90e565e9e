import Timetable

/// What the join of `odpt:Train` data to a board produced: predictions for the departures of
/// trains that have not left yet, and the trains it could not use, counted.
public struct ODPTTrainPredictions: Sendable, Equatable {
    /// Per departure (source, service date, train number): the departure as predicted.
    public var predictions: [DepartureKey: DeparturePrediction]
    /// Why nothing was predicted because the data is too old (see `ODPTTrainSnapshot.staleness`);
    /// nil when it was fresh.
    public var stale: String?
    /// Train numbers (per source, in file order) of trains on a board source's railway and
    /// direction that its timetable does not list on the service date (a counted warning: a train
    /// that terminates before the station or passes it without stopping is not listed either).
    public var notInTimetable: [String]
    /// Train numbers of trains that have already left the board's station.
    public var passed: [String]

    public init(predictions: [DepartureKey: DeparturePrediction] = [:], stale: String? = nil,
                notInTimetable: [String] = [], passed: [String] = []) {
        self.predictions = predictions
        self.stale = stale
        self.notInTimetable = notInTimetable
        self.passed = passed
    }

    /// The warnings to show: the staleness, and the count of trains not in the timetable.
    public var warnings: [String] {
        var lines: [String] = []
        if let stale { lines.append("timetable only: " + stale) }
        if !notInTimetable.isEmpty {
            let sample = notInTimetable.prefix(5).joined(separator: ", ") + (notInTimetable.count > 5 ? ", …" : "")
            lines.append("\(notInTimetable.count) odpt:Train train number(s) not in the station timetable (\(sample))")
        }
        return lines
    }
}
