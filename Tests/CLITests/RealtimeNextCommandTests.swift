import Foundation
import XCTest

/// `next` and `board` with realtime, through the built binary: a Caltrain board at Hillsdale whose
/// 70112 source has `realtime:` (a file feed, put in the state directory's cache by `leavenow
/// fetch`), the real TripUpdates capture of 2023-11-07 17:05:34 PST and a SYNTHETIC variant of it
/// (trip 312 canceled, trip 310 duplicated 30 min later; scripts/make-caltrain-realtime-variant.py).
final class RealtimeNextCommandTests: XCTestCase {
    static let fixtures = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures").path
    private var root = ""
    private var rules: String { root + "/rules" }
    private var state: String { root + "/state" }

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "leavenow-cli-realtime-next-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: rules, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The Hillsdale board with `feed` as the realtime of its first source (nil: no `realtime:`).
    private func writeBoard(feed: String?) throws {
        let zip = Self.fixtures + "/realtime/transitland-caltrain/ct.zip"
        try """
        boards:
          - id: hillsdale
            title: Caltrain Hillsdale
            timezone: America/Los_Angeles
            sources:
              - gtfs: \(zip)
                stop_id: "70112"
                walk: 5m
        \(feed.map { "        realtime: {gtfs_rt: \"\($0)\"}" } ?? "")
              - gtfs: \(zip)
                stop_id: "70111"
                walk: 5m

        """.write(toFile: rules + "/boards.yaml", atomically: true, encoding: .utf8)
    }

    private func fetch() throws {
        let fetched = try CLIRunner.run(["fetch", "hillsdale.0", "--rules", rules, "--state", state])
        XCTAssertEqual(fetched.status, 0, fetched.stdout + fetched.stderr)
    }

    private func capture() -> String { Self.fixtures + "/realtime/transitland-caltrain/ct-trip-updates.pb" }

    private func next(_ at: String, count: Int, json: Bool = false, environment: [String: String] = [:]) throws -> CLIRunner.Outcome {
        try CLIRunner.run(["next", "hillsdale", "--rules", rules, "--state", state, "--at", at, "--count", "\(count)"] + (json ? ["--json"] : []),
                          environment: environment)
    }

    func testTrip310At70112Is16_55To17_09Plus14WhereTheDelayIsTheDifferenceOfTheMinutesShown() throws {
        try writeBoard(feed: capture())
        try fetch()
        let outcome = try next("2023-11-07T16:50-08:00", count: 4)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(outcome.stderr, "")
        // 16:55:00 + 878 s = 17:09:38: shown to the minute like every time, so +14 (JSON: 878).
        // 16:50 is from 70111 (no realtime:); the feed was observed at 17:05:34, after --at: 0 s old.
        XCTAssertEqual(outcome.stdout, """
        Caltrain Hillsdale — Tue 2023-11-07 16:50 (America/Los_Angeles)
        realtime 0 s old
        16:50 (timetable) from Hillsdale Caltrain Station (L1) to San Francisco — departing now, too late to walk there (5 min walk)
        16:55 → 17:09 (+14) from Hillsdale Caltrain Station (L3) to Gilroy · last — in 19 min, leave in 14 min
        17:11 (timetable) from Hillsdale Caltrain Station (L3) to San Francisco — in 21 min, leave in 16 min
        17:17 → 17:21 (+4) from Hillsdale Caltrain Station (L1) to Tamien — in 31 min, leave in 26 min

        """)
    }

    func testALateTrainWhoseTimetableTimeIsPastStillComesAndLeaveNowUsesItsPrediction() throws {
        try writeBoard(feed: capture())
        try fetch()
        let outcome = try next("2023-11-07T17:07-08:00", count: 2)
        XCTAssertEqual(outcome.stdout, """
        Caltrain Hillsdale — Tue 2023-11-07 17:07 (America/Los_Angeles)
        realtime 1 min old
        16:55 → 17:09 (+14) from Hillsdale Caltrain Station (L3) to Gilroy · last — in 2 min, too late to walk there (5 min walk)
        17:11 (timetable) from Hillsdale Caltrain Station (L3) to San Francisco — in 4 min, too late to walk there (5 min walk)

        """, outcome.stderr)
    }

    func testAnHourLaterTheRealtimeIsStaleAndTheAnswerSaysItIsTheTimetable() throws {
        try writeBoard(feed: capture())
        try fetch()
        let outcome = try next("2023-11-07T17:50-08:00", count: 2)
        XCTAssertEqual(outcome.stdout, """
        Caltrain Hillsdale — Tue 2023-11-07 17:50 (America/Los_Angeles)
        timetable: realtime 44 min old (max 1 min 30 s)
        17:50 from Hillsdale Caltrain Station (L1) to San Francisco — departing now, too late to walk there (5 min walk)
        17:55 from Hillsdale Caltrain Station (L3) to Tamien — in 5 min, leave now

        """, outcome.stderr)
        let japanese = try next("2023-11-07T17:50-08:00", count: 1, environment: ["LANG": "ja_JP.UTF-8"])
        XCTAssertTrue(japanese.stdout.contains("\n時刻表: リアルタイムが古いため使いません (44分前、上限 1分30秒)\n"), japanese.stdout)
    }

