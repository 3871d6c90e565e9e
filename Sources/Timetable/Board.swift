import Messages

/// One timetable of a board (an item of its `sources:`): the departures plus how the user reaches them.
public struct BoardTimetable: Sendable {
    /// Where the data came from (a path), for messages.
    public var name: String
    /// The departures.
    public var timetable: any ServiceTimetable
    /// Walking time from the user to this stop, in seconds.
    public var walkSeconds: Int
    /// Labels echoed back instead of the data's own when set.
    public var line: String?
    public var stop: String?
    public var destination: String?
    /// What leaves from this source, for wording ("the last bus has left").
    public var vehicle: Vehicle
    /// A short name for people ("鷹66 (platform 11)", "gtfs-jp-rinkobus stop 1510-57"), in English:
    /// what JSON and stored records name the source by; `name` when not set.
    public private(set) var label: String
    /// ``label`` for people, in the reader's language when shown ("鷹66 (11番のりば)"); setting it
    /// sets ``label`` to its English.
    public var labelText: Message {
        didSet { label = labelText.english }
    }
    /// Where the source is configured (`rules/boards.yaml:12:9`), for messages; nil when unknown.
    public var origin: String?
    /// The first and last service dates the source is used on (`valid_from:` / `valid_until:`, a
    /// timetable revision — ダイヤ改正); nil: no limit.
    public var validFrom: LocalDate?
    public var validUntil: LocalDate?

    /// A departure of this source on a board: the timetable's with the source's labels, leaving at
    /// `instant`, to be left for `walkSeconds` earlier.
    func boardDeparture(_ departure: Departure, at instant: Int64, serviceDate: LocalDate, dayTypeLabel: String,
                        sourceIndex: Int) -> BoardDeparture {
        var info = departure
        if let line { info.line = line }
        if let stop { info.stop = stop }
        if let destination { info.destination = destination }
        return BoardDeparture(departure: instant, leaveAt: instant - Int64(walkSeconds), serviceDate: serviceDate,
                              dayTypeLabel: dayTypeLabel, sourceIndex: sourceIndex, info: info)
    }

    /// Whether the source is used on service date `date`.
    public func isValid(on date: LocalDate) -> Bool {
        (validFrom.map { date >= $0 } ?? true) && (validUntil.map { date <= $0 } ?? true)
    }

    public init(name: String, timetable: any ServiceTimetable, walkSeconds: Int = 0,
                line: String? = nil, stop: String? = nil, destination: String? = nil, vehicle: Vehicle = .bus,
                label: String? = nil, origin: String? = nil) {
        self.vehicle = vehicle
        self.label = label ?? name
        self.labelText = .verbatim(label ?? name)
        self.origin = origin
        self.name = name
        self.timetable = timetable
        self.walkSeconds = walkSeconds
        self.line = line
        self.stop = stop
        self.destination = destination
    }
}

/// What departs from a source.
public enum Vehicle: String, Sendable, Codable {
    case bus, train, vehicle
}

/// A departure on a board: an absolute instant plus everything the user is told about it.
public struct BoardDeparture: Sendable, Hashable {
    /// Departure instant, seconds since the Unix epoch.
    public var departure: Int64
    /// When to leave: the departure minus the source's walking time.
    public var leaveAt: Int64
    /// The service date the departure belongs to (00:20 belongs to yesterday's service).
    public var serviceDate: LocalDate
    /// The timetable used for that service date (`sunday_holiday`, `weekday`, …).
    public var dayTypeLabel: String
    /// Index of the board source it came from.
    public var sourceIndex: Int
    /// The departure with the source's label overrides applied.
    public var info: Departure

    /// A departure from its parts (a board builds its own; realtime overlays build extra ones).
    public init(departure: Int64, leaveAt: Int64, serviceDate: LocalDate, dayTypeLabel: String, sourceIndex: Int, info: Departure) {
        self.departure = departure
        self.leaveAt = leaveAt
        self.serviceDate = serviceDate
        self.dayTypeLabel = dayTypeLabel
        self.sourceIndex = sourceIndex
        self.info = info
    }

    public var line: String { info.line }
    public var stop: String { info.stop }
    public var destination: String { info.destination }
    public var isLast: Bool { info.isLast }
}

/// Departures of a board over a range of service dates, merged and sorted for fast queries.
///
/// Besides the departures it keeps their fields in parallel arrays of plain numbers (labels as
/// ids), so that scanning many departures with a filter touches no strings. The arrays live in
/// one shared, immutable storage object, so copying a schedule costs a single retain.
public struct BoardSchedule: Sendable {
    /// The columns of a schedule, shared by every copy.
    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let departures: [BoardDeparture]
        @usableFromInline let instants: [Int64]
        @usableFromInline let serviceDayNumbers: [Int32]
        @usableFromInline let serviceSeconds: [Int32]
        @usableFromInline let lineIDs: [Int32]
        @usableFromInline let stopIDs: [Int32]
        @usableFromInline let destinationIDs: [Int32]
        @usableFromInline let lastFlags: [Bool]
        @usableFromInline let labelTokens: [String]
        let labels: [String: Int32]

