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

/// A source of departures for a single stop or station: given a service date and its day type,
/// the departures that run. Implemented by day-type timetables (bus CSV, ODPT) and by GTFS.
public protocol ServiceTimetable: Sendable {
    /// Departures on `date`, sorted by time; nil when nothing runs.
    func departures(on date: LocalDate, dayType: DayType) -> ServiceDayDepartures?
    /// The first and last service dates on which anything can run (a GTFS feed's calendar); nil
    /// when the timetable has no end (a day-type timetable repeats for ever).
    var serviceDates: ClosedRange<LocalDate>? { get }
}

extension ServiceTimetable {
    public var serviceDates: ClosedRange<LocalDate>? { nil }
}

/// A timetable published as one list per day-type key (weekday / saturday / sunday_holiday …).
public struct DayTypeTimetable: ServiceTimetable, Sendable {
    /// Departures per key, each sorted by time.
    public private(set) var days: [DayTypeKey: [Departure]]

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
