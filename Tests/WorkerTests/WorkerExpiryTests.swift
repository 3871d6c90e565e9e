import Foundation
import XCTest

/// An expired notification stays expired: `outbox retry` refuses it, saying when it expired, and no
/// later `run` sends it.
final class WorkerExpiryTests: XCTestCase {
    /// A bus every 10 minutes (2 minutes' walk) and a leave-now for the departures of 08:00–08:05
    /// only (one notification: the 08:00 bus, leave at 07:58, expiring at 08:00 Tokyo time).
    static func writeOneLeaveNow(in scratch: WorkerScratch, channel: String = WorkerConfig.webhookChannel()) throws {
        try scratch.write("rules/config.yaml", [
            channel,
            try WorkerConfig.frequentBoard(in: scratch, folder: "rules", every: 10),
            """
            rules:
              - id: bus-leave-now
                kind: leave_now
                board: frequent
                heads_up: [0m]
                between: "08:00-08:05"
                channels: [hook]
                language: en
            """,
        ].joined(separator: "\n"))
        try scratch.folder("fixtures")
    }

    /// `run --once` at `time` (Tokyo) with `environment`.
    static func runOnce(_ scratch: WorkerScratch, at time: String, environment: [String: String]) throws -> LeavenowProcess.Outcome {
        try LeavenowProcess.run(["run", "--once", "--rules", scratch.path("rules"), "--state", scratch.path("state/state.db"),
                                 "--fixtures", scratch.path("fixtures"), "--simulate-from", time], environment: environment)
    }

    func testRetryOfAnExpiredLeaveNowIsRefusedAndTheNextRunSendsNothing() throws {
        let scratch = try WorkerScratch()
        try Self.writeOneLeaveNow(in: scratch)
        let state = scratch.path("state/state.db")
        // Nothing listens on port 9: the first attempt fails and is retried; at 09:00 it has expired.
        let first = try Self.runOnce(scratch, at: "2024-12-02T07:58", environment: ["LEAVENOW_TEST_HOOK_URL": "http://127.0.0.1:9/hook"])
        XCTAssertEqual(first.status, 0, first.all)
        XCTAssertEqual(LogLine.events("notification.retry", in: first.stderr).count, 1, first.stderr)
        let late = try Self.runOnce(scratch, at: "2024-12-02T09:00", environment: ["LEAVENOW_TEST_HOOK_URL": "http://127.0.0.1:9/hook"])
        XCTAssertEqual(LogLine.events("notification.expired", in: late.stderr).count, 1, late.stderr)

        let retry = try LeavenowProcess.run(["outbox", "retry", "1", "--state", state])
        XCTAssertEqual(retry.status, 1, retry.all)
        XCTAssertEqual(retry.stderr, "leavenow: outbox entry 1 expired at 2024-12-02T08:00:00+09:00: "
            + "an expired notification is never sent late, so it was not retried\n")
        XCTAssertEqual(retry.stdout, "")

        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script([], dedupe: true)
        let after = try Self.runOnce(scratch, at: "2024-12-02T09:01", environment: ["LEAVENOW_TEST_HOOK_URL": sink.url])
        XCTAssertEqual(after.status, 0, after.all)
        XCTAssertEqual(LogLine.events("notification.sent", in: after.stderr).count, 0, after.stderr)
        XCTAssertEqual(try sink.all().requests.count, 0, "nothing is sent after its expiry")
        let outbox = try LeavenowProcess.run(["outbox", "--state", state])
        XCTAssertTrue(outbox.stdout.hasPrefix("outbox: 0 pending, 0 delivered, 0 dead, 1 expired"), outbox.stdout)
    }

    func testRetryOfADeadLeaveNowPastItsExpiryIsRefused() throws {
        let scratch = try WorkerScratch()
        try Self.writeOneLeaveNow(in: scratch)
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script([["status": 410]])
        let first = try Self.runOnce(scratch, at: "2024-12-02T07:58", environment: ["LEAVENOW_TEST_HOOK_URL": sink.url])
        XCTAssertEqual(LogLine.events("notification.dead", in: first.stderr).count, 1, first.stderr)
        XCTAssertEqual(try sink.all().requests.count, 1)

        // It is 2024-12-02T08:00 long past (the command's clock is the real one).
        let retry = try LeavenowProcess.run(["outbox", "retry", "1", "--state", scratch.path("state/state.db")])
        XCTAssertEqual(retry.status, 1, retry.all)
        XCTAssertTrue(retry.stderr.contains("outbox entry 1 expired at 2024-12-02T08:00:00+09:00"), retry.stderr)
        let after = try Self.runOnce(scratch, at: "2024-12-02T07:59", environment: ["LEAVENOW_TEST_HOOK_URL": sink.url])
        XCTAssertEqual(LogLine.events("notification.sent", in: after.stderr).count, 0, after.stderr)
        XCTAssertEqual(try sink.all().requests.count, 1, "the dead letter was not sent again")
    }
}
