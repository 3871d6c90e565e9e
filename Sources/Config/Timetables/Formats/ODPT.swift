import Messages
import Timetable

extension TimetableKind {
    /// `odpt:` an ODPT `odpt:StationTimetable` JSON file; `station:` selects one station (nil:
    /// every station timetable in the file); `direction:` one direction (nil: all).
    public static func odpt(path: String, station: String?, direction: String?) -> TimetableKind {
        TimetableKind(ODPTFileFormat(), .init(path: path, station: station, direction: direction))
    }
}

/// `odpt:` a file of ODPT `odpt:StationTimetable` records (as the API answers them), with
/// `station:` and `direction:` to keep one station and one direction.
public struct ODPTFileFormat: TimetableFormat {
    /// A source's file and selection.
    public struct Settings: Sendable, Equatable {
        /// The JSON file.
        public var path: String
        /// `station:`; nil: every station timetable in the file.
        public var station: String?
        /// `direction:`; nil: every direction.
        public var direction: String?
    }

    /// The format.
    public init() {}
    /// `odpt`.
    public var key: String { "odpt" }
    /// `odpt`, `station`, `direction`.
    public var keys: [ConfigKey] {
        [ConfigKey("odpt", .path, example: "data/StationTimetable_Ginza.json", "A file of ODPT odpt:StationTimetable records."),
         ConfigKey("station", .odptID, default: "every station in the file", example: "odpt.Station:TokyoMetro.Ginza.Ginza",
                   "The station whose timetables are kept."),
         ConfigKey("direction", .odptID, default: "every direction", example: "odpt.RailDirection:TokyoMetro.Shibuya",
                   "The direction whose timetables are kept.")]
    }
    /// Trains.
    public var vehicle: Vehicle { .train }

    /// The path, `station` and `direction`.
    public func parse(_ value: YAMLNode, source: inout MappingReader, context: ConfigFileContext) -> Settings? {
        let station = source.optional("station", YAMLValue.string)
        let direction = source.optional("direction", YAMLValue.string)
        return context.path(value).map { Settings(path: $0, station: station, direction: direction) }
    }

    /// The station without its prefix, else the file's name.
    public func label(_ settings: Settings) -> Message {
        .verbatim(settings.station.map(TimetableLabel.shortID) ?? TimetableLabel.lastComponent(settings.path))
    }

    /// The file, decoded.
    public func load(_ settings: Settings, for spec: TimetableSpec, from loading: inout some TimetableLoading) throws -> TimetableLoad {
        let body = TimetableBody.odptStationTimetable(station: settings.station, direction: settings.direction)
        let timetable = try loading.decode(try loading.read(settings.path), as: body, label: settings.path)
        return TimetableLoad(timetables: [spec.boardTimetable(named: settings.path, timetable)])
    }

    /// The station, when one is selected.
    public func odptStation(_ settings: Settings) -> ODPTStation? {
        settings.station.map { ODPTStation(station: $0, direction: settings.direction) }
    }
}
