import Config
import Foundation
import Messages
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
    /// Decodes the ODPT timetables, from files and from the cache.
    private let decoders: SourceDecoders

    /// A loader that reads files only (ODPT API sources are skipped with a warning); ODPT timetables
    /// are decoded by `decoders`.
    public init(decoders: SourceDecoders = .standard) {
        cachedODPT = nil
        self.decoders = decoders
    }

    /// A loader that reads ODPT API sources' timetables through `cachedODPT` and decodes them (and
    /// ODPT timetable files) with `decoders`.
    public init(decoders: SourceDecoders = .standard, cachedODPT: @escaping (SourceSpec) throws -> CachedODPTResponse?) {
        self.cachedODPT = cachedODPT
        self.decoders = decoders
    }

    /// The board of a specification; a message per source that could not be loaded (`problems`:
    /// broken data), per ODPT API source without cached data yet (`warnings`), and both again as
    /// `failures` with the source's label. A CSV source with one broken day-type file keeps its
    /// other day types; the broken file is a problem and a failure of its own.
    public mutating func loadBoard(from spec: BoardSpec) -> LoadedBoard {
        let clock = ZoneClock(timeZone: spec.timeZone)
        var loaded = LoadedBoard(board: Board(id: spec.id, title: spec.title, clock: clock, sources: []))
        var sources: [BoardSource] = []
        var unknown: [UnknownService] = []
        for source in spec.sources {
            let label = SourceLabel.message(of: source)
            do {
                if source.kind.isODPTAPI {
                    var reasons: [Message] = []
                    if let read = try loadODPTAPI(source, board: spec, reasons: &reasons) {
                        sources.append(labelled(read, label: label, spec: source))
                    }
                    loaded.warningMessages += reasons.map { reason in
                        Message(.factsBoardPrefixed, ["location": .text("\(source.location)"), "board": .text("\"\(spec.id)\""), "message": .message(reason)])
                    }
                    loaded.failures += reasons.map { reason in
                        SourceFailure(board: spec.id, source: label, location: source.location, text: reason, isPending: true)
                    }
                    unknown += reasons.map { reason in Self.unknownSource(source, label: label, reason: reason, isPending: true) }
                } else {
                    let read = try loadReportingFiles(source, boardZone: spec.timeZone)
                    sources += read.sources.map { labelled($0, label: $0.labelText, spec: source) }
                    for file in read.fileFailures {
                        loaded.problemMessages.append(Message(.factsDayTypeNotLoaded, [
                            "location": .text("\(source.location)"), "dayType": .text(file.dayType.rawValue), "board": .text("\"\(spec.id)\""),
                            "reason": .message(file.error.descriptionMessage),
                        ]))
                        let fileLabel = file.label + Message(.listSeparator) + .verbatim(file.dayType.rawValue)
                        loaded.failures.append(SourceFailure(board: spec.id, source: fileLabel, location: source.location, text: file.error.descriptionMessage))
                        // The dates that file serves are unknown, not empty.
                        unknown.append(UnknownService(source: fileLabel, origin: "\(source.location)", reason: file.error.descriptionMessage,
                                                      dates: .dayType(file.dayType, configured: file.configured),
                                                      validFrom: source.validFrom, validUntil: source.validUntil, timeBase: .wallClock,
                                                      spanSeconds: UnknownService.busCSVSpanSeconds,
                                                      line: file.line, stop: file.stop, destination: file.destination))
                    }
                }
            } catch {
                let reason = Message(error: error)
                loaded.problemMessages.append(Message(.factsSourceNotLoaded, ["location": .text("\(source.location)"), "board": .text("\"\(spec.id)\""),
                                                                              "reason": .message(reason)]))
                loaded.failures.append(SourceFailure(board: spec.id, source: label, location: source.location, text: reason))
                unknown.append(Self.unknownSource(source, label: label, reason: reason, isPending: false))
            }
        }
        // Japanese national holidays apply to boards in Japan's timezone; elsewhere only `holidays:`.
        let calendar = ServiceCalendar(extraHolidays: Set(spec.extraHolidays),
                                       nationalHolidays: spec.timeZone.identifier == "Asia/Tokyo",
                                       yearEnd: spec.specialDays.yearEnd, overrides: spec.specialDays.overrides)
        loaded.board = Board(id: spec.id, title: spec.title, clock: clock, calendar: calendar, sources: sources, unknownServices: unknown)
        return loaded
    }

    /// The unknown dates of a source that could not be loaded at all (or is waiting for its data):
    /// every date it is configured for, with the labels the configuration gives it.
    static func unknownSource(_ spec: SourceSpec, label: Message, reason: Message, isPending: Bool) -> UnknownService {
        var timeBase = ServiceTimeBase.wallClock
        var span = UnknownService.defaultSpanSeconds
        switch spec.kind {
        case .gtfs: timeBase = .noonMinusTwelveHours
        case .csv, .csvDirectory: span = UnknownService.busCSVSpanSeconds
        default: break
        }
        return UnknownService(source: label, origin: "\(spec.location)", reason: reason, isPending: isPending, dates: .all,
                              validFrom: spec.validFrom, validUntil: spec.validUntil, timeBase: timeBase, spanSeconds: span,
                              line: spec.line, stop: spec.stop, destination: spec.destination)
    }

    /// A board source with its label, configuration place and validity dates: `valid_from` /
    /// `valid_until` as configured, else the dates the data states (ODPT `dct:issued` /
    /// `dct:valid`, GTFS `feed_start_date` / `feed_end_date`) — each end on its own, so an
    /// explicit setting always wins.
    private func labelled(_ source: BoardSource, label: Message, spec: SourceSpec) -> BoardSource {
        var source = source
        source.labelText = label
        source.origin = "\(spec.location)"
        let published = source.timetable.publishedValidity
        source.validFrom = spec.validFrom ?? published?.from
        source.validUntil = spec.validUntil ?? published?.until
        return source
    }

    /// The ODPT API timetables of `specs` whose cached data is past its dates, not valid yet, or
    /// ends within `ServicePeriodCheck.warningDays` days of `now` (its `dct:issued` / `dct:valid`,
    /// unless the source's `valid_from` / `valid_until` say otherwise), for `leavenow sources`: per
    /// cached response's label (the cache file), the message (`the timetable's validity ended on
    /// 2025-03-14 (dct:valid)`). Sources with nothing cached, or that cannot be read, are left out
    /// (`sources` shows those already).
    public func datedAPITimetables(_ specs: [BoardSpec], now: Int64) -> [String: String] {
        guard let cachedODPT else { return [:] }
        var notes: [String: String] = [:]
        for board in specs {
            let clock = ZoneClock(timeZone: board.timeZone)
            let today = clock.localTime(at: now).date
            for spec in board.sources where spec.kind.isODPTAPI {
                guard let response = try? cachedODPT(spec), notes[response.label] == nil,
                      let read = try? Self.odptAPISource(spec, response: response, decoders: decoders) else { continue }
                let single = Board(id: board.id, title: board.title, clock: clock,
                                   sources: [labelled(read, label: .verbatim(response.label), spec: spec)])
                let notice = single.servicePeriodNotices(on: today).first
                    ?? single.endingServices(today: today, within: ServicePeriodCheck.warningDays).first
                if let notice { notes[response.label] = notice.text.text }
            }
        }
        return notes
    }

    /// An ODPT API source from its cached response; nil (with why, without the board's place) when nothing is cached.
    private func loadODPTAPI(_ spec: SourceSpec, board: BoardSpec, reasons: inout [Message]) throws -> BoardSource? {
        let what: Message
        switch spec.kind {
        case .odptAPI(let station, _, _): what = Message(.factsODPTStationTimetable, ["id": .text(station)])
        case .odptAPIBusstopPole(let pole, _): what = Message(.factsODPTPoleTimetable, ["id": .text(pole)])
        default: return nil
        }
        guard let cachedODPT else {
            reasons.append(Message(.factsODPTAPINotRead, ["what": .message(what)]))
            return nil
        }
        guard let cached = try cachedODPT(spec) else {
            reasons.append(Message(.factsODPTNotCached, ["what": .message(what)]))
            return nil
        }
        return try Self.odptAPISource(spec, response: cached, decoders: decoders)
    }

    /// The board source of an ODPT API source from a response body, decoded by `decoders`; nil for
    /// a source that is not an ODPT API source.
    public static func odptAPISource(_ spec: SourceSpec, response: CachedODPTResponse,
                                     decoders: SourceDecoders = .standard) throws -> BoardSource? {
        let kind: SourceBodyKind
        let vehicle: Vehicle
        switch spec.kind {
        case .odptAPI(let station, let direction, _):
            kind = .odptStationTimetable(station: station, direction: direction)
            vehicle = .train
        case .odptAPIBusstopPole(let pole, _):
            kind = .odptBusstopPoleTimetable(pole: pole)
            vehicle = .bus
        default:
            return nil
        }
        let timetable = try decoders.timetable(response.bytes, kind: kind, label: response.label)
        return BoardSource(name: response.label, timetable: timetable, walkSeconds: spec.walkSeconds,
                           line: spec.line, stop: spec.stop, destination: spec.destination, vehicle: vehicle)
    }

    /// A day-type file of a CSV source that could not be loaded, with the label of its route.
    public struct FileFailure: Sendable {
        /// The route's label ("鷹56 (platform 12)").
        public var label: Message
        /// The file's day type.
        public var dayType: DayTypeKey
        /// Why, naming the file.
        public var error: DecodeError
        /// Every day type configured for the route (the failed file's included): which dates the
        /// failed file would have served.
        public var configured: Set<DayTypeKey>
        /// The labels the file's departures would have carried.
        public var line: String
        public var stop: String
        public var destination: String
    }

    /// The board sources one configured source yields (a CSV directory may hold several routes).
    /// - Throws: the first broken day-type file of a CSV source (see `loadReportingFiles` to keep
    ///   the others), or why any other source cannot be read.
    public mutating func load(_ spec: SourceSpec, boardZone: TimeZone) throws -> [BoardSource] {
        let read = try loadReportingFiles(spec, boardZone: boardZone)
        if let first = read.fileFailures.first { throw first.error }
        return read.sources
    }

    /// The board sources one configured source yields, and the day-type files of a CSV source that
    /// could not be read: those cost only their day type (a route none of whose files loaded
    /// yields no source).
    public mutating func loadReportingFiles(_ spec: SourceSpec, boardZone: TimeZone) throws
        -> (sources: [BoardSource], fileFailures: [FileFailure]) {
        func source(_ name: String, _ timetable: any ServiceTimetable, _ vehicle: Vehicle) -> BoardSource {
            var source = BoardSource(name: name, timetable: timetable, walkSeconds: spec.walkSeconds,
                                     line: spec.line, stop: spec.stop, destination: spec.destination, vehicle: vehicle)
            source.labelText = SourceLabel.message(of: spec)
            return source
        }
        switch spec.kind {
        case .csv(let files):
            // Labels not given in the configuration come from an article-style file name, if any.
            let named = files.values.sorted().lazy.compactMap { BusCSVFileName(fileName: ($0 as NSString).lastPathComponent) }.first
            let line = spec.line ?? named?.route ?? "", stop = spec.stop ?? named?.stop ?? ""
            let destination = spec.destination ?? named?.destination ?? ""
            let read = BusCSV.readEach(files: files, line: line, stop: stop, destination: destination)
            let label = SourceLabel.message(of: spec)
            let failures = read.failures.map {
                FileFailure(label: label, dayType: $0.dayType, error: $0.error, configured: Set(files.keys), line: line, stop: stop,
                            destination: destination)
            }
            let loaded = read.timetable.days.isEmpty ? [] : [source(files.values.sorted().joined(separator: ", "), read.timetable, .bus)]
            return (loaded, failures)
        case .csvDirectory(let path):
            var sources: [BoardSource] = []
            var failures: [FileFailure] = []
            for route in try BusCSV.directory(path) {
                let line = spec.line ?? route.route, stop = spec.stop ?? route.stop
                let label = SourceLabel.labels(line: line, stop: stop) ?? .verbatim(route.route)
                let configured = Set(route.timetable.days.keys).union(route.failures.map(\.dayType))
                failures += route.failures.map {
                    FileFailure(label: label, dayType: $0.dayType, error: $0.error, configured: configured, line: line, stop: stop,
                                destination: spec.destination ?? route.destination)
                }
                guard !route.timetable.days.isEmpty else { continue }
                var board = source(path, route.timetable, .bus)
                board.line = line
                board.stop = stop
                board.destination = spec.destination ?? route.destination
                board.labelText = label
                sources.append(board)
            }
            return (sources, failures)
        case .odpt(let path, let station, let direction):
            let timetable = try decoders.timetable(try FileContents.read(path), kind: .odptStationTimetable(station: station, direction: direction),
                                                   label: path)
            return ([source(path, timetable, .train)], [])
        case .busstopPole(let path, let pole):
            let timetable = try decoders.timetable(try FileContents.read(path), kind: .odptBusstopPoleTimetable(pole: pole), label: path)
            return ([source(path, timetable, .bus)], [])
        case .gtfs(let path, let stopID, let stopName, let route):
            let feed = try feeds[path] ?? GTFSFeed.load(path: path)
            feeds[path] = feed
            if let agencyZone = feed.agencyTimeZone, let zone = TimeZone(identifier: agencyZone),
               zone.identifier != boardZone.identifier {
                throw AgencyTimeZoneError(file: path, agencyZone: agencyZone, boardZone: boardZone.identifier)
            }
            return ([source(path, try feed.timetable(stopID: stopID, stopName: stopName, route: route), .vehicle)], [])
        case .odptAPI, .odptAPIBusstopPole:
            throw DecodeError(file: "\(spec.location)", message: "an ODPT API source is read from the source cache (BoardSourceLoader(cachedODPT:))")
        }
    }
}

