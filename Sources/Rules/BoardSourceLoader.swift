import Foundation
import Timetable

/// Turns board specifications into boards by reading their sources' files.
///
/// A GTFS feed named by several sources is read once.
public struct BoardSourceLoader {
    private var feeds: [String: GTFSFeed] = [:]

    public init() {}

    /// The board of a specification, and a message per source that could not be loaded.
    public mutating func board(from spec: BoardSpec) -> (Board, [String]) {
        let clock = ZoneClock(timeZone: spec.timeZone)
        var sources: [BoardSource] = []
        var problems: [String] = []
        for source in spec.sources {
            do {
                sources.append(contentsOf: try load(source, boardZone: spec.timeZone))
            } catch {
                problems.append("\(source.location): source of board \"\(spec.id)\" not loaded: \(error)")
            }
        }
        // Japanese national holidays apply to boards in Japan's timezone; elsewhere only `holidays:`.
        let calendar = ServiceCalendar(extraHolidays: Set(spec.extraHolidays),
                                       nationalHolidays: spec.timeZone.identifier == "Asia/Tokyo")
        let board = Board(id: spec.id, title: spec.title, clock: clock, calendar: calendar, sources: sources)
        return (board, problems)
    }

    /// The board sources one configured source yields (a CSV directory may hold several routes).
    public mutating func load(_ spec: SourceSpec, boardZone: TimeZone) throws -> [BoardSource] {
        func source(_ name: String, _ timetable: any ServiceTimetable, _ vehicle: Vehicle) -> BoardSource {
            BoardSource(name: name, timetable: timetable, walkSeconds: spec.walkSeconds,
                        line: spec.line, stop: spec.stop, destination: spec.destination, vehicle: vehicle)
        }
        switch spec.kind {
        case .csv(let files):
            // Labels not given in the configuration come from an article-style file name, if any.
            let named = files.values.sorted().lazy.compactMap { BusCSVFileName(fileName: ($0 as NSString).lastPathComponent) }.first
            let timetable = try BusCSV.timetable(files: files, line: spec.line ?? named?.route ?? "",
                                                 stop: spec.stop ?? named?.stop ?? "",
                                                 destination: spec.destination ?? named?.destination ?? "")
            return [source(files.values.sorted().joined(separator: ", "), timetable, .bus)]
        case .csvDirectory(let path):
            return try BusCSV.directory(path).map { route in
                var board = source(path, route.timetable, .bus)
                board.line = spec.line ?? route.route
                board.stop = spec.stop ?? route.stop
                board.destination = spec.destination ?? route.destination
                return board
            }
        case .odpt(let path, let station, let direction):
            let timetable = try ODPTTimetableDecoder.stationTimetable(try FileContents.read(path), file: path,
                                                                      station: station, direction: direction)
            return [source(path, timetable, .train)]
        case .busstopPole(let path, let pole):
            let timetable = try ODPTTimetableDecoder.busstopPoleTimetable(try FileContents.read(path), file: path, pole: pole)
            return [source(path, timetable, .bus)]
        case .gtfs(let path, let stopID, let stopName, let route):
            let feed = try feeds[path] ?? GTFSFeed.load(path: path)
            feeds[path] = feed
            if let agencyZone = feed.agencyTimeZone, let zone = TimeZone(identifier: agencyZone),
               zone.identifier != boardZone.identifier {
                throw DecodeError(file: path, place: "agency.txt",
                                  message: "the feed's times are in agency_timezone \"\(agencyZone)\" but the board's timezone is \"\(boardZone.identifier)\"; set `timezone: \(agencyZone)` on the board")
            }
            return [source(path, try feed.timetable(stopID: stopID, stopName: stopName, route: route), .vehicle)]
        }
    }
}
