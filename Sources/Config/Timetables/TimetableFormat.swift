import Foundation
import Messages
import Timetable

/// One format of board timetable, described in one file under `Sources/Config/Timetables/Formats/`:
/// the key that chooses it in a board's source (`gtfs:`), the keys it reads (a ``ConfigKey`` table
/// the configuration reference is generated from), how it reads its settings (each problem at its
/// place), how it labels a source, how it loads one (through ``TimetableLoading``, which Facts
/// implements) and, for a format fetched from the network, what it fetches
/// (``fetched(_:odpt:)``).
///
/// The ``TimetableFormatRegistry`` lists the formats; the board parser asks it for the format
/// whose key a source gives, and the source keeps the format with its settings
/// (``TimetableKind``): loading, labelling and fetching ask the format, so no other code switches
/// on a kind of timetable.
public protocol TimetableFormat: Sendable {
    /// The checked, typed settings of one source of this format.
    associatedtype Settings: Sendable, Equatable

    /// The key that chooses the format in a source (`csv`, `gtfs`, `odpt_api`).
    var key: String { get }
    /// Its keys: the format's key first, then the keys of the source mapping only this format reads
    /// (`stop_id`, `route`), as the reference lists them. The parser reads no other key of the
    /// source for it.
    var keys: [ConfigKey] { get }
    /// What departs from its sources, for wording ("the last bus has left").
    var vehicle: Vehicle { get }
    /// What its timetables' times are measured from (a source that could not be loaded keeps its
    /// dates unknown on that base); default the wall clock.
    var timeBase: ServiceTimeBase { get }
    /// How long after its service date's start a departure of the format can leave, in seconds
    /// (how long an unknown date of it matters); default two days.
    var serviceSpanSeconds: Int { get }
    /// Whether a source of the format may have a `realtime:` GTFS-Realtime feed (its trips are
    /// GTFS trips); default false.
    var acceptsRealtime: Bool { get }

    /// Reads a source's settings: `value` is the value of the format's key, `source` the source's
    /// mapping (its other keys of ``keys`` are read from it). Every problem is reported at its
    /// place through `context`; nil when any was.
    func parse(_ value: YAMLNode, source: inout MappingReader, context: ConfigFileContext) -> Settings?

    /// A short name of a source for people when the configuration gives no `line:` / `stop:`
    /// (`TokyoMetro.Ginza.Ginza`, `gtfs-jp-rinkobus stop 1510-57`).
    func label(_ settings: Settings) -> Message

    /// The board timetables of a source (a directory of bus CSV files may hold several routes),
    /// the day-type files that could not be read, or why a fetched timetable has no data yet.
    /// - Throws: why the source cannot be read at all, naming the data's place.
    func load(_ settings: Settings, for spec: TimetableSpec, from loading: inout some TimetableLoading) throws -> TimetableLoad

    /// What a source of a fetched format fetches, with the key and refresh of the `odpt:` section
    /// (nil when there is none); nil for a format read from files (default).
    func fetched(_ settings: Settings, odpt: ODPTSpec?) -> FetchedTimetable?

    /// The ODPT station a source serves, for realtime trains and service status of its railway;
    /// nil when it names none (default).
    func odptStation(_ settings: Settings) -> ODPTStation?
}

extension TimetableFormat {
    /// The wall clock of the service date.
    public var timeBase: ServiceTimeBase { .wallClock }
    /// Two days.
    public var serviceSpanSeconds: Int { UnknownService.defaultSpanSeconds }
    /// No realtime feed.
    public var acceptsRealtime: Bool { false }
    /// Read from files.
    public func fetched(_ settings: Settings, odpt: ODPTSpec?) -> FetchedTimetable? { nil }
    /// No station.
    public func odptStation(_ settings: Settings) -> ODPTStation? { nil }

    /// The keys of the source mapping the format reads besides its own key.
    public var siblingKeys: [ConfigKey] { keys.filter { $0.name != key } }
}

/// What loading one source gave.
public struct TimetableLoad: Sendable {
    /// The board timetables, labelled.
    public var timetables: [BoardTimetable]
    /// The day-type files that could not be read (a bus CSV source keeps its other day types).
    public var dayTypeFailures: [DayTypeFailure]
    /// Why a fetched timetable has no data yet (nothing cached): the board answers without it, and
    /// says so as a warning, not as a broken source.
    public var pending: Message?

    /// A load.
    public init(timetables: [BoardTimetable] = [], dayTypeFailures: [DayTypeFailure] = [], pending: Message? = nil) {
        self.timetables = timetables
        self.dayTypeFailures = dayTypeFailures
        self.pending = pending
    }
}

/// A day-type file of a source that could not be loaded, with the label of its route.
public struct DayTypeFailure: Sendable {
    /// The route's label ("鷹56 (platform 12)").
    public var label: Message
    /// The file's day type.
    public var dayType: DayTypeKey
    /// Why, naming the file.
    public var error: DecodeError
    /// Every day type configured for the route (the failed file's included): which dates the
    /// failed file would have served.
    public var configured: Set<DayTypeKey>
    /// The labels the file's departures would have carried.
    public var line: String
    public var stop: String
    public var destination: String

    /// A failure.
    public init(label: Message, dayType: DayTypeKey, error: DecodeError, configured: Set<DayTypeKey>, line: String, stop: String,
                destination: String) {
        self.label = label
        self.dayType = dayType
        self.error = error
        self.configured = configured
        self.line = line
        self.stop = stop
        self.destination = destination
    }
}

/// The ODPT station a source serves: its id, the direction it keeps (nil: all) and, for a source
/// fetched from the API, the operator it is fetched from.
public struct ODPTStation: Sendable, Equatable {
    /// `odpt.Station:TokyoMetro.Ginza.Ginza`.
    public var station: String
    /// `odpt.RailDirection:TokyoMetro.Shibuya`; nil for every direction.
    public var direction: String?
    /// `odpt.Operator:TokyoMetro` for an API source; nil for a file.
    public var operatorID: String?

    /// A station.
    public init(station: String, direction: String?, operatorID: String? = nil) {
        self.station = station
        self.direction = direction
        self.operatorID = operatorID
    }

    /// The railway of the station (`odpt.Railway:TokyoMetro.Ginza`).
    public var railway: String? { ODPTIdentifier.railwayID(ofStation: station) }
}

extension TimetableSpec {
    /// A board timetable of this source: `timetable` with the source's walk, labels and the
    /// format's vehicle; `name` says where the data came from (a path).
    public func boardTimetable(named name: String, _ timetable: any ServiceTimetable) -> BoardTimetable {
        var source = BoardTimetable(name: name, timetable: timetable, walkSeconds: walkSeconds, line: line, stop: stop, destination: destination,
                                 vehicle: kind.vehicle)
        source.labelText = TimetableLabel.message(of: self)
        return source
    }
}
