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
        XCTAssertTrue(check.stderr.contains("boards.yaml:4:9: board \"revision\": 鷹56 (platform 12): the timetable's validity ends on \(until), in 5 days (valid_until); no source runs after it: add the next timetable"),
                      check.stderr)
        XCTAssertEqual(check.stderr.components(separatedBy: "\n").filter { $0.contains("board \"revision\"") }.count, 1,
                       "one warning, not one for the end and one for the gap: \(check.stderr)")
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

    // MARK: The data's own validity (ODPT dct:valid), on a real file

    /// A board of the real 小田急バス 吉０６ trips from 調布駅北口 (2017 challenge data, `"dct:valid":
    /// "2018-01-15"`) and, optionally, the next timetable (illustrative) from `newFrom`.
    func odakyuDirectory(newFrom: String?, extra: String = "") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-dctvalid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let fixture = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/odpt/BusTimetable_OdakyuBus_Kichi06_Weekday01_2records.json")
        try "# the next timetable (illustrative)\n11,55\n12,05\n".write(to: directory.appendingPathComponent("next.csv"), atomically: true, encoding: .utf8)
        var yaml = """
            boards:
              - id: kichi06
                title: 調布駅北口 → 吉祥寺駅
                sources:
                  - odpt_busstop_pole: \(fixture.path)
                    pole: odpt.BusstopPole:OdakyuBus.Choufuekikitaguchi.10225.13\(extra)
            """
        if let newFrom {
            yaml += """

                  - csv: {weekday: next.csv}
                    line: 吉06
                    stop: "13"
                    destination: 吉祥寺駅
                    valid_from: \(newFrom)
            """
        }
        try (yaml + "\n").write(to: directory.appendingPathComponent("boards.yaml"), atomically: true, encoding: .utf8)
        return directory.path
    }

    func testARealODPTFileSwitchesToTheNextTimetableAfterItsDctValid() throws {
        let rules = try odakyuDirectory(newFrom: "2018-01-16")
        let last = try CLIRunner.run(["board", "kichi06", "--rules", rules, "--date", "2018-01-15"])
        XCTAssertEqual(last.status, 0, last.stderr)
        XCTAssertEqual(last.stdout, "調布駅北口 → 吉祥寺駅  2018-01-15 (Mon) · weekday · timetable: weekday\n11 | 51\n12 | 02*\n* last departure toward its destination\n")
        let first = try CLIRunner.run(["board", "kichi06", "--rules", rules, "--date", "2018-01-16"])
        XCTAssertTrue(first.stdout.contains("11 | 55\n12 | 05*"), first.stdout)
        XCTAssertFalse(first.stdout.contains("validity"), "a revision is a switch, not a warning: \(first.stdout)")
        let next = try CLIRunner.run(["next", "kichi06", "--rules", rules, "--at", "2018-01-15T12:30", "--count", "1"])
        XCTAssertTrue(next.stdout.contains("next: tomorrow 11:55 from platform 13 (吉06)"), next.stdout)
    }

    func testATimetablePastItsDctValidSaysSoInNextBoardDryRunAndCheck() throws {
        let rules = try odakyuDirectory(newFrom: nil)
        // Past its validity with nothing replacing it, the timetable is unknown: not a day without buses.
        let next = try CLIRunner.run(["next", "kichi06", "--rules", rules, "--at", "2018-01-16T09:00"])
        XCTAssertEqual(next.status, 1, next.stderr)
        XCTAssertEqual(next.stdout, "調布駅北口 → 吉祥寺駅 — Tue 2018-01-16 09:00 (Asia/Tokyo)\n"
                       + "Departures are unknown: OdakyuBus.Choufuekikitaguchi.10225.13: the timetable's validity ended on 2018-01-15 (dct:valid).\n")
        let json = try XCTUnwrap(try CLIRunner.json(try CLIRunner.run(["next", "kichi06", "--rules", rules, "--at", "2018-01-16T09:00", "--json"]),
                                                    status: 1) as? [String: Any])
        XCTAssertEqual(json["complete"] as? Bool, false, "an answer without the ended source is not complete")
        XCTAssertEqual((json["warnings"] as? [[String: Any]])?.first?["message"] as? String, "the timetable's validity ended on 2018-01-15 (dct:valid)")
        let unknown = try XCTUnwrap(json["unknown"] as? [String: Any])
        XCTAssertEqual(unknown["service_date"] as? String, "2018-01-16")
        XCTAssertEqual((unknown["sources"] as? [[String: Any]])?.first?["message"] as? String, "the timetable's validity ended on 2018-01-15 (dct:valid)")
        let board = try CLIRunner.run(["board", "kichi06", "--rules", rules, "--date", "2018-01-16"])
        XCTAssertEqual(board.status, 1, board.stderr)
        XCTAssertTrue(board.stdout.contains("This service day is unknown: OdakyuBus.Choufuekikitaguchi.10225.13: the timetable's validity ended on 2018-01-15 (dct:valid)."),
                      board.stdout)
        try """
            channels:
              - {id: sink, type: webhook, url_env: LEAVENOW_TEST_HOOK}
            rules:
              - {id: leave, kind: leave_now, board: kichi06, channels: [sink]}
            """.write(toFile: rules + "/rules.yaml", atomically: true, encoding: .utf8)
        let dryRun = try CLIRunner.run(["dry-run", "--rules", rules, "--from", "2018-01-15T12:00", "--to", "2018-01-16T12:00"])
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertTrue(dryRun.stdout.contains("\nboard \"kichi06\": OdakyuBus.Choufuekikitaguchi.10225.13: the timetable's validity ended on 2018-01-15 (dct:valid)\n"),
                      dryRun.stdout)
        let explain = try CLIRunner.run(["explain", "leave", "--rules", rules, "--at", "2018-01-16T09:00"])
        XCTAssertTrue(explain.stdout.contains("departures of board \"kichi06\" from 2018-01-16 on are unknown (OdakyuBus.Choufuekikitaguchi.10225.13: the timetable's validity ended on 2018-01-15 (dct:valid))"),
                      explain.stdout)
        let check = try CLIRunner.run(["check", "--rules", rules])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stderr.contains("board \"kichi06\": OdakyuBus.Choufuekikitaguchi.10225.13: the timetable's validity ended on 2018-01-15 (dct:valid)"),
                      check.stderr)
    }

    func testAnExplicitValidUntilWinsOverTheDatasDctValid() throws {
        let rules = try odakyuDirectory(newFrom: nil, extra: "\n        valid_until: 2018-03-31")
        let board = try CLIRunner.run(["board", "kichi06", "--rules", rules, "--date", "2018-01-16"])
        XCTAssertTrue(board.stdout.contains("11 | 51\n12 | 02*"), board.stdout)
        let after = try CLIRunner.run(["board", "kichi06", "--rules", rules, "--date", "2018-04-02"])
        XCTAssertTrue(after.stdout.contains("This service day is unknown: OdakyuBus.Choufuekikitaguchi.10225.13: the timetable's validity ended on 2018-03-31 (valid_until)."),
                      after.stdout)
    }
}

