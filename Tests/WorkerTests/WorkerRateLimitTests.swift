import Foundation
import Store
import XCTest

/// A burst through a rate-limited channel: the dispatcher defers what is over the limit; a
/// deferral is not an attempt (RetrySchedule), so it must not use up the retry budget nor show
/// as a later attempt in the payload (the store records `.deferred(until:)` without counting it).
final class WorkerRateLimitTests: XCTestCase {
    func testDeferredNotificationsAreSentAsFirstAttempts() throws {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script([], dedupe: true)
        try scratch.write("rules/config.yaml", """
            channels:
              - id: hook
                type: webhook
                url_env: LEAVENOW_TEST_HOOK_URL
                rate_per_minute: 30
            """ + "\n" + WorkerConfig.feedRule())
        try scratch.write("fixtures/feeds/news/2024-12-22T09:00:00+09:00.xml", WorkerConfig.atomFeed(entries: 12))
        let start = InProcessWorker.instant("2024-12-22T10:00:00+09:00")
        let worker = try InProcessWorker(scratch: scratch, start: start, environment: ["LEAVENOW_TEST_HOOK_URL": sink.url])
        let passes = worker.run(until: start + 3_600, limit: 100)

        let entries = try worker.outbox()
        XCTAssertEqual(entries.count, 12)
        XCTAssertEqual(Set(entries.map(\.status)), [.delivered], worker.log)
        let requests = try sink.all().requests
        XCTAssertEqual(requests.count, 12)
        let arrivals = try requests.map { request -> Int in
            let body = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any])
            return body["attempt"] as? Int ?? -1
        }
        XCTAssertEqual(arrivals, Array(repeating: 1, count: 12), "a deferral was counted as an attempt in the payload")
        XCTAssertEqual(entries.map(\.attempts), Array(repeating: 1, count: 12), "a deferral was counted as an attempt in the outbox")
        XCTAssertLessThanOrEqual(passes, 40, worker.log)
    }
}