    func testNothingFetchedYetSaysTimetableNoRealtimeYet() throws {
        try writeBoard(feed: capture())
        let outcome = try next("2023-11-07T16:50-08:00", count: 2)
        XCTAssertEqual(outcome.stdout, """
        Caltrain Hillsdale — Tue 2023-11-07 16:50 (America/Los_Angeles)
        timetable: no realtime yet
        16:50 from Hillsdale Caltrain Station (L1) to San Francisco — departing now, too late to walk there (5 min walk)
        16:55 from Hillsdale Caltrain Station (L3) to Gilroy · last — in 5 min, leave now

        """, outcome.stderr)
        let json = try XCTUnwrap(try CLIRunner.json(try next("2023-11-07T16:50-08:00", count: 1, json: true)) as? [String: Any])
        let realtime = try XCTUnwrap(json["realtime"] as? [String: Any])
        XCTAssertEqual(realtime["status"] as? String, "missing")
        XCTAssertTrue(realtime["age_seconds"] is NSNull)
    }

    func testJSONAddsThePredictionKeysAfterTheContractsAndTheRealtimeObjectAfterWarnings() throws {
        try writeBoard(feed: capture())
        try fetch()
        let outcome = try next("2023-11-07T16:52-08:00", count: 1, json: true)
        XCTAssertEqual(outcome.stdout, """
        {"board": "hillsdale", "at": "2023-11-07T16:52:00-08:00", "departures": [{"departure": "2023-11-07T17:09:38-08:00", \
        "leave_at": "2023-11-07T17:04:38-08:00", "line": "L3", "stop": "Hillsdale Caltrain Station", "destination": "Gilroy", \
        "service_date": "2023-11-07", "day_type": "weekday", "last": true, "scheduled": "2023-11-07T16:55:00-08:00", \
        "predicted": "2023-11-07T17:09:38-08:00", "delay": 878, "realtime": true, "canceled": false, "extra": null, "reachable": true}], \
        "complete": true, "warnings": [], "realtime": {"status": "live", "age_seconds": 0, "max_age_seconds": 90, \
        "sources": [{"source": "hillsdale.0", "kind": "gtfs-rt", "status": "live", "age_seconds": 0, "max_age_seconds": 90, \
        "observed_at": "2023-11-07T17:05:34-08:00"}], "suspensions": [], "warnings": []}}

        """, outcome.stderr)
    }

    func testJapaneseShowsTheDelayInMinutes() throws {
        try writeBoard(feed: capture())
        try fetch()
        let outcome = try next("2023-11-07T17:07-08:00", count: 1, environment: ["LANG": "ja_JP.UTF-8"])
        XCTAssertEqual(outcome.stdout, """
        Caltrain Hillsdale — 2023-11-07（火）17:07（America/Los_Angeles）
        リアルタイム (1分前)
        16:55 → 17:09 (+14分) Hillsdale Caltrain Station (L3) Gilroy行・最終 — 2分後に発車、徒歩5分のため間に合いません

        """, outcome.stderr)
    }

