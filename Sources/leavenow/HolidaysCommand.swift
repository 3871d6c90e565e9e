import JSONText
import Timetable

/// `leavenow holidays (--year Y | --from DATE --to DATE) [--json]`: Japanese national holidays.
struct HolidaysCommand {
    static let usage = "usage: leavenow holidays (--year Y | --from DATE --to DATE) [--json]"

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, options: ["--year", "--from", "--to"], flags: ["--json"])
        _ = try parsed.requirePositionals([])
        let first: LocalDate, last: LocalDate
        switch (parsed.value("--year"), parsed.value("--from"), parsed.value("--to")) {
        case (let year?, nil, nil):
            guard let y = Int(year), (1955...9999).contains(y) else {
                throw CommandFailure.usage("--year must be a year from 1955 on (the holiday law's first full year), got \"\(year)\"")
            }
            first = LocalDate(year: y, month: 1, day: 1)!
            last = LocalDate(year: y, month: 12, day: 31)!
        case (nil, let from?, let to?):
            first = try date(from, option: "--from")
            last = try date(to, option: "--to")
            guard first <= last else { throw CommandFailure.usage("--from \(first) is after --to \(last)") }
        default:
            throw CommandFailure.usage("give --year Y, or --from DATE and --to DATE\n" + HolidaysCommand.usage)
        }
        let holidays = JapaneseHolidays.holidays(from: first, through: last)
        if parsed.has("--json") {
            return JSONOutput.array(holidays.map {
                .object([("date", .string($0.date.description)), ("name", .string($0.name))])
            }).text
        }
        if holidays.isEmpty {
            return context.language == .japanese ? "\(first)〜\(last) に祝日はありません。" : "No holidays from \(first) to \(last)."
        }
        let weekdays = context.language == .japanese ? Concierge.japaneseWeekdays : Concierge.englishWeekdays
        return holidays.map { "\($0.date) (\(weekdays[$0.date.weekday.rawValue]))  \($0.name)" }.joined(separator: "\n")
    }

    private func date(_ text: String, option: String) throws -> LocalDate {
        guard let date = LocalDate(text), date.year >= 1955 else {
            throw CommandFailure.usage("\(option) must be a date YYYY-MM-DD from 1955 on, got \"\(text)\"")
        }
        return date
    }
}
