import Foundation
import Store
import TestServers
import XCTest

/// Rules over an ODPT API board and a weather source, fetched once by `leavenow fetch`; then the
/// network is gone: `next`, `dry-run` and `run --once` work from the cache, and the worker logs
/// the failed fetches instead of stopping.
final class WorkerOfflineTests: XCTestCase {
    static let key = "local-test-key-5521"

    static func configuration(hookVariable: String = "LEAVENOW_TEST_HOOK_URL") -> String {
        """
        odpt:
          key_env: ODPT_CONSUMER_KEY
          timetable_refresh: 1d
        boards:
          - id: oshiage-live
            title: 押上 (ODPT API)
            sources:
              - odpt_api:
                  station: odpt.Station:TokyoMetro.Hanzomon.Oshiage
                  direction: odpt.RailDirection:TokyoMetro.Shibuya
                walk: 2m
        weather:
          - id: chofu
            provider: openweather
            lat: 35.65146
            lon: 139.63678
            units: metric
            key_env: OPENWEATHER_API_KEY
            refresh: 10m
        rules:
          - id: oshiage-leave-now
            kind: leave_now
            board: oshiage-live
            heads_up: [0m]
            channels: [hook]
            language: en
          - id: rain-soon
            kind: weather
            weather: chofu
            when:
              rain_starts: {within: 30m, threshold: 0.5}
            channels: [hook]
            language: en
        """ + "\n" + WorkerConfig.webhookChannel(variable: hookVariable)
    }

    /// 08:00 in Tokyo two days from now: the cached sources are due again by then.
    static var later: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "Asia/Tokyo")
        formatter.dateFormat = "yyyy-MM-dd'T'08:00"
        return formatter.string(from: Date().addingTimeInterval(2 * 86_400))
    }

    func testAfterOneFetchNextDryRunAndRunWorkFromTheCacheWithoutNetwork() throws {
        let scratch = try WorkerScratch()
        try scratch.write("rules/config.yaml", Self.configuration())
        let rules = scratch.path("rules"), state = scratch.path("state")
        let server = try ScriptServer(script: "test-source-server.py", arguments: ["--key", Self.key])
        let environment = ["LEAVENOW_SOURCE_BASE_URL": server.baseURL, "ODPT_CONSUMER_KEY": Self.key,
                           "OPENWEATHER_API_KEY": Self.key, "LEAVENOW_TEST_HOOK_URL": "http://127.0.0.1:9/hook"]
        let fetch = try LeavenowProcess.run(["fetch", "--rules", rules, "--state", state], environment: environment)
        XCTAssertEqual(fetch.status, 0, fetch.all)
        XCTAssertNotNil(fetch.stdout.range(of: #"TokyoMetro\.Hanzomon\.Oshiage +updated"#, options: .regularExpression), fetch.stdout)
        XCTAssertNotNil(fetch.stdout.range(of: #"chofu +updated"#, options: .regularExpression), fetch.stdout)
        server.stop()

        // The board answers from the cached odpt:StationTimetable (the server served Oshiage → Shibuya).
        let next = try LeavenowProcess.run(["next", "oshiage-live", "--rules", rules, "--state", state,
                                            "--at", "2017-04-10T08:00", "--count", "2", "--json"], environment: environment)
        XCTAssertEqual(next.status, 0, next.all)
        let board = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(next.stdout.utf8)) as? [String: Any], next.all)
        let departures = try XCTUnwrap(board["departures"] as? [[String: Any]], next.stdout)
        XCTAssertEqual(departures.count, 2, next.stdout)
        XCTAssertEqual(departures.first?["departure"] as? String, "2017-04-10T08:02:00+09:00", next.stdout)
        XCTAssertEqual(departures.first?["day_type"] as? String, "weekday", next.stdout)
        XCTAssertFalse(next.stderr.contains("no cached timetable"), next.stderr)

        // The rules evaluate against the cached facts.
        let dryRun = try LeavenowProcess.run(["dry-run", "--rules", rules, "--state", state,
                                              "--from", "2017-04-10T08:00", "--to", "2017-04-10T08:10"], environment: environment)
        XCTAssertEqual(dryRun.status, 0, dryRun.all)
        XCTAssertTrue(dryRun.stdout.contains("oshiage-leave-now"), dryRun.stdout)
        XCTAssertTrue(dryRun.stdout.contains("the 08:02 to ChuoRinkan"), dryRun.stdout)
        XCTAssertFalse(dryRun.all.contains("no cached timetable"), dryRun.all)

        // The worker starts without network, logs both failed fetches, and still runs the rules.
        let run = try LeavenowProcess.run(["run", "--once", "--rules", rules, "--state", state, "--simulate-from", Self.later],
                                          environment: environment)
        // Exit 75 (run --once whose sources failed): the pass ran on the cache, cron tries again later.
        XCTAssertEqual(run.status, 75, run.all)
        let failures = LogLine.events("source.failed", in: run.stderr)
        XCTAssertEqual(Set(failures.compactMap { $0["source"] }), ["weather-chofu", "odpt-timetable-TokyoMetro.Hanzomon.Oshiage"],
                       run.stderr)
        XCTAssertTrue(failures.allSatisfy { ($0["msg"] ?? "").contains("could not connect") }, run.stderr)
        XCTAssertFalse(run.stderr.contains("no cached timetable"), run.stderr)
        XCTAssertFalse(LogLine.events("notification.queued", in: run.stderr).isEmpty,
                       "the cached timetable drives the leave-now rule: \(run.stderr)")
        XCTAssertEqual(LogLine.events("worker.stopped", in: run.stderr).count, 1, run.stderr)

        let status = try LeavenowProcess.run(["status", "--rules", rules, "--state", state, "--json"], environment: environment)
        XCTAssertEqual(status.status, 0, status.all)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any], status.all)
        let sources = try XCTUnwrap(report["sources"] as? [[String: Any]], status.stdout)
        XCTAssertEqual(sources.count, 2, status.stdout)
        XCTAssertTrue(sources.allSatisfy { ($0["last_error"] as? String ?? "").contains("could not connect") }, status.stdout)
        XCTAssertTrue(sources.allSatisfy { $0["fetched_at"] is String }, "the last good fetch is kept: \(status.stdout)")
    }
}
