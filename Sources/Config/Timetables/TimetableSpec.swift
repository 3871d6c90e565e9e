import Timetable

/// One timetable of a board (an item of its `sources:`), with what it contributes to every
/// departure: the data it reads (its ``TimetableKind``: a format and that format's settings) and
/// the keys every format shares (``commonKeys``).
///
/// Paths in a kind's settings are resolved against the directory of the YAML file that names
/// them (an absolute path stays as is); they are not checked for existence here.
public struct TimetableSpec: Sendable, Equatable {
    /// Which data the departures come from.
    public var kind: TimetableKind
    /// `line:`, echoed on every departure when given (otherwise taken from the data).
    public var line: String?
    /// `stop:` (a platform / pole), echoed when given. `stop: 12` and `stop: "12"` both give "12".
    public var stop: String?
    /// `destination:`, echoed when given.
    public var destination: String?
    /// `walk:`, the time to walk to the stop, in seconds (0 when not given).
    public var walkSeconds: Int
    /// Where the source's mapping starts.
    public var location: ConfigLocation
    /// `realtime:` of a source whose format takes one (`gtfs:`): its GTFS-Realtime feed; nil when not given.
    public var realtime: RealtimeSpec?
    /// `valid_from:` / `valid_until:`: the first and last service dates the source is used on (a
    /// board lists the old and the new timetable of a revision); nil: no limit.
    public var validFrom: LocalDate?
    public var validUntil: LocalDate?

    /// Creates a timetable specification.
    public init(kind: TimetableKind, line: String? = nil, stop: String? = nil, destination: String? = nil,
                walkSeconds: Int = 0, location: ConfigLocation, realtime: RealtimeSpec? = nil) {
        self.realtime = realtime
        self.kind = kind
        self.line = line
        self.stop = stop
        self.destination = destination
        self.walkSeconds = walkSeconds
        self.location = location
    }

    /// The keys of a source every format shares, after the format's own (``TimetableFormat/keys``).
    public static let commonKeys: [ConfigKey] = [
        ConfigKey("line", .string, default: "from the data", example: "鷹56",
                  "The line shown on every departure, instead of the data's own."),
        ConfigKey("stop", .string, default: "from the data", example: "\"12\"",
                  "The stop or platform shown on every departure (a number reads as a platform)."),
        ConfigKey("destination", .string, default: "from the data", example: "三鷹駅",
                  "The destination shown on every departure."),
        ConfigKey("walk", .duration, default: "0m", example: "4m",
                  "Time to walk to the stop: each departure's leave time is that much earlier."),
        ConfigKey("valid_from", .date, example: "2025-03-15",
                  "First service date the timetable is used on (a board lists the old and the new timetable of a revision)."),
        ConfigKey("valid_until", .date, example: "2026-03-14", "Last service date the timetable is used on."),
        ConfigKey("realtime", .mapping, example: "{gtfs_rt: https://example.com/trip-updates.pb, refresh: 30s}",
                  "A GTFS-Realtime feed for a format whose trips are GTFS trips (gtfs).", keys: RealtimeSpec.keys),
    ]
}
