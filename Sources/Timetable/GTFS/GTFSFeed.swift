import Messages

/// A GTFS or GTFS-JP feed, read from a .zip archive or an unpacked directory, ready to give the
/// timetable of any stop.
///
/// Reads agency.txt (optional, for the timezone), stops.txt, routes.txt, calendar.txt and/or
/// calendar_dates.txt, feed_info.txt (optional, for `feed_start_date` / `feed_end_date`), trips.txt,
/// frequencies.txt (optional) and stop_times.txt; other files are not read. Unknown extra columns are ignored (GTFS-JP adds several, and its sample feeds spell
/// `wheelchair_accesible`); a missing required column is an error naming it.
///
/// Errors are `DecodeError`s whose `file` is the feed path plus the member (`feed.zip/stop_times.txt`)
/// and whose `place` is `row N`, N being the 1-based line of the file on which the row starts,
/// the header being line 1: `feed.zip/routes.txt: row 4: expected 6 cells, found 7`.
/// See `CSVTable` for the accepted CSV dialect and `CSVTextCheck` for the accepted encodings.
public struct GTFSFeed: Sendable {
    /// The path the feed was loaded from, as given.
    public let path: String
    /// `agency_timezone` of the first agency (IANA name, `Asia/Tokyo`), when agency.txt has one.
    public var agencyTimeZone: String?
    /// `feed_start_date` / `feed_end_date` of feed_info.txt (the period the publisher vouches for),
    /// when the file has either; every stop's timetable carries it.
    public var publishedValidity: PublishedValidity?

    let stops: GTFSStops
    let routes: GTFSRoutes
    let trips: GTFSTrips
    let calendar: GTFSServiceCalendar
    let stopDepartures: GTFSStopDepartures
    /// Headsign strings (trip_headsign and stop_headsign), by label index.
    let labels: [String]

    /// Reads a feed from a .zip file or a directory.
    ///
    /// - Throws: `DecodeError` for a missing file, a broken archive, text that is not UTF-8, a row
    ///   with too many or too few cells, a missing required column, a malformed value, or an id
    ///   that refers to nothing.
    public static func load(path: String) throws -> GTFSFeed {
        try load(try GTFSFeedFiles(path: path))
    }

    /// Reads a feed from its member files (a directory, an archive, or members in memory).
    static func load(_ files: GTFSFeedFiles) throws -> GTFSFeed {
        let path = files.path
        var agencyTimeZone: String?
        if var agency = try files.table("agency.txt") {
            let zoneColumn = try agency.requiredIndex(of: "agency_timezone")
            try agency.forEachRow { row in
                if agencyTimeZone == nil, !row.isEmpty(zoneColumn) { agencyTimeZone = row.string(zoneColumn) }
            }
        }

        var stopsTable = try files.requiredTable("stops.txt")
        let stops = try GTFSStops.read(&stopsTable)
        var routesTable = try files.requiredTable("routes.txt")
        let routes = try GTFSRoutes.read(&routesTable)

        var calendar = GTFSServiceCalendar()
        var calendarTable = try files.table("calendar.txt")
        var datesTable = try files.table("calendar_dates.txt")
        if calendarTable == nil, datesTable == nil {
            throw DecodeError(file: path, text: Message(.gtfsNoCalendar))
        }
        if calendarTable != nil { try calendar.readCalendar(&calendarTable!) }
        if datesTable != nil { try calendar.readCalendarDates(&datesTable!) }

        let validity = try files.table("feed_info.txt").flatMap { table in
            var table = table
            return try Self.feedValidity(&table)
        }

        var labels = ByteInterner()
        var tripsTable = try files.requiredTable("trips.txt")
        var trips = try GTFSTrips.read(&tripsTable, routes: routes, calendar: &calendar, labels: &labels)
        if var frequencies = try files.table("frequencies.txt") {
            try trips.readFrequencies(&frequencies)
        }

        var stopTimesTable = try files.requiredTable("stop_times.txt")
        let stopDepartures = try GTFSStopDepartures.read(&stopTimesTable, stops: stops, trips: trips, labels: &labels)

        var feed = GTFSFeed(path: path, agencyTimeZone: agencyTimeZone, stops: stops, routes: routes, trips: trips,
                            calendar: calendar, stopDepartures: stopDepartures, labels: labels.strings())
        feed.publishedValidity = validity
        return feed
    }

    /// `feed_start_date` / `feed_end_date` of feed_info.txt's first row (both optional, `YYYYMMDD`);
    /// nil when both are empty or absent.
    static func feedValidity(_ table: inout CSVTable) throws -> PublishedValidity? {
        let startColumn = table.index(of: "feed_start_date"), endColumn = table.index(of: "feed_end_date")
        var validity: PublishedValidity?
        var first = true
        try table.forEachRow { row in
            guard first else { return }
            first = false
            func date(_ column: Int?, _ name: String) throws -> LocalDate? {
                guard !row.isEmpty(column) else { return nil }
                guard let day = GTFSCellValue.dayNumber(row.bytes(column)) else {
                    throw row.error(column: column, name: name, Message(.gtfsNotADate))
                }
                return LocalDate(dayNumber: day)
            }
            let start = try date(startColumn, "feed_start_date"), end = try date(endColumn, "feed_end_date")
            if let start, let end, end < start {
                throw row.error(Message(.gtfsEndBeforeStart, ["end": .text("\(end)"), "start": .text("\(start)")]))
            }
            validity = PublishedValidity(from: start, until: end, fromField: "feed_start_date", untilField: "feed_end_date")
        }
        return validity
    }

