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

    /// Creates a route from its labels, timetable and files.
    public init(route: String, origin: String, destination: String, stop: String,
                timetable: DayTypeTimetable, files: [String]) {
        self.route = route
        self.origin = origin
        self.destination = destination
        self.stop = stop
        self.timetable = timetable
        self.files = files
    }
}
