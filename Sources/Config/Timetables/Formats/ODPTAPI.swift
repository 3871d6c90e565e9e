import Messages
import Timetable

extension TimetableKind {
    /// `odpt_api:` an `odpt:StationTimetable` fetched from the ODPT API (by `leavenow fetch`, read
    /// from the source cache): `station:` (`odpt.Station:TokyoMetro.Ginza.Ginza`), `direction:`
    /// (nil: all), `operator:` (default: from the station id, `odpt.Operator:TokyoMetro`).
    public static func odptAPI(station: String, direction: String?, operator operatorID: String) -> TimetableKind {
        TimetableKind(ODPTAPIFormat(), .init(station: station, direction: direction, operatorID: operatorID))
    }
}

/// `odpt_api:` a station's `odpt:StationTimetable` fetched from the ODPT API with the `odpt:`
/// section's key, every `timetable_refresh`; boards naming the same station share one request
/// (the direction is applied when a board reads it).
public struct ODPTAPIFormat: TimetableFormat {
    /// A source's station.
    public struct Settings: Sendable, Equatable {
        /// `station:`.
        public var station: String
        /// `direction:`; nil: every direction.
        public var direction: String?
        /// `operator:`, or the station id's.
        public var operatorID: String
    }

    /// The kind of its fetched sources (the prefix of their cache files).
    public static let fetchedKind = "odpt-timetable"
    /// An example of `station:`.
    static let example = "odpt.Station:TokyoMetro.Ginza.Ginza"

    /// The format.
    public init() {}
    /// `odpt_api`.
    public var key: String { "odpt_api" }
    /// `odpt_api: {station, direction, operator}`.
    public var keys: [ConfigKey] {
        [ConfigKey("odpt_api", .mapping, example: "{station: \"\(Self.example)\"}",
                   "A station's odpt:StationTimetable, fetched from the ODPT API with the odpt: section's key.",
                   keys: ODPTAPIReading.keys(idKey: "station", example: Self.example, what: "station", direction: true))]
    }
    /// Trains.
    public var vehicle: Vehicle { .train }

    /// `{station, direction, operator}`, each an id of its type.
    public func parse(_ value: YAMLNode, source: inout MappingReader, context: ConfigFileContext) -> Settings? {
        ODPTAPIReading.parse(value, formatKey: key, keys: keys[0].keys, idType: "odpt.Station", example: Self.example, direction: true,
                             context: context)
            .map { Settings(station: $0.id, direction: $0.direction, operatorID: $0.operatorID) }
    }

    /// The station without its prefix.
    public func label(_ settings: Settings) -> Message { .verbatim(TimetableLabel.shortID(settings.station)) }

    /// The cached response, kept to the source's direction.
    public func load(_ settings: Settings, for spec: TimetableSpec, from loading: inout some TimetableLoading) throws -> TimetableLoad {
        try ODPTAPIReading.load(request(settings, odpt: nil), as: .odptStationTimetable(station: settings.station, direction: settings.direction),
                                for: spec, from: &loading)
    }

    /// `GET …/odpt:StationTimetable?odpt:operator=…&odpt:station=…&acl:consumerKey=KEY`, one per
    /// station (its id without the prefix names it), every direction.
    public func fetched(_ settings: Settings, odpt: ODPTSpec?) -> FetchedTimetable? { request(settings, odpt: odpt) }

    private func request(_ settings: Settings, odpt: ODPTSpec?) -> FetchedTimetable {
        let id = ODPTIdentifier.name(of: settings.station)
        return FetchedTimetable(
            kind: Self.fetchedKind, id: id, subject: settings.station, url: ODPTAPIReading.baseURL + "odpt:StationTimetable",
            query: [.init("odpt:operator", settings.operatorID), .init("odpt:station", settings.station), .key("acl:consumerKey")],
            key: odpt?.key, refreshSeconds: odpt?.timetableRefreshSeconds ?? ODPTSpec.defaultTimetableRefresh,
            name: Message(.liveSourceStationTimetable, ["id": .text(id)]), what: Message(.factsODPTStationTimetable, ["id": .text(settings.station)]),
            body: .odptStationTimetable(station: settings.station, direction: nil))
    }

    /// The station, its direction and operator.
    public func odptStation(_ settings: Settings) -> ODPTStation? {
        ODPTStation(station: settings.station, direction: settings.direction, operatorID: settings.operatorID)
    }
}
