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
        let warnings = BoardWarnings(failures: failures, outOfService: outOfService)
        if realtime.isConfigured {
            return answer(board: board, at: at, schedule: board.schedule(around: at), count: count, warnings: warnings,
                          realtime: realtime, json: parsed.has("--json"), language: context.language)
        }
        let upcoming = board.upcoming(at: at, count: count)
        if parsed.has("--json") {
            return context.english { json(board: board, at: at, departures: upcoming.departures, warnings: warnings).text }
        }
        let concierge = Concierge(language: context.language, clock: board.clock)
        return concierge.answer(board: board, at: at, upcoming: upcoming.departures, previous: upcoming.previous, warnings: warnings)
    }

    /// The answer for a board with realtime sources: departures at their expected instants
    /// (`RealtimeDeparture.upcoming`); JSON adds the realtime keys of each departure and `realtime`.
    func answer(board: Board, at: Int64, schedule: BoardSchedule, count: Int, warnings: BoardWarnings, realtime: BoardRealtime,
                json: Bool, language: Language) -> String {
        let upcoming = RealtimeDeparture.upcoming(schedule, realtime: realtime, at: at, count: count)
        if json {
            return Language.english.speaking { JSONOutput.object([
                ("board", .string(board.id)),
                ("at", .string(board.clock.iso8601(at))),
                ("departures", .array(upcoming.map { NextJSON.encode($0, clock: board.clock, at: at) })),
            ] + warnings.jsonMembers + [RealtimeJSON.member(realtime, clock: board.clock)]).text }
        }
        // The departure before the first shown one, in timetable order (for "the last … has left").
        let first = upcoming.first.map { $0.extra == nil ? schedule.firstIndex(atOrAfter: $0.scheduled) : schedule.firstIndex(atOrAfter: at) }
        let previous = first.flatMap { $0 > 0 ? schedule.departures[$0 - 1] : nil }
        return Concierge(language: language, clock: board.clock)
            .answer(board: board, at: at, upcoming: upcoming, previous: previous, warnings: warnings, realtime: realtime)
    }

    /// The contract's keys (`board`, `at`, `departures`, each with `reachable` after its own), then `complete` and `warnings`.
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
