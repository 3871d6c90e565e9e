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

    init() {}

    /// The departures of one stop, as a range into the arrays.
    func range(of stop: Int32) -> Range<Int> { Int(offsets[Int(stop)])..<Int(offsets[Int(stop) + 1]) }

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

        // Pass 1: the rows as columns of integers.
        var rowTrips: [Int32] = [], rowStops: [Int32] = [], rowSequences: [Int32] = []
        var rowTimes: [Int32] = [], rowHeadsigns: [Int32] = []
        /// Bit 0: a departure (time present, pickup allowed); bit 1: time is only an arrival.
        var rowFlags: [UInt8] = []
        let estimate = table.byteCount / 40
        rowTrips.reserveCapacity(estimate)
        rowStops.reserveCapacity(estimate)
        rowSequences.reserveCapacity(estimate)
        rowTimes.reserveCapacity(estimate)
        rowHeadsigns.reserveCapacity(estimate)
        rowFlags.reserveCapacity(estimate)

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
                    throw row.error(column: tripColumn, name: "trip_id", "is not in trips.txt")
                }
                trip = found
                lastTrip = found
                lastTripStart = tripBytes.baseAddress
                lastTripLength = tripBytes.count
            }
            guard let stop = stops.ids.find(row.bytes(stopColumn)) else {
                throw row.error(column: stopColumn, name: "stop_id", "is not in stops.txt")
            }
            guard let sequence = GTFSCellValue.integer(row.bytes(sequenceColumn)) else {
                throw row.error(column: sequenceColumn, name: "stop_sequence", "is not a non-negative whole number")
            }
            var time: Int32 = -1
            var flags: UInt8 = 0
            let departureBytes = row.bytes(departureColumn)
            if departureBytes.count > 0 {
                guard let departure = GTFSTime.seconds(departureBytes) else {
                    throw row.error(column: departureColumn, name: "departure_time", "is not a time (H:MM:SS)")
                }
                time = departure
                flags = 1
            } else if !row.isEmpty(arrivalColumn) {
                guard let arrival = GTFSTime.seconds(row.bytes(arrivalColumn)) else {
                    throw row.error(column: arrivalColumn, name: "arrival_time", "is not a time (H:MM:SS)")
                }
                time = arrival
                flags = 2
            }
            if !row.isEmpty(pickupColumn) {
                guard let pickup = GTFSCellValue.integer(row.bytes(pickupColumn)), pickup <= 3 else {
                    throw row.error(column: pickupColumn, name: "pickup_type", "is not 0, 1, 2 or 3")
                }
                if pickup == 1 { flags &= ~1 }
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
            rowTrips.append(trip)
            rowStops.append(stop)
            rowSequences.append(sequence)
            rowTimes.append(time)
            rowHeadsigns.append(headsign)
            rowFlags.append(flags)
        }

        // Pass 2: per trip, the first and last stop by stop_sequence.
        let tripCount = trips.count
        var firstSequences = [Int32](repeating: .max, count: tripCount)
        var lastSequences = [Int32](repeating: -1, count: tripCount)
        var firstTimes = [Int32](repeating: -1, count: tripCount)
        var earliestTimes = [Int32](repeating: .max, count: tripCount)
        var lastStops = [Int32](repeating: -1, count: tripCount)
        for row in rowTrips.indices {
            let trip = Int(rowTrips[row]), sequence = rowSequences[row], time = rowTimes[row]
            if sequence < firstSequences[trip] { firstSequences[trip] = sequence; firstTimes[trip] = time }
            if sequence > lastSequences[trip] { lastSequences[trip] = sequence; lastStops[trip] = rowStops[row] }
            if time >= 0, time < earliestTimes[trip] { earliestTimes[trip] = time }
        }
        for trip in 0..<tripCount where firstTimes[trip] < 0 && earliestTimes[trip] != .max {
            firstTimes[trip] = earliestTimes[trip]
        }

        // Pass 3: departures grouped by stop (a counting sort, file order kept within a stop).
        var result = GTFSStopDepartures()
        result.rowCount = rowTrips.count
        var offsets = [Int32](repeating: 0, count: stops.count + 1)
        var isDeparture = [Bool](repeating: false, count: rowTrips.count)
        for row in rowTrips.indices where rowFlags[row] & 1 != 0 && rowSequences[row] < lastSequences[Int(rowTrips[row])] {
            isDeparture[row] = true
            offsets[Int(rowStops[row]) + 1] += 1
        }
        for stop in 0..<stops.count { offsets[stop + 1] += offsets[stop] }
        let total = Int(offsets[stops.count])
        var next = offsets
        var outTrips = [Int32](repeating: 0, count: total), outTimes = [Int32](repeating: 0, count: total)
        var outHeadsigns = [Int32](repeating: 0, count: total), outOrigins = [Bool](repeating: false, count: total)
        for row in rowTrips.indices where isDeparture[row] {
            let stop = Int(rowStops[row])
            let slot = Int(next[stop])
            next[stop] += 1
            let trip = rowTrips[row]
            outTrips[slot] = trip
            outTimes[slot] = rowTimes[row]
            outHeadsigns[slot] = rowHeadsigns[row]
            outOrigins[slot] = rowSequences[row] == firstSequences[Int(trip)]
        }
        result.offsets = offsets
        result.trips = outTrips
        result.times = outTimes
        result.headsigns = outHeadsigns
        result.origins = outOrigins
        result.tripFirstTimes = firstTimes
        result.tripLastStops = lastStops
        return result
    }
}