        init(departures: [BoardDeparture]) {
            let sorted = BoardSchedule.sorted(departures)
            self.departures = sorted
            self.instants = sorted.map(\.departure)
            self.serviceDayNumbers = sorted.map { Int32($0.serviceDate.dayNumber) }
            self.serviceSeconds = sorted.map(\.info.time)
            self.lastFlags = sorted.map(\.info.isLast)
            var labels: [String: Int32] = [:]
            func id(_ label: String) -> Int32 {
                if let id = labels[label] { return id }
                let id = Int32(labels.count)
                labels[label] = id
                return id
            }
            self.lineIDs = sorted.map { id($0.info.line) }
            self.stopIDs = sorted.map { id($0.info.stop) }
            self.destinationIDs = sorted.map { id($0.info.destination) }
            self.labels = labels
            var tokens = [String](repeating: "", count: labels.count)
            for (label, id) in labels { tokens[Int(id)] = BoardSchedule.token(label) }
            self.labelTokens = tokens
        }
    }

    @usableFromInline let storage: Storage

    /// Sorted by departure instant, then line, then stop.
    @inlinable public var departures: [BoardDeparture] { storage.departures }
    /// Per departure: days since 1970-01-01 of its service date.
    @inlinable public var serviceDayNumbers: [Int32] { storage.serviceDayNumbers }
    /// Per departure: the timetable's time (24:05 = 86_700): the wall clock of the service date for
    /// a wall-clock timetable, seconds since noon minus 12 h for GTFS (see `ServiceTimeBase`). On a
    /// DST day it can differ from the wall time of `instants` (a time in a spring-forward gap).
    @inlinable public var serviceSeconds: [Int32] { storage.serviceSeconds }
    /// Per departure: the ids of its line, stop and destination labels (see `labelID(_:)`).
    @inlinable public var lineIDs: [Int32] { storage.lineIDs }
    /// Per departure: the id of its stop label.
    @inlinable public var stopIDs: [Int32] { storage.stopIDs }
    /// Per departure: the id of its destination label.
    @inlinable public var destinationIDs: [Int32] { storage.destinationIDs }
    /// Per departure: `isLast`.
    @inlinable public var lastFlags: [Bool] { storage.lastFlags }
    /// Per label id: an ASCII token that stands for it in keys and headers: the label itself when it
    /// is plain ASCII (letters, digits, `-_.`), else `x` + its FNV-1a 64 hash in hex (stable everywhere).
    @inlinable public var labelTokens: [String] { storage.labelTokens }
    /// Per departure: its instant (the same as `departures[i].departure`), seconds since the epoch.
    @inlinable public var instants: [Int64] { storage.instants }

    /// Merges and sorts `departures` and builds the columns.
    public init(departures: [BoardDeparture]) {
        storage = Storage(departures: departures)
    }

    /// The order of a schedule: by departure instant, then line, then stop.
    @inlinable
    public static func precedes(_ lhs: BoardDeparture, _ rhs: BoardDeparture) -> Bool {
        if lhs.departure != rhs.departure { return lhs.departure < rhs.departure }
        if lhs.info.line != rhs.info.line { return lhs.info.line < rhs.info.line }
        return lhs.info.stop < rhs.info.stop
    }

    /// `departures` in `precedes` order, equal ones in the order given. Sorts (instant, position)
    /// pairs and moves each departure once: sorting the departures themselves moved (and retained)
    /// every departure at every merge, which made `board` on an 11,000-departure day cost 59 M
    /// instructions instead of ~5 M.
    public static func sorted(_ departures: [BoardDeparture]) -> [BoardDeparture] {
        var keys = departures.indices.map { (instant: departures[$0].departure, index: $0) }
        keys.sort { lhs, rhs in
            if lhs.instant != rhs.instant { return lhs.instant < rhs.instant }
            if departures[lhs.index].info.line != departures[rhs.index].info.line {
                return departures[lhs.index].info.line < departures[rhs.index].info.line
            }
            if departures[lhs.index].info.stop != departures[rhs.index].info.stop {
                return departures[lhs.index].info.stop < departures[rhs.index].info.stop
            }
            return lhs.index < rhs.index
        }
        return keys.map { departures[$0.index] }
    }

    /// The ASCII token of a label (see `labelTokens`).
    public static func token(_ label: String) -> String {
        var plain = true
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in label.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            let isSafe = (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
                || byte == 45 || byte == 95 || byte == 46
            if !isSafe { plain = false }
        }
        return plain && !label.isEmpty ? label : "x" + String(hash, radix: 16)
    }

    /// The id of a label (line, stop or destination text), or nil when no departure has it.
    public func labelID(_ label: String) -> Int32? { storage.labels[label] }

    /// The departure instant at an index.
    @inlinable public func instant(at index: Int) -> Int64 { storage.instants[index] }

    /// Index of the first departure at or after `instant`.
    @inlinable public func firstIndex(atOrAfter instant: Int64) -> Int {
        storage.instants.firstIndex(atOrAfter: instant)
    }

    /// Up to `count` departures with `departure >= instant`.
    public func next(at instant: Int64, count: Int) -> ArraySlice<BoardDeparture> {
        let start = firstIndex(atOrAfter: instant)
        return departures[start..<min(departures.count, start + max(0, count))]
    }
}

