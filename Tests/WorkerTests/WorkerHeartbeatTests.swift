import Foundation
import XCTest

/// The heartbeat of the `health:` section: `leavenow run` calls the monitor's URL every interval (of
/// its clock: here a simulated one, 60× real time, so `every: 1m` is a real second) while it runs,
/// and not once it is dead; the URL, a secret, is never printed.
final class WorkerHeartbeatTests: XCTestCase {
    /// A scratch directory with a bus every 10 minutes, a leave-now to the sink's /hook, and `health`
    /// (a `health:` section, in its own file); the sink, running.
    static func scratchWithHealth(_ health: String) throws -> (scratch: WorkerScratch, sink: WorkerWebhookSink) {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        try sink.script([], dedupe: true)
        try WorkerConfig.writeFrequentLeaveNow(in: scratch, every: 10, headsUp: "[10m]")
        try scratch.write("rules/health.yaml", health)
        return (scratch, sink)
    }

    /// `leavenow run` of `scratch` on a clock 60× real time from 2024-12-22T10:00 (`--once`: one pass).
    static func run(_ scratch: WorkerScratch, sink: WorkerWebhookSink, heartbeat: String, once: Bool = false) throws -> LeavenowProcess {
        try LeavenowProcess(["run", "--rules", scratch.path("rules"), "--state", scratch.path("state/state.db"), "--fixtures", scratch.path("fixtures"),
                             "--simulate-from", "2024-12-22T10:00"] + (once ? ["--once"] : ["--speed", "60"]),
                            environment: ["LEAVENOW_TEST_HOOK_URL": sink.url, "LEAVENOW_HEARTBEAT_URL": heartbeat])
    }

    func testThePingsComeAtTheIntervalAndStopWhenTheWorkerIsKilled() throws {
        let (scratch, sink) = try Self.scratchWithHealth("health:\n  heartbeat:\n    url_env: LEAVENOW_HEARTBEAT_URL\n    every: 1m\n")
        defer { sink.stop() }
        let worker = try Self.run(scratch, sink: sink, heartbeat: "http://127.0.0.1:\(sink.port)/ping/9f1c2a7e-5b1d-4c55-a0d2-3e8f6c1b7a40")
        defer { worker.signal(SIGKILL); worker.wait(timeout: 10) }
        XCTAssertNotNil(worker.waitForLine(timeout: 20) { $0.contains("event=heartbeat.ok") }, worker.stderr.text)
        // About five seconds of pings: one a (real) second.
        Thread.sleep(forTimeInterval: 5)
        let pings = try sink.all().requests.filter { $0.path.hasPrefix("/ping/") }
        XCTAssertGreaterThanOrEqual(pings.count, 4, "\(pings.map(\.arrival))")
        XCTAssertLessThanOrEqual(pings.count, 8, "\(pings.map(\.arrival))")
        let gaps = zip(pings.dropFirst(), pings).map { $0.arrival - $1.arrival }
        XCTAssertTrue(gaps.allSatisfy { $0 > 0.5 && $0 < 2.0 }, "gaps between pings (s): \(gaps)")
        XCTAssertTrue(pings.allSatisfy { $0.path == "/ping/9f1c2a7e-5b1d-4c55-a0d2-3e8f6c1b7a40" })

        // Killed: the monitor hears nothing more.
        worker.signal(SIGKILL)
        XCTAssertNotNil(worker.wait(timeout: 10))
        let atDeath = try sink.all().requests.filter { $0.path.hasPrefix("/ping/") }.count
        Thread.sleep(forTimeInterval: 3)
        XCTAssertEqual(try sink.all().requests.filter { $0.path.hasPrefix("/ping/") }.count, atDeath, "pinged after the worker died")
        XCTAssertFalse(worker.stderr.text.contains("9f1c2a7e"), "the heartbeat URL was printed:\n\(worker.stderr.text)")
    }

    func testAnUnreachableMonitorIsLoggedWithoutItsURLAndDelaysNoRule() throws {
        let (scratch, sink) = try Self.scratchWithHealth("health:\n  heartbeat: {url_env: LEAVENOW_HEARTBEAT_URL, every: 1m}\n")
        defer { sink.stop() }
        // Nothing listens on port 9.
        let worker = try Self.run(scratch, sink: sink, heartbeat: "http://127.0.0.1:9/ping/0b8e55d4-secret")
        defer { worker.signal(SIGKILL); worker.wait(timeout: 10) }
        let failed = worker.waitForLine(timeout: 20) { $0.contains("event=heartbeat.failed") }
        XCTAssertNotNil(failed, worker.stderr.text)
        XCTAssertTrue(failed?.contains("REDACTED") == true, failed ?? "")
        XCTAssertNotNil(worker.waitForLine(timeout: 20) { $0.contains("event=notification.sent") }, worker.stderr.text)
        XCTAssertFalse(worker.stderr.text.contains("0b8e55d4"), "the heartbeat URL was printed:\n\(worker.stderr.text)")
    }

    func testRunOncePingsOnceBeforeItExits() throws {
        let (scratch, sink) = try Self.scratchWithHealth("health:\n  heartbeat: {url_env: LEAVENOW_HEARTBEAT_URL, every: 5m}\n")
        defer { sink.stop() }
        let once = try Self.run(scratch, sink: sink, heartbeat: "http://127.0.0.1:\(sink.port)/ping/cron", once: true)
        XCTAssertEqual(once.wait(timeout: 30), 0, once.stderr.text)
        XCTAssertEqual(try sink.all().requests.filter { $0.path == "/ping/cron" }.count, 1, once.stderr.text)
    }
}
