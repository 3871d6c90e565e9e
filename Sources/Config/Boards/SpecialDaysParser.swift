import Messages
import Timetable

/// A board's `special_days:` read: the year-end period run as holidays, and dates run as another
/// day type.
///
/// ```yaml
/// special_days:
///   - year_end                                   # 12-29..01-03 every year, run as holidays
///   - {year_end: "12-30..01-03"}                 # or the operator's own days
///   - {dates: 2025-05-06, as: sunday}            # a date (or a range a..b) run as weekday, saturday, sunday or holiday
/// ```
public struct SpecialDays: Sendable, Equatable {
    /// The year-end period, when the board has one.
    public var yearEnd: YearEndPeriod?
    /// Dates run as another day type.
    public var overrides: [LocalDate: DayType] = [:]
    /// Where the year-end period is given (for `check`'s warnings); nil without one.
    public var yearEndLocation: ConfigLocation?
    /// The `{dates: …, as: …}` items as written, with their places (for `check`'s warnings).
    public var dateEntries: [SpecialDateEntry] = []

    public init(yearEnd: YearEndPeriod? = nil, overrides: [LocalDate: DayType] = [:]) {
        self.yearEnd = yearEnd
        self.overrides = overrides
    }
}

/// One `{dates: 2025-05-06, as: sunday}` item of `special_days:`.
public struct SpecialDateEntry: Sendable, Equatable {
    /// The dates as written (`2025-08-13..2025-08-15`) and what they name.
    public var dates: HolidayEntry
    /// The day type they run as.
    public var dayType: DayType
}

extension BoardConfigParser {
    /// Reads `special_days:`, reporting every problem at its place.
    func parseSpecialDays(_ node: YAMLNode) -> SpecialDays {
        var result = SpecialDays()
        guard let items = diagnostics.decode(node, YAMLValue.list) else { return result }
        for item in items {
            if let text = item.scalarText, !item.isNull {
                if text == "year_end" {
                    setYearEnd(.standard, at: item, in: &result)
                } else {
                    diagnostics.report(.configUnknownSpecialDay, ["name": .quoted(text)], at: item.mark)
                }
                continue
            }
            guard var entry = MappingReader(item, what: Message(.nounSpecialDay), diagnostics: diagnostics) else { continue }
            if let yearEndNode = entry.optional("year_end") {
                if let text = diagnostics.decode(yearEndNode, YAMLValue.string) {
                    if let period = Self.yearEndPeriod(text) { setYearEnd(period, at: yearEndNode, in: &result) } else {
                        diagnostics.report(.configYearEndPeriod, ["found": .quoted(text)], at: yearEndNode.mark)
                    }
                }
            } else if let datesNode = entry.require("dates") {
                let asNode = entry.require("as")
                let entries = parseHolidayEntries(YAMLNode(.sequence([datesNode]), mark: datesNode.mark))
                if let asNode, let text = diagnostics.decode(asNode, YAMLValue.string) {
                    if let type = DayType(rawValue: text) {
                        for date in entries.flatMap(\.allDates) { result.overrides[date] = type }
                        result.dateEntries += entries.map { SpecialDateEntry(dates: $0, dayType: type) }
                    } else {
                        diagnostics.report(.configSpecialDayAs, ["found": .quoted(text)], at: asNode.mark)
                    }
                }
            }
            entry.finish()
        }
        return result
    }

    private func setYearEnd(_ period: YearEndPeriod, at node: YAMLNode, in result: inout SpecialDays) {
        if result.yearEnd != nil { diagnostics.report(.configYearEndTwice, at: node.mark) }
        result.yearEnd = period
        result.yearEndLocation = context.location(of: node)
    }

    /// `12-29..01-03` → the period; nil for anything else.
    static func yearEndPeriod(_ text: String) -> YearEndPeriod? {
        let ends = text.components(separatedBy: "..")
        guard ends.count == 2 else { return nil }
        let first = ends[0].split(separator: "-"), last = ends[1].split(separator: "-")
        guard first.count == 2, last.count == 2, first[0] == "12", last[0] == "01",
              let from = Int(first[1]), let through = Int(last[1]) else { return nil }
        return YearEndPeriod(firstDecemberDay: from, lastJanuaryDay: through)
    }
}
