/// One route's timetables read from a directory of bus CSV files: the files that share route,
/// origin, destination and platform, one per day type.
public struct BusCSVRoute: Sendable {
    /// Route name (鷹56).
    public var route: String
    /// Where the route starts (調布駅北口).
    public var origin: String
    /// Where it goes (三鷹駅).
    public var destination: String
    /// Platform ("12").
    public var stop: String
    /// Departures per day type, labelled with `route`, `stop` and `destination`.
    public var timetable: DayTypeTimetable
    /// The files read, as paths, sorted.
    public var files: [String]
    /// The files that could not be read or parsed (their day types have no departures).
    public var failures: [BusCSVFileFailure]

    /// Creates a route from its labels, timetable, files and the files that failed.
    public init(route: String, origin: String, destination: String, stop: String,
                timetable: DayTypeTimetable, files: [String], failures: [BusCSVFileFailure] = []) {
        self.route = route
        self.origin = origin
        self.destination = destination
        self.stop = stop
        self.timetable = timetable
        self.files = files
        self.failures = failures
    }
}

/// One day-type file of a bus timetable that could not be read or parsed.
public struct BusCSVFileFailure: Sendable, Equatable {
    /// The day type the file was to give.
    public var dayType: DayTypeKey
    /// The file's path.
    public var path: String
    /// Why it failed, naming the file (and the line and column for a bad cell).
    public var error: DecodeError

    /// Creates a failure.
    public init(dayType: DayTypeKey, path: String, error: DecodeError) {
        self.dayType = dayType
        self.path = path
        self.error = error
    }
}
