import Facts
import JSONText
import Timetable

/// `leavenow next BOARD [--rules DIR] [--at TIME] [--count N] [--json]`: upcoming departures.
struct NextCommand {
    func run(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, spec: .next)
        let boardID = try parsed.requirePositionals(["board"])[0]
        let count = try parsed.integer("--count", default: 5, in: 1...1000)
        let query = try context.loadBoard(id: boardID, rulesOption: parsed.value("--rules"), stateOption: parsed.value("--state"))
        let (board, failures) = (query.board, query.failures)
        let at = try context.instant(parsed.value("--at"), clock: board.clock)
        let realtime = query.realtime(at: at, warn: context.warn)
        // A feed is out of service when its calendar ended before today, or starts after the lookahead.
        let today = board.clock.localTime(at: at).date
        let outOfService = board.servicePeriodNotices(on: today).filter { notice in
            if case .notStarted(let first) = notice.kind { return first > today.adding(days: Board.maximumLookaheadDays) }
            return true
        }
        // The answer stops at the first unknown service date: nothing from its start on is given.
        // It is said when the answer reaches it (fewer departures than asked for come before it).
        let unknown = board.firstUnknownDate(after: at, through: today.adding(days: Board.maximumLookaheadDays))
        var warnings = BoardWarnings(failures: failures, outOfService: outOfService, unknown: unknown, clock: board.clock)
        if realtime.isConfigured {
            return try answer(board: board, at: at, schedule: board.schedule(around: at), count: count, warnings: warnings,
                              realtime: realtime, json: parsed.has("--json"), language: context.language)
        }
        var upcoming = board.upcoming(at: at, count: count)
        if let unknown { upcoming.departures.removeAll { $0.departure >= unknown.from } }
        if upcoming.departures.count == count { warnings.unknown = nil }
        if parsed.has("--json") {
            return try Self.failingWhenUnknown(upcoming.departures.isEmpty, warnings) {
                context.english { json(board: board, at: at, departures: upcoming.departures, warnings: warnings).text }
            }
        }
        let concierge = Concierge(language: context.language, clock: board.clock)
        return try Self.failingWhenUnknown(upcoming.departures.isEmpty, warnings) {
            concierge.answer(board: board, at: at, upcoming: upcoming.departures, previous: upcoming.previous, warnings: warnings)
        }
    }

    /// The answer, as a failed report (exit 1, still on stdout) when it gives no departure because
    /// the first service date it needs is unknown: not one trustworthy departure comes before it.
    static func failingWhenUnknown(_ empty: Bool, _ warnings: BoardWarnings, _ answer: () -> String) throws -> String {
        let text = answer()
        if empty, warnings.unknown != nil { throw CommandFailure.failedReport(text) }
        return text
    }

    /// The answer for a board with realtime sources: departures at their expected instants
    /// (`RealtimeDeparture.upcoming`); JSON adds the realtime keys of each departure and `realtime`.
    func answer(board: Board, at: Int64, schedule: BoardSchedule, count: Int, warnings: BoardWarnings, realtime: BoardRealtime,
                json: Bool, language: Language) throws -> String {
        var upcoming = RealtimeDeparture.upcoming(schedule, realtime: realtime, at: at, count: count)
        var warnings = warnings
        if let unknown = warnings.unknown { upcoming.removeAll { ($0.isCanceled ? $0.scheduled : $0.shown.departure) >= unknown.from } }
        if upcoming.count == count { warnings.unknown = nil }
        if json {
            return try Self.failingWhenUnknown(upcoming.isEmpty, warnings) {
                Language.english.speaking { JSONOutput.object([
                    ("board", .string(board.id)),
                    ("at", .string(board.clock.iso8601(at))),
                    ("departures", .array(upcoming.map { NextJSON.encode($0, clock: board.clock, at: at) })),
                ] + warnings.jsonMembers + [RealtimeJSON.member(realtime, clock: board.clock)]).text }
            }
        }
        // The departure before the first shown one, in timetable order (for "the last … has left").
        let first = upcoming.first.map { $0.extra == nil ? schedule.firstIndex(atOrAfter: $0.scheduled) : schedule.firstIndex(atOrAfter: at) }
        let previous = first.flatMap { $0 > 0 ? schedule.departures[$0 - 1] : nil }
        return try Self.failingWhenUnknown(upcoming.isEmpty, warnings) {
            Concierge(language: language, clock: board.clock)
                .answer(board: board, at: at, upcoming: upcoming, previous: previous, warnings: warnings, realtime: realtime)
        }
    }

    /// The contract's keys (`board`, `at`, `departures`, each with `reachable` after its own), then
    /// `complete` and `warnings`, and `unknown` when the answer stops at an unknown service date.
    func json(board: Board, at: Int64, departures: [BoardDeparture], warnings: BoardWarnings) -> JSONOutput {
        .object([
            ("board", .string(board.id)),
            ("at", .string(board.clock.iso8601(at))),
            ("departures", .array(departures.map { NextJSON.encode($0, clock: board.clock, at: at) })),
        ] + warnings.jsonMembers)
    }
}

/// The JSON shape of one departure, shared by `next` and `board`.
enum DepartureJSON {
    static func encode(_ departure: BoardDeparture, clock: ZoneClock) -> JSONOutput {
        .object(members(departure, clock: clock))
    }

    /// The contract's keys of a departure, then `train_type` when it has one.
    static func members(_ departure: BoardDeparture, clock: ZoneClock) -> [(String, JSONOutput)] {
        var members: [(String, JSONOutput)] = [
            ("departure", .string(clock.iso8601(departure.departure))),
            ("leave_at", .string(clock.iso8601(departure.leaveAt))),
            ("line", .string(departure.line)),
            ("stop", .string(departure.stop)),
            ("destination", .string(departure.destination)),
            ("service_date", .string(departure.serviceDate.description)),
            ("day_type", .string(departure.dayTypeLabel)),
            ("last", .bool(departure.isLast)),
        ]
        if let trainType = departure.info.trainType { members.append(("train_type", .string(trainType))) }
        return members
    }
}
