import Foundation
import XCTest

/// The year end on the Chofu example (`special_days: [year_end]`) as rules see it: a rule for
/// holidays fires on Monday 2024-12-30 and not on the Friday before; `check` accepts the example.
final class SpecialDaysCommandTests: XCTestCase {
    /// A copy of the example rules directory with one more rule: the 鷹56 at 10:33 on holidays.
    func exampleWithAHolidayRule() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-yearend-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("rules"), to: directory)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        try """
            rules:
              - id: holiday-taka56
                kind: leave_now
                board: chofu-to-mitaka
                stops: ["12"]
                day_types: [holiday]
                between: "10:30-10:40"
                heads_up: [0m]
                channels: [phone]
                language: en
                message: "{{when}}: the {{departure}} {{line}} ({{service_date}})"
            """.write(to: directory.appendingPathComponent("yearend.yaml"), atomically: true, encoding: .utf8)
        return directory.path
    }

    func testAHolidayRuleFiresOnTheChofuYearEnd() throws {
        let rules = try exampleWithAHolidayRule()
        let yearEnd = try CLIRunner.run(["dry-run", "--rules", rules, "--from", "2024-12-30T10:00", "--to", "2024-12-30T11:00", "--json"])
        let notifications = try XCTUnwrap((try CLIRunner.json(yearEnd) as? [String: Any])?["notifications"] as? [[String: Any]])
        let texts = notifications.filter { $0["rule"] as? String == "holiday-taka56" }.compactMap { $0["text"] as? String }
        XCTAssertEqual(texts, ["Leave now: the 10:33 鷹56 (2024-12-30)"], "Monday 12/30 runs as a holiday: \(notifications)")
        let friday = try CLIRunner.run(["dry-run", "--rules", rules, "--from", "2024-12-27T10:00", "--to", "2024-12-27T11:00", "--json"])
        let fridayRules = try XCTUnwrap((try CLIRunner.json(friday) as? [String: Any])?["notifications"] as? [[String: Any]]).compactMap { $0["rule"] as? String }
        XCTAssertFalse(fridayRules.contains("holiday-taka56"), "Friday 12/27 is a weekday")
        let check = try CLIRunner.run(["check", "--rules", rules], environment: ["LEAVENOW_NTFY_TOPIC": "t", "LEAVENOW_SLACK_WEBHOOK_URL": "http://127.0.0.1:9/x"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertFalse(check.stderr.contains("year_end"), "the example's year end raises no warning: \(check.stderr)")
    }
}
