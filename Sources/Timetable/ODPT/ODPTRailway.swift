/// A railway's station order from an ODPT `odpt:Railway` record: what tells whether a train has
/// already passed a station. Decoded by `ODPTTimetableDecoder.railways(_:file:)`.
public struct ODPTRailway: Sendable, Equatable {
    /// `owl:sameAs` (`odpt.Railway:TokyoMetro.Ginza`).
    public var id: String
    /// The stations of `odpt:stationOrder`, sorted by their `odpt:index` (Ginza: Shibuya … Asakusa).
    public var stationOrder: [String]
    /// `odpt:ascendingRailDirection`: the direction of trains running toward higher indexes (2025
    /// data; nil in 2017 data).
    public var ascendingDirection: String?
    /// `odpt:descendingRailDirection`, likewise toward lower indexes.
    public var descendingDirection: String?

    public init(id: String, stationOrder: [String], ascendingDirection: String? = nil, descendingDirection: String? = nil) {
        self.id = id
        self.stationOrder = stationOrder
        self.ascendingDirection = ascendingDirection
        self.descendingDirection = descendingDirection
    }
}
