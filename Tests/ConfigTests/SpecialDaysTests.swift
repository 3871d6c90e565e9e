@testable import Config
import Foundation
import Timetable
import XCTest

/// `special_days:` of a board: the year-end preset (default and the operator's own days), dates run
/// as another day type, and each mistake at its place; the calendar that results.
final class SpecialDaysTests: XCTestCase {
    func parse(_ specialDays: String) -> (boards: [BoardSpec], diagnostics: [String]) {
        let text = """
            boards:
              - id: b
                special_days: \(specialDays)
                sources:
                  - csv: {weekday: a.csv}
            """
        let (file, diagnostics) = ConfigFileParser().parse(YAMLSource(name: "x.yaml", text: text), baseDirectory: ".")
        return (file.boards, diagnostics.map(\.description))
    }

    func testYearEndPresetAndExplicitDates() throws {
        let (boards, diagnostics) = parse("[year_end, {dates: 2025-05-06, as: sunday}, {dates: 2025-08-13..2025-08-15, as: saturday}]")
        XCTAssertEqual(diagnostics, [])
        let special = try XCTUnwrap(boards.first).specialDays
        XCTAssertEqual(special.yearEnd, .standard)
        XCTAssertEqual(special.overrides.count, 4)
        let calendar = ServiceCalendar(yearEnd: special.yearEnd, overrides: special.overrides)
        func type(_ date: String) -> DayType { calendar.dayType(of: LocalDate(date)!) }
        XCTAssertEqual(type("2024-12-27"), .weekday)
        XCTAssertEqual(type("2024-12-28"), .saturday, "12/28 is before the period")
        for date in ["2024-12-29", "2024-12-30", "2024-12-31", "2025-01-01", "2025-01-02", "2025-01-03", "2025-12-29"] {
            XCTAssertEqual(type(date), .holiday, date)
        }
        XCTAssertEqual(type("2025-01-06"), .weekday)
        XCTAssertEqual(type("2025-05-06"), .sunday, "the override wins over the national holiday (振替休日)")
        XCTAssertEqual(type("2025-08-14"), .saturday)
    }

    func testTheOperatorsOwnYearEnd() throws {
        let (boards, diagnostics) = parse(#"[{year_end: "12-30..01-03"}]"#)
        XCTAssertEqual(diagnostics, [])
        let calendar = ServiceCalendar(yearEnd: try XCTUnwrap(boards.first).specialDays.yearEnd)
        XCTAssertEqual(calendar.dayType(of: LocalDate("2025-12-29")!), .weekday)
        XCTAssertEqual(calendar.dayType(of: LocalDate("2025-12-30")!), .holiday)
        XCTAssertEqual(String(describing: calendar.yearEnd!), "12-30..01-03")
    }

    func testEachMistakeAtItsPlace() {
        XCTAssertEqual(parse("[new_year]").diagnostics, [
            #"x.yaml:3:20: unknown special day "new_year" (expected year_end, {year_end: "12-29..01-03"} or {dates: 2025-05-06, as: sunday})"#,
        ])
        XCTAssertEqual(parse(#"[{year_end: "01-02..12-30"}]"#).diagnostics, [
            #"x.yaml:3:31: year_end must be a period like "12-29..01-03" (a December day to a January day), found "01-02..12-30""#,
        ])
        XCTAssertEqual(parse("[{dates: 2025-05-06, as: bankholiday}]").diagnostics, [
            #"x.yaml:3:44: as must be weekday, saturday, sunday or holiday, found "bankholiday""#,
        ])
        XCTAssertEqual(parse("[{dates: 2025-05-06}]").diagnostics, [#"x.yaml:3:20: missing required key "as" in special day"#])
        XCTAssertEqual(parse("[year_end, year_end]").diagnostics, ["x.yaml:3:30: special_days names year_end twice"])
    }
}
