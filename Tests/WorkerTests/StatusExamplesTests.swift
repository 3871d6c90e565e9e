import Foundation
import XCTest

/// `leavenow status` on the bundled examples (issue 23, items 0 and 6): with a worker running, and
/// right after a worker that ran `--until` finished, it is healthy (exit 0) — the deliberately ended
/// 2017 GTFS feed of the `kawasaki-west` board, which no rule uses, is information, not a problem;
/// the worker that finished cleanly is said, not counted. What a rule does depend on still counts:
/// a rule on that board makes the ended feed a problem again.
final class StatusExamplesTests: XCTestCase {
    /// The examples with their channels pointed at `sink` (as `make demo` does).
    private func examples(_ scratch: WorkerScratch) throws -> String {
        try FileManager.default.copyItem(at: WorkerScratch.packageRoot.appendingPathComponent("rules"),
                                         to: scratch.url.appendingPathComponent("rules"))
        try scratch.write("rules/channels.yaml", """
            channels:
              - {id: phone, type: webhook, url_env: LEAVENOW_TEST_HOOK_URL, rate_per_minute: 0}
              - {id: desktop, type: webhook, url_env: LEAVENOW_TEST_HOOK_URL, rate_per_minute: 0}
              - {id: team, type: webhook, url_env: LEAVENOW_TEST_HOOK_URL, rate_per_minute: 0}
            """)
        return scratch.path("rules")
    }

    private func status(_ rules: String, _ state: String, japanese: Bool = false, json: Bool = false) throws -> LeavenowProcess.Outcome {
        try LeavenowProcess.run(["status", "--rules", rules, "--state", state] + (json ? ["--json"] : []),
                                environment: japanese ? ["LANG": "ja_JP.UTF-8"] : [:])
    }

    func testStatusOfTheExamplesWithARunningWorkerIsHealthyTheEndedFeedIsInformation() throws {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script([], dedupe: true)
        let rules = try examples(scratch)
        let state = scratch.path("state/state.db")
        let worker = try LeavenowProcess(["run", "--rules", rules, "--state", state, "--fixtures", scratch.path("rules/fixtures"),
                                          "--simulate-from", "2024-12-22T09:55", "--speed", "60"],
                                         environment: ["LEAVENOW_TEST_HOOK_URL": sink.url])
        defer { worker.signal(SIGKILL) }
        XCTAssertNotNil(worker.waitForLine(timeout: 20) { $0.contains("event=worker.started") }, worker.stderr.text)
        // Its first pass published its status.
        var english = try status(rules, state)
        let deadline = Date().addingTimeInterval(10)
        while !english.stdout.contains("\nworker: running"), Date() < deadline {
            usleep(100_000)
            english = try status(rules, state)
        }
        XCTAssertEqual(english.status, 0, english.stdout + worker.stderr.text)
        XCTAssertTrue(english.stdout.hasPrefix("health: ok (for what the rules use: every board loads, no source failing for 1 h, "
            + "no feed ending within 14 days, no channel failing 5 times in a row, no secret missing)\n"
            + "not counted as problems, since no rule depends on them:\n"
            + "  feed kawasaki-west/gtfs-jp-rinkobus stop 1510-57: the feed's service ended on 2017-04-30\n\n"
            + "worker: running (pid \(worker.pid))"), english.stdout)
        // The feeds section still tells it.
        XCTAssertTrue(english.stdout.contains("\nfeeds:\nboard \"kawasaki-west\": gtfs-jp-rinkobus stop 1510-57: the feed's service ended on 2017-04-30\n"),
                      english.stdout)
        let japanese = try status(rules, state, japanese: true)
        XCTAssertEqual(japanese.status, 0, japanese.stdout)
        XCTAssertTrue(japanese.stdout.hasPrefix("健康状態: 問題なし（ルールが使うものについては、すべてのボードが読み込め、"), japanese.stdout)
        XCTAssertTrue(japanese.stdout.contains("）\n問題には数えないもの（どのルールも使っていません）:\n"
            + "  フィード kawasaki-west/gtfs-jp-rinkobus 停留所 1510-57：フィードの運行期間は 2017-04-30 に終わっています\n\nワーカー: 稼働中（pid "),
                      japanese.stdout)
        let json = try status(rules, state, json: true)
        XCTAssertEqual(json.status, 0, json.stdout)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["healthy"] as? Bool, true)
        XCTAssertEqual((report["health"] as? [Any])?.count, 0, json.stdout)
        XCTAssertEqual((report["information"] as? [[String: Any]])?.map { $0["kind"] as? String }, ["feed"], json.stdout)
        XCTAssertEqual((report["worker"] as? [String: Any])?["running"] as? Bool, true, json.stdout)

