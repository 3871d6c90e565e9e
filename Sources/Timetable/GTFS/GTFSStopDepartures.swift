import Messages

/// Every departure of a feed grouped by stop, read from `stop_times.txt` in one pass over its
/// bytes (ids looked up without creating Strings, times parsed from bytes).
///
/// A stop time is a departure when the trip has a later stop (by stop_sequence), its
/// `departure_time` is present and its `pickup_type` is not 1. A stop time with an arrival but
/// no departure time, or with neither (a non-timepoint), is not a departure.
struct GTFSStopDepartures: Sendable {
    /// Departures of stop `s` are at `offsets[s]..<offsets[s + 1]` of the arrays below.
    private(set) var offsets: [Int32] = []
    private(set) var trips: [Int32] = []
    /// departure_time, seconds since the service-day start.
    private(set) var times: [Int32] = []
    /// stop_headsign as an index into the feed's labels, or -1.
    private(set) var headsigns: [Int32] = []
    /// The trip starts its journey at this stop.
    private(set) var origins: [Bool] = []
    /// Per trip: the time at its first stop (what frequencies.txt offsets are measured from).
    private(set) var tripFirstTimes: [Int32] = []
    /// Per trip: its last stop (the destination when no headsign is given), or -1.
    private(set) var tripLastStops: [Int32] = []
    /// Number of stop_times rows read.
    private(set) var rowCount = 0
    /// Every stop time grouped by trip (file order within a trip), for realtime: the rows of trip `t`
    /// are `tripRowCounts[t]` rows from `tripRowStarts[t]` of `tripRows`. A feed whose stop_times
    /// list each trip's rows together (nearly all) keeps them where they were read: no copy.
    private(set) var tripRows: [GTFSTripStopRow] = []
    private(set) var tripRowStarts: [Int32] = []
    private(set) var tripRowCounts: [Int32] = []

    init() {}

    /// The departures of one stop, as a range into the arrays.
    func range(of stop: Int32) -> Range<Int> { Int(offsets[Int(stop)])..<Int(offsets[Int(stop) + 1]) }

    /// The stop times of one trip, as a range into `tripRows`.
    func rows(ofTrip trip: Int32) -> Range<Int> {
        let start = Int(tripRowStarts[Int(trip)])
        return start < 0 ? 0..<0 : start..<start + Int(tripRowCounts[Int(trip)])
    }

