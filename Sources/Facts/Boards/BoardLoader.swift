import Config
import Foundation
import Messages
import Timetable

/// Turns board specifications into boards: each timetable is loaded by its format
/// (``TimetableKind/load(for:from:)``) through this loader, which reads files, decodes bodies with
/// ``SourceDecoders`` and reads fetched timetables through `cached`, which the caller wires to its
/// source cache (`CachedFacts.boards(configuration:cache:)` in LiveSources).
///
/// What several timetables share is read once (a GTFS feed named by several sources). A fetched
/// timetable with nothing cached yet is a warning, not a problem: the board loads its other
/// timetables.
public struct BoardLoader: TimetableLoading {
    /// The last good response of a fetched timetable; nil = nothing cached yet. Throws when the
    /// cache entry cannot be read. Without it, fetched timetables are skipped with a warning.
    public typealias CachedLookup = (FetchedTimetable) throws -> (bytes: [UInt8], label: String)?

    private var shared: [String: any Sendable] = [:]
    private let cachedLookup: CachedLookup?
    /// Decodes the timetable bodies, from files and from the cache.
    private let decoders: SourceDecoders
    /// The timezone of the board being loaded (set for each board before its timetables load).
    public private(set) var boardZone = TimeZone.gmt

    /// A loader that reads files only (fetched timetables are skipped with a warning); bodies are
    /// decoded by `decoders`.
    public init(decoders: SourceDecoders = .standard) {
        cachedLookup = nil
        self.decoders = decoders
    }

    /// A loader that reads fetched timetables through `cached` and decodes them (and timetable
    /// files) with `decoders`.
    public init(decoders: SourceDecoders = .standard, cached: @escaping CachedLookup) {
        self.cachedLookup = cached
        self.decoders = decoders
    }

    // MARK: TimetableLoading

    /// ``FileContents/read(_:)``.
    public func read(_ path: String) throws -> [UInt8] { try FileContents.read(path) }

    /// Decodes through ``SourceDecoders``.
    public func decode(_ bytes: [UInt8], as body: TimetableBody, label: String) throws -> DayTypeTimetable {
        try decoders.timetable(bytes, kind: .timetable(body), label: label)
    }

    /// The cached response through the lookup; ``CachedFetch/notRead`` without one.
    public func cached(_ fetched: FetchedTimetable) throws -> CachedFetch {
        guard let cachedLookup else { return .notRead }
        guard let response = try cachedLookup(fetched) else { return .notCached }
        return .cached(bytes: response.bytes, label: response.label)
    }

    /// Made once per loader.
    public mutating func shared<Value: Sendable>(_ key: String, _ make: () throws -> Value) throws -> Value {
        if let value = shared[key] as? Value { return value }
        let value = try make()
        shared[key] = value
        return value
    }

    // MARK: Boards