    /// `realtime` means the time shown is live. A trip realtime knows without a time for this stop —
    /// NO_DATA there (trip 310), or a stop before the trip's first StopTimeUpdate (trip 124 at 16:17 in
    /// the real capture) — is shown at the timetable's time: `"realtime": false`, and the line says
    /// `(timetable)` while the other lines are live. A SKIPPED stop (trip 126) stays canceled there.
    func testADepartureWithoutAPredictedTimeIsTheTimetablesNotRealtime() throws {
        try writeBoard(feed: Self.fixtures + "/realtime-boards/SYNTHETIC_ct-trip-updates-no-data.pb")
        try fetch()
        let english = try next("2023-11-07T16:50-08:00", count: 5)
        XCTAssertEqual(english.stdout, """
        Caltrain Hillsdale — Tue 2023-11-07 16:50 (America/Los_Angeles)
        realtime 0 s old
        16:50 (timetable) from Hillsdale Caltrain Station (L1) to San Francisco — departing now, too late to walk there (5 min walk)
        16:55 (timetable) from Hillsdale Caltrain Station (L3) to Gilroy · last — in 5 min, leave now
        17:11 (timetable) from Hillsdale Caltrain Station (L3) to San Francisco — in 21 min, leave in 16 min
        17:17 from Hillsdale Caltrain Station (L1) to Tamien — canceled
        17:31 → 17:33 (+2) from Hillsdale Caltrain Station (B7) to San Jose Diridon — in 43 min, leave in 38 min

        """, english.stderr)
        let japanese = try next("2023-11-07T16:50-08:00", count: 5, environment: ["LANG": "ja_JP.UTF-8"])
        XCTAssertEqual(japanese.stdout, """
        Caltrain Hillsdale — 2023-11-07（火）16:50（America/Los_Angeles）
        リアルタイム (0秒前)
        16:50 (時刻表) Hillsdale Caltrain Station (L1) San Francisco行 — まもなく発車、徒歩5分のため間に合いません
        16:55 (時刻表) Hillsdale Caltrain Station (L3) Gilroy行・最終 — 5分後に発車、今すぐ出発
        17:11 (時刻表) Hillsdale Caltrain Station (L3) San Francisco行 — 21分後に発車、あと16分で出発
        17:17 Hillsdale Caltrain Station (L1) Tamien行 — 運休
        17:31 → 17:33 (+2分) Hillsdale Caltrain Station (B7) San Jose Diridon行 — 43分後に発車、あと38分で出発

        """, japanese.stderr)

        let json = try XCTUnwrap(try CLIRunner.json(try next("2023-11-07T16:50-08:00", count: 5, json: true)) as? [String: Any])
        let departures = try XCTUnwrap(json["departures"] as? [[String: Any]])
        func departure(_ scheduled: String) throws -> [String: Any] {
            try XCTUnwrap(departures.first { $0["scheduled"] as? String == "2023-11-07T\(scheduled):00-08:00" }, scheduled)
        }
        let noData = try departure("16:55")
        XCTAssertEqual(noData["realtime"] as? Bool, false, "NO_DATA: the timetable's time")
        XCTAssertTrue(noData["predicted"] is NSNull)
        XCTAssertEqual(noData["canceled"] as? Bool, false)
        let skipped = try departure("17:17")
        XCTAssertEqual(skipped["realtime"] as? Bool, true, "a skipped stop is live news")
        XCTAssertEqual(skipped["canceled"] as? Bool, true)
        let late = try departure("17:31")
        XCTAssertEqual(late["realtime"] as? Bool, true)
        XCTAssertEqual(late["predicted"] as? String, "2023-11-07T17:33:00-08:00")
        XCTAssertEqual(try departure("16:50")["realtime"] as? Bool, false, "a source without realtime:")

        // The real capture: trip 124 passed Hillsdale before its first StopTimeUpdate.
        try writeBoard(feed: capture())
        try fetch()
        let before = try CLIRunner.json(try next("2023-11-07T16:10-08:00", count: 2, json: true)) as? [String: Any]
        let first = try XCTUnwrap((before?["departures"] as? [[String: Any]])?.first { $0["scheduled"] as? String == "2023-11-07T16:17:00-08:00" })
        XCTAssertEqual(first["realtime"] as? Bool, false)
        XCTAssertTrue(first["predicted"] is NSNull)
        let line = try next("2023-11-07T16:10-08:00", count: 2).stdout
        XCTAssertTrue(line.contains("16:17 (timetable) from Hillsdale Caltrain Station (L1) to Tamien"), line)
    }

    func testACanceledTripSaysCanceledNeverLeaveNowAndADuplicatedTripIsMarked() throws {
        try writeBoard(feed: Self.fixtures + "/realtime-boards/SYNTHETIC_ct-trip-updates-canceled-duplicated.pb")
        try fetch()
        let outcome = try next("2023-11-07T17:06-08:00", count: 8)
        XCTAssertEqual(outcome.stdout, """
        Caltrain Hillsdale — Tue 2023-11-07 17:06 (America/Los_Angeles)
        realtime 26 s old
        16:55 → 17:09 (+14) from Hillsdale Caltrain Station (L3) to Gilroy · last — in 3 min, too late to walk there (5 min walk)
        17:11 (timetable) from Hillsdale Caltrain Station (L3) to San Francisco — in 5 min, leave now
        17:17 → 17:21 (+4) from Hillsdale Caltrain Station (L1) to Tamien — in 15 min, leave in 10 min
        17:25 from Hillsdale Caltrain Station (L3) to Gilroy · duplicated trip — in 19 min, leave in 14 min
        17:31 (on time) from Hillsdale Caltrain Station (B7) to San Jose Diridon — in 25 min, leave in 20 min
        17:34 (timetable) from Hillsdale Caltrain Station (B7) to San Francisco — in 28 min, leave in 23 min
        17:50 (timetable) from Hillsdale Caltrain Station (L1) to San Francisco — in 44 min, leave in 39 min
        17:55 from Hillsdale Caltrain Station (L3) to Tamien — canceled

        """, outcome.stderr)
        let json = try XCTUnwrap(try CLIRunner.json(try next("2023-11-07T17:06-08:00", count: 8, json: true)) as? [String: Any])
        let departures = try XCTUnwrap(json["departures"] as? [[String: Any]])
        XCTAssertEqual(departures[3]["extra"] as? String, "duplicated")
        XCTAssertEqual(departures[3]["realtime"] as? Bool, true)
        XCTAssertEqual(departures[7]["canceled"] as? Bool, true)
        XCTAssertTrue(departures[7]["predicted"] is NSNull)
        XCTAssertEqual(departures[7]["leave_at"] as? String, "2023-11-07T17:50:00-08:00", "a canceled departure keeps its timetable times")
    }