/// One board loaded from its specification, with what went wrong on the way.
public struct LoadedBoard: Sendable {
    /// The board, with the sources that loaded.
    public var board: Board
    /// `file:line:col: source of board "id" not loaded: <why>` per broken source or day-type file.
    public var problemMessages: [Message] = []
    /// ODPT API sources without cached data yet.
    public var warningMessages: [Message] = []
    /// ``problemMessages`` in the reader's language.
    public var problems: [String] { problemMessages.map(\.text) }
    /// ``warningMessages`` in the reader's language.
    public var warnings: [String] { warningMessages.map(\.text) }
    /// Every source (or day-type file) the board answers without: the problems and the warnings.
    public var failures: [SourceFailure] = []
}

/// A GTFS feed whose `agency_timezone` is not its board's timezone: its times would be read in the
/// wrong zone, so the source is not loaded.
public struct AgencyTimeZoneError: MessageError, Sendable, Equatable {
    /// The feed.
    public var file: String
    /// The feed's `agency_timezone`.
    public var agencyZone: String
    /// The board's timezone.
    public var boardZone: String

    /// `…/feed.zip: agency.txt: the feed's times are in agency_timezone "…" but the board's timezone is "…"; set …`,
    /// kept for the reader's language.
    public var text: Message {
        .verbatim("\(file): agency.txt: ")
            + Message(.factsAgencyTimezone, ["agency": .text("\"\(agencyZone)\""), "board": .text("\"\(boardZone)\""), "zone": .text(agencyZone)])
    }

    /// ``text``.
    public var descriptionMessage: Message { text }
}
