import Foundation
import XCTest

/// `next`, `board` and the rules on CSV boards in America/New_York and Europe/London on the days the
/// clocks change: the same instants everywhere (a time in the gap departs an hour later, a time in
/// the repeated hour at its first occurrence).
final class DSTCommandTests: XCTestCase {
    /// A rules directory with one every-day CSV board per zone (departures 00:30, 01:30, 02:30, 03:30
    /// and 24:30–26:30) and a leave-now rule with no heads-up on the New York board (5 min walk).
    func rulesDirectory() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-dst-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("tests"), withIntermediateDirectories: true)
        try "0,30\n1,30\n2,30\n3,30\n24,30\n25,30\n26,30\n".write(to: root.appendingPathComponent("night.csv"), atomically: true, encoding: .utf8)
        try """
        boards:
          - id: dst-ny
            title: New York
            timezone: America/New_York
            sources:
              - csv:
                  everyday: night.csv
                walk: 5m
          - id: dst-london
            title: London
            timezone: Europe/London
            sources:
              - csv:
                  everyday: night.csv
        """.write(to: root.appendingPathComponent("boards.yaml"), atomically: true, encoding: .utf8)
        try """
        channels:
          - id: desk
            type: desktop
        rules:
          - id: ny-leave
            kind: leave_now
            board: dst-ny
            heads_up: [0m]
            channels: [desk]
            timezone: America/New_York
            message: "{{when}} {{departure}}"
        """.write(to: root.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root
    }

    func nextDepartures(_ rules: URL, _ board: String, at: String, count: Int) throws -> [String] {
        let outcome = try CLIRunner.run(["next", board, "--rules", rules.path, "--at", at, "--count", String(count), "--json"])
        let object = try XCTUnwrap(try CLIRunner.json(outcome) as? [String: Any])
        return try XCTUnwrap(object["departures"] as? [[String: Any]]).map { $0["departure"] as? String ?? "" }
    }

    func boardRows(_ rules: URL, _ board: String, date: String) throws -> [String] {
        let outcome = try CLIRunner.run(["board", board, "--rules", rules.path, "--date", date])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        return outcome.stdout.split(separator: "\n").map(String.init).filter { $0.contains(" | ") || $0.contains("does not exist") }
    }

    func testNewYorkSpringForwardNextAndBoardAgree() throws {
        let rules = try rulesDirectory()
        // 2025-03-08's 24:30, 25:30 run first; 26:30 (02:30 on the 9th) is in the gap like 02:30 itself.
        XCTAssertEqual(try nextDepartures(rules, "dst-ny", at: "2025-03-09T00:00", count: 6), [
            "2025-03-09T00:30:00-05:00", "2025-03-09T00:30:00-05:00", "2025-03-09T01:30:00-05:00",
            "2025-03-09T01:30:00-05:00", "2025-03-09T03:30:00-04:00", "2025-03-09T03:30:00-04:00",
        ])
        XCTAssertEqual(try boardRows(rules, "dst-ny", date: "2025-03-09"), [
            "00 | 30",
            "01 | 30",
            "03 | 30 30",
            "24 | 30",
            "25 | 30",
            "26 | 30*",
            "02:30 does not exist on the wall clock that day (clocks go forward): departs at 03:30",
        ])
        // The day before: its 26:30 is 02:30 on the 9th, shown where it departs (27:30).
        XCTAssertEqual(try boardRows(rules, "dst-ny", date: "2025-03-08"), [
            "00 | 30", "01 | 30", "02 | 30", "03 | 30", "24 | 30", "25 | 30", "27 | 30*",
            "26:30 does not exist on the wall clock that day (clocks go forward): departs at 27:30",
        ])
    }

    func testNewYorkFallBackRepeatedHourIsTheFirstOne() throws {
        let rules = try rulesDirectory()
        XCTAssertEqual(try nextDepartures(rules, "dst-ny", at: "2025-11-02T01:00:00-04:00", count: 4), [
            "2025-11-02T01:30:00-04:00", "2025-11-02T01:30:00-04:00", "2025-11-02T02:30:00-05:00", "2025-11-02T02:30:00-05:00",
        ])
        // After the first 01:30 the repeated hour has no departures left.
        XCTAssertEqual(try nextDepartures(rules, "dst-ny", at: "2025-11-02T01:00:00-05:00", count: 1), ["2025-11-02T02:30:00-05:00"])
        XCTAssertEqual(try boardRows(rules, "dst-ny", date: "2025-11-02"),
                       ["00 | 30", "01 | 30", "02 | 30", "03 | 30", "24 | 30", "25 | 30", "26 | 30*"])
    }

    func testLondonSpringAndFall() throws {
        let rules = try rulesDirectory()
        // 2025-03-30: 01:00 GMT → 02:00 BST; 01:30 departs at 02:30 BST.
        // The 29th's 25:30 and 26:30 (01:30 and 02:30 on the 30th) and the 30th's 01:30 and 02:30 all
        // depart at 02:30 BST.
        XCTAssertEqual(try nextDepartures(rules, "dst-london", at: "2025-03-30T00:00", count: 7), [
            "2025-03-30T00:30:00+00:00", "2025-03-30T00:30:00+00:00", "2025-03-30T02:30:00+01:00",
            "2025-03-30T02:30:00+01:00", "2025-03-30T02:30:00+01:00", "2025-03-30T02:30:00+01:00",
            "2025-03-30T03:30:00+01:00",
        ])
        XCTAssertEqual(try boardRows(rules, "dst-london", date: "2025-03-30"), [
            "00 | 30", "02 | 30 30", "03 | 30", "24 | 30", "25 | 30", "26 | 30*",
            "01:30 does not exist on the wall clock that day (clocks go forward): departs at 02:30",
        ])
        // 2025-10-26: 02:00 BST → 01:00 GMT; 01:30 and 25:30 of the 25th are the BST 01:30.
        XCTAssertEqual(try nextDepartures(rules, "dst-london", at: "2025-10-26T01:00:00+01:00", count: 3), [
            "2025-10-26T01:30:00+01:00", "2025-10-26T01:30:00+01:00", "2025-10-26T02:30:00+00:00",
        ])
        XCTAssertEqual(try boardRows(rules, "dst-london", date: "2025-10-26"),
                       ["00 | 30", "01 | 30", "02 | 30", "03 | 30", "24 | 30", "25 | 30", "26 | 30*"])
    }

    func testLeaveNowRuleFiresAtTheSameInstants() throws {
        let rules = try rulesDirectory()
        try """
        timezone: America/New_York
        tests:
          # 02:30 (and the 8th's 26:30) depart at 03:30 EDT with 03:30: three at once.
          - name: spring forward night
            from: 2025-03-09T00:45
            to: 2025-03-09T03:45
            rules: [ny-leave]
            expect:
              - {rule: ny-leave, at: 2025-03-09T01:25, text_contains: "01:30"}
              - {rule: ny-leave, at: 2025-03-09T01:25, text_contains: "01:30"}
              - {rule: ny-leave, at: 2025-03-09T03:25, text_contains: "03:30"}
              - {rule: ny-leave, at: 2025-03-09T03:25, text_contains: "03:30"}
              - {rule: ny-leave, at: 2025-03-09T03:25, text_contains: "03:30"}
          - name: fall back night, the first 01:30 only
            from: 2025-11-02T00:45
            to: 2025-11-02T02:45:00-05:00
            rules: [ny-leave]
            expect:
              - {rule: ny-leave, at: 2025-11-02T01:25:00-04:00}
              - {rule: ny-leave, at: 2025-11-02T01:25:00-04:00}
              - {rule: ny-leave, at: 2025-11-02T02:25:00-05:00}
              - {rule: ny-leave, at: 2025-11-02T02:25:00-05:00}
        """.write(to: rules.appendingPathComponent("tests/dst.yaml"), atomically: true, encoding: .utf8)
        let outcome = try CLIRunner.run(["test", "--rules", rules.path])
        XCTAssertEqual(outcome.status, 0, outcome.stdout + outcome.stderr)
        XCTAssertTrue(outcome.stdout.hasSuffix("2 passed, 0 failed\n") || outcome.stdout.hasSuffix("2 passed, 0 failed"), outcome.stdout)
    }
}
