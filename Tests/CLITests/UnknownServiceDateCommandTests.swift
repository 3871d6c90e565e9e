import Foundation
import XCTest

/// A service date whose timetable could not be loaded is unknown, never a day without departures
/// (issue 23, item 1), through the real binary: a bus CSV board whose weekday file has typos
/// (`O5`, a full-width `４２`) asked on a Monday at 06:00, in `next`, `board`, `dry-run` and
/// `explain`, in English and Japanese; a broken GTFS feed beside a working source.
final class UnknownServiceDateCommandTests: XCTestCase {
    private var root = ""
    private var rules: String { root + "/rules" }
    private var weekdayFile: String { rules + "/tt/weekday.csv" }
    static let japanese = ["LANG": "ja_JP.UTF-8"]

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "leavenow-cli-unknown-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: rules + "/tt", withIntermediateDirectories: true)
        try "6,O5,35\n7,４２\n".write(toFile: weekdayFile, atomically: true, encoding: .utf8)
        try "6,05,35\n7,05\n".write(toFile: rules + "/tt/saturday.csv", atomically: true, encoding: .utf8)
        try "6,05,35\n".write(toFile: rules + "/tt/sunday.csv", atomically: true, encoding: .utf8)
        try """
        boards:
          - id: x1
            title: X1 stop
            sources:
              - csv: {weekday: tt/weekday.csv, saturday: tt/saturday.csv, sunday_holiday: tt/sunday.csv}
                line: X1
                stop: "1"
                destination: Y
                walk: 4m
        channels:
          - {id: desk, type: desktop}
        rules:
          - {id: leave-x1, kind: leave_now, board: x1, heads_up: [5m], channels: [desk]}
          - {id: weekends, kind: leave_now, board: x1, days: [sat, sun], heads_up: [5m], channels: [desk]}

        """.write(toFile: rules + "/rules.yaml", atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CLIRunner.Outcome {
        try CLIRunner.run(arguments + ["--rules", rules], environment: environment)
    }

    private var why: String { "\(weekdayFile):1:3: minute \"O5\" is not a number" }

    // MARK: next

    /// Today: "incomplete: … The last bus has left; next: Sat 11 Jan 06:05", exit 0.
    func testNextOnAMondayWithABrokenWeekdayFileSaysMondayIsUnknownAndFails() throws {
        let monday = try run(["next", "x1", "--at", "2025-01-06T06:00"])
        XCTAssertEqual(monday.status, 1, monday.stderr)
        XCTAssertEqual(monday.stdout, """
            X1 stop — Mon 2025-01-06 06:00 (Asia/Tokyo)
            Departures are unknown: X1 (platform 1), weekday could not be loaded: \(why).

            """)
        XCTAssertFalse(monday.stdout.contains("has left"), monday.stdout)
        XCTAssertTrue(monday.stderr.contains("warning: \(rules)/rules.yaml:5:9: the weekday timetable of board \"x1\" not loaded: \(why)"), monday.stderr)
        let japanese = try run(["next", "x1", "--at", "2025-01-06T06:00"], environment: Self.japanese)
        XCTAssertEqual(japanese.status, 1, japanese.stderr)
        XCTAssertEqual(japanese.stdout, """
            X1 stop — 2025-01-06（月）06:00（Asia/Tokyo）
            発車時刻が分かりません: X1 (1番のりば)、weekday を読み込めませんでした: \(weekdayFile):1:3: 分の値 "O5" は数値ではありません。

            """)
    }

    func testNextListsTheDeparturesBeforeTheUnknownDateThenSaysItIsUnknown() throws {
        // Saturday 07:00: Saturday's last bus, Sunday's two, the holiday Monday's (成人の日) two; Tuesday is unknown.
        let saturday = try run(["next", "x1", "--at", "2025-01-11T07:00", "--count", "9"])
        XCTAssertEqual(saturday.status, 0, saturday.stderr)
        XCTAssertEqual(saturday.stdout.split(separator: "\n").map(String.init), [
            "X1 stop — Sat 2025-01-11 07:00 (Asia/Tokyo)",
            "07:05 from platform 1 (X1) to Y · last — in 5 min, leave in 1 min",
            "tomorrow 06:05 from platform 1 (X1) to Y — leave at 06:01",
            "tomorrow 06:35 from platform 1 (X1) to Y · last — leave at 06:31",
            "Mon 13 Jan 06:05 from platform 1 (X1) to Y — leave at 06:01",
            "Mon 13 Jan 06:35 from platform 1 (X1) to Y · last — leave at 06:31",
            "Departures from Tue 14 Jan on are unknown: X1 (platform 1), weekday could not be loaded: \(why).",
        ])
        let japanese = try run(["next", "x1", "--at", "2025-01-11T07:00", "--count", "9"], environment: Self.japanese)
        XCTAssertEqual(japanese.stdout.split(separator: "\n").last.map(String.init),
                       "1月14日(火)以降の発車は分かりません: X1 (1番のりば)、weekday を読み込めませんでした: \(weekdayFile):1:3: 分の値 \"O5\" は数値ではありません。")
        // Sunday night: the unknown date is tomorrow, and nothing comes before it.
        let sunday = try run(["next", "x1", "--at", "2025-01-05T22:00"])
        XCTAssertEqual(sunday.status, 1, sunday.stderr)
        XCTAssertTrue(sunday.stdout.hasSuffix("\nDepartures from tomorrow on are unknown: X1 (platform 1), weekday could not be loaded: \(why).\n"), sunday.stdout)
        // Asked for as many departures as come before it, the answer does not reach it.
        let enough = try run(["next", "x1", "--at", "2025-01-11T07:00", "--count", "2", "--json"])
        XCTAssertNil(try XCTUnwrap(try CLIRunner.json(enough) as? [String: Any])["unknown"], enough.stdout)
    }

    func testNextJSONCarriesTheUnknownDateWithItsSourcesAndExitsOne() throws {
        let monday = try run(["next", "x1", "--at", "2025-01-06T06:00", "--json"])
        XCTAssertEqual(monday.stdout, #"{"board": "x1", "at": "2025-01-06T06:00:00+09:00", "departures": [], "complete": false, "warnings": [{"source": "X1 (platform 1), weekday", "message": "\#(weekdayFile):1:3: minute \"O5\" is not a number", "location": "\#(rules)/rules.yaml:5:9"}], "unknown": {"service_date": "2025-01-06", "day_type": "weekday", "from": "2025-01-06T00:00:00+09:00", "sources": [{"source": "X1 (platform 1), weekday", "message": "\#(weekdayFile):1:3: minute \"O5\" is not a number", "location": "\#(rules)/rules.yaml:5:9"}]}}"# + "\n")
        _ = try CLIRunner.json(monday, status: 1)
        // Departures before it are listed; the key still says where the answer stops.
        let saturday = try XCTUnwrap(try CLIRunner.json(try run(["next", "x1", "--at", "2025-01-11T07:00", "--count", "9", "--json"])) as? [String: Any])
        XCTAssertEqual((saturday["departures"] as? [Any])?.count, 5)
        let unknown = try XCTUnwrap(saturday["unknown"] as? [String: Any])
        XCTAssertEqual(unknown["service_date"] as? String, "2025-01-14")
        XCTAssertEqual(unknown["from"] as? String, "2025-01-14T00:00:00+09:00")
    }

    /// The full-width `４２` of the weekday file is its second mistake: fixing `O5` alone still leaves Monday unknown.
    func testTheFullWidthNumberIsNamedOnceTheFirstTypoIsFixed() throws {
        try "6,05,35\n7,４２\n".write(toFile: weekdayFile, atomically: true, encoding: .utf8)
        let monday = try run(["next", "x1", "--at", "2025-01-06T06:00", "--json"])
        let answer = try XCTUnwrap(try CLIRunner.json(monday, status: 1) as? [String: Any])
        let source = try XCTUnwrap(((answer["unknown"] as? [String: Any])?["sources"] as? [[String: Any]])?.first)
        XCTAssertTrue((source["message"] as? String)?.hasPrefix("\(weekdayFile):2:3: ") == true, "\(source)")
        XCTAssertTrue((source["message"] as? String)?.contains("４２") == true, "\(source)")
        try "6,05,35\n7,42\n".write(toFile: weekdayFile, atomically: true, encoding: .utf8)
        let fixed = try run(["next", "x1", "--at", "2025-01-06T06:00", "--count", "1"])
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        XCTAssertTrue(fixed.stdout.contains("06:05 from platform 1 (X1) to Y"), fixed.stdout)
    }

    // MARK: board

    func testBoardOfAnUnknownDaySaysItIsUnknownNotEmpty() throws {
        let monday = try run(["board", "x1", "--date", "2025-01-06"])
        XCTAssertEqual(monday.status, 1, monday.stderr)
        XCTAssertEqual(monday.stdout, "X1 stop  2025-01-06 (Mon) · weekday\nThis service day is unknown: X1 (platform 1), weekday could not be loaded: \(why).\n")
        XCTAssertFalse(monday.stdout.contains("No departures"), monday.stdout)
        let japanese = try run(["board", "x1", "--date", "2025-01-06"], environment: Self.japanese)
        XCTAssertEqual(japanese.status, 1, japanese.stderr)
        XCTAssertTrue(japanese.stdout.hasSuffix("\nこの日の運行は分かりません: X1 (1番のりば)、weekday を読み込めませんでした: \(weekdayFile):1:3: 分の値 \"O5\" は数値ではありません。\n"),
                      japanese.stdout)
        let json = try XCTUnwrap(try CLIRunner.json(try run(["board", "x1", "--date", "2025-01-06", "--json"]), status: 1) as? [String: Any])
        XCTAssertEqual((json["unknown"] as? [String: Any])?["service_date"] as? String, "2025-01-06")
        // A known day answers as before, without the key.
        let saturday = try XCTUnwrap(try CLIRunner.json(try run(["board", "x1", "--date", "2025-01-11", "--json"])) as? [String: Any])
        XCTAssertNil(saturday["unknown"])
        XCTAssertEqual((saturday["departures"] as? [Any])?.count, 3)
    }

    // MARK: rules

    func testDryRunSaysWhichRuleStopsAtWhichUnknownDates() throws {
        let dryRun = try run(["dry-run", "--from", "2025-01-05T00:00", "--to", "2025-01-12T23:00"])
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        let lines = dryRun.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.prefix(3)), [
            "dry run 2025-01-05T00:00:00+09:00 → 2025-01-12T23:00:00+09:00; nothing is sent",
            "board \"x1\" is incomplete: X1 (platform 1), weekday could not be loaded: \(why)",
            "rule leave-x1: departures of board x1 are unknown on 2025-01-06..2025-01-10 (X1 (platform 1), weekday could not be loaded: \(why)): nothing is sent for them",
        ])
        // Nothing on the unknown weekdays, and neither rule skips ahead: the weekend buses are sent on their days.
        let sent = lines.dropFirst(3)
        XCTAssertFalse(sent.contains { $0.hasPrefix("2025-01-0") && !$0.hasPrefix("2025-01-05") }, dryRun.stdout)
        XCTAssertEqual(sent.filter { $0.contains("leave-x1") }.map { String($0.prefix(16)) },
                       ["2025-01-05 05:56", "2025-01-05 06:26", "2025-01-11 06:00", "2025-01-11 06:26", "2025-01-11 06:56", "2025-01-12 05:56",
                        "2025-01-12 06:26"])
        let japanese = try run(["dry-run", "--from", "2025-01-05T00:00", "--to", "2025-01-12T23:00"], environment: Self.japanese)
        XCTAssertTrue(japanese.stdout.contains("\nルール leave-x1: ボード x1 の 2025-01-06..2025-01-10 の発車は分かりません（X1 (1番のりば)、weekday を読み込めませんでした: "),
                      japanese.stdout)
        let json = try XCTUnwrap(try CLIRunner.json(try run(["dry-run", "--from", "2025-01-05T00:00", "--to", "2025-01-12T23:00", "--json"])) as? [String: Any])
        let unknown = try XCTUnwrap(json["unknown"] as? [[String: Any]])
        XCTAssertEqual(unknown.map { $0["rule"] as? String }, ["leave-x1"])
        XCTAssertEqual(unknown.first?["service_dates"] as? [String], ["2025-01-06", "2025-01-07", "2025-01-08", "2025-01-09", "2025-01-10"])
    }

