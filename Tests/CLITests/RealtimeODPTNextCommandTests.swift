import Foundation
import XCTest

/// `next` on an ODPT board whose railway has an `odpt: trains:` entry: the `odpt:Train` response
/// (the Ginza line capture of 2017-12-15 15:50:42, from the test source server) is read from the
/// state directory's cache. The example timetable is ILLUSTRATIVE and lists none of the captured
/// train numbers, so nothing is predicted, but the answer says the realtime is live and how old.
final class RealtimeODPTNextCommandTests: XCTestCase {
    private var root = ""
    private var server: SourceServer?
    private var rules: String { root + "/rules" }
    private var state: String { root + "/state" }

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "leavenow-cli-realtime-odpt-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: rules, withIntermediateDirectories: true)
        let timetable = CLIRunner.packageRoot.appendingPathComponent("rules/data/StationTimetable_TokyoMetro_Ginza_EXAMPLE.json").path
        try """
        boards:
          - id: ginza
            title: 銀座駅 銀座線
            sources:
              - odpt: \(timetable)
                station: odpt.Station:TokyoMetro.Ginza.Ginza
                walk: 3m
        odpt:
          key_env: ODPT_CONSUMER_KEY
          trains:
            - {id: ginza-trains, operator: odpt.Operator:TokyoMetro, railway: odpt.Railway:TokyoMetro.Ginza}

        """.write(toFile: rules + "/boards.yaml", atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    func testTheCachedTrainsOfTheBoardsRailwayAreLiveThenStale() throws {
        let before = try CLIRunner.run(["next", "ginza", "--rules", rules, "--state", state, "--at", "2017-12-15T15:51", "--count", "1"])
        XCTAssertEqual(before.stdout, """
        銀座駅 銀座線 — Fri 2017-12-15 15:51 (Asia/Tokyo)
        timetable: no realtime yet
        15:53 from 銀座 (銀座線) to 浅草 — in 2 min, too late to walk there (3 min walk)

        """, before.stderr)

        let server = try SourceServer(key: "odpt-key-7")
        self.server = server
        let fetched = try CLIRunner.run(["fetch", "ginza-trains", "--rules", rules, "--state", state],
                                        environment: ["LEAVENOW_SOURCE_BASE_URL": server.baseURL, "ODPT_CONSUMER_KEY": "odpt-key-7"])
        XCTAssertEqual(fetched.status, 0, fetched.stdout + fetched.stderr)

        let live = try CLIRunner.run(["next", "ginza", "--rules", rules, "--state", state, "--at", "2017-12-15T15:51", "--count", "1"])
        XCTAssertEqual(live.stdout, """
        銀座駅 銀座線 — Fri 2017-12-15 15:51 (Asia/Tokyo)
        realtime 18 s old
        15:53 (timetable) from 銀座 (銀座線) to 浅草 — in 2 min, too late to walk there (3 min walk)

        """, live.stderr)

        // max_age: 3 × the default refresh of 1 min.
        let stale = try CLIRunner.run(["next", "ginza", "--rules", rules, "--state", state, "--at", "2017-12-15T16:00", "--count", "1",
                                       "--json"])
        let json = try XCTUnwrap(try CLIRunner.json(stale) as? [String: Any])
        let realtime = try XCTUnwrap(json["realtime"] as? [String: Any])
        XCTAssertEqual(realtime["status"] as? String, "stale")
        XCTAssertEqual(realtime["age_seconds"] as? Int, 558)
        XCTAssertEqual(realtime["max_age_seconds"] as? Int, 180)
        let sources = try XCTUnwrap(realtime["sources"] as? [[String: Any]])
        XCTAssertEqual(sources.first?["kind"] as? String, "odpt-train")
        XCTAssertEqual(sources.first?["source"] as? String, "ginza-trains")
    }
}
