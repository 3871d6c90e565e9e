import JSONText
import Timetable

/// `leavenow next BOARD [--rules DIR] [--at TIME] [--count N] [--json]`: upcoming departures.
struct NextCommand {
    static let usage = "usage: leavenow next BOARD [--rules DIR] [--at TIME] [--count N] [--json]"

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, options: ["--rules", "--state", "--at", "--count"], flags: ["--json"])
        let boardID = try parsed.requirePositionals(["board"])[0]
        let count = try parsed.integer("--count", default: 5, in: 1...1000)
        let (board, failures) = try context.loadBoard(id: boardID, rulesOption: parsed.value("--rules"), stateOption: parsed.value("--state"))
        let at = try context.instant(parsed.value("--at"), clock: board.clock)
        let schedule = board.schedule(around: at)
        let upcoming = Array(schedule.next(at: at, count: count))
        // A feed is out of service when its calendar ended before today, or starts after the lookahead.
        let today = board.clock.localTime(at: at).date
        let outOfService = board.servicePeriodNotices(on: today).filter { notice in
            if case .notStarted(let first) = notice.kind { return first > today.adding(days: Board.maximumLookaheadDays) }
            return true
        }
        let warnings = BoardWarnings(failures: failures, outOfService: outOfService)
        if parsed.has("--json") {
            return json(board: board, at: at, departures: upcoming, warnings: warnings).text
        }
        let previous = schedule.firstIndex(atOrAfter: at) > 0
            ? schedule.departures[schedule.firstIndex(atOrAfter: at) - 1] : nil
        let concierge = Concierge(language: context.language, clock: board.clock)
        return concierge.answer(board: board, at: at, upcoming: upcoming, previous: previous, warnings: warnings)
    }

    /// The contract's keys (`board`, `at`, `departures`), then `complete` and `warnings`.
    func json(board: Board, at: Int64, departures: [BoardDeparture], warnings: BoardWarnings) -> JSONOutput {
        .object([
            ("board", .string(board.id)),
            ("at", .string(board.clock.iso8601(at))),
            ("departures", .array(departures.map { DepartureJSON.encode($0, clock: board.clock) })),
        ] + warnings.jsonMembers)
    }
}

/// The JSON shape of one departure, shared by `next` and `board`.
enum DepartureJSON {
    static func encode(_ departure: BoardDeparture, clock: ZoneClock) -> JSONOutput {
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
        return .object(members)
    }
}