    /// The board of a specification; a message per timetable that could not be loaded (`problems`:
    /// broken data), per fetched timetable without cached data yet (`warnings`), and both again as
    /// `failures` with the timetable's label. A bus CSV source with one broken day-type file keeps
    /// its other day types; the broken file is a problem and a failure of its own.
    public mutating func loadBoard(from spec: BoardSpec) -> LoadedBoard {
        let clock = ZoneClock(timeZone: spec.timeZone)
        boardZone = spec.timeZone
        var loaded = LoadedBoard(board: Board(id: spec.id, title: spec.title, clock: clock, sources: []))
        var sources: [BoardTimetable] = []
        var unknown: [UnknownService] = []
        for source in spec.sources {
            let label = TimetableLabel.message(of: source)
            do {
                let read = try source.kind.load(for: source, from: &self)
                sources += read.timetables.map { labelled($0, label: $0.labelText, spec: source) }
                if let reason = read.pending {
                    loaded.warningMessages.append(Message(.factsBoardPrefixed, ["location": .text("\(source.location)"), "board": .text("\"\(spec.id)\""),
                                                                                "message": .message(reason)]))
                    loaded.failures.append(TimetableFailure(board: spec.id, source: label, location: source.location, text: reason, isPending: true))
                    unknown.append(Self.unknownSource(source, label: label, reason: reason, isPending: true))
                }
                for file in read.dayTypeFailures {
                    loaded.problemMessages.append(Message(.factsDayTypeNotLoaded, [
                        "location": .text("\(source.location)"), "dayType": .message(file.dayType.labelText), "board": .text("\"\(spec.id)\""),
                        "reason": .message(file.error.descriptionMessage),
                    ]))
                    let fileLabel = file.label + Message(.listSeparator) + file.dayType.labelText
                    loaded.failures.append(TimetableFailure(board: spec.id, source: fileLabel, location: source.location, text: file.error.descriptionMessage))
                    // The dates that file serves are unknown, not empty.
                    unknown.append(UnknownService(source: fileLabel, origin: "\(source.location)", reason: file.error.descriptionMessage,
                                                  dates: .dayType(file.dayType, configured: file.configured),
                                                  validFrom: source.validFrom, validUntil: source.validUntil, timeBase: source.kind.timeBase,
                                                  spanSeconds: source.kind.serviceSpanSeconds,
                                                  line: file.line, stop: file.stop, destination: file.destination))
                }
            } catch {
                let reason = Message(error: error)
                loaded.problemMessages.append(Message(.factsSourceNotLoaded, ["location": .text("\(source.location)"), "board": .text("\"\(spec.id)\""),
                                                                              "reason": .message(reason)]))
                loaded.failures.append(TimetableFailure(board: spec.id, source: label, location: source.location, text: reason))
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

    /// The unknown dates of a timetable that could not be loaded at all (or is waiting for its
    /// data): every date it is configured for, with the labels the configuration gives it, on its
    /// format's time base and span.
    static func unknownSource(_ spec: TimetableSpec, label: Message, reason: Message, isPending: Bool) -> UnknownService {
        UnknownService(source: label, origin: "\(spec.location)", reason: reason, isPending: isPending, dates: .all,
                       validFrom: spec.validFrom, validUntil: spec.validUntil, timeBase: spec.kind.timeBase, spanSeconds: spec.kind.serviceSpanSeconds,
                       line: spec.line, stop: spec.stop, destination: spec.destination)
    }

    /// A board timetable with its label, configuration place and validity dates: `valid_from` /
    /// `valid_until` as configured, else the dates the data states (ODPT `dct:issued` /
    /// `dct:valid`, GTFS `feed_start_date` / `feed_end_date`) — each end on its own, so an
    /// explicit setting always wins.
    private func labelled(_ source: BoardTimetable, label: Message, spec: TimetableSpec) -> BoardTimetable {
        var source = source
        source.labelText = label
        source.origin = "\(spec.location)"
        let published = source.timetable.publishedValidity
        source.validFrom = spec.validFrom ?? published?.from
        source.validUntil = spec.validUntil ?? published?.until
        return source
    }

    /// The fetched timetables of `specs` whose cached data is past its dates, not valid yet, or
    /// ends within `ServicePeriodCheck.warningDays` days of `now` (its `dct:issued` / `dct:valid`,
    /// unless the source's `valid_from` / `valid_until` say otherwise), for `leavenow sources`: per
    /// cached response's label (the cache file), the message (`the timetable's validity ended on
    /// 2025-03-14 (dct:valid)`). Timetables with nothing cached, or that cannot be read, are left
    /// out (`sources` shows those already).
    public mutating func datedFetchedTimetables(_ specs: [BoardSpec], now: Int64) -> [String: String] {
        var notes: [String: String] = [:]
        for board in specs {
            let clock = ZoneClock(timeZone: board.timeZone)
            let today = clock.localTime(at: now).date
            boardZone = board.timeZone
            for spec in board.sources {
                guard let fetched = spec.kind.fetched(odpt: nil), case .cached(_, let label)? = try? cached(fetched), notes[label] == nil,
                      let read = try? spec.kind.load(for: spec, from: &self).timetables.first else { continue }
                let single = Board(id: board.id, title: board.title, clock: clock, sources: [labelled(read, label: .verbatim(label), spec: spec)])
                let notice = single.servicePeriodNotices(on: today).first
                    ?? single.endingServices(today: today, within: ServicePeriodCheck.warningDays).first
                if let notice { notes[label] = notice.text.text }
            }
        }
        return notes
    }
}

/// One board loaded from its specification, with what went wrong on the way.
public struct LoadedBoard: Sendable {
    /// The board, with the timetables that loaded.
    public var board: Board
    /// `file:line:col: source of board "id" not loaded: <why>` per broken timetable or day-type file.
    public var problemMessages: [Message] = []
    /// Fetched timetables without cached data yet.
    public var warningMessages: [Message] = []
    /// ``problemMessages`` in the reader's language.
    public var problems: [String] { problemMessages.map(\.text) }
    /// ``warningMessages`` in the reader's language.
    public var warnings: [String] { warningMessages.map(\.text) }
    /// Every timetable (or day-type file) the board answers without: the problems and the warnings.
    public var failures: [TimetableFailure] = []
}
