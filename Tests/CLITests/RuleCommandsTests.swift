import Foundation
import XCTest

/// `check`, `dry-run`, `explain` and `test` on the example rules, through the real binary.
final class RuleCommandsTests: XCTestCase {
    func testCheckAcceptsTheExamplesAndListsEveryProblemOfABrokenDirectory() throws {
        let ok = try CLIRunner.run(["check"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.hasPrefix("rules: no problems, "), ok.stdout)
        XCTAssertTrue(ok.stdout.contains(" warnings (above; check --strict fails on warnings) — 6 boards, 2 weather sources, 1 feed, 3 channels, 7 rules"),
                      ok.stdout)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
        channels:
          - {id: phone, type: desktop}
        rules:
          - {id: a, kind: leave_now, board: nowhere, buffer: 4, channels: [phone]}
          - {id: b, kind: new_article, feed: qiita, channels: [pager]}
        """.write(to: directory.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
        let broken = try CLIRunner.run(["check", "--rules", directory.path])
        XCTAssertEqual(broken.status, 1)
        for expected in ["rules.yaml:4:37: unknown board \"nowhere\" in rule \"a\" (no boards are defined)",
                         "rules.yaml:4:54: duration \"4\" needs a unit", "rules.yaml:5:38: unknown feed \"qiita\"",
                         "rules.yaml:5:56: unknown channel \"pager\" in rule \"b\" (known: phone)", "4 problems in"] {
            XCTAssertTrue(broken.stderr.contains(expected), "missing \(expected) in\n\(broken.stderr)")
        }
        XCTAssertTrue(broken.stderr.contains("\n                                    ^\n"), "a caret under column 37:\n\(broken.stderr)")
    }

    func testDryRunOfTheExampleDay() throws {
        let outcome = try CLIRunner.run(["dry-run", "--from", "2024-12-22T09:00", "--to", "2024-12-22T13:00", "--json"])
        let object = try XCTUnwrap(try CLIRunner.json(outcome) as? [String: Any])
        let notifications = try XCTUnwrap(object["notifications"] as? [[String: Any]])
        XCTAssertEqual(notifications.map { "\($0["at"]!) \($0["rule"]!)" }, [
            "2024-12-22T09:52:00+09:00 rain-start",
            "2024-12-22T10:16:00+09:00 chofu-leave-now",
            "2024-12-22T10:26:00+09:00 chofu-leave-now",
            "2024-12-22T12:50:00+09:00 headache-pressure",
        ])
        XCTAssertEqual(notifications[2]["expires_at"] as? String, "2024-12-22T10:33:00+09:00")
        XCTAssertEqual(notifications[2]["channels"] as? [String], ["phone"])
        XCTAssertEqual(notifications[2]["text"] as? String, "今すぐ出発: 10:33発 鷹56 三鷹駅行（12番のりば）（雨予報: 徒歩+3分）")
    }

    func testExplainSaysWhy() throws {
        let fires = try CLIRunner.run(["explain", "chofu-leave-now", "--at", "2024-12-22T10:26"])
        XCTAssertEqual(fires.status, 0, fires.stderr)
        XCTAssertTrue(fires.stdout.contains("leave at 10:26 (rain expected: +3 min walk)"), fires.stdout)
        XCTAssertTrue(fires.stdout.contains("→ fires: 今すぐ出発"), fires.stdout)
        let quiet = try CLIRunner.run(["explain", "chofu-leave-now", "--at", "2024-12-21T10:26"])
        XCTAssertTrue(quiet.stdout.contains("departure 2024-12-22T10:33:00+09:00 鷹56 from 12: leave at 10:29"), quiet.stdout)
        XCTAssertTrue(quiet.stdout.contains("→ next time it could fire: 2024-12-22T10:19:00+09:00"), quiet.stdout)
        XCTAssertTrue(quiet.stdout.contains("→ does not fire at this time"), quiet.stdout)
        XCTAssertEqual(try CLIRunner.run(["explain", "no-such-rule", "--at", "2024-12-22T10:26"]).status, 64)
    }

    func testRuleTestsOfTheExamplesPassAndAFailingOneShowsTheDiff() throws {
        let passing = try CLIRunner.run(["test"])
        XCTAssertEqual(passing.status, 0, passing.stdout + passing.stderr)
        XCTAssertTrue(passing.stdout.contains("12 passed, 0 failed"), passing.stdout)

        let file = CLIRunner.packageRoot.appendingPathComponent("rules/tests/.failing-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        try """
        rules: ..
        fixtures: fixtures-dry
        tests:
          - name: wrong time
            from: 2024-12-22T10:00
            to: 2024-12-22T10:40
            rules: [chofu-leave-now]
            expect:
              - {rule: chofu-leave-now, at: 2024-12-22T10:18}
              - {rule: chofu-leave-now, at: 2024-12-22T10:29}
        """.write(to: file, atomically: true, encoding: .utf8)
        let failing = try CLIRunner.run(["test", file.path])
        XCTAssertEqual(failing.status, 1)
        XCTAssertTrue(failing.stdout.contains("FAIL wrong time"), failing.stdout)
        XCTAssertTrue(failing.stdout.contains("- expected chofu-leave-now at 2024-12-22T10:18:00+09:00"), failing.stdout)
        XCTAssertTrue(failing.stdout.contains("+ got chofu-leave-now at 2024-12-22T10:19:00+09:00"), failing.stdout)
        XCTAssertTrue(failing.stdout.contains("0 passed, 1 failed"), failing.stdout)
    }
}
