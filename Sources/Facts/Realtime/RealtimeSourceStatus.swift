/// How one realtime source of a board stands: a `realtime:` GTFS-Realtime feed of a board source, or
/// an `odpt: trains:` entry joined to the board's ODPT sources of its railway.
public struct RealtimeSourceStatus: Sendable, Equatable {
    /// Which kind of realtime data.
    public enum Kind: String, Sendable, Equatable {
        /// A GTFS-Realtime TripUpdates feed (`realtime:` of a `gtfs:` source).
        case gtfsRealtime = "gtfs-rt"
        /// An `odpt:Train` response (`odpt: trains:`).
        case odptTrains = "odpt-train"
    }

    /// The source's id: `<board>.<index>` for a GTFS-Realtime feed (``RealtimeSourceID``), the
    /// entry's `id` for `odpt: trains:`.
    public var id: String
    /// GTFS-Realtime or `odpt:Train`.
    public var kind: Kind
    /// Live, stale or missing.
    public var status: RealtimeStatus
    /// The age after which the data is not used (`max_age`), in seconds.
    public var maxAgeSeconds: Int64
    /// When the data was observed (the feed's timestamp, the records' `dc:date`, else the fetch
    /// time); nil when there is no data.
    public var observedAt: Int64?
    /// The board sources (``Timetable/BoardDeparture/sourceIndex``) the data applies to.
    public var sourceIndices: [Int]

    /// A source status from its parts.
    public init(id: String, kind: Kind, status: RealtimeStatus, maxAgeSeconds: Int64, observedAt: Int64? = nil,
                sourceIndices: [Int]) {
        self.id = id
        self.kind = kind
        self.status = status
        self.maxAgeSeconds = maxAgeSeconds
        self.observedAt = observedAt
        self.sourceIndices = sourceIndices
    }
}