        // A rule on that board depends on the ended feed: then it is a problem again.
        try scratch.write("rules/kawasaki.yaml", """
            rules:
              - {id: kawasaki-morning, kind: leave_now, board: kawasaki-west, heads_up: [5m], channels: [phone]}
            """)
        let used = try status(rules, state)
        XCTAssertEqual(used.status, 1, used.stdout)
        XCTAssertTrue(used.stdout.hasPrefix("health: 1 problem (exit status 1)\n  feed kawasaki-west/gtfs-jp-rinkobus stop 1510-57: "
            + "the feed's service ended on 2017-04-30\n\n"), used.stdout)
    }

    func testStatusRightAfterARunUntilSaysTheWorkerStoppedCleanlyAndIsHealthy() throws {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script([], dedupe: true)
        let rules = try examples(scratch)
        let state = scratch.path("state/state.db")
        let run = try LeavenowProcess.run(["run", "--rules", rules, "--state", state, "--fixtures", scratch.path("rules/fixtures"),
                                           "--simulate-from", "2024-12-22T10:20", "--speed", "600", "--until", "2024-12-22T10:30"],
                                          environment: ["LEAVENOW_TEST_HOOK_URL": sink.url], timeout: 20)
        XCTAssertEqual(run.status, 0, run.all)
        let english = try status(rules, state)
        XCTAssertEqual(english.status, 0, english.stdout)
        XCTAssertTrue(english.stdout.hasPrefix("health: ok ("), english.stdout)
        XCTAssertNotNil(english.stdout.range(of: #"\nworker: stopped cleanly at 2024-12-22T10:30:0\d\+09:00, as run --until asked \(pid \d+\); not a health problem\n"#,
                                             options: .regularExpression), english.stdout)
        let japanese = try status(rules, state, japanese: true)
        XCTAssertEqual(japanese.status, 0, japanese.stdout)
        XCTAssertNotNil(japanese.stdout.range(of: #"\nワーカー: run --until の指定どおり 2024-12-22T10:30:0\d\+09:00 に正常終了しました（pid \d+）。健康上の問題ではありません\n"#,
                                              options: .regularExpression), japanese.stdout)
        let json = try status(rules, state, json: true)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let worker = try XCTUnwrap(report["worker"] as? [String: Any])
        XCTAssertEqual(worker["running"] as? Bool, false)
        XCTAssertEqual((worker["stopped"] as? [String: Any])?["reason"] as? String, "until", json.stdout)
        XCTAssertEqual(report["healthy"] as? Bool, true, json.stdout)
    }

    func testAWorkerStoppedBySIGTERMOrGoneWithoutAWordIsStillAProblem() throws {
        let scratch = try WorkerScratch()
        let rules = try examples(scratch)
        let state = scratch.path("state/state.db")
        let worker = try LeavenowProcess(["run", "--rules", rules, "--state", state, "--fixtures", scratch.path("rules/fixtures"),
                                          "--simulate-from", "2024-12-22T10:20"],
                                         environment: ["LEAVENOW_TEST_HOOK_URL": "http://127.0.0.1:1/hook"])
        XCTAssertNotNil(worker.waitForLine(timeout: 20) { $0.contains("event=worker.started") }, worker.stderr.text)
        usleep(500_000)
        worker.signal(SIGTERM)
        XCTAssertEqual(worker.wait(timeout: 20), 0, worker.stderr.text)
        let stopped = try status(rules, state)
        XCTAssertEqual(stopped.status, 1, stopped.stdout)
        XCTAssertTrue(stopped.stdout.hasPrefix("health: 1 problem (exit status 1)\n  the worker: stopped at 2024-12-22T10:20:"), stopped.stdout)
        XCTAssertTrue(stopped.stdout.contains(" by SIGTERM or SIGINT (pid \(worker.pid)): no rule runs, nothing is sent (since "), stopped.stdout)
        let japanese = try status(rules, state, japanese: true)
        XCTAssertTrue(japanese.stdout.hasPrefix("健康状態: 問題 1 件（終了コード 1）\n  ワーカー：2024-12-22T10:20:"), japanese.stdout)
        XCTAssertTrue(japanese.stdout.contains(" に SIGTERM または SIGINT で停止しました（pid \(worker.pid)）。ルールは評価されず、何も送られません（"),
                      japanese.stdout)

        let killed = try LeavenowProcess(["run", "--rules", rules, "--state", state, "--fixtures", scratch.path("rules/fixtures"),
                                          "--simulate-from", "2024-12-22T10:25"],
                                         environment: ["LEAVENOW_TEST_HOOK_URL": "http://127.0.0.1:1/hook"])
        XCTAssertNotNil(killed.waitForLine(timeout: 20) { $0.contains("event=worker.started") }, killed.stderr.text)
        usleep(500_000)
        killed.signal(SIGKILL)
        killed.wait(timeout: 10)
        let gone = try status(rules, state)
        XCTAssertEqual(gone.status, 1, gone.stdout)
        XCTAssertTrue(gone.stdout.hasPrefix("health: 1 problem (exit status 1)\n  the worker: is not running (last pass by pid \(killed.pid))"),
                      gone.stdout)
    }
}