/// An ODPT API pole timetable fetched from the local test server (the real 小田急バス 吉０６ trips,
/// `"dct:valid": "2018-01-15"`): `sources` names its dates once they have passed, and `next` from
/// the cache says why it answers nothing.
final class CachedTimetableDatesCommandTests: XCTestCase {
    func testSourcesAndNextNameAnAPITimetablePastItsDctValid() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-cached-dates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("rules"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let rules = root.appendingPathComponent("rules").path, state = root.appendingPathComponent("state").path
        try """
            odpt:
              key_env: ODPT_CONSUMER_KEY
            boards:
              - id: kichi06
                sources:
                  - odpt_api_busstop_pole:
                      pole: odpt.BusstopPole:OdakyuBus.Choufuekikitaguchi.10225.13
                      operator: odpt.Operator:OdakyuBus
            """.write(toFile: rules + "/boards.yaml", atomically: true, encoding: .utf8)
        let server = try SourceServer(key: "k-123")
        defer { server.stop() }
        let environment = ["LEAVENOW_SOURCE_BASE_URL": server.baseURL, "ODPT_CONSUMER_KEY": "k-123"]
        let fetch = try CLIRunner.run(["fetch", "--rules", rules, "--state", state], environment: environment)
        XCTAssertEqual(fetch.status, 0, fetch.stdout + fetch.stderr)
        let sources = try CLIRunner.run(["sources", "--rules", rules, "--state", state], environment: environment)
        XCTAssertEqual(sources.status, 0, sources.stderr)
        XCTAssertTrue(sources.stdout.hasSuffix("\nOdakyuBus.Choufuekikitaguchi.10225.13: the timetable's validity ended on 2018-01-15 (dct:valid)\n"),
                      sources.stdout)
        let json = try XCTUnwrap((try CLIRunner.json(try CLIRunner.run(["sources", "--rules", rules, "--state", state, "--json"],
                                                                        environment: environment)) as? [String: Any])?["sources"] as? [[String: Any]])
        XCTAssertEqual(json.first?["dates"] as? String, "the timetable's validity ended on 2018-01-15 (dct:valid)")
        let next = try CLIRunner.run(["next", "kichi06", "--rules", rules, "--state", state, "--at", "2018-01-16T09:00"], environment: environment)
        XCTAssertEqual(next.status, 1, next.stderr)
        XCTAssertTrue(next.stdout.contains("Departures are unknown: OdakyuBus.Choufuekikitaguchi.10225.13: the timetable's validity ended on 2018-01-15 (dct:valid)."),
                      next.stdout)
        let before = try CLIRunner.run(["next", "kichi06", "--rules", rules, "--state", state, "--at", "2018-01-15T11:00", "--count", "1"],
                                       environment: environment)
        XCTAssertTrue(before.stdout.contains("11:51 from 調布駅北口 (吉０６) to 吉祥寺駅"), before.stdout)
    }
}
