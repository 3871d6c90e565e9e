import JSONText
import Timetable

/// `leavenow board BOARD [--rules DIR] [--date D] [--json]`: a whole service day as a departure board.
struct BoardCommand {
    static let usage = "usage: leavenow board BOARD [--rules DIR] [--date YYYY-MM-DD] [--json]"

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, options: ["--rules", "--state", "--date"], flags: ["--json"])
        let boardID = try parsed.requirePositionals(["board"])[0]
        let (board, failures) = try context.loadBoard(id: boardID, rulesOption: parsed.value("--rules"), stateOption: parsed.value("--state"))
        let date: LocalDate
        if let text = parsed.value("--date") {
            guard let parsedDate = LocalDate(text) else {
                throw CommandFailure.usage("--date must be YYYY-MM-DD, got \"\(text)\"")
            }
            date = parsedDate
        } else {
            date = board.clock.localTime(at: context.now()).date
        }
        let departures = board.serviceDay(date)
        let warnings = BoardWarnings(failures: failures, outOfService: board.servicePeriodNotices(on: date))
        if parsed.has("--json") {
            return JSONOutput.object([
                ("board", .string(board.id)),
                ("title", .string(board.title)),
                ("service_date", .string(date.description)),
                ("day_type", .string(board.calendar.dayType(of: date).rawValue)),
                ("timezone", .string(board.clock.timeZone.identifier)),
                ("departures", .array(departures.map { DepartureJSON.encode($0, clock: board.clock) })),
            ] + warnings.jsonMembers).text
        }
        return BoardRenderer(language: context.language, terminal: context.terminal)
            .render(board: board, date: date, departures: departures, warnings: warnings)
    }
}
