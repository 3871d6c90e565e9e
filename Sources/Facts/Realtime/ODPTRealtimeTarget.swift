import Timetable

/// A board source that `odpt:Train` data can be joined to: an ODPT station timetable, the station,
/// its railway and (optionally) its direction.
public struct ODPTRealtimeTarget: Sendable, Equatable {
    /// Index of the board source (``BoardDeparture/sourceIndex``).
    public var sourceIndex: Int
    /// The station (`odpt.Station:JR-East.ChuoRapid.Shinjuku`; the `odpt.Station:` prefix may be left out).
    public var station: String
    /// The railway (`odpt.Railway:JR-East.ChuoRapid`).
    public var railway: String
    /// The direction the source keeps (`odpt.RailDirection:Inbound`); nil for every direction.
    public var direction: String?
    /// The railway's station order (from `odpt:Railway`), when known: then a train's position tells
    /// whether it has passed the station (see `ODPTTrainProgress`).
    public var stationOrder: ODPTRailway?

    /// A target; `railway` defaults to the station id without its last component
    /// (`odpt.Station:JR-East.ChuoRapid.Shinjuku` → `odpt.Railway:JR-East.ChuoRapid`).
    public init(sourceIndex: Int, station: String, railway: String? = nil, direction: String? = nil,
                stationOrder: ODPTRailway? = nil) {
        let stationID = station.contains(":") ? station : "odpt.Station:" + station
        self.sourceIndex = sourceIndex
        self.station = stationID
        self.railway = railway ?? Self.railway(ofStation: stationID)
        self.direction = direction
        self.stationOrder = stationOrder
    }

    /// `odpt.Station:TokyoMetro.Ginza.Ginza` → `odpt.Railway:TokyoMetro.Ginza`.
    public static func railway(ofStation station: String) -> String {
        let name = station.split(separator: ":", maxSplits: 1).last.map(String.init) ?? station
        let parts = name.split(separator: ".")
        return "odpt.Railway:" + parts.dropLast().joined(separator: ".")
    }

    /// Whether a train of `railway` runs on this target's railway (ids compared without their
    /// `odpt.Railway:` prefix).
    func runsOnRailway(_ railway: String) -> Bool {
        Self.withoutPrefix(railway) == Self.withoutPrefix(self.railway)
    }

    /// Whether a train heading `direction` serves this target: always when either has no direction;
    /// else their last components are compared, since the 2017 JR East data writes
    /// `odpt.RailwayDirection:Outbound` where timetables write `odpt.RailDirection:Outbound`.
    func servesDirection(_ direction: String?) -> Bool {
        guard let wanted = self.direction, let direction else { return true }
        return Self.lastComponent(wanted) == Self.lastComponent(direction)
    }

    /// Whether `station` is this target's station (with or without the `odpt.Station:` prefix).
    func isStation(_ station: String?) -> Bool {
        guard let station else { return false }
        return Self.withoutPrefix(station) == Self.withoutPrefix(self.station)
    }

    static func withoutPrefix(_ id: String) -> Substring {
        id.split(separator: ":", maxSplits: 1).last ?? Substring(id)
    }

    static func lastComponent(_ id: String) -> Substring {
        withoutPrefix(id).split(separator: ".").last ?? Substring(id)
    }
}
