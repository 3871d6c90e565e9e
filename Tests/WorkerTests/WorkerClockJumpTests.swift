import Foundation
import Store
import XCTest

/// The wall clock jumps two hours ahead (a suspended laptop, an NTP step): the worker re-plans from
/// the new time and sends only what is still actionable — nothing for the departures it slept through.
final class WorkerClockJumpTests: XCTestCase {
    func testAJumpOfTwoHoursQueuesOnlyWhatIsStillActionable() throws {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        // A bus every 3 minutes, 2 minutes' walk, a heads-up 5 minutes before leaving and at leave time.
        try WorkerConfig.writeFrequentLeaveNow(in: scratch, every: 3, headsUp: "[5m, 0m]")
        let start = InProcessWorker.instant("2024-12-22T10:00:30+09:00")
        let worker = try InProcessWorker(scratch: scratch, start: start, environment: ["LEAVENOW_TEST_HOOK_URL": sink.url])

        // At 10:00:30 the sink fails everything: what is queued stays pending.
        try sink.script(Array(repeating: ["status": 503], count: 20), dedupe: true)
        worker.pass()
        let before = try worker.outbox()
        XCTAssertFalse(before.isEmpty, worker.log)
        XCTAssertLessThanOrEqual(before.count, 3, "only the next departures are due: \(before.map(\.key))")
        XCTAssertTrue(before.allSatisfy { $0.status == .pending }, worker.log)
        let sentBefore = try sink.current().requests.count
        sink.stop()
        try sink.start()
        try sink.script([], dedupe: true)

        // Two hours later (no pass in between).
        let jumped = start + 2 * 3_600
        worker.clock.set(jumped)
        worker.pass()
        let after = try worker.outbox()
        let earlier = Set(before.map(\.id))
        let fresh = after.filter { !earlier.contains($0.id) }
        XCTAssertFalse(fresh.isEmpty, "the departures right after the jump are still actionable: \(worker.log)")
        XCTAssertLessThanOrEqual(fresh.count, 3, "no burst: \(fresh.map(\.key))")
        for entry in fresh {
            let expires = try XCTUnwrap(entry.notification.expiresAt)
            XCTAssertGreaterThan(expires, jumped, "queued after the jump but already gone: \(entry.key)")
            XCTAssertLessThanOrEqual(expires, jumped + 15 * 60, "\(entry.key) is for a departure well ahead")
            XCTAssertGreaterThanOrEqual(entry.notification.fireAt, jumped - 10 * 60, "\(entry.key) is from the skipped hours")
        }
        XCTAssertEqual(Set(after.filter { earlier.contains($0.id) }.map(\.status)), [.expired],
                       "what was pending before the jump expired, not sent late")
        XCTAssertEqual(Set(fresh.map(\.status)), [.delivered], worker.log)
        let requests = try sink.current().requests
        XCTAssertEqual(Set(requests.compactMap(\.key)), Set(fresh.map(\.key)), "only the fresh notifications were sent")
        XCTAssertEqual(requests.count, fresh.count)
        XCTAssertEqual(LogLine.events("clock.jumped", in: worker.log).count, 1, worker.log)
        print("WorkerClockJumpTests: \(before.count) queued before the jump (sent \(sentBefore), expired), \(fresh.count) after it")
    }
}
