import Foundation
import Store
import XCTest

/// The commit of a pass fails (a full disk, a lock held too long — here a trigger refusing every
/// outbox insert): nothing is written, and the rules' decisions are not lost with it: the worker
/// forgets them and the rules decide again a few seconds later, once the database accepts writes.
final class WorkerCommitFailureTests: XCTestCase {
    func testAFailedCommitLosesNoNotification() throws {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script([], dedupe: true)
        try WorkerConfig.writeFrequentLeaveNow(in: scratch, every: 10, headsUp: "[10m]")
        let start = InProcessWorker.instant("2024-12-22T10:00:30+09:00")
        let worker = try InProcessWorker(scratch: scratch, start: start, environment: ["LEAVENOW_TEST_HOOK_URL": sink.url])

        let poison = try SQLiteStore(path: worker.statePath)
        try poison.database.execute("CREATE TRIGGER poison BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'disk full (test)'); END")
        let retry = worker.pass()
        XCTAssertEqual(LogLine.events("state.commit_failed", in: worker.log).count, 1, worker.log)
        XCTAssertEqual(try worker.outbox(), [])
        XCTAssertEqual(retry, start + 5, "the rules run again 5 s later: \(worker.log)")

        try poison.database.execute("DROP TRIGGER poison")
        poison.close()
        worker.clock.set(start + 5)
        worker.pass()
        let entries = try worker.outbox()
        XCTAssertEqual(entries.count, 1, worker.log)
        XCTAssertEqual(entries.first?.status, .delivered, worker.log)
        XCTAssertEqual(try sink.current().requests.compactMap(\.key), entries.map(\.key))
    }
}
