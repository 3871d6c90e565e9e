import Messages
import Timetable

extension TimetableKind {
    /// `odpt_busstop_pole:` an ODPT `odpt:BusstopPoleTimetable` JSON file; `pole:` selects one pole
    /// (nil: every pole in the file).
    public static func busstopPole(path: String, pole: String?) -> TimetableKind {
        TimetableKind(ODPTBusstopPoleFileFormat(), .init(path: path, pole: pole))
    }
}

/// `odpt_busstop_pole:` a file of ODPT `odpt:BusstopPoleTimetable` records, with `pole:` to keep one pole.
public struct ODPTBusstopPoleFileFormat: TimetableFormat {
    /// A source's file and selection.
    public struct Settings: Sendable, Equatable {
        /// The JSON file.
        public var path: String
        /// `pole:`; nil: every pole in the file.
        public var pole: String?
    }

    /// The format.
    public init() {}
    /// `odpt_busstop_pole`.
    public var key: String { "odpt_busstop_pole" }
    /// `odpt_busstop_pole`, `pole`.
    public var keys: [ConfigKey] {
        [ConfigKey("odpt_busstop_pole", .path, example: "data/BusstopPoleTimetable_Toei.json", "A file of ODPT odpt:BusstopPoleTimetable records."),
         ConfigKey("pole", .odptID, default: "every pole in the file", example: "odpt.BusstopPole:Toei.Shinbashi.1",
                   "The bus pole whose timetables are kept.")]
    }
    /// Buses.
    public var vehicle: Vehicle { .bus }

    /// The path and `pole`.
    public func parse(_ value: YAMLNode, source: inout MappingReader, context: ConfigFileContext) -> Settings? {
        let pole = source.optional("pole", YAMLValue.string)
        return context.path(value).map { Settings(path: $0, pole: pole) }
    }

    /// The pole without its prefix, else the file's name.
    public func label(_ settings: Settings) -> Message {
        .verbatim(settings.pole.map(TimetableLabel.shortID) ?? TimetableLabel.lastComponent(settings.path))
    }

    /// The file, decoded.
    public func load(_ settings: Settings, for spec: TimetableSpec, from loading: inout some TimetableLoading) throws -> TimetableLoad {
        let body = TimetableBody.odptBusstopPoleTimetable(pole: settings.pole)
        let timetable = try loading.decode(try loading.read(settings.path), as: body, label: settings.path)
        return TimetableLoad(timetables: [spec.boardTimetable(named: settings.path, timetable)])
    }
}
