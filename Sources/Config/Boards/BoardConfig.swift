import Foundation
import Timetable

/// Where something was declared in a configuration file (1-based line and column).
public struct ConfigLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file, as shown in diagnostics.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, in characters.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:col`.
    public var description: String { "\(file):\(line):\(column)" }
}

/// A board as configured: a named set of timetables (its `sources:`) shown as one merged stream.
///
/// ```yaml
/// boards:
///   - id: chofu-to-mitaka          # [a-z0-9-]+, unique across all files
///     title: 調布駅北口 → 三鷹駅     # default: the id
///     timezone: Asia/Tokyo         # default Asia/Tokyo
///     holidays: [2024-12-30..2025-01-03, 2025-08-13]   # extra dates run as holidays
///     status: tokyo-metro          # an `odpt: service_status:` id: leave-now messages mention disruptions
///     sources: [...]
/// ```
public struct BoardSpec: Sendable, Equatable {
    /// The board's id: lowercase letters, digits and `-`.
    public var id: String
    /// The human title; the id when not given.
    public var title: String
    /// The board's timezone (`Asia/Tokyo` when not given).
    public var timeZone: TimeZone
    /// Dates run as holidays in addition to the national holidays, sorted, without repeats.
    /// `holidays:` lists dates (`2025-08-13`) and inclusive ranges (`2024-12-30..2025-01-03`).
    public var extraHolidays: [LocalDate]
    /// The timetables merged into the board (`sources:`), in file order.
    public var sources: [TimetableSpec]
    /// Where the board's mapping starts.
    public var location: ConfigLocation
    /// `status:`, the id of an `odpt: service_status:` entry whose disruptions leave-now messages
    /// of this board mention; nil when not given.
    public var status: String?
    /// Where `status:`'s value is written (for the cross-file check of the id).
    public var statusLocation: ConfigLocation?
    /// The items of `holidays:` as written, with their places (for `check`'s warnings).
    public var holidayEntries: [HolidayEntry] = []
    /// `special_days:`: the year-end period and dates run as another day type.
    public var specialDays = SpecialDays()

    /// The sources with a `realtime:` feed, with their index in ``sources`` (0-based: the index that
    /// names the feed, `<board>.<index>`, in the cache, `leavenow sources` and the fixtures).
    public var realtimeFeeds: [(index: Int, spec: RealtimeSpec)] {
        sources.enumerated().compactMap { index, source in source.realtime.map { (index, $0) } }
    }

    /// Creates a board specification.
    public init(id: String, title: String, timeZone: TimeZone, extraHolidays: [LocalDate], sources: [TimetableSpec],
                location: ConfigLocation, status: String? = nil, statusLocation: ConfigLocation? = nil) {
        self.id = id
        self.title = title
        self.timeZone = timeZone
        self.extraHolidays = extraHolidays
        self.sources = sources
        self.location = location
        self.status = status
        self.statusLocation = statusLocation
    }

    /// Railway ids by line label, for the labels this board's configuration ties to a railway: an
    /// `odpt` / `odpt_api` source with a station id and a `line:` of its own (`line: G` on
    /// `odpt.Station:TokyoMetro.Ginza.Ginza` → `["G": "odpt.Railway:TokyoMetro.Ginza"]`). Labels
    /// that come from the data (銀座線) are matched by title instead.
    public var railwayByLine: [String: String] {
        var result: [String: String] = [:]
        for source in sources {
            guard let line = source.line, let railway = source.kind.station.flatMap(ODPTIdentifier.railwayID(ofStation:)) else { continue }
            result[line] = railway
        }
        return result
    }
}

/// One item of a board's `holidays:`: a date or an inclusive range, where it is written.
public struct HolidayEntry: Sendable, Equatable {
    /// The item as written (`2024-12-30..2025-01-03`).
    public var text: String
    /// The dates it names.
    public var dates: ClosedRange<LocalDate>
    /// Where the item is written.
    public var location: ConfigLocation

    /// Every date of the entry, in order.
    public var allDates: [LocalDate] {
        (0...(dates.upperBound.dayNumber - dates.lowerBound.dayNumber)).map { dates.lowerBound.adding(days: $0) }
    }

    /// Creates an entry.
    public init(text: String, dates: ClosedRange<LocalDate>, location: ConfigLocation) {
        self.text = text
        self.dates = dates
        self.location = location
    }
}