    /// Reads `stop_times.txt`: every trip_id and stop_id must be defined, stop_sequence must be a
    /// number and times must be `H:MM:SS`.
    static func read(_ table: inout CSVTable, stops: GTFSStops, trips: GTFSTrips,
                     labels: inout ByteInterner) throws -> GTFSStopDepartures {
        let tripColumn = try table.requiredIndex(of: "trip_id")
        let stopColumn = try table.requiredIndex(of: "stop_id")
        let sequenceColumn = try table.requiredIndex(of: "stop_sequence")
        let departureColumn = try table.requiredIndex(of: "departure_time")
        let arrivalColumn = table.index(of: "arrival_time")
        let headsignColumn = table.index(of: "stop_headsign")
        let pickupColumn = table.index(of: "pickup_type")

        // Ids are looked up among checked text, times and numbers parsed as ASCII; headsigns are
        // checked here when they are new.
        table.callerChecksText(of: [tripColumn, stopColumn, sequenceColumn, departureColumn, pickupColumn, headsignColumn])

        // Pass 1: the rows as integers.
        var rows: [GTFSTripStopRow] = []
        rows.reserveCapacity(table.byteCount / 40)

        var lastTripStart: UnsafePointer<UInt8>? = nil
        var lastTripLength = -1
        var lastTrip: Int32 = -1
        var lastHeadsignStart: UnsafePointer<UInt8>? = nil
        var lastHeadsignLength = -1
        var lastHeadsign: Int32 = -1

        try table.forEachRow { row in
            let tripBytes = row.bytes(tripColumn)
            let trip: Int32
            if tripBytes.count == lastTripLength, let previous = lastTripStart, let base = tripBytes.baseAddress,
               memoryEqual(previous, base, tripBytes.count) {
                trip = lastTrip
            } else {
                guard let found = trips.ids.find(tripBytes) else {
                    throw row.error(column: tripColumn, name: "trip_id", Message(.gtfsNotInFile, ["file": .text("trips.txt")]))
                }
                trip = found
                lastTrip = found
                lastTripStart = tripBytes.baseAddress
                lastTripLength = tripBytes.count
            }
            guard let stop = stops.ids.find(row.bytes(stopColumn)) else {
                throw row.error(column: stopColumn, name: "stop_id", Message(.gtfsNotInFile, ["file": .text("stops.txt")]))
            }
            guard let sequence = GTFSCellValue.integer(row.bytes(sequenceColumn)) else {
                throw row.error(column: sequenceColumn, name: "stop_sequence", Message(.gtfsNotNonNegativeWhole))
            }
            var time: Int32 = -1
            var arrival: Int32 = -1
            var departs = false
            let departureBytes = row.bytes(departureColumn)
            if departureBytes.count > 0 {
                guard let departure = GTFSTime.seconds(departureBytes) else {
                    throw row.error(column: departureColumn, name: "departure_time", Message(.gtfsNotATime))
                }
                time = departure
                departs = true
            }
            let arrivalBytes = row.bytes(arrivalColumn)
            if arrivalBytes.count > 0 {
                if arrivalBytes.count == departureBytes.count, let a = arrivalBytes.baseAddress, let d = departureBytes.baseAddress,
                   memoryEqual(a, d, arrivalBytes.count) {
                    arrival = time  // the same text (most rows): parsed once
                } else if let parsed = GTFSTime.seconds(arrivalBytes) {
                    arrival = parsed
                } else if !departs {
                    throw row.error(column: arrivalColumn, name: "arrival_time", Message(.gtfsNotATime))
                }
                // (A malformed arrival_time beside a departure_time is not an error, as before:
                // the arrival is taken to be the departure.)
            }
            if time < 0 { time = arrival } else if arrival < 0 { arrival = time }
            if !row.isEmpty(pickupColumn) {
                guard let pickup = GTFSCellValue.integer(row.bytes(pickupColumn)), pickup <= 3 else {
                    throw row.error(column: pickupColumn, name: "pickup_type", Message(.gtfsNotPickupType))
                }
                if pickup == 1 { departs = false }
            }
            var headsign: Int32 = -1
            let headsignBytes = row.bytes(headsignColumn)
            if headsignBytes.count > 0 {
                if headsignBytes.count == lastHeadsignLength, let previous = lastHeadsignStart,
                   let base = headsignBytes.baseAddress, memoryEqual(previous, base, headsignBytes.count) {
                    headsign = lastHeadsign
                } else {
                    if let base = headsignBytes.baseAddress,
                       CSVTextCheck.firstProblem(base, from: 0, to: headsignBytes.count) != nil {
                        throw CSVEncodingProblem()
                    }
                    headsign = labels.intern(headsignBytes)
                    lastHeadsign = headsign
                    lastHeadsignStart = headsignBytes.baseAddress
                    lastHeadsignLength = headsignBytes.count
                }
            }
            rows.append(GTFSTripStopRow(trip: trip, stop: stop, sequence: sequence, time: time, arrival: arrival,
                                    headsign: headsign, departs: departs))
        }

        // Pass 2: per trip, the first and last stop by stop_sequence.
        let tripCount = trips.count
        var firstSequences = [Int32](repeating: .max, count: tripCount)
        var lastSequences = [Int32](repeating: -1, count: tripCount)
        var firstTimes = [Int32](repeating: -1, count: tripCount)
        var earliestTimes = [Int32](repeating: .max, count: tripCount)
        var lastStops = [Int32](repeating: -1, count: tripCount)
        var tripStarts = [Int32](repeating: -1, count: tripCount)
        var tripCounts = [Int32](repeating: 0, count: tripCount)
        var tripsContiguous = true
        var previousTrip: Int32 = -1
        for (index, row) in rows.enumerated() {
            let trip = Int(row.trip)
            if row.trip != previousTrip {
                if tripStarts[trip] >= 0 { tripsContiguous = false } else { tripStarts[trip] = Int32(index) }
                previousTrip = row.trip
            }
            tripCounts[trip] += 1
            if row.sequence < firstSequences[trip] { firstSequences[trip] = row.sequence; firstTimes[trip] = row.time }
            if row.sequence > lastSequences[trip] { lastSequences[trip] = row.sequence; lastStops[trip] = row.stop }
            if row.time >= 0, row.time < earliestTimes[trip] { earliestTimes[trip] = row.time }
        }
        for trip in 0..<tripCount where firstTimes[trip] < 0 && earliestTimes[trip] != .max {
            firstTimes[trip] = earliestTimes[trip]
        }

        // Pass 3: departures grouped by stop (a counting sort, file order kept within a stop).
        var result = GTFSStopDepartures()
        result.rowCount = rows.count
        var offsets = [Int32](repeating: 0, count: stops.count + 1)
        for index in rows.indices where rows[index].departs {
            if rows[index].sequence < lastSequences[Int(rows[index].trip)] {
                offsets[Int(rows[index].stop) + 1] += 1
            } else {
                rows[index].departs = false  // the trip's last stop
            }
        }
        for stop in 0..<stops.count { offsets[stop + 1] += offsets[stop] }
        let total = Int(offsets[stops.count])
        var next = offsets
        var outTrips = [Int32](repeating: 0, count: total), outTimes = [Int32](repeating: 0, count: total)
        var outHeadsigns = [Int32](repeating: 0, count: total), outOrigins = [Bool](repeating: false, count: total)
        for row in rows where row.departs {
            let stop = Int(row.stop)
            let slot = Int(next[stop])
            next[stop] += 1
            outTrips[slot] = row.trip
            outTimes[slot] = row.time
            outHeadsigns[slot] = row.headsign
            outOrigins[slot] = row.sequence == firstSequences[Int(row.trip)]
        }
        result.offsets = offsets
        result.trips = outTrips
        result.times = outTimes
        result.headsigns = outHeadsigns
        result.origins = outOrigins
        result.tripFirstTimes = firstTimes
        result.tripLastStops = lastStops

        // Rows grouped by trip: as read when each trip's rows are together, else a counting sort
        // (file order kept within a trip).
        if !tripsContiguous {
            var next: Int32 = 0
            for trip in 0..<tripCount {
                tripStarts[trip] = tripCounts[trip] > 0 ? next : -1
                next += tripCounts[trip]
            }
            var slots = tripStarts
            let read = rows
            rows = [GTFSTripStopRow](unsafeUninitializedCapacity: read.count) { buffer, initialized in
                for row in read {
                    let slot = Int(slots[Int(row.trip)])
                    slots[Int(row.trip)] += 1
                    buffer.initializeElement(at: slot, to: row)
                }
                initialized = read.count
            }
        }
        result.tripRows = rows
        result.tripRowStarts = tripStarts
        result.tripRowCounts = tripCounts
        return result
    }
}

