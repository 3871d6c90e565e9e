/// One scheduled departure within a service day, as a source publishes it.
public struct Departure: Sendable, Hashable {
    /// The timetable's time in seconds, 25:10 is 90_600: the wall clock of the service date for a
    /// wall-clock timetable (bus CSV, ODPT), seconds since "noon minus 12 h" for GTFS (see
    /// `ServiceTimeBase`; the board turns it into an instant).
    public var time: Int32
    /// Line or route label (鷹56, 銀座線).
    public var line: String
    /// Stop, platform or pole label (12, 銀座).
    public var stop: String
    /// Destination label (三鷹駅, 浅草).
    public var destination: String
    /// Train type or service kind when the source has one (Local, Express).
    public var trainType: String?
    /// The last departure of the service day from this source toward this destination.
    public var isLast: Bool
    /// The vehicle starts its journey here.
    public var isOrigin: Bool
    /// What realtime data calls the run this departure belongs to: the GTFS `trip_id`, the ODPT
    /// train number (`odpt:trainNumber`); nil when the source names none (bus CSV).
    public var trip: String?

    public init(time: Int32, line: String, stop: String, destination: String,
                trainType: String? = nil, isLast: Bool = false, isOrigin: Bool = false, trip: String? = nil) {
        self.trip = trip
        self.time = time
        self.line = line
        self.stop = stop
        self.destination = destination
        self.trainType = trainType
        self.isLast = isLast
        self.isOrigin = isOrigin
    }

    /// `HH:MM` with hours past 24 kept (25:10), as timetables print it.
    public var clockText: String { Departure.clockText(seconds: Int(time)) }

    /// `HH:MM` for a timetable time (hours past 24 kept).
    public static func clockText(seconds: Int) -> String {
        let h = seconds / 3600, m = (seconds % 3600) / 60
        return (h < 10 ? "0\(h)" : "\(h)") + ":" + (m < 10 ? "0\(m)" : "\(m)")
    }
}

extension Array where Element == Departure {
    /// Sets `isLast` on the final departure toward each destination (for sources that do not mark it).
    public mutating func markLastPerDestination() {
        var seen = Set<String>()
        for index in indices.reversed() where seen.insert(self[index].destination).inserted {
            self[index].isLast = true
        }
    }
}