/// A merged departure board: any mix of sources, in the board's timezone and service calendar.
public struct Board: Sendable {
    /// Longest look into following service days when today's service is over.
    public static let maximumLookaheadDays = 7
    /// Service dates before today that may still have departures (25:xx, GTFS 47:59:59).
    public static let previousServiceDays = 2

    public var id: String
    public var title: String
    public var clock: ZoneClock
    public var calendar: ServiceCalendar
    public var sources: [BoardTimetable]
    /// The service dates of sources (or day-type files) that could not be loaded: unknown, not
    /// empty (see `firstUnknownDate(after:through:relevant:)`).
    public var unknownServices: [UnknownService]

    public init(id: String, title: String, clock: ZoneClock, calendar: ServiceCalendar = ServiceCalendar(),
                sources: [BoardTimetable], unknownServices: [UnknownService] = []) {
        self.id = id
        self.title = title
        self.clock = clock
        self.calendar = calendar
        self.sources = sources
        self.unknownServices = unknownServices
    }

    /// The longest walk to any of the board's sources, in seconds.
    public var longestWalkSeconds: Int { sources.map(\.walkSeconds).max() ?? 0 }

    /// Every departure of one service date, merged across sources and sorted (`BoardSchedule.precedes`).
    public func serviceDay(_ date: LocalDate) -> [BoardDeparture] {
        BoardSchedule.sorted(departures(on: date))
    }

    /// Departures of the service dates `first...last`, merged and sorted.
    public func schedule(from first: LocalDate, through last: LocalDate) -> BoardSchedule {
        var all: [BoardDeparture] = []
        var date = first
        while date <= last {
            all.append(contentsOf: departures(on: date))
            date = date.adding(days: 1)
        }
        return BoardSchedule(departures: all)
    }

    /// The schedule that answers `next` at an instant: from two service days back (whose late
    /// departures may still be ahead) through the lookahead.
    public func schedule(around instant: Int64, lookaheadDays: Int = Board.maximumLookaheadDays) -> BoardSchedule {
        let today = clock.localTime(at: instant).date
        let days = min(max(lookaheadDays, 0), Board.maximumLookaheadDays)
        return schedule(from: today.adding(days: -Board.previousServiceDays), through: today.adding(days: days))
    }

    /// Up to `count` departures at or after `instant`, continuing into following service days.
    public func next(at instant: Int64, count: Int, lookaheadDays: Int = Board.maximumLookaheadDays) -> [BoardDeparture] {
        Array(schedule(around: instant, lookaheadDays: lookaheadDays).next(at: instant, count: count))
    }

    /// Every departure of one service date, merged across sources, in no particular order.
    public func departures(on date: LocalDate) -> [BoardDeparture] {
        let dayType = calendar.dayType(of: date)
        let days = sources.map { source in source.isValid(on: date) ? source.timetable.departures(on: date, dayType: dayType) : nil }
        var result: [BoardDeparture] = []
        // Once for all sources (reserving per source would copy the array at every source).
        result.reserveCapacity(days.reduce(0) { $0 + ($1?.departures.count ?? 0) })
        for (index, source) in sources.enumerated() {
            guard let day = days[index] else { continue }
            // Wall-clock timetables (CSV, ODPT) and GTFS count their times from different origins.
            let serviceClock = ServiceDayClock(clock: clock, date: date, base: source.timetable.timeBase)
            for departure in day.departures {
                result.append(source.boardDeparture(departure, at: serviceClock.instant(seconds: Int(departure.time)),
                                                    serviceDate: date, dayTypeLabel: day.dayTypeLabel, sourceIndex: index))
            }
        }
        return result
    }
}
