import Timetable

/// What one realtime feed says about a board's departures: predictions for its scheduled
/// departures, departures the timetable does not have (DUPLICATED and ADDED trips), and what was
/// ignored, counted.
public struct BoardPredictions: Sendable {
    /// Predictions of scheduled departures, by source, service date and trip.
    public var byDeparture: [DepartureKey: DeparturePrediction]
    /// Departures that are not in the timetable, sorted by departure instant.
    public var extraDepartures: [PredictedExtraDeparture]
    /// What was ignored and why, one line per kind with its count and an example
    /// (`2 trip updates name a trip_id not in the static feed …`).
    public var warnings: [String]
    /// When the data was observed: the feed header's timestamp (its fetch time when it has none, 0,
    /// or claims a later time than the fetch).
    public var observedAt: Int64
    /// The feed was older than the caller's `maxAge`: no predictions, the timetable applies.
    public var stale: Bool

    /// Predictions from their parts.
    public init(byDeparture: [DepartureKey: DeparturePrediction] = [:], extraDepartures: [PredictedExtraDeparture] = [],
                warnings: [String] = [], observedAt: Int64, stale: Bool = false) {
        self.byDeparture = byDeparture
        self.extraDepartures = extraDepartures
        self.warnings = warnings
        self.observedAt = observedAt
        self.stale = stale
    }

    /// The prediction for a departure of the board, if the feed has one.
    public func prediction(for departure: BoardDeparture) -> DeparturePrediction? {
        DepartureKey(departure).flatMap { byDeparture[$0] }
    }
}

/// A departure realtime adds to a board, with its prediction.
public struct PredictedExtraDeparture: Sendable {
    /// Why the timetable does not have it.
    public enum Kind: Sendable, Equatable {
        /// A copy of a scheduled trip at another start time (`DUPLICATED`).
        case duplicated
        /// A trip the static feed does not have (`ADDED` / `NEW`).
        case added
    }

    /// The departure as the board would list it: for a copy, the copied trip's departure moved to
    /// the copy's start time; for an added trip, the feed's time.
    public var departure: BoardDeparture
    /// Its prediction (for an added trip the feed's time is both scheduled and predicted).
    public var prediction: DeparturePrediction
    /// Duplicated or added.
    public var kind: Kind
}
