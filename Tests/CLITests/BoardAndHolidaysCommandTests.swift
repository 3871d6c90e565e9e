import Foundation
import XCTest

/// `leavenow board` and `leavenow holidays` through the real binary.
final class BoardAndHolidaysCommandTests: XCTestCase {
    func testChofuSundayTenOClockRowIsTheArticlesMergedOrder() throws {
        let outcome = try CLIRunner.run(["board", "chofu-to-mitaka", "--date", "2024-12-22"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let row = outcome.stdout.split(separator: "\n").first { $0.hasPrefix("10 |") }
        XCTAssertEqual(row.map(String.init), "10 | 00(11) 06(12) 20(12) 20(11) 22(14) 33(12) 39(11) 47(12) 58(11) 59(12)")
        XCTAssertFalse(outcome.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    func testTheChofuYearEndRunsTheSundayHolidayTimetable() throws {
        // `special_days: [year_end]`: Monday 12/30 runs 日祝 (the Sunday row of the article), the
        // Saturday before it its Saturday timetable, the Monday after the year end weekdays again.
        let sunday = try CLIRunner.run(["board", "chofu-to-mitaka", "--date", "2024-12-22"])
        let yearEnd = try CLIRunner.run(["board", "chofu-to-mitaka", "--date", "2024-12-30"])
        XCTAssertEqual(yearEnd.status, 0, yearEnd.stderr)
        XCTAssertEqual(yearEnd.stdout.split(separator: "\n").first.map(String.init),
                       "調布駅北口 → 三鷹駅  2024-12-30 (Mon) · holiday · timetable: sunday_holiday")
        XCTAssertEqual(yearEnd.stdout.split(separator: "\n").dropFirst(), sunday.stdout.split(separator: "\n").dropFirst(),
                       "the same rows as a Sunday")
        for (date, header) in [("2024-12-28", "2024-12-28 (Sat) · saturday · timetable: saturday"),
                               ("2025-01-06", "2025-01-06 (Mon) · weekday · timetable: weekday")] {
            let outcome = try CLIRunner.run(["board", "chofu-to-mitaka", "--date", date])
            XCTAssertTrue(outcome.stdout.hasPrefix("調布駅北口 → 三鷹駅  " + header), outcome.stdout)
        }
        let next = try CLIRunner.run(["next", "chofu-to-mitaka", "--at", "2024-12-30T10:25", "--count", "1"])
        XCTAssertTrue(next.stdout.contains("· holiday schedule\n10:33 from platform 12 (鷹56)"), next.stdout)
    }

    func testBoardJSONListsTheWholeServiceDay() throws {
        let object = try XCTUnwrap(try CLIRunner.json(try CLIRunner.run(["board", "chofu-to-mitaka", "--date", "2024-12-22", "--json"])) as? [String: Any])
        XCTAssertEqual(object["day_type"] as? String, "sunday")
        let departures = try XCTUnwrap(object["departures"] as? [[String: Any]])
        let ten = departures.filter { ($0["departure"] as? String)?.hasPrefix("2024-12-22T10:") == true }
        XCTAssertEqual(ten.map { $0["stop"] as? String }, ["11", "12", "12", "11", "14", "12", "11", "12", "11", "12"])
    }

    func testHolidaysJSONAndRange() throws {
        let year = try XCTUnwrap(try CLIRunner.json(try CLIRunner.run(["holidays", "--year", "2025", "--json"])) as? [[String: String]])
        XCTAssertEqual(year.first, ["date": "2025-01-01", "name": "元日"])
        XCTAssertEqual(year.count, 19)
        let range = try XCTUnwrap(try CLIRunner.json(try CLIRunner.run(["holidays", "--from", "2019-04-27", "--to", "2019-05-06", "--json"])) as? [[String: String]])
        XCTAssertEqual(range.map { $0["date"]! }, ["2019-04-29", "2019-04-30", "2019-05-01", "2019-05-02", "2019-05-03", "2019-05-04", "2019-05-05", "2019-05-06"])
        XCTAssertEqual(try CLIRunner.run(["holidays"]).status, 64)
        XCTAssertEqual(try CLIRunner.run(["holidays", "--year", "1800"]).status, 64)
    }
}
