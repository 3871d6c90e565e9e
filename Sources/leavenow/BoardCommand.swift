import JSONText
import Timetable

/// `leavenow board BOARD [--rules DIR] [--date D] [--at TIME] [--json]`: a whole service day as a
/// departure board; with realtime sources, what realtime says as of `--at` (default now).
struct BoardCommand {
    func run(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, spec: .board)
        let boardID = try parsed.requirePositionals(["board"])[0]
        let query = try context.loadBoard(id: boardID, rulesOption: parsed.value("--rules"), stateOption: parsed.value("--state"))
        let (board, failures) = (query.board, query.failures)
        let at = try context.instant(parsed.value("--at"), clock: board.clock)
        let date: LocalDate
        if let text = parsed.value("--date") {
            guard let parsedDate = LocalDate(text) else {
                throw CommandFailure.usage(Message(.boardBadDate, ["value": .text("\"\(text)\"")]).text)
            }
            date = parsedDate
        } else {
            date = board.clock.localTime(at: at).date
        }
        let departures = board.serviceDay(date)
        // A date whose timetable could not be loaded is unknown, not a day without departures.
        let warnings = BoardWarnings(failures: failures, outOfService: board.servicePeriodNotices(on: date), unknown: board.unknownDate(date),
                                     clock: board.clock)
        // Realtime as of --at (default now): the same snapshot answers any date, and its age is from --at.
        let realtime = query.realtime(at: at, warn: context.warn)
        let shown = realtime.isConfigured ? RealtimeDeparture.serviceDay(departures, date: date, realtime: realtime) : nil
        if parsed.has("--json") {
            let encoded: [JSONOutput] = shown.map { $0.map { RealtimeJSON.encode($0, clock: board.clock) } }
                ?? departures.map { DepartureJSON.encode($0, clock: board.clock) }
            return try NextCommand.failingWhenUnknown(departures.isEmpty, warnings) { context.english { JSONOutput.object([
                ("board", .string(board.id)),
                ("title", .string(board.title)),
                ("service_date", .string(date.description)),
                ("day_type", .string(board.calendar.dayType(of: date).rawValue)),
                ("timezone", .string(board.clock.timeZone.identifier)),
                ("departures", .array(encoded)),
            ] + warnings.jsonMembers + (shown == nil ? [] : [RealtimeJSON.member(realtime, clock: board.clock)])).text } }
        }
        let renderer = BoardRenderer(language: context.language, terminal: context.terminal)
        return try NextCommand.failingWhenUnknown(departures.isEmpty, warnings) {
            let text = renderer.render(board: board, date: date, departures: departures, warnings: warnings)
            guard let shown else { return text }
            return text + "\n" + renderer.realtimeLines(board: board, date: date, departures: shown, realtime: realtime).joined(separator: "\n")
        }
    }
}