    func testExplainSaysTheRuleStopsAtTheUnknownDate() throws {
        let sunday = try run(["explain", "leave-x1", "--at", "2025-01-05T22:00"])
        XCTAssertEqual(sunday.status, 0, sunday.stderr)
        XCTAssertTrue(sunday.stdout.contains("\n  departures of board \"x1\" from 2025-01-06 on are unknown (X1 (platform 1), weekday could not be loaded: \(why)): the rule cannot fire for them until their timetable is known; the rule looks again at 2025-01-07T06:00:00+09:00\n"),
                      sunday.stdout)
        // Far from the date, the search past the horizon stops there rather than skip to Saturday.
        let weekend = try run(["explain", "leave-x1", "--at", "2025-01-04T09:00", "--json"])
        let reasons = try XCTUnwrap((try CLIRunner.json(weekend) as? [String: Any])?["reasons"] as? [String])
        XCTAssertFalse(reasons.contains { $0.contains("2025-01-11") }, "\(reasons)")
        let japanese = try run(["explain", "leave-x1", "--at", "2025-01-05T22:00"], environment: Self.japanese)
        XCTAssertTrue(japanese.stdout.contains("ボード \"x1\" の 2025-01-06 以降の発車は分かりません（X1 (1番のりば)、weekday を読み込めませんでした: "),
                      japanese.stdout)
    }

