import Foundation
import Store
import XCTest

/// A worker that runs for months keeps its state small: once a day it forgets delivered and
/// expired entries older than the retention (30 days), and keeps the recent ones and dead letters.
final class WorkerRetentionTests: XCTestCase {
    func testDeliveredEntriesOlderThanTheRetentionAreForgottenOnceADay() throws {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script([], dedupe: true)
        try WorkerConfig.writeFrequentLeaveNow(in: scratch, every: 3, headsUp: "[0m]")
        let start = InProcessWorker.instant("2024-12-22T10:00:30+09:00")
        let worker = try InProcessWorker(scratch: scratch, start: start, environment: ["LEAVENOW_TEST_HOOK_URL": sink.url])
        worker.run(until: start + 600, limit: 100)
        let first = try worker.outbox()
        XCTAssertFalse(first.isEmpty, worker.log)
        XCTAssertTrue(first.allSatisfy { $0.status == .delivered }, worker.log)

        // 29 days later: nothing is old enough yet (and the daily purge already ran at the start).
        worker.clock.set(start + 29 * 86_400)
        worker.run(until: start + 29 * 86_400 + 600, limit: 100)
        XCTAssertTrue(Set(first.map(\.id)).isSubset(of: Set(try worker.outbox().map(\.id))))
        XCTAssertEqual(LogLine.events("outbox.purged", in: worker.log).count, 0, worker.log)

        // 31 days later: the first day's entries are gone, the new ones stay.
        worker.clock.set(start + 31 * 86_400)
        worker.run(until: start + 31 * 86_400 + 600, limit: 100)
        let later = try worker.outbox()
        XCTAssertTrue(Set(first.map(\.id)).isDisjoint(with: Set(later.map(\.id))), worker.log)
        XCTAssertTrue(later.contains { $0.createdAt >= start + 31 * 86_400 }, "the notifications of day 31 are kept")
        XCTAssertTrue(later.contains { $0.createdAt < start + 30 * 86_400 }, "those of day 29 too")
        XCTAssertEqual(LogLine.events("outbox.purged", in: worker.log).count, 1, worker.log)
    }
}
