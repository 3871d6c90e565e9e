/// The scheduled stop times of the trips that depart from one GTFS stop timetable, and what a
/// realtime overlay needs from the feed to match TripUpdates to them: which trip_ids the feed knows
/// at all, which services run on a date, the timetable's stops and routes.
///
/// Built by `GTFSFeed.timetable(stopID:stopName:route:)` from the feed's stop_times grouped by trip:
/// only the rows of the trips serving the timetable are copied (as numbers; strings are made when a
/// trip is looked up), so the feed itself can be dropped once its boards are built.
public final class GTFSTripSchedules: Sendable {
    /// One stop of a trip (a stop_times.txt row).
    public struct StopTime: Sendable, Equatable {
        /// `stop_sequence`.
        public var stopSequence: UInt32
        /// `stop_id`.
        public var stopID: String
        /// `arrival_time` (else `departure_time`) in seconds since the service day's start.
        public var arrival: Int32
        /// `departure_time` (else `arrival_time`) in seconds since the service day's start.
        public var departure: Int32
        /// The timetable has a departure of the trip at this stop (a stop of the board).
        public var isBoardDeparture: Bool
    }

    /// A trip that departs from the timetable's stops.
    public struct Trip: Sendable {
        /// `trip_id`.
        public var id: String
        /// Its stop times in stop_sequence order.
        public var stopTimes: [StopTime]
        /// The trip repeats through frequencies.txt (its departures here are expanded copies).
        public var isFrequencyBased: Bool
        /// The feed's index of its service.
        let service: Int32

        /// Seconds since the service day's start of its first stop's departure (what a TripUpdate's
        /// `start_time` refers to), or nil without times.
        public var firstDeparture: Int32? {
            stopTimes.first(where: { $0.departure >= 0 }).map(\.departure)
        }
    }

    /// What the static feed says about a trip_id.
    public enum Lookup: Sendable {
        /// Not in trips.txt (another agency's trip, or a newer static feed than this one).
        case unknown
        /// In the feed, but it never departs from this timetable's stops.
        case elsewhere
        /// It departs from this timetable's stops.
        case serves(Trip)
    }

    private let feedTrips: ByteInterner
    private let stops: GTFSStops
    private let routes: GTFSRoutes
    private let calendar: GTFSServiceCalendar
    private let selectedStops: Set<Int32>
    private let routeFilter: Set<Int32>?
    /// The served trips' feed indices, sorted; their rows are at `rowOffsets[i]..<rowOffsets[i + 1]`.
    private let servedTrips: [Int32]
    private let services: [Int32]
    private let frequencyBased: [Bool]
    private let rowOffsets: [Int32]
    private let rows: [GTFSTripStopRow]
    private let boardRows: [Bool]

    /// The first and last dates any service of the whole feed runs (nil: none ever runs).
    public let feedServiceDates: ClosedRange<LocalDate>?

    /// - Parameter departures: (trip, stop, time) of each departure of the timetable before
    ///   frequencies are expanded.
    init(departures: [(trip: Int32, stop: Int32, time: Int32)], feedTrips: GTFSTrips, stops: GTFSStops,
         routes: GTFSRoutes, calendar: GTFSServiceCalendar, stopDepartures: GTFSStopDepartures,
         selectedStops: Set<Int32>, routeFilter: Set<Int32>?) {
        self.feedTrips = feedTrips.ids
        self.stops = stops
        self.routes = routes
        self.calendar = calendar
        self.selectedStops = selectedStops
        self.routeFilter = routeFilter
        var served = departures.map(\.trip)
        served.sort()
        var unique: [Int32] = []
        unique.reserveCapacity(served.count)
        for trip in served where unique.last != trip { unique.append(trip) }
        var offsets: [Int32] = [0]
        var rows: [GTFSTripStopRow] = []
        offsets.reserveCapacity(unique.count + 1)
        for trip in unique {
            rows.append(contentsOf: stopDepartures.tripRows[stopDepartures.rows(ofTrip: trip)])
            offsets.append(Int32(rows.count))
        }
        var boardRows = [Bool](repeating: false, count: rows.count)
        for departure in departures {
            guard let local = Self.search(unique, departure.trip) else { continue }
            for row in Int(offsets[local])..<Int(offsets[local + 1])
            where rows[row].stop == departure.stop && rows[row].departure == departure.time {
                boardRows[row] = true
                break
            }
        }
        self.servedTrips = unique
        self.services = unique.map { feedTrips.services[Int($0)] }
        self.frequencyBased = unique.map { feedTrips.frequencies[$0] != nil }
        self.rowOffsets = offsets
        self.rows = rows
        self.boardRows = boardRows
        self.feedServiceDates = calendar.dayRange(of: (0..<Int32(calendar.count)).map { $0 })
            .map { LocalDate(dayNumber: $0.lowerBound)...LocalDate(dayNumber: $0.upperBound) }
    }

    /// Number of trips departing from the timetable's stops.
    public var tripCount: Int { servedTrips.count }

    /// What the feed knows of `tripID`, with the trip's stop times when it serves this timetable.
    public func lookup(_ tripID: String) -> Lookup {
        guard let feedIndex = feedTrips.find(tripID) else { return .unknown }
        guard let local = Self.search(servedTrips, feedIndex) else { return .elsewhere }
        var stopTimes: [StopTime] = []
        let range = Int(rowOffsets[local])..<Int(rowOffsets[local + 1])
        stopTimes.reserveCapacity(range.count)
        for index in range {
            let row = rows[index]
            stopTimes.append(StopTime(stopSequence: UInt32(clamping: row.sequence), stopID: stops.ids.string(at: row.stop),
                                      arrival: row.arrival, departure: row.departure, isBoardDeparture: boardRows[index]))
        }
        if !zip(stopTimes, stopTimes.dropFirst()).allSatisfy({ $0.stopSequence < $1.stopSequence }) {
            stopTimes.sort { $0.stopSequence < $1.stopSequence }
        }
        return .serves(Trip(id: tripID, stopTimes: stopTimes, isFrequencyBased: frequencyBased[local], service: services[local]))
    }

    /// Whether the trip's service runs on `date` (calendar.txt and calendar_dates.txt).
    public func runs(_ trip: Trip, on date: LocalDate) -> Bool { calendar.runs(trip.service, on: date) }

    /// Whether `stopID` is one of the timetable's stops (the chosen stop, or a platform of it).
    public func isBoardStop(_ stopID: String) -> Bool {
        stops.ids.find(stopID).map { selectedStops.contains($0) } ?? false
    }

    /// The label a timetable shows for a stop (platform code, else name, else id); nil for an unknown stop_id.
    public func stopLabel(_ stopID: String) -> String? {
        stops.ids.find(stopID).map { stops.label(of: $0) }
    }

    /// Whether a trip of `routeID` may appear on this timetable (always, without a route filter; a
    /// missing route_id passes unless there is a filter).
    public func allowsRoute(_ routeID: String?) -> Bool {
        guard let routeFilter else { return true }
        guard let routeID, let route = routes.ids.find(routeID) else { return false }
        return routeFilter.contains(route)
    }

    /// The label the timetable shows for a route (short name, else long name), nil for an unknown route_id.
    public func routeLabel(_ routeID: String) -> String? {
        routes.ids.find(routeID).map { routes.labels[Int($0)] }
    }

    private static func search(_ sorted: [Int32], _ value: Int32) -> Int? {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) >> 1
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low < sorted.count && sorted[low] == value ? low : nil
    }
}
