import Foundation
import XCTest

/// Reloading a running worker: a broken rule file is reported with its place and the running rules
/// go on; a fixed one is picked up from the directory change, and SIGHUP reloads on demand.
final class WorkerReloadTests: XCTestCase {
    func testBrokenRuleFileKeepsTheRunningRulesAndSighupReloadsTheFixedOnes() throws {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script([], dedupe: true)
        // A bus every 2 minutes; at 60× a leave-now is sent about every 2 s of real time.
        try WorkerConfig.writeFrequentLeaveNow(in: scratch, every: 2, headsUp: "[0m]")
        let worker = try LeavenowProcess(["run", "--rules", scratch.path("rules"), "--state", scratch.path("state/state.db"),
                                          "--fixtures", scratch.path("fixtures"), "--simulate-from", "2024-12-22T10:00",
                                          "--speed", "60", "--until", "2024-12-22T11:30"],
                                         environment: ["LEAVENOW_TEST_HOOK_URL": sink.url])
        func sent(after line: Int, rule: String) -> String? {
            worker.waitForLine(after: line, timeout: 10) { $0.contains("event=notification.sent") && $0.contains("rule=\(rule) ") }
        }
        XCTAssertNotNil(sent(after: 0, rule: "bus-leave-now"), worker.stderr.text)

        // A broken file: an unknown board, reported as file:line:col; the running rule goes on.
        try scratch.write("rules/zz-more.yaml", """
            rules:
              - id: second-rule
                kind: leave_now
                board: no-such-board
                heads_up: [1m]
                channels: [hook]
            """)
        let failed = try XCTUnwrap(worker.waitForLine(timeout: 10) { $0.contains("event=rules.reload_failed") }, worker.stderr.text)
        XCTAssertNotNil(failed.range(of: #"zz-more\.yaml:\d+:\d+"#, options: .regularExpression), failed)
        XCTAssertTrue(failed.contains("no-such-board"), failed)
        XCTAssertTrue(failed.contains("keeping the running rules"), failed)
        let afterFailure = worker.lines.count
        XCTAssertNotNil(sent(after: afterFailure, rule: "bus-leave-now"), "the old rules still run: \(worker.stderr.text)")
        XCTAssertTrue(worker.process.isRunning)

        // Fixed: the directory change reloads; SIGHUP reloads again on demand.
        try scratch.write("rules/zz-more.yaml", """
            rules:
              - id: second-rule
                kind: leave_now
                board: frequent
                heads_up: [1m]
                channels: [hook]
            """)
        let changed = try XCTUnwrap(worker.waitForLine(after: afterFailure, timeout: 10) { $0.contains("event=rules.reloaded") },
                                    worker.stderr.text)
        XCTAssertTrue(changed.contains("rules=2"), changed)
        let beforeSignal = worker.lines.count
        worker.signal(SIGHUP)
        let hangup = try XCTUnwrap(worker.waitForLine(after: beforeSignal, timeout: 10) {
            $0.contains("event=rules.reloaded") && $0.contains("cause=SIGHUP")
        }, worker.stderr.text)
        XCTAssertTrue(hangup.contains("rules=2"), hangup)
        XCTAssertNotNil(sent(after: beforeSignal, rule: "second-rule"), "the new rule runs: \(worker.stderr.text)")

        worker.signal(SIGTERM)
        XCTAssertEqual(worker.wait(timeout: 10), 0, worker.stderr.text)
        XCTAssertEqual(LogLine.events("worker.stopped", in: worker.stderr.text).count, 1, worker.stderr.text)
        // Each leave-now was delivered once: the reloads did not send anything again.
        let taken = try sink.all().requests.filter(\.taken).compactMap(\.key)
        XCTAssertEqual(taken.count, Set(taken).count, "a notification was sent again after a reload: \(taken)")
    }
}
