import Foundation
import Timetable

/// The last good ODPT API response of an `odpt_api` / `odpt_api_busstop_pole` source, as the
/// source cache holds it.
public struct CachedODPTResponse: Sendable, Equatable {
    /// The response body (a JSON array of `odpt:StationTimetable` / `odpt:BusstopPoleTimetable`).
    public var bytes: [UInt8]
    /// A name for errors (the cache file's path).
    public var label: String

    public init(bytes: [UInt8], label: String) {
        self.bytes = bytes
        self.label = label
    }
}

/// Turns board specifications into boards by reading their sources' files.
///
/// A GTFS feed named by several sources is read once. Sources whose data comes from the ODPT API
/// (`odpt_api`, `odpt_api_busstop_pole`) are read through `cachedODPT`, which the caller wires to
/// its source cache (`CachedFacts.boards(configuration:cache:)` in LiveSources): nothing cached yet
/// is a warning, not a problem — the board loads its other sources.
public struct BoardSourceLoader {
    private var feeds: [String: GTFSFeed] = [:]
    /// The cached API response of an ODPT API source; nil = nothing cached yet. Throws when the
    /// cache entry cannot be read. When the loader has no lookup at all, such sources are skipped
    /// with a warning.
    private let cachedODPT: ((SourceSpec) throws -> CachedODPTResponse?)?

    /// A loader that reads files only (ODPT API sources are skipped with a warning).
    public init() {
        cachedODPT = nil
    }

    /// A loader that reads ODPT API sources' timetables through `cachedODPT`.
    public init(cachedODPT: @escaping (SourceSpec) throws -> CachedODPTResponse?) {
        self.cachedODPT = cachedODPT
    }

    /// The board of a specification; a message per source that could not be loaded (`problems`:
    /// broken data) and per ODPT API source without cached data yet (`warnings`).
    public mutating func loadBoard(from spec: BoardSpec) -> (board: Board, problems: [String], warnings: [String]) {
        let clock = ZoneClock(timeZone: spec.timeZone)
        var sources: [BoardSource] = []
        var problems: [String] = []
        var warnings: [String] = []
        for source in spec.sources {
            do {
                if source.kind.isODPTAPI {
                    if let loaded = try loadODPTAPI(source, board: spec, warnings: &warnings) { sources.append(loaded) }
                } else {
                    sources.append(contentsOf: try load(source, boardZone: spec.timeZone))
                }
            } catch {
                problems.append("\(source.location): source of board \"\(spec.id)\" not loaded: \(error)")
            }
        }
        // Japanese national holidays apply to boards in Japan's timezone; elsewhere only `holidays:`.
        let calendar = ServiceCalendar(extraHolidays: Set(spec.extraHolidays),
                                       nationalHolidays: spec.timeZone.identifier == "Asia/Tokyo")
        let board = Board(id: spec.id, title: spec.title, clock: clock, calendar: calendar, sources: sources)
        return (board, problems, warnings)
    }

    /// An ODPT API source from its cached response; nil (with a warning) when nothing is cached.
    private func loadODPTAPI(_ spec: SourceSpec, board: BoardSpec, warnings: inout [String]) throws -> BoardSource? {
        let what: String
        switch spec.kind {
        case .odptAPI(let station, _, _): what = "odpt:StationTimetable of \(station)"
        case .odptAPIBusstopPole(let pole, _): what = "odpt:BusstopPoleTimetable of \(pole)"
        default: return nil
        }
        guard let cachedODPT else {
            warnings.append("\(spec.location): board \"\(board.id)\": the \(what) comes from the ODPT API and is read from the source cache, which this command does not read")
            return nil
        }
        guard let cached = try cachedODPT(spec) else {
            warnings.append("\(spec.location): board \"\(board.id)\": no cached timetable yet for the \(what): run `leavenow fetch`")
            return nil
        }
        return try Self.odptAPISource(spec, response: cached)
    }

    /// The board source of an ODPT API source from a response body.
    public static func odptAPISource(_ spec: SourceSpec, response: CachedODPTResponse) throws -> BoardSource? {
        let timetable: DayTypeTimetable
        let vehicle: Vehicle
        switch spec.kind {
        case .odptAPI(let station, let direction, _):
            timetable = try ODPTTimetableDecoder.stationTimetable(response.bytes, file: response.label, station: station, direction: direction)
            vehicle = .train
        case .odptAPIBusstopPole(let pole, _):
            timetable = try ODPTTimetableDecoder.busstopPoleTimetable(response.bytes, file: response.label, pole: pole)
            vehicle = .bus
        default:
            return nil
        }
        return BoardSource(name: response.label, timetable: timetable, walkSeconds: spec.walkSeconds,
                           line: spec.line, stop: spec.stop, destination: spec.destination, vehicle: vehicle)
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
        case .odptAPI, .odptAPIBusstopPole:
            throw DecodeError(file: "\(spec.location)", message: "an ODPT API source is read from the source cache (BoardSourceLoader(cachedODPT:))")
        }
    }
}
