import Messages
import Timetable

extension TimetableKind {
    /// `odpt_api_busstop_pole:` an `odpt:BusstopPoleTimetable` fetched from the ODPT API: `pole:`
    /// (`odpt.BusstopPole:Toei.…`), `operator:` (default: from the pole id).
    public static func odptAPIBusstopPole(pole: String, operator operatorID: String) -> TimetableKind {
        TimetableKind(ODPTAPIBusstopPoleFormat(), .init(pole: pole, operatorID: operatorID))
    }
}

/// `odpt_api_busstop_pole:` a bus pole's `odpt:BusstopPoleTimetable` fetched from the ODPT API with
/// the `odpt:` section's key, every `timetable_refresh`.
public struct ODPTAPIBusstopPoleFormat: TimetableFormat {
    /// A source's pole.
    public struct Settings: Sendable, Equatable {
        /// `pole:`.
        public var pole: String
        /// `operator:`, or the pole id's.
        public var operatorID: String
    }

    /// The kind of its fetched sources (the prefix of their cache files).
    public static let fetchedKind = "odpt-pole-timetable"
    /// An example of `pole:`.
    static let example = "odpt.BusstopPole:Toei.Shinbashi.1"

    /// The format.
    public init() {}
    /// `odpt_api_busstop_pole`.
    public var key: String { "odpt_api_busstop_pole" }
    /// `odpt_api_busstop_pole: {pole, operator}`.
    public var keys: [ConfigKey] {
        [ConfigKey("odpt_api_busstop_pole", .mapping, example: "{pole: \"\(Self.example)\"}",
                   "A bus pole's odpt:BusstopPoleTimetable, fetched from the ODPT API with the odpt: section's key.",
                   keys: ODPTAPIReading.keys(idKey: "pole", example: Self.example, what: "pole", direction: false))]
    }
    /// Buses.
    public var vehicle: Vehicle { .bus }

    /// `{pole, operator}`, each an id of its type.
    public func parse(_ value: YAMLNode, source: inout MappingReader, context: ConfigFileContext) -> Settings? {
        ODPTAPIReading.parse(value, formatKey: key, keys: keys[0].keys, idType: "odpt.BusstopPole", example: Self.example, direction: false,
                             context: context)
            .map { Settings(pole: $0.id, operatorID: $0.operatorID) }
    }

    /// The pole without its prefix.
    public func label(_ settings: Settings) -> Message { .verbatim(TimetableLabel.shortID(settings.pole)) }

    /// The cached response.
    public func load(_ settings: Settings, for spec: TimetableSpec, from loading: inout some TimetableLoading) throws -> TimetableLoad {
        try ODPTAPIReading.load(request(settings, odpt: nil), as: .odptBusstopPoleTimetable(pole: settings.pole), for: spec, from: &loading)
    }

    /// `GET …/odpt:BusstopPoleTimetable?odpt:operator=…&odpt:busstopPole=…&acl:consumerKey=KEY`, one
    /// per pole (its id without the prefix names it).
    public func fetched(_ settings: Settings, odpt: ODPTSpec?) -> FetchedTimetable? { request(settings, odpt: odpt) }

    private func request(_ settings: Settings, odpt: ODPTSpec?) -> FetchedTimetable {
        let id = ODPTIdentifier.name(of: settings.pole)
        return FetchedTimetable(
            kind: Self.fetchedKind, id: id, subject: settings.pole, url: ODPTAPIReading.baseURL + "odpt:BusstopPoleTimetable",
            query: [.init("odpt:operator", settings.operatorID), .init("odpt:busstopPole", settings.pole), .key("acl:consumerKey")],
            key: odpt?.key, refreshSeconds: odpt?.timetableRefreshSeconds ?? ODPTSpec.defaultTimetableRefresh,
            name: Message(.liveSourcePoleTimetable, ["id": .text(id)]), what: Message(.factsODPTPoleTimetable, ["id": .text(settings.pole)]),
            body: .odptBusstopPoleTimetable(pole: settings.pole))
    }
}
