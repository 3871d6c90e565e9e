import Messages

/// One `frequencies.txt` window: the trip repeats every `headway` seconds from `start`
/// (inclusive) to `end` (exclusive), times in seconds since the service-day start.
struct GTFSFrequency: Sendable, Hashable {
    var start: Int32
    var end: Int32
    var headway: Int32
}

/// The trips of a feed (`trips.txt`, `frequencies.txt`) as indices into routes, services and labels.
struct GTFSTrips: Sendable {
    /// trip_id → dense index.
    private(set) var ids = ByteInterner()
    private(set) var routes: [Int32] = []
    private(set) var services: [Int32] = []
    /// trip_headsign as an index into the feed's label strings, or -1.
    private(set) var headsigns: [Int32] = []
    /// Frequency windows of the trips that have them.
    private(set) var frequencies: [Int32: [GTFSFrequency]] = [:]

    init() {}

    var count: Int { ids.count }

    /// Reads `trips.txt`: every route_id must be in routes.txt and every service_id in calendar.txt or
    /// calendar_dates.txt (such a trip would never run, so it refuses the feed rather than vanish); a
    /// trip_id defined twice is an error. Called after the calendar files are read.
    static func read(_ table: inout CSVTable, routes: GTFSRoutes, calendar: inout GTFSServiceCalendar,
                     labels: inout ByteInterner) throws -> GTFSTrips {
        var trips = GTFSTrips()
        let routeColumn = try table.requiredIndex(of: "route_id")
        let serviceColumn = try table.requiredIndex(of: "service_id")
        let idColumn = try table.requiredIndex(of: "trip_id")
        let headsignColumn = table.index(of: "trip_headsign")
        // The services calendar.txt and calendar_dates.txt define come first; a trip interns any other.
        let definedServices = calendar.serviceIDs.count
        var firstUndefinedService: DecodeError?
        var undefinedServiceTrips = 0
        try table.forEachRow { row in
            let index = trips.ids.intern(row.bytes(idColumn))
            guard Int(index) == trips.routes.count else {
                throw row.error(column: idColumn, name: "trip_id", Message(.gtfsDefinedTwice))
            }
            guard let route = routes.ids.find(row.bytes(routeColumn)) else {
                throw row.error(column: routeColumn, name: "route_id", Message(.gtfsNotInFile, ["file": .text("routes.txt")]))
            }
            if (calendar.serviceIDs.find(row.bytes(serviceColumn)).map { Int($0) >= definedServices }) ?? true {
                undefinedServiceTrips += 1
                if firstUndefinedService == nil {
                    firstUndefinedService = row.error(column: serviceColumn, name: "service_id", Message(.gtfsServiceUndefined))
                }
            }
            trips.routes.append(route)
            trips.services.append(calendar.serviceIndex(row.bytes(serviceColumn)))
            trips.headsigns.append(row.isEmpty(headsignColumn) ? -1 : labels.intern(row.bytes(headsignColumn)))
        }
        if var error = firstUndefinedService {
            let others = undefinedServiceTrips - 1
            if others > 0 {
                error.text = error.text + Message(.gtfsMoreUndefinedTrips, ["count": .number(others)])
            }
            error.text = error.text + Message(.gtfsTripWouldNeverRun)
            throw error
        }
        return trips
    }

    /// Reads `frequencies.txt`: every trip_id must be in trips.txt and headway_secs must be positive.
    mutating func readFrequencies(_ table: inout CSVTable) throws {
        let tripColumn = try table.requiredIndex(of: "trip_id")
        let startColumn = try table.requiredIndex(of: "start_time")
        let endColumn = try table.requiredIndex(of: "end_time")
        let headwayColumn = try table.requiredIndex(of: "headway_secs")
        try table.forEachRow { row in
            guard let trip = ids.find(row.bytes(tripColumn)) else {
                throw row.error(column: tripColumn, name: "trip_id", Message(.gtfsNotInFile, ["file": .text("trips.txt")]))
            }
            guard let start = GTFSTime.seconds(row.bytes(startColumn)) else {
                throw row.error(column: startColumn, name: "start_time", Message(.gtfsNotATime))
            }
            guard let end = GTFSTime.seconds(row.bytes(endColumn)) else {
                throw row.error(column: endColumn, name: "end_time", Message(.gtfsNotATime))
            }
            guard let headway = GTFSCellValue.integer(row.bytes(headwayColumn)), headway > 0 else {
                throw row.error(column: headwayColumn, name: "headway_secs", Message(.gtfsNotPositiveSeconds))
            }
            frequencies[trip, default: []].append(GTFSFrequency(start: start, end: end, headway: headway))
        }
    }
}
