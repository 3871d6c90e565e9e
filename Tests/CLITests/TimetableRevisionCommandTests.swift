import Foundation
import XCTest

/// `valid_from` / `valid_until` (ダイヤ改正): a board lists the old and the new timetable and switches
/// on the date; `check` warns when the next 14 days have a date no source covers.
final class TimetableRevisionCommandTests: XCTestCase {
    func rulesDirectory(oldUntil: String, newFrom: String?) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-revision-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        try "# old timetable (illustrative)\n10,06,20,33\n".write(to: directory.appendingPathComponent("old.csv"), atomically: true, encoding: .utf8)
        try "# new timetable (illustrative)\n10,10,25,40\n".write(to: directory.appendingPathComponent("new.csv"), atomically: true, encoding: .utf8)
        var yaml = """
            boards:
              - id: revision
                sources:
                  - csv: {weekday: old.csv}
                    line: 鷹56
                    stop: 12
                    destination: 三鷹駅
                    valid_until: \(oldUntil)
            """
        if let newFrom {
            yaml += """

                  - csv: {weekday: new.csv}
                    line: 鷹56
                    stop: 12
                    destination: 三鷹駅
                    valid_from: \(newFrom)
            """
        }
        try (yaml + "\n").write(to: directory.appendingPathComponent("boards.yaml"), atomically: true, encoding: .utf8)
        return directory.path
    }

    func testTheBoardSwitchesToTheNewTimetableOnItsFirstDay() throws {
        let rules = try rulesDirectory(oldUntil: "2025-03-14", newFrom: "2025-03-15")
        let old = try CLIRunner.run(["board", "revision", "--rules", rules, "--date", "2025-03-14"])
        XCTAssertEqual(old.status, 0, old.stderr)
        XCTAssertTrue(old.stdout.contains("10 | 06 20 33"), old.stdout)
        let new = try CLIRunner.run(["board", "revision", "--rules", rules, "--date", "2025-03-17"])
        XCTAssertTrue(new.stdout.contains("10 | 10 25 40"), new.stdout)
        let next = try CLIRunner.run(["next", "revision", "--rules", rules, "--at", "2025-03-14T10:35", "--count", "1"])
        XCTAssertTrue(next.stdout.contains("next: Mon 17 Mar 10:10 from platform 12 (鷹56)"), "the next departure after Friday's last is Monday's new 10:10: \(next.stdout)")
    }

    func testCheckWarnsWhenNoSourceCoversADateOfTheNextTwoWeeks() throws {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = tokyo
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = tokyo
        formatter.dateFormat = "yyyy-MM-dd"
        let until = formatter.string(from: Date().addingTimeInterval(5 * 86_400))
        let gap = formatter.string(from: Date().addingTimeInterval(6 * 86_400))
        let rules = try rulesDirectory(oldUntil: until, newFrom: nil)
        let check = try CLIRunner.run(["check", "--rules", rules])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stderr.contains("boards.yaml:2:5: board \"revision\": no source is valid on \(gap) (see the valid_from / valid_until of its sources): add the next timetable"),
                      check.stderr)
        let covered = try rulesDirectory(oldUntil: until, newFrom: gap)
        let quiet = try CLIRunner.run(["check", "--rules", covered])
        XCTAssertFalse(quiet.stderr.contains("no source is valid"), quiet.stderr)
    }

    func testValidUntilBeforeValidFromIsAnError() throws {
        let directory = try rulesDirectory(oldUntil: "2025-03-14", newFrom: nil)
        try """
            boards:
              - id: revision
                sources:
                  - {csv: {weekday: old.csv}, valid_from: 2025-03-15, valid_until: 2025-03-14}
                  - {csv: {weekday: new.csv}, valid_from: 15/03/2025}
            """.write(toFile: directory + "/boards.yaml", atomically: true, encoding: .utf8)
        let check = try CLIRunner.run(["check", "--rules", directory])
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stderr.contains("boards.yaml:4:9: valid_until 2025-03-14 is before valid_from 2025-03-15"), check.stderr)
        XCTAssertTrue(check.stderr.contains("boards.yaml:5:47: valid_from must be a date like 2025-03-15, found \"15/03/2025\""), check.stderr)
    }
}