/// One stop_times.txt row as numbers: the trip and stop (indices into the feed's), its
/// stop_sequence, times (seconds since the service-day start; -1 when the row has none), headsign
/// and whether it is a departure. Kept, grouped by trip, for realtime.
struct GTFSTripStopRow: Sendable {
    var trip: Int32
    var stop: Int32
    var sequence: Int32
    /// departure_time, else arrival_time, else -1.
    var time: Int32
    /// arrival_time, else departure_time, else -1.
    var arrival: Int32
    /// (headsign + 1) × 2 + (departs ? 1 : 0): two fields in one, so that a row is 24 bytes (a
    /// million-row stop_times.txt is kept while the feed is).
    private var headsignAndDeparts: Int32

    init(trip: Int32, stop: Int32, sequence: Int32, time: Int32, arrival: Int32, headsign: Int32, departs: Bool) {
        self.trip = trip
        self.stop = stop
        self.sequence = sequence
        self.time = time
        self.arrival = arrival
        self.headsignAndDeparts = (headsign + 1) &* 2 + (departs ? 1 : 0)
    }

    /// stop_headsign as an index into the feed's labels, or -1.
    var headsign: Int32 { (headsignAndDeparts >> 1) - 1 }
    /// The stop time is a departure if its trip goes on (time present, pickup allowed, not its last stop).
    var departs: Bool {
        get { headsignAndDeparts & 1 == 1 }
        set { headsignAndDeparts = (headsignAndDeparts & ~1) | (newValue ? 1 : 0) }
    }
    /// departure_time, else arrival_time, else -1.
    var departure: Int32 { time }
}
