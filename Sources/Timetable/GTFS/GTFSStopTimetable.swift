/// The departures from one stop of a GTFS feed (or several: every platform with one name, a
/// station's platforms), optionally on some routes only, for any service date.
///
/// Built by `GTFSFeed.timetable(stopID:stopName:route:)`. Each service date gets the departures
/// of the trips whose service runs on that date (calendar.txt + calendar_dates.txt); the
/// `DayType` is not used to choose them and is echoed as the day-type label.
public struct GTFSStopTimetable: ServiceTimetable, Sendable {
    /// One scheduled departure and the service that runs it.
    struct Entry {
        var departure: Departure
        /// Index into the feed's services.
        var service: Int32
        /// Index of the (route, destination) pair, for `isLast`.
        var group: Int32
    }

    /// Every departure of every service, sorted by time, then line, then destination, then stop.
    private let schedule: [Departure]
    /// For each departure, an index into `services`.
    private let scheduleServices: [Int32]
    private let scheduleGroups: [Int32]
    private let groupCount: Int
    /// The feed's service indices that run some departure here.
    private let services: [Int32]
    private let calendar: GTFSServiceCalendar

    /// The stop times of the trips departing here, for realtime overlays.
    public let tripSchedules: GTFSTripSchedules

    init(entries: [Entry], groupCount: Int, calendar: GTFSServiceCalendar, tripSchedules: GTFSTripSchedules) {
        self.tripSchedules = tripSchedules
        let sorted = entries.sorted {
            let a = $0.departure, b = $1.departure
            if a.time != b.time { return a.time < b.time }
            if a.line != b.line { return a.line < b.line }
            if a.destination != b.destination { return a.destination < b.destination }
            return a.stop < b.stop
        }
        var localIndex: [Int32: Int32] = [:]
        var services: [Int32] = []
        var scheduleServices: [Int32] = []
        scheduleServices.reserveCapacity(sorted.count)
        for entry in sorted {
            if let local = localIndex[entry.service] {
                scheduleServices.append(local)
            } else {
                let local = Int32(services.count)
                localIndex[entry.service] = local
                services.append(entry.service)
                scheduleServices.append(local)
            }
        }
        self.schedule = sorted.map(\.departure)
        self.scheduleServices = scheduleServices
        self.scheduleGroups = sorted.map(\.group)
        self.groupCount = groupCount
        self.services = services
        self.calendar = calendar
        self.serviceDates = calendar.dayRange(of: services).map { LocalDate(dayNumber: $0.lowerBound)...LocalDate(dayNumber: $0.upperBound) }
    }

    /// From the first to the last date on which a service with a departure here can run.
    public let serviceDates: ClosedRange<LocalDate>?

    /// The feed's `feed_info.txt` `feed_start_date` / `feed_end_date`, when it gives them.
    public internal(set) var publishedValidity: PublishedValidity?

    /// The departure of `trip` at the timetable time `time` (as it appears on any service date,
    /// `isLast` not set), for a realtime copy of it (a DUPLICATED trip); nil when there is none.
    public func departure(ofTrip trip: String, at time: Int32) -> Departure? {
        schedule.first { $0.time == time && $0.trip == trip }
    }

    /// GTFS times are measured from "noon minus 12 h" of the service date, right across DST changes.
    public var timeBase: ServiceTimeBase { .noonMinusTwelveHours }

    /// Number of departures over all services (before choosing a date).
    public var scheduledCount: Int { schedule.count }

    /// The departures of the trips whose service runs on `date`, sorted by time, with `isLast` on
    /// the last departure of the day for each route and destination; nil when nothing runs.
    /// `dayTypeLabel` is `dayType.rawValue`.
    public func departures(on date: LocalDate, dayType: DayType) -> ServiceDayDepartures? {
        let active = services.map { calendar.runs($0, on: date) }
        guard active.contains(true) else { return nil }
        var result: [Departure] = []
        var groups: [Int32] = []
        for index in schedule.indices where active[Int(scheduleServices[index])] {
            result.append(schedule[index])
            groups.append(scheduleGroups[index])
        }
        guard !result.isEmpty else { return nil }
        var seen = [Bool](repeating: false, count: groupCount)
        for index in result.indices.reversed() where !seen[Int(groups[index])] {
            seen[Int(groups[index])] = true
            result[index].isLast = true
        }
        return ServiceDayDepartures(dayTypeLabel: dayType.rawValue, departures: result)
    }
}
