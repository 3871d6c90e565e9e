/// The departures a source offers on one service date.
public struct ServiceDayDepartures: Sendable {
    /// The label of the timetable used, reported as `day_type` (`sunday_holiday`, `weekday`, …).
    public var dayTypeLabel: String
    /// Departures sorted by `time`.
    public var departures: [Departure]

    public init(dayTypeLabel: String, departures: [Departure]) {
        self.dayTypeLabel = dayTypeLabel
        self.departures = departures
    }
}

/// What a timetable's times (`Departure.time`) are measured from, which decides the instant a
/// departure leaves on a day when the clocks change.
public enum ServiceTimeBase: Sendable, Hashable {
    /// Wall-clock times of the service date, as printed on a stop's paper timetable (bus CSV,
    /// ODPT): 10:30 is when the wall clock shows 10:30 on the service date, and 24:xx / 25:xx is
    /// that wall time on the next calendar day. A wall time skipped by a spring-forward change
    /// departs when the clock would show it had the offset before the gap still applied (02:30 on
    /// 2025-03-09 in New York departs at 03:30 EDT); a wall time that occurs twice (fall back)
    /// departs at its earlier occurrence (01:30 EDT, not 01:30 EST, on 2025-11-02). See
    /// `ZoneClock.instant(date:seconds:)`.
    case wallClock
    /// Elapsed seconds from "noon minus 12 h" of the service date (GTFS): on a day with a DST
    /// change, 03:00 is three hours after that start, whatever the wall clock shows then.
    case noonMinusTwelveHours
}

/// A source of departures for a single stop or station: given a service date and its day type,
/// the departures that run. Implemented by day-type timetables (bus CSV, ODPT) and by GTFS.
public protocol ServiceTimetable: Sendable {
    /// Departures on `date`, sorted by time; nil when nothing runs.
    func departures(on date: LocalDate, dayType: DayType) -> ServiceDayDepartures?
    /// The first and last service dates on which anything can run (a GTFS feed's calendar); nil
    /// when the timetable has no end (a day-type timetable repeats for ever).
    var serviceDates: ClosedRange<LocalDate>? { get }
    /// What the departures' times are measured from (default: the wall clock of the service date;
    /// GTFS: noon minus 12 h).
    var timeBase: ServiceTimeBase { get }
    /// The dates the data says it holds for (ODPT `dct:issued` / `dct:valid`, GTFS `feed_info.txt`);
    /// nil when it says nothing (default).
    var publishedValidity: PublishedValidity? { get }
    /// How long after the start of its service date a departure of the format can leave, in
    /// seconds (default 48 h: ODPT's after-midnight wrap, GTFS's 47:59:59; a bus CSV's hours stop
    /// at 29): how long an unknown date of it matters.
    var serviceSpanSeconds: Int { get }
}

extension ServiceTimetable {
    /// No end: a day-type timetable repeats for ever.
    public var serviceDates: ClosedRange<LocalDate>? { nil }
    /// Wall-clock times of the service date (bus CSV, ODPT).
    public var timeBase: ServiceTimeBase { .wallClock }
    /// The data states no validity.
    public var publishedValidity: PublishedValidity? { nil }
    /// Two days: the longest any format reaches past its service date's start.
    public var serviceSpanSeconds: Int { UnknownService.defaultSpanSeconds }
}

/// A timetable published as one list per day-type key (weekday / saturday / sunday_holiday …).
public struct DayTypeTimetable: ServiceTimetable, Sendable {
    /// Departures per key, each sorted by time.
    public private(set) var days: [DayTypeKey: [Departure]]
    /// The dates the data says it holds for (ODPT `dct:issued` / `dct:valid`); nil for a bus CSV.
    public var publishedValidity: PublishedValidity?
    /// How long after its service date's start a departure can leave (30 h for a bus CSV).
    public var serviceSpanSeconds = UnknownService.defaultSpanSeconds

    public init(days: [DayTypeKey: [Departure]] = [:]) {
        self.days = [:]
        for (key, list) in days { set(list, for: key) }
    }

    /// Replaces the departures of one key (sorted here).
    public mutating func set(_ departures: [Departure], for key: DayTypeKey) {
        days[key] = departures.sorted { $0.time < $1.time }
    }

    /// Adds departures to a key, keeping it sorted.
    public mutating func append(_ departures: [Departure], for key: DayTypeKey) {
        set((days[key] ?? []) + departures, for: key)
    }

    /// The key that serves a day type, if any.
    public func key(for dayType: DayType) -> DayTypeKey? {
        DayTypeKey.preference(for: dayType).first { days[$0] != nil }
    }

    public func departures(on date: LocalDate, dayType: DayType) -> ServiceDayDepartures? {
        guard let key = key(for: dayType), let list = days[key] else { return nil }
        return ServiceDayDepartures(dayTypeLabel: key.rawValue, departures: list)
    }
}
