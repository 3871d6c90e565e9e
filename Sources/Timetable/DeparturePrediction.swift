/// What realtime data says about one scheduled departure of a board: the departure as predicted, or
/// that it will not run. Produced by the realtime overlays (GTFS-Realtime TripUpdates, ODPT
/// `odpt:Train`) and read by `next`, `board` and the leave-now rules.
public struct DeparturePrediction: Sendable, Equatable {
    /// The timetable's instant (seconds since the epoch).
    public var scheduled: Int64
    /// The predicted instant; nil when the feed says nothing about this departure's time (it is the
    /// timetable's) or the departure is canceled.
    public var predicted: Int64?
    /// Predicted − scheduled, in seconds (positive: late); nil without a prediction.
    public var delaySeconds: Int32?
    /// The trip is canceled, or it skips this stop.
    public var canceled: Bool
    /// When the data was observed: the feed's timestamp (else its fetch time).
    public var observedAt: Int64
    /// The realtime source that said so (its configured name).
    public var source: String

    /// A prediction of `scheduled` as `predicted` (or canceled) from `source` observed at `observedAt`.
    public init(scheduled: Int64, predicted: Int64?, canceled: Bool = false, observedAt: Int64, source: String) {
        self.scheduled = scheduled
        self.predicted = canceled ? nil : predicted
        self.delaySeconds = canceled ? nil : predicted.map { Int32(clamping: $0 - scheduled) }
        self.canceled = canceled
        self.observedAt = observedAt
        self.source = source
    }

    /// The instant to plan with: the prediction when there is one, else the timetable's.
    public var expected: Int64 { predicted ?? scheduled }
}

/// Which departure of a board a prediction is for: the board source, the service date and the run.
public struct DepartureKey: Sendable, Hashable {
    /// Index of the board source (``BoardDeparture/sourceIndex``).
    public var source: Int
    /// The service date the run belongs to.
    public var serviceDate: LocalDate
    /// ``Departure/trip`` of the departure.
    public var trip: String

    /// The key of `departure`; nil when its source names no run.
    public init?(_ departure: BoardDeparture) {
        guard let trip = departure.info.trip else { return nil }
        self.init(source: departure.sourceIndex, serviceDate: departure.serviceDate, trip: trip)
    }

    /// A key from its parts.
    public init(source: Int, serviceDate: LocalDate, trip: String) {
        self.source = source
        self.serviceDate = serviceDate
        self.trip = trip
    }
}
