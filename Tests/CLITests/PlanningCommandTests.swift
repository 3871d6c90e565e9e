import Foundation
import XCTest

/// Planning as the commands show it: `check` names rules that will not fire, `status` shows a
/// weekday rule's wake-up on Monday after a Friday pass and "never" for a rule on an ended feed,
/// `explain --json` gives the next wake-up, `dry-run` takes a year.
final class PlanningCommandTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    var root = ""
    var rules: String { root + "/rules" }

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-planning-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: rules, withIntermediateDirectories: true)
        let repo = Self.repository
        try """
        boards:
          - id: ginza
            sources:
              - odpt: \(repo)/rules/data/StationTimetable_TokyoMetro_Ginza_EXAMPLE.json
                station: odpt.Station:TokyoMetro.Ginza.Ginza
                walk: 3m
          - id: kawasaki-west
            sources:
              - gtfs: \(repo)/rules/data/gtfs-jp-rinkobus
                stop_id: "1510-57"
                walk: 2m
        channels:
          - {id: box, type: desktop}
        rules:
          - {id: weekday-morning, kind: leave_now, board: ginza, days: [weekdays], between: "08:00-08:10", channels: [box]}
          - {id: ended-bus, kind: leave_now, board: kawasaki-west, channels: [box]}
          - {id: held-bus, kind: leave_now, board: kawasaki-west, when_suspended: hold, channels: [box]}
        """.write(toFile: rules + "/rules.yaml", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    func testCheckNamesARuleThatWillNotFire() throws {
        let check = try CLIRunner.run(["check", "--rules", rules])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stderr.contains(#"rules.yaml:16:5: rule "ended-bus" will not fire: the service of board "kawasaki-west" ended on 2017-04-30 (the last date any of its sources runs): the rule cannot fire again until its timetable changes"#),
                      check.stderr)
        XCTAssertFalse(check.stderr.contains("weekday-morning"), check.stderr)
        XCTAssertTrue(check.stderr.contains(#"rules.yaml:17:5: rule "held-bus" has when_suspended: hold, but board "kawasaki-west" has no status: and no realtime: feed, so no suspension can ever hold it"#),
                      check.stderr)
        XCTAssertTrue(check.stdout.contains("requests a day: none (no source is fetched over the network)"), check.stdout)
    }

    func testStatusAfterAFridayPassShowsMondayAndNever() throws {
        let state = root + "/state"
        let once = try CLIRunner.run(["run", "--once", "--rules", rules, "--state", state, "--simulate-from", "2025-01-24T20:00"])
        XCTAssertEqual(once.status, 0, once.stderr)
        let status = try CLIRunner.run(["status", "--rules", rules, "--state", state])
        XCTAssertEqual(status.status, 1, "the ended kawasaki-west feed is a health problem: \(status.stdout)")
        XCTAssertTrue(status.stdout.hasPrefix("health: 2 problems (exit status 1)\n  feed kawasaki-west/gtfs-jp-rinkobus stop 1510-57: "
            + "the feed's service ended on 2017-04-30\n"
            + "  channel box: no D-Bus session bus for its desktop notifications; they are held\n"), status.stdout)
        XCTAssertTrue(status.stdout.contains("weekday-morning  leave_now  2025-01-27T07:5"), status.stdout)
        XCTAssertTrue(status.stdout.contains(#"ended-bus        leave_now  never: the service of board "kawasaki-west" ended on 2017-04-30"#), status.stdout)
        XCTAssertFalse(status.stdout.contains("on new data"), status.stdout)
        let json = try XCTUnwrap(try CLIRunner.json(try CLIRunner.run(["status", "--rules", rules, "--state", state, "--json"]), status: 1)
            as? [String: Any])
        let rows = try XCTUnwrap(json["rules"] as? [[String: Any]])
        XCTAssertEqual((rows.first { $0["id"] as? String == "ended-bus" })?["will_not_fire"] as? String,
                       #"the service of board "kawasaki-west" ended on 2017-04-30 (the last date any of its sources runs): the rule cannot fire again until its timetable changes"#)
    }

    func testExplainJSONGivesMondaysWakeUpAndDryRunTakesAYear() throws {
        let explain = try XCTUnwrap(try CLIRunner.json(try CLIRunner.run(["explain", "weekday-morning", "--rules", rules, "--at", "2025-01-25T09:00", "--json"])) as? [String: Any])
        XCTAssertEqual(explain["next_wake_up"] as? String, "2025-01-27T07:58:00+09:00", "leave at 07:58 for the first departure in 08:00-08:10 (08:01, 3 min walk)")
        let year = try CLIRunner.run(["dry-run", "--rules", rules, "--from", "2025-01-01T00:00", "--to", "2025-12-31T23:59", "--json"])
        XCTAssertEqual(year.status, 0, year.stderr)
        let notifications = try XCTUnwrap((try CLIRunner.json(year) as? [String: Any])?["notifications"] as? [[String: Any]])
        let days = Set(notifications.compactMap { ($0["at"] as? String)?.prefix(10) })
        XCTAssertEqual(days.count, 261, "every Monday to Friday of 2025, holidays included (days: is the weekday of the service date)")
        let tooLong = try CLIRunner.run(["dry-run", "--rules", rules, "--from", "2025-01-01T00:00", "--to", "2026-03-01T00:00"])
        XCTAssertEqual(tooLong.status, 64)
        XCTAssertTrue(tooLong.stderr.contains("a dry run covers at most 400 days"), tooLong.stderr)
    }
}
