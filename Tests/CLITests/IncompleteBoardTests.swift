import Foundation
import XCTest

/// Boards whose sources failed and feeds whose service ended, through the real binary: a failure is
/// never presented as an answer.
final class IncompleteBoardTests: XCTestCase {
    static let fixtures = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/buscsv").path
    private var root = ""
    private var rules: String { root + "/rules" }

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "leavenow-cli-incomplete-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: rules, withIntermediateDirectories: true)
        let f = Self.fixtures
        try """
        boards:
          - id: missing
            sources:
              - csv:
                  weekday: \(f)/nowhere.csv
                line: 鷹56
                stop: "12"
          - id: typo
            sources:
              - csv: \(f)-typo
          - id: half
            sources:
              - csv:
                  sunday_holiday: \(f)/鷹56_調布駅北口_三鷹駅_乗り場12_日祝.csv
                walk: 4m
              - csv: \(root)/taka66
                walk: 3m
          - id: weekday-broken
            sources:
              - csv: \(root)/taka56
                walk: 4m

        """.write(toFile: rules + "/boards.yaml", atomically: true, encoding: .utf8)
        try """
        channels:
          - {id: desk, type: desktop}
        rules:
          - {id: typo-leave, kind: leave_now, board: typo, heads_up: [5m], channels: [desk]}

        """.write(toFile: rules + "/rules.yaml", atomically: true, encoding: .utf8)
        // 鷹56 with all three day types, the weekday file with `1O` for `10` on its last line (24, column 4).
        try FileManager.default.createDirectory(atPath: root + "/taka56", withIntermediateDirectories: true)
        for day in ["平日", "土曜", "日祝"] {
            let name = "鷹56_調布駅北口_三鷹駅_乗り場12_\(day).csv"
            var text = try String(contentsOfFile: f + "/" + name, encoding: .utf8)
            if day == "平日" { text += "\n23,1O\n" }
            try text.write(toFile: root + "/taka56/" + name, atomically: true, encoding: .utf8)
        }
        // 鷹66 whose only file is broken.
        try FileManager.default.createDirectory(atPath: root + "/taka66", withIntermediateDirectories: true)
        try "10,00,39,5x\n".write(toFile: root + "/taka66/鷹66_調布駅北口_三鷹駅_乗り場11_日祝.csv", atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func run(_ arguments: [String]) throws -> CLIRunner.Outcome {
        try CLIRunner.run(arguments + ["--rules", rules])
    }

    private func object(_ outcome: CLIRunner.Outcome) throws -> [String: Any] {
        try XCTUnwrap(try CLIRunner.json(outcome) as? [String: Any], outcome.stdout)
    }

    func testAMissingFileIsAFailureNotAnEmptyAnswer() throws {
        for command in [["next", "missing", "--at", "2024-12-23T10:32"], ["next", "missing", "--json"],
                        ["board", "missing", "--date", "2024-12-23"], ["board", "missing", "--json"]] {
            let outcome = try run(command)
            XCTAssertEqual(outcome.status, 1, "\(command): \(outcome.stdout)")
            XCTAssertEqual(outcome.stdout, "", "\(command)")
            XCTAssertTrue(outcome.stderr.contains("""
                leavenow: board "missing" has no source that could be loaded:
                \(rules)/boards.yaml:4:9: board "missing": 鷹56 (platform 12), weekday could not be loaded: \(Self.fixtures)/nowhere.csv: no such file

                """), outcome.stderr)
            XCTAssertFalse(outcome.stdout.contains("No departures"), outcome.stdout)
        }
    }

    func testATypoedDirectoryIsAFailureNamingThePathAndTheReason() throws {
        let outcome = try run(["next", "typo", "--at", "2024-12-22T10:32"])
        XCTAssertEqual(outcome.status, 1, outcome.stdout)
        XCTAssertTrue(outcome.stderr.contains("""
            leavenow: board "typo" has no source that could be loaded:
            \(rules)/boards.yaml:10:9: board "typo": buscsv-typo could not be loaded: \(Self.fixtures)-typo: cannot list the directory (no such directory)

            """), outcome.stderr)
    }

    func testABrokenWeekdayCellKeepsSaturdayAndSunday() throws {
        let weekdayFile = root + "/taka56/鷹56_調布駅北口_三鷹駅_乗り場12_平日.csv"
        let warning: [String: String] = ["source": "鷹56 (platform 12), weekday",
                                         "message": "\(weekdayFile):24:4: minute \"1O\" is not a number",
                                         "location": "\(rules)/boards.yaml:20:9"]
        for (at, dayType) in [("2024-12-21T10:32", "saturday"), ("2024-12-22T10:32", "sunday_holiday")] {
            let answer = try object(try run(["next", "weekday-broken", "--at", at, "--count", "1", "--json"]))
            let first = try XCTUnwrap((answer["departures"] as? [[String: Any]])?.first)
            XCTAssertEqual(first["day_type"] as? String, dayType)
            XCTAssertEqual(answer["complete"] as? Bool, false)
            XCTAssertEqual(answer["warnings"] as? [[String: String]], [warning])
        }
        // Monday is unknown, not a day without departures: `next` stops there and fails.
        let monday = try run(["next", "weekday-broken", "--at", "2024-12-23T10:32", "--count", "1"])
        XCTAssertEqual(monday.status, 1, monday.stderr)
        XCTAssertEqual(monday.stdout.split(separator: "\n").dropFirst().map(String.init),
                       ["Departures are unknown: 鷹56 (platform 12), weekday could not be loaded: \(weekdayFile):24:4: minute \"1O\" is not a number."])
        let board = try object(try run(["board", "weekday-broken", "--date", "2024-12-22", "--json"]))
        XCTAssertEqual(board["complete"] as? Bool, false)
        XCTAssertEqual(board["warnings"] as? [[String: String]], [warning])
        XCTAssertFalse((board["departures"] as? [Any] ?? []).isEmpty)
    }

    func testABoardWithOneOfTwoSourcesFailedSaysWhichIsMissing() throws {
        let taka66 = root + "/taka66/鷹66_調布駅北口_三鷹駅_乗り場11_日祝.csv"
        // Sunday's 鷹66 is unknown: 鷹56's 10:33 cannot be given as the next departure (a 鷹66 bus may leave first).
        let human = try run(["next", "half", "--at", "2024-12-22T10:32", "--count", "1"])
        XCTAssertEqual(human.status, 1, human.stderr)
        XCTAssertEqual(human.stdout.split(separator: "\n").map(String.init), [
            "half — Sun 2024-12-22 10:32 (Asia/Tokyo)",
            "Departures are unknown: 鷹66 (platform 11), sunday_holiday could not be loaded: \(taka66):1:10: minute \"5x\" is not a number.",
        ])
        let json = try run(["next", "half", "--at", "2024-12-22T10:32", "--count", "1", "--json"])
        XCTAssertEqual(json.status, 1, json.stderr)
        XCTAssertTrue(json.stdout.hasSuffix(#""departures": [], "complete": false, "warnings": [{"source": "鷹66 (platform 11), sunday_holiday", "message": "\#(taka66):1:10: minute \"5x\" is not a number", "location": "\#(rules)/boards.yaml:16:9"}], "unknown": {"service_date": "2024-12-22", "day_type": "sunday", "from": "2024-12-22T00:00:00+09:00", "sources": [{"source": "鷹66 (platform 11), sunday_holiday", "message": "\#(taka66):1:10: minute \"5x\" is not a number", "location": "\#(rules)/boards.yaml:16:9"}]}}"# + "\n"), json.stdout)
        // The day's board shows 鷹56 and says 鷹66 is unknown.
        let board = try run(["board", "half", "--date", "2024-12-22"])
        XCTAssertEqual(board.status, 0, board.stderr)
        XCTAssertEqual(board.stdout.split(separator: "\n").dropFirst().first.map(String.init),
                       "This service day is unknown: 鷹66 (platform 11), sunday_holiday could not be loaded: \(taka66):1:10: minute \"5x\" is not a number.")
        XCTAssertTrue(board.stdout.contains("\n10 | 06 20 33 47 59\n"), board.stdout)
    }

    func testACompleteBoardSaysSo() throws {
        let outcome = try CLIRunner.run(["next", "chofu-to-mitaka", "--at", "2024-12-22T10:32", "--count", "1", "--json"])
        let answer = try XCTUnwrap(try CLIRunner.json(outcome) as? [String: Any])
        XCTAssertEqual(answer["complete"] as? Bool, true)
        XCTAssertEqual((answer["warnings"] as? [Any])?.count, 0)
    }

    func testDryRunAndStatusNameTheFailedBoards() throws {
        let taka66 = root + "/taka66/鷹66_調布駅北口_三鷹駅_乗り場11_日祝.csv"
        let expected = [
            "board \"missing\" has no loadable source: 鷹56 (platform 12), weekday: \(Self.fixtures)/nowhere.csv: no such file",
            "board \"typo\" has no loadable source: buscsv-typo: \(Self.fixtures)-typo: cannot list the directory (no such directory)",
            "board \"half\" is incomplete: 鷹66 (platform 11), sunday_holiday could not be loaded: \(taka66):1:10: minute \"5x\" is not a number",
            "board \"weekday-broken\" is incomplete: 鷹56 (platform 12), weekday could not be loaded: \(root)/taka56/鷹56_調布駅北口_三鷹駅_乗り場12_平日.csv:24:4: minute \"1O\" is not a number",
        ]
        // A dry run reads the boards its rules read (typo), says so once, on stdout (issue 23).
        let dryRun = try run(["dry-run", "--at", "2024-12-22T10:00"])
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        // The rule of the board without a source stops at the first date: its dates are unknown.
        XCTAssertEqual(Array(dryRun.stdout.split(separator: "\n").map(String.init).dropFirst().prefix(3)), [
            expected[1],
            "rule typo-leave: departures of board typo are unknown on 2024-12-22 (buscsv-typo): nothing is sent for them",
            "Nothing would be sent.",
        ])
        XCTAssertEqual(dryRun.stderr, "")
        let json = try object(try run(["dry-run", "--at", "2024-12-22T10:00", "--json"]))
        let warnings = try XCTUnwrap(json["warnings"] as? [[String: String]])
        XCTAssertEqual(warnings.map { "\($0["board"]!) \($0["state"]!) \($0["source"]!)" }, ["typo unloadable buscsv-typo"])

        let state = root + "/state"
        let once = try CLIRunner.run(["run", "--once", "--rules", rules, "--state", state])
        XCTAssertEqual(once.status, 0, once.stderr)
        XCTAssertTrue(once.stderr.contains(#"event=board.unloadable board=typo source=buscsv-typo config=\#(rules)/boards.yaml:10:9 msg="\#(Self.fixtures)-typo: cannot list the directory (no such directory)""#), once.stderr)
        XCTAssertTrue(once.stderr.contains(#"event=board.incomplete board=half source="鷹66 (platform 11), sunday_holiday""#), once.stderr)
        let status = try CLIRunner.run(["status", "--rules", rules, "--state", state])
        XCTAssertEqual(status.status, 1, "a board a rule uses without a loadable source is a health problem: \(status.stdout)")
        XCTAssertTrue(status.stdout.hasPrefix("health: 2 problems (exit status 1)\n  board typo: no source could be loaded (buscsv-typo: "), status.stdout)
        // The rules' desktop channel without a session bus holds what they send: a problem too.
        XCTAssertTrue(status.stdout.contains("\n  channel desk: no D-Bus session bus for its desktop notifications; they are held\n"), status.stdout)
        // No rule uses the board "missing": information, not a problem.
        XCTAssertTrue(status.stdout.contains("\nnot counted as problems, since no rule depends on them:\n  board missing: no source could be loaded ("),
                      status.stdout)
        XCTAssertTrue(status.stdout.contains("typo-leave  leave_now  never: board typo has no loadable source"), status.stdout)
        XCTAssertTrue(status.stdout.contains("\nboards:\n" + expected.joined(separator: "\n") + "\n"), status.stdout)
        XCTAssertTrue(status.stdout.contains("\nfeeds:\nno feed's service ends within 14 days\n"), status.stdout)
        let statusJSON = try XCTUnwrap(try CLIRunner.json(try CLIRunner.run(["status", "--rules", rules, "--state", state, "--json"]), status: 1)
            as? [String: Any])
        XCTAssertEqual((statusJSON["health"] as? [[String: Any]])?.map { $0["subject"] as? String }, ["typo", "desk"])
        XCTAssertEqual((statusJSON["information"] as? [[String: Any]])?.map { $0["subject"] as? String }, ["missing"])
        XCTAssertEqual(statusJSON["healthy"] as? Bool, false)
        XCTAssertEqual((statusJSON["boards"] as? [[String: String]])?.map { $0["board"]! }, ["missing", "typo", "half", "weekday-broken"])
        XCTAssertEqual((statusJSON["rules"] as? [[String: Any]])?.first?["unloadable_board"] as? String, "typo")
    }

    func testStatusListsAStaleSourceWithItsLastError() throws {
        try "feeds:\n  - id: qiita-ios-2024\n    advent_calendar: 2024/ios\n".write(toFile: rules + "/sources.yaml", atomically: true, encoding: .utf8)
        let state = root + "/state"
        // Nothing listens on port 1: the fetch fails and the source index keeps the error.
        let fetch = try CLIRunner.run(["fetch", "--rules", rules, "--state", state], environment: ["LEAVENOW_SOURCE_BASE_URL": "http://127.0.0.1:1"])
        XCTAssertEqual(fetch.status, 1, fetch.stdout)
        let status = try CLIRunner.run(["status", "--rules", rules, "--state", state])
        // The broken board a rule uses and no worker yet (fetch is not one) are the health problems; the
        // failing source is not one yet (the worker, not `fetch`, keeps how long it has been failing).
        XCTAssertEqual(status.status, 1, status.stderr)
        XCTAssertTrue(status.stdout.hasPrefix("health: 2 problems (exit status 1)\n  board typo: "), status.stdout)
        XCTAssertTrue(status.stdout.contains("\n  the worker: has not run yet (leavenow run)\nnot counted as problems"), status.stdout)
        XCTAssertFalse(status.stdout.contains("  source feed-qiita-ios-2024"), status.stdout)
        XCTAssertTrue(status.stdout.contains("\nstale sources:\nfeed-qiita-ios-2024: last fetch never; last error: GET http://127.0.0.1:1/advent-calendar/2024/ios/feed: could not connect"), status.stdout)
        let json = try XCTUnwrap(try CLIRunner.json(try CLIRunner.run(["status", "--rules", rules, "--state", state, "--json"]), status: 1)
            as? [String: Any])
        let stale = try XCTUnwrap(json["stale_sources"] as? [[String: Any]])
        XCTAssertEqual(stale.map { $0["name"] as? String }, ["feed-qiita-ios-2024"])
        XCTAssertTrue((stale.first?["last_error"] as? String)?.contains("could not connect") == true, "\(stale)")
    }

    // MARK: the example kawasaki-west board: a real GTFS-JP feed whose calendar ended on 2017-04-30

    func testAnEndedFeedIsCalledEnded() throws {
        let human = try CLIRunner.run(["next", "kawasaki-west", "--at", "2026-12-01T09:30"])
        XCTAssertEqual(human.status, 0, human.stderr)
        XCTAssertEqual(human.stdout, """
            川崎駅西口 57番のりば (GTFS-JP) — Tue 2026-12-01 09:30 (Asia/Tokyo)
            The feed's service ended on 2017-04-30 (gtfs-jp-rinkobus stop 1510-57).

            """)
        let json = try CLIRunner.run(["next", "kawasaki-west", "--at", "2026-12-01T09:30", "--json"])
        XCTAssertEqual(json.stdout, #"{"board": "kawasaki-west", "at": "2026-12-01T09:30:00+09:00", "departures": [], "complete": false, "warnings": [{"source": "gtfs-jp-rinkobus stop 1510-57", "message": "the feed's service ended on 2017-04-30", "location": "rules/boards.yaml:73:9"}]}"# + "\n")
        // Inside the service it answers as before, and says nothing.
        let april = try XCTUnwrap(try CLIRunner.json(try CLIRunner.run(["next", "kawasaki-west", "--at", "2017-04-10T08:00", "--json"])) as? [String: Any])
        XCTAssertEqual(april["complete"] as? Bool, true)
        XCTAssertFalse((april["departures"] as? [Any] ?? []).isEmpty)
        // `board` on a date outside the service.
        let board = try CLIRunner.run(["board", "kawasaki-west", "--date", "2017-05-01"])
        XCTAssertEqual(board.stdout.split(separator: "\n").map(String.init), [
            "川崎駅西口 57番のりば (GTFS-JP)  2017-05-01 (Mon) · weekday",
            "The feed's service ended on 2017-04-30 (gtfs-jp-rinkobus stop 1510-57).",
        ])
        let before = try XCTUnwrap(try CLIRunner.json(try CLIRunner.run(["board", "kawasaki-west", "--date", "2017-03-31", "--json"])) as? [String: Any])
        XCTAssertEqual((before["warnings"] as? [[String: Any]])?.first?["message"] as? String, "the feed's service starts on 2017-04-01")
    }

    func testCheckWarnsAboutTheEndedFeedAndHolidaysOutsideItsService() throws {
        let check = try CLIRunner.run(["check"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stderr.contains("""
            warning: rules/boards.yaml:73:9: board "kawasaki-west": gtfs-jp-rinkobus stop 1510-57: the feed's service ended on 2017-04-30
            warning: rules/boards.yaml:71:16: board "kawasaki-west": holidays 2016-12-30..2017-01-03 lie outside the service of every source (gtfs-jp-rinkobus stop 1510-57: 2017-04-01..2017-04-30); they have no effect

            """), check.stderr)
    }
}
