import Foundation
import XCTest

/// `leavenow fetch` / `sources` / `check` with a board's `realtime:` feeds, against the local test server.
final class RealtimeSourceCommandsTests: XCTestCase {
    private var root = ""
    private var server: SourceServer?

    private var rules: String { root + "/rules" }
    private var state: String { root + "/state" }

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "leavenow-cli-realtime-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: rules, withIntermediateDirectories: true)
        try """
        boards:
          - id: caltrain-sf
            timezone: America/Los_Angeles
            sources:
              - gtfs: ct.zip
                stop_id: "70112"
                realtime: {gtfs_rt: "https://transit.example.org/gtfs-rt/keyed/trip-updates.pb", key_env: RT_KEY, key_parameter: api_key}
        channels:
          - {id: c, type: desktop}
        rules:
          - {id: leave, kind: leave_now, board: caltrain-sf, between: "16:30-17:30", heads_up: [10m], channels: [c]}

        """.write(toFile: rules + "/boards.yaml", atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    func testFetchAndSourcesListTheFeedWithItsAgeAndNeverItsKey() throws {
        let server = try SourceServer(key: "rt-key-31")
        self.server = server
        let environment = ["LEAVENOW_SOURCE_BASE_URL": server.baseURL, "RT_KEY": "rt-key-31"]
        let fetched = try CLIRunner.run(["fetch", "--rules", rules, "--state", state], environment: environment)
        XCTAssertEqual(fetched.status, 0, fetched.stdout + fetched.stderr)
        XCTAssertEqual(fetched.stdout, "caltrain-sf.0  updated  7.8 KB\n")
        let again = try CLIRunner.run(["fetch", "caltrain-sf.0", "--rules", rules, "--state", state], environment: environment)
        XCTAssertEqual(again.stdout, "caltrain-sf.0  not modified (saved 7.8 KB)\n", again.stderr)

        let table = try CLIRunner.run(["sources", "--rules", rules, "--state", state, "--json"], environment: [:])
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertTrue(table.stdout.contains("\"id\": \"caltrain-sf.0\", \"kind\": \"gtfs-rt\", \"refresh_seconds\": 30"), table.stdout)
        XCTAssertTrue(table.stdout.contains("api_key=REDACTED"), table.stdout)
        XCTAssertFalse(table.stdout.contains("rt-key-31"), table.stdout)

        let refused = try CLIRunner.run(["fetch", "--rules", rules, "--state", state],
                                        environment: ["LEAVENOW_SOURCE_BASE_URL": server.baseURL, "RT_KEY": "wrong-key-5"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stdout.contains("the API key was refused (HTTP 401); check RT_KEY"), refused.stdout)
        XCTAssertFalse(refused.stdout.contains("wrong-key-5") || refused.stderr.contains("wrong-key-5"), refused.stdout + refused.stderr)
    }

    func testCheckRefusesABadRealtimeValueAtItsPlace() throws {
        try """
        boards:
          - id: b
            sources:
              - gtfs: ct.zip
                stop_id: "1"
                realtime: {gtfs_rt: "ftp://example.org/tu.pb", refresh: 5s}
        """.write(toFile: rules + "/boards.yaml", atomically: true, encoding: .utf8)
        let check = try CLIRunner.run(["check", "--rules", rules], environment: [:])
        XCTAssertNotEqual(check.status, 0)
        XCTAssertTrue(check.stderr.contains("boards.yaml:6:29: gtfs_rt must be an http(s) URL or a file path, found the scheme \"ftp\""), check.stderr)
        XCTAssertTrue(check.stderr.contains("boards.yaml:6:65: refresh must be at least 10s"), check.stderr)
    }
}