    /// Number of rows read from stop_times.txt.
    public var stopTimeCount: Int { stopDepartures.rowCount }

    /// The service_ids that run on `date`, sorted.
    public func serviceIDs(on date: LocalDate) -> [String] {
        calendar.activeServices(on: date).enumerated()
            .filter(\.element)
            .map { calendar.serviceIDs.string(at: Int32($0.offset)) }
            .sorted()
    }

    /// The timetable of a stop.
    ///
    /// - Parameters:
    ///   - stopID: a stop_id; a station's id (a stop that is some stops' parent_station) also
    ///     selects its platforms.
    ///   - stopName: every stop with this stop_name (the platforms of a bus terminal), and their
    ///     platforms when they are stations. Give exactly one of `stopID` and `stopName`.
    ///   - route: keep only the routes whose route_id or route_short_name is this.
    /// - Throws: `DecodeError` naming the feed and the value when the stop or the route is unknown.
    public func timetable(stopID: String?, stopName: String?, route: String?) throws -> GTFSStopTimetable {
        var selected = Set<Int32>()
        switch (stopID, stopName) {
        case let (id?, nil):
            guard let stop = stops.ids.find(id) else {
                throw DecodeError(file: path, text: Message(.gtfsNoStopID, ["id": .text("\"\(id)\"")]))
            }
            selected.insert(stop)
        case let (nil, name?):
            for index in stops.names.indices where stops.names[index] == name { selected.insert(Int32(index)) }
            guard !selected.isEmpty else {
                throw DecodeError(file: path, text: Message(.gtfsNoStopName, ["name": .text("\"\(name)\"")]))
            }
        default:
            throw DecodeError(file: path, text: Message(.gtfsStopChoice))
        }
        // A station selects its platforms (one pass over the parents).
        let chosen = selected
        for (index, parent) in stops.parents.enumerated() where parent >= 0 && chosen.contains(parent) {
            selected.insert(Int32(index))
        }

        var routeFilter: Set<Int32>?
        if let route {
            let matching = routes.matching(route)
            guard !matching.isEmpty else {
                throw DecodeError(file: path, text: Message(.gtfsNoRoute, ["route": .text("\"\(route)\"")]))
            }
            routeFilter = Set(matching)
        }

        struct GroupKey: Hashable { var route: Int32; var destination: String }
        var groups: [GroupKey: Int32] = [:]
        var entries: [GTFSStopTimetable.Entry] = []
        var tripStops: [(trip: Int32, stop: Int32, time: Int32)] = []
        let departures = stopDepartures
        for stop in selected.sorted() {
            let stopLabel = stops.label(of: stop)
            for index in departures.range(of: stop) {
                let trip = departures.trips[index]
                let route = trips.routes[Int(trip)]
                if let routeFilter, !routeFilter.contains(route) { continue }
                let destination = destination(headsign: departures.headsigns[index], trip: trip)
                let key = GroupKey(route: route, destination: destination)
                let group: Int32
                if let known = groups[key] {
                    group = known
                } else {
                    group = Int32(groups.count)
                    groups[key] = group
                }
                let template = Departure(time: departures.times[index], line: routes.labels[Int(route)], stop: stopLabel,
                                         destination: destination, isOrigin: departures.origins[index],
                                         trip: trips.ids.string(at: trip))
                tripStops.append((trip, stop, departures.times[index]))
                let service = trips.services[Int(trip)]
                if let windows = trips.frequencies[trip] {
                    let offset = departures.times[index] - max(0, departures.tripFirstTimes[Int(trip)])
                    for window in windows {
                        // headway_secs 1 over a 999-hour window is 3.6 million departures a row: a
                        // handful of such rows would exhaust memory, so the expansion is capped.
                        let count = window.end > window.start ? Int((window.end - window.start - 1) / window.headway) + 1 : 0
                        guard entries.count + count <= Self.maxExpandedDepartures else {
                            throw DecodeError(file: path + "/frequencies.txt",
                                              text: Message(.gtfsTooManyDepartures, ["max": .number(Self.maxExpandedDepartures)]))
                        }
                        var start = window.start
                        while start < window.end {
                            var departure = template
                            departure.time = start + offset
                            entries.append(.init(departure: departure, service: service, group: group))
                            start += window.headway
                        }
                    }
                } else {
                    entries.append(.init(departure: template, service: service, group: group))
                }
            }
        }
        let schedules = GTFSTripSchedules(departures: tripStops, feedTrips: trips, stops: stops, routes: routes,
                                          calendar: calendar, stopDepartures: stopDepartures,
                                          selectedStops: selected, routeFilter: routeFilter)
        var timetable = GTFSStopTimetable(entries: entries, groupCount: groups.count, calendar: calendar, tripSchedules: schedules)
        timetable.publishedValidity = publishedValidity
        return timetable
    }

    /// At most this many departures from expanding frequencies.txt for one timetable (a real feed's
    /// busiest stop has tens of thousands).
    static let maxExpandedDepartures = 2_000_000

    /// stop_headsign, else trip_headsign, else the name of the trip's last stop.
    private func destination(headsign: Int32, trip: Int32) -> String {
        if headsign >= 0 { return labels[Int(headsign)] }
        let tripHeadsign = trips.headsigns[Int(trip)]
        if tripHeadsign >= 0 { return labels[Int(tripHeadsign)] }
        let last = stopDepartures.tripLastStops[Int(trip)]
        return last >= 0 ? stops.name(of: last) : ""
    }
}
