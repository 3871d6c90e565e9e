import Foundation
import XCTest

/// `leavenow next` on the example boards, through the real binary.
final class NextCommandTests: XCTestCase {
    func departures(_ arguments: [String], environment: [String: String] = [:]) throws -> [[String: Any]] {
        let object = try CLIRunner.json(try CLIRunner.run(arguments, environment: environment)) as? [String: Any]
        return try XCTUnwrap(object?["departures"] as? [[String: Any]])
    }

    func testChofuSunday1032AnswersPlatform12At1033() throws {
        let outcome = try CLIRunner.run(["next", "chofu-to-mitaka", "--at", "2024-12-22T10:32:00+09:00", "--count", "3", "--json"])
        let object = try XCTUnwrap(try CLIRunner.json(outcome) as? [String: Any])
        XCTAssertEqual(object["board"] as? String, "chofu-to-mitaka")
        XCTAssertEqual(object["at"] as? String, "2024-12-22T10:32:00+09:00")
        let first = try XCTUnwrap((object["departures"] as? [[String: Any]])?.first)
        XCTAssertEqual(first["departure"] as? String, "2024-12-22T10:33:00+09:00")
        XCTAssertEqual(first["leave_at"] as? String, "2024-12-22T10:29:00+09:00")
        XCTAssertEqual(first["line"] as? String, "鷹56")
        XCTAssertEqual(first["stop"] as? String, "12")
        XCTAssertEqual(first["destination"] as? String, "三鷹駅")
        XCTAssertEqual(first["service_date"] as? String, "2024-12-22")
        XCTAssertEqual(first["day_type"] as? String, "sunday_holiday")
        XCTAssertEqual(first["last"] as? Bool, false)
        // The contract's key order.
        XCTAssertTrue(outcome.stdout.hasPrefix(#"{"board": "chofu-to-mitaka", "at": "2024-12-22T10:32:00+09:00", "departures": [{"departure": "2024-12-22T10:33:00+09:00", "leave_at": "2024-12-22T10:29:00+09:00", "line": "鷹56", "stop": "12", "destination": "三鷹駅", "service_date": "2024-12-22", "day_type": "sunday_holiday", "last": false, "reachable": false}"#), outcome.stdout)
        // `reachable` after the contract's keys: 10:33 leaves at 10:29, before 10:32; 10:39 (3 min walk) leaves at 10:36.
        XCTAssertEqual((object["departures"] as? [[String: Any]])?.map { $0["reachable"] as? Bool }, [false, true, true])
    }

    func testLocalTimeAndTheMachineTimezoneGiveTheSameAnswer() throws {
        let tokyo = try departures(["next", "chofu-to-mitaka", "--at", "2024-12-22T10:32", "--json"], environment: ["TZ": "Asia/Tokyo"])
        let newYork = try departures(["next", "chofu-to-mitaka", "--at", "2024-12-22T10:32", "--json"], environment: ["TZ": "America/New_York"])
        let utc = try departures(["next", "chofu-to-mitaka", "--at", "2024-12-22T01:32:00Z", "--json"])
        XCTAssertEqual(tokyo.map { $0["departure"] as? String }, newYork.map { $0["departure"] as? String })
        XCTAssertEqual(tokyo.map { $0["departure"] as? String }, utc.map { $0["departure"] as? String })
        XCTAssertEqual(tokyo.count, 5)
    }

    /// How long until each departure, and when to leave; a departure the walk can no longer reach is
    /// said to be too late, never "leave now".
    func testHumanAnswerInEnglishAndJapanese() throws {
        let english = try CLIRunner.run(["next", "chofu-to-mitaka", "--at", "2024-12-22T10:32", "--count", "2"])
        XCTAssertEqual(english.status, 0, english.stderr)
        XCTAssertEqual(english.stdout, """
            調布駅北口 → 三鷹駅 — Sun 2024-12-22 10:32 (Asia/Tokyo)
            10:33 from platform 12 (鷹56) to 三鷹駅 — in 1 min, too late to walk there (4 min walk)
            10:39 from platform 11 (鷹66) to 三鷹駅 — in 7 min, leave in 4 min

            """)
        let japanese = try CLIRunner.run(["next", "chofu-to-mitaka", "--at", "2024-12-22T10:32", "--count", "2"],
                                         environment: ["LANG": "ja_JP.UTF-8"])
        XCTAssertEqual(japanese.stdout, """
            調布駅北口 → 三鷹駅 — 2024-12-22（日）10:32（Asia/Tokyo）
            10:33 12番のりば (鷹56) 三鷹駅行 — 1分後に発車、徒歩4分のため間に合いません
            10:39 11番のりば (鷹66) 三鷹駅行 — 7分後に発車、あと4分で出発

            """)
    }

    /// Monday 08:00 (the issue's case): the 08:00 and 08:01 cannot be walked to; nothing says "leave
    /// now" for them. Within the minute of the leave time it is "leave now"; in the hour, "leave in".
    func testNeverLeaveNowForADepartureTheWalkCannotReach() throws {
        for (language, outOfReach, leaveNow) in [("C.UTF-8", "too late to walk there", "leave now"), ("ja_JP.UTF-8", "間に合いません", "今すぐ出発")] {
            let outcome = try CLIRunner.run(["next", "chofu-to-mitaka", "--at", "2024-12-23T08:00", "--count", "5"], environment: ["LANG": language])
            XCTAssertEqual(outcome.status, 0, outcome.stderr)
            let lines = outcome.stdout.split(separator: "\n").dropFirst().map(String.init)
            XCTAssertEqual(lines.count, 5, outcome.stdout)
            XCTAssertTrue(lines[0].hasPrefix("08:00 ") && lines[0].hasSuffix(outOfReach + (language == "C.UTF-8" ? " (4 min walk)" : "")), lines[0])
            XCTAssertTrue(lines[1].hasPrefix("08:01 ") && lines[1].contains(outOfReach), lines[1])
            XCTAssertFalse(outcome.stdout.contains(leaveNow), outcome.stdout)
        }
        let english = try CLIRunner.run(["next", "chofu-to-mitaka", "--at", "2024-12-23T08:00", "--count", "2"])
        XCTAssertEqual(english.stdout, """
            調布駅北口 → 三鷹駅 — Mon 2024-12-23 08:00 (Asia/Tokyo)
            08:00 from platform 12 (鷹56) to 三鷹駅 — departing now, too late to walk there (4 min walk)
            08:01 from platform 11 (鷹66) to 三鷹駅 — in 1 min, too late to walk there (3 min walk)

            """)
        // The 10:33 with 4 min of walking: leave at 10:29. At 10:29:00 that is now; 30 s later it is too late.
        let now = try CLIRunner.run(["next", "chofu-to-mitaka", "--at", "2024-12-22T10:29", "--count", "1"])
        XCTAssertTrue(now.stdout.hasSuffix("10:33 from platform 12 (鷹56) to 三鷹駅 — in 4 min, leave now\n"), now.stdout)
        let late = try CLIRunner.run(["next", "chofu-to-mitaka", "--at", "2024-12-22T10:29:30+09:00", "--count", "1"])
        XCTAssertTrue(late.stdout.hasSuffix("10:33 from platform 12 (鷹56) to 三鷹駅 — in 3 min, too late to walk there (4 min walk)\n"), late.stdout)
    }

    func testAfterTheLastBusSaysSoAndGivesTomorrowsFirst() throws {
        let outcome = try CLIRunner.run(["next", "chofu-to-mitaka", "--at", "2024-12-22T23:50", "--count", "1"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("The last bus has left; next: tomorrow 06:"), outcome.stdout)
        let json = try departures(["next", "chofu-to-mitaka", "--at", "2024-12-22T23:50", "--count", "1", "--json"])
        XCTAssertEqual(json.first?["service_date"] as? String, "2024-12-23")
        XCTAssertEqual(json.first?["day_type"] as? String, "weekday")
    }

    func testLateWeekdayBusAt24xxBelongsToThePreviousServiceDay() throws {
        // Monday 2024-12-23: the illustrative 鷹56 weekday timetable ends with 24:05.
        let json = try departures(["next", "chofu-to-mitaka", "--at", "2024-12-24T00:01", "--count", "1", "--json"])
        XCTAssertEqual(json.first?["departure"] as? String, "2024-12-24T00:05:00+09:00")
        XCTAssertEqual(json.first?["service_date"] as? String, "2024-12-23")
        XCTAssertEqual(json.first?["last"] as? Bool, true)
    }

    func testBadUsageAndAnUnknownBoardExit64() throws {
        XCTAssertEqual(try CLIRunner.run(["next"]).status, 64)
        XCTAssertEqual(try CLIRunner.run(["next", "chofu-to-mitaka", "--at", "yesterday"]).status, 64)
        XCTAssertEqual(try CLIRunner.run(["next", "chofu-to-mitaka", "--bogus"]).status, 64)
        XCTAssertEqual(try CLIRunner.run(["frobnicate"]).status, 64)
        let unknown = try CLIRunner.run(["next", "no-such-board"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.contains("no board \"no-such-board\""), unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("chofu-to-mitaka"), unknown.stderr)
    }

    /// A broken ODPT file makes every date of its station unknown: the bus of the other source
    /// cannot be given as the next departure (a train may leave first), and `next` says why.
    func testABrokenSourceIsAWarningAndMakesTheBoardUnknown() throws {
        let fixtures = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures").path
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-xdg-\(UUID().uuidString)")
        let rules = config.appendingPathComponent("leavenow/rules")
        try FileManager.default.createDirectory(at: rules, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: config) }
        try """
        boards:
          - id: mixed
            sources:
              - csv:
                  sunday_holiday: \(fixtures)/buscsv/鷹56_調布駅北口_三鷹駅_乗り場12_日祝.csv
                walk: 4m
              - odpt: \(fixtures)/odpt-broken/truncated.json
                station: odpt.Station:TokyoMetro.Hanzomon.Oshiage
        """.write(to: rules.appendingPathComponent("boards.yaml"), atomically: true, encoding: .utf8)
        // Found through $XDG_CONFIG_HOME, run from a directory without ./rules.
        let outcome = try CLIRunner.run(["next", "mixed", "--at", "2024-12-22T10:32", "--json"],
                                        environment: ["XDG_CONFIG_HOME": config.path], in: config)
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("boards.yaml:7:"), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("truncated.json:1:"), outcome.stderr)
        let answer = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((answer["departures"] as? [Any])?.count, 0, outcome.stdout)
        let unknown = try XCTUnwrap(answer["unknown"] as? [String: Any], outcome.stdout)
        let source = try XCTUnwrap((unknown["sources"] as? [[String: Any]])?.first)
        XCTAssertEqual(source["source"] as? String, "TokyoMetro.Hanzomon.Oshiage")
        XCTAssertTrue((source["message"] as? String)?.hasSuffix("odpt-broken/truncated.json:1:2986: truncated JSON: the string starting here is never closed") == true,
                      "\(source)")
        XCTAssertTrue((source["location"] as? String)?.hasSuffix("boards.yaml:7:9") == true, "\(source)")
        let human = try CLIRunner.run(["next", "mixed", "--at", "2024-12-22T10:32"], environment: ["XDG_CONFIG_HOME": config.path], in: config)
        XCTAssertEqual(human.status, 1, human.stderr)
        XCTAssertTrue(human.stdout.contains("\nDepartures are unknown: TokyoMetro.Hanzomon.Oshiage could not be loaded: \(fixtures)/odpt-broken/truncated.json:1:2986: truncated JSON"),
                      human.stdout)
        XCTAssertFalse(human.stdout.contains("10:33"), human.stdout)
    }
}