    // MARK: other source kinds

    /// A GTFS feed with a broken time beside a working source: its dates are unknown (within its
    /// `valid_until`), so `next` stops there; after it, the other source answers.
    func testABrokenGTFSFeedMakesItsDatesUnknown() throws {
        let feed = root + "/feed"
        try FileManager.default.copyItem(atPath: CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/gtfs/gtfs-jp-rinkobus").path, toPath: feed)
        let stopTimes = feed + "/stop_times.txt"
        let text = try String(contentsOfFile: stopTimes, encoding: .utf8)
        try text.replacingOccurrences(of: ",6:28:00,6:28:00,", with: ",6:28:00,6:2B:00,").write(toFile: stopTimes, atomically: true, encoding: .utf8)
        try """
        boards:
          - id: mixed
            sources:
              - csv: {everyday: tt/sunday.csv}
                line: X1
                stop: "1"
              - gtfs: \(feed)
                stop_id: "1510-57"
                valid_until: 2017-04-30

        """.write(toFile: rules + "/rules.yaml", atomically: true, encoding: .utf8)
        let april = try run(["next", "mixed", "--at", "2017-04-10T05:00", "--json"])
        let answer = try XCTUnwrap(try CLIRunner.json(april, status: 1) as? [String: Any])
        XCTAssertEqual((answer["departures"] as? [Any])?.count, 0)
        let source = try XCTUnwrap(((answer["unknown"] as? [String: Any])?["sources"] as? [[String: Any]])?.first)
        XCTAssertEqual(source["source"] as? String, "feed stop 1510-57")
        XCTAssertTrue((source["message"] as? String)?.hasSuffix("/feed/stop_times.txt: row 2: departure_time \"6:2B:00\" is not a time (H:MM:SS)") == true, "\(source)")
        let human = try run(["next", "mixed", "--at", "2017-04-10T05:00"], environment: Self.japanese)
        XCTAssertEqual(human.status, 1, human.stderr)
        XCTAssertTrue(human.stdout.contains("\n発車時刻が分かりません: feed 停留所 1510-57 を読み込めませんでした: "), human.stdout)
        // After its validity the feed no longer matters: the CSV source answers.
        let may = try run(["next", "mixed", "--at", "2017-05-03T05:00", "--count", "1"])
        XCTAssertEqual(may.status, 0, may.stderr)
        XCTAssertTrue(may.stdout.contains("06:05 from platform 1 (X1)"), may.stdout)
    }
}
