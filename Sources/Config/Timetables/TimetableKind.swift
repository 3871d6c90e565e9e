import Messages
import Timetable

/// The data a board's source reads: its ``TimetableFormat`` and that format's settings. Each
/// format's file adds a constructor (`.gtfs(path:stopID:stopName:route:)`), so code and tests
/// write a kind as they would an enum case; what a kind does, its format answers.
public struct TimetableKind: Sendable, Equatable, CustomStringConvertible {
    private let box: any TimetableKindBox

    /// The kind of `format` with `settings`.
    public init<Format: TimetableFormat>(_ format: Format, _ settings: Format.Settings) {
        box = Box(format: format, settings: settings)
    }

    /// The format.
    public var format: any TimetableFormat { box.anyFormat }
    /// The format's key (`gtfs`).
    public var key: String { box.anyFormat.key }

    /// The settings, when the format is `Format` (for tests and for a format's own code).
    public func settings<Format: TimetableFormat>(as format: Format.Type) -> Format.Settings? { box.anySettings as? Format.Settings }

    /// The format's short name of the source (without the configuration's `line:` / `stop:`).
    public var label: Message { box.label }
    /// What departs.
    public var vehicle: Vehicle { box.anyFormat.vehicle }
    /// What the format's times are measured from.
    public var timeBase: ServiceTimeBase { box.anyFormat.timeBase }
    /// How long after its service date's start a departure can leave.
    public var serviceSpanSeconds: Int { box.anyFormat.serviceSpanSeconds }
    /// Whether a `realtime:` feed may be given.
    public var acceptsRealtime: Bool { box.anyFormat.acceptsRealtime }
    /// The ODPT station the source serves, if any.
    public var odptStation: ODPTStation? { box.odptStation }
    /// The station id of the source, if it names one.
    public var station: String? { odptStation?.station }

    /// What the source fetches, with the `odpt:` section's key and refresh; nil for data read from files.
    public func fetched(odpt: ODPTSpec?) -> FetchedTimetable? { box.fetched(odpt: odpt) }
    /// Whether the data is fetched from the network (and so needs the `odpt:` section's key).
    public var isFetched: Bool { fetched(odpt: nil) != nil }

    /// Loads the source `spec` (whose kind this is) through `loading`.
    public func load(for spec: TimetableSpec, from loading: inout some TimetableLoading) throws -> TimetableLoad {
        try box.load(for: spec, from: &loading)
    }

    /// `gtfs(Settings(path: …))`.
    public var description: String { "\(key)(\(box.anySettings))" }

    /// The same format with equal settings.
    public static func == (lhs: TimetableKind, rhs: TimetableKind) -> Bool { lhs.box.isEqual(to: rhs.box) }
}

private protocol TimetableKindBox: Sendable {
    var anyFormat: any TimetableFormat { get }
    var anySettings: any Sendable { get }
    var label: Message { get }
    var odptStation: ODPTStation? { get }
    func fetched(odpt: ODPTSpec?) -> FetchedTimetable?
    func load(for spec: TimetableSpec, from loading: inout some TimetableLoading) throws -> TimetableLoad
    func isEqual(to other: any TimetableKindBox) -> Bool
}

private struct Box<Format: TimetableFormat>: TimetableKindBox {
    let format: Format
    let settings: Format.Settings

    var anyFormat: any TimetableFormat { format }
    var anySettings: any Sendable { settings }
    var label: Message { format.label(settings) }
    var odptStation: ODPTStation? { format.odptStation(settings) }
    func fetched(odpt: ODPTSpec?) -> FetchedTimetable? { format.fetched(settings, odpt: odpt) }
    func load(for spec: TimetableSpec, from loading: inout some TimetableLoading) throws -> TimetableLoad {
        try format.load(settings, for: spec, from: &loading)
    }
    func isEqual(to other: any TimetableKindBox) -> Bool {
        guard let other = other as? Box<Format> else { return false }
        return format.key == other.format.key && settings == other.settings
    }
}
