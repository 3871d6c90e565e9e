import JSONText
import Timetable

/// `leavenow holidays (--year Y | --from DATE --to DATE) [--rules DIR] [--json]`: Japanese national
/// holidays. `--rules` is accepted like every command's (a script passes it to all of them); the
/// national holidays do not depend on it.
struct HolidaysCommand {

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        try context.speaking { try holidays(arguments, context: context) }
    }

    /// The weekday abbreviations, Sunday first.
    static let weekdays: [MessageKey] = [.weekdaySun, .weekdayMon, .weekdayTue, .weekdayWed, .weekdayThu, .weekdayFri, .weekdaySat]

    private func holidays(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, spec: .holidays)
        _ = try parsed.requirePositionals([])
        let first: LocalDate, last: LocalDate
        switch (parsed.value("--year"), parsed.value("--from"), parsed.value("--to")) {
        case (let year?, nil, nil):
            guard let y = Int(year), (1955...9999).contains(y) else {
                throw CommandFailure.usage(Message(.holidaysBadYear, ["value": .text("\"\(year)\"")]).text)
            }
            first = LocalDate(year: y, month: 1, day: 1)!
            last = LocalDate(year: y, month: 12, day: 31)!
        case (nil, let from?, let to?):
            first = try date(from, option: "--from")
            last = try date(to, option: "--to")
            guard first <= last else { throw CommandFailure.usage(Message(.holidaysFromAfterTo, ["from": .text("\(first)"), "to": .text("\(last)")]).text) }
        default:
            throw CommandFailure.usage(Message(.holidaysNeedsRange).text + "\n" + localizedUsage(CommandSpec.holidays.usage))
        }
        let holidays = JapaneseHolidays.holidays(from: first, through: last)
        if parsed.has("--json") {
            return JSONOutput.array(holidays.map {
                .object([("date", .string($0.date.description)), ("name", .string($0.name))])
            }).text
        }
        if holidays.isEmpty {
            return Message(.holidaysNone, ["from": .text("\(first)"), "to": .text("\(last)")]).text
        }
        return holidays.map { "\($0.date) (\(Message(Self.weekdays[$0.date.weekday.rawValue]).text))  \($0.name)" }.joined(separator: "\n")
    }

    private func date(_ text: String, option: String) throws -> LocalDate {
        guard let date = LocalDate(text), date.year >= 1955 else {
            throw CommandFailure.usage(Message(.holidaysBadDate, ["option": .text(option), "value": .text("\"\(text)\"")]).text)
        }
        return date
    }
}