    func testBoardListsWhatRealtimeMovesAfterTheTimetableRows() throws {
        try writeBoard(feed: Self.fixtures + "/realtime-boards/SYNTHETIC_ct-trip-updates-canceled-duplicated.pb")
        try fetch()
        let outcome = try CLIRunner.run(["board", "hillsdale", "--rules", rules, "--state", state, "--at", "2023-11-07T17:07-08:00"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let tail = outcome.stdout.components(separatedBy: "* last departure toward its destination\n").last ?? ""
        XCTAssertEqual(tail, """
        realtime 1 min old
        16:55 → 17:09 (+14) Hillsdale Caltrain Station (L3) → Gilroy
        17:17 → 17:21 (+4) Hillsdale Caltrain Station (L1) → Tamien
        17:25 Hillsdale Caltrain Station (L3) → Gilroy · duplicated trip
        17:55 Hillsdale Caltrain Station (L3) → Tamien — canceled
        18:31 → 18:33 (+2) Hillsdale Caltrain Station (B7) → San Jose Diridon

        """)
        let json = try XCTUnwrap(try CLIRunner.json(try CLIRunner.run(["board", "hillsdale", "--rules", rules, "--state", state,
                                                                        "--at", "2023-11-07T17:07-08:00", "--json"])) as? [String: Any])
        XCTAssertEqual((json["realtime"] as? [String: Any])?["status"] as? String, "live")
        XCTAssertEqual(Array(json.keys).count, 9, "board, title, service_date, day_type, timezone, departures, complete, warnings, realtime")
    }

    func testASecondFeedNotFetchedYetIsSaidUnderTheLiveOne() throws {
        try writeBoard(feed: capture())
        try fetch()
        // The 70111 source gets a feed of its own that was never fetched.
        var text = try String(contentsOfFile: rules + "/boards.yaml", encoding: .utf8)
        text = text.replacingOccurrences(of: "stop_id: \"70111\"\n        walk: 5m\n",
                                         with: "stop_id: \"70111\"\n        walk: 5m\n        realtime: {gtfs_rt: \"\(capture())\"}\n")
        try text.write(toFile: rules + "/boards.yaml", atomically: true, encoding: .utf8)
        let outcome = try next("2023-11-07T16:52-08:00", count: 1)
        XCTAssertEqual(outcome.stdout, """
        Caltrain Hillsdale — Tue 2023-11-07 16:52 (America/Los_Angeles)
        realtime 0 s old
        timetable for hillsdale.1: no realtime yet
        16:55 → 17:09 (+14) from Hillsdale Caltrain Station (L3) to Gilroy · last — in 17 min, leave in 12 min

        """, outcome.stderr)
    }

    func testABoardWithoutRealtimeAnswersAsBeforeEvenWithACachedFeed() throws {
        try writeBoard(feed: capture())
        try fetch()
        try writeBoard(feed: nil)
        let outcome = try next("2023-11-07T16:52-08:00", count: 1, json: true)
        XCTAssertEqual(outcome.stdout, """
        {"board": "hillsdale", "at": "2023-11-07T16:52:00-08:00", "departures": [{"departure": "2023-11-07T16:55:00-08:00", \
        "leave_at": "2023-11-07T16:50:00-08:00", "line": "L3", "stop": "Hillsdale Caltrain Station", "destination": "Gilroy", \
        "service_date": "2023-11-07", "day_type": "weekday", "last": true, "reachable": false}], "complete": true, "warnings": []}

        """, outcome.stderr)
        let human = try next("2023-11-07T16:52-08:00", count: 1)
        XCTAssertEqual(human.stdout, """
        Caltrain Hillsdale — Tue 2023-11-07 16:52 (America/Los_Angeles)
        16:55 from Hillsdale Caltrain Station (L3) to Gilroy · last — in 3 min, too late to walk there (5 min walk)

        """, human.stderr)
    }
}
