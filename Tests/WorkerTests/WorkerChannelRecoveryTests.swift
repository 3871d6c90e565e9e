import Foundation
import XCTest

/// A channel that heals sends its backlog at once: `leavenow run` (the real binary, the real clock)
/// queues 40 articles for a webhook that fails for 44 s — 500s, 429s with Retry-After, dropped
/// connections, stalls — and then answers 2xx again. Each article backs off on its own (full
/// jitter, up to the 5-minute cap); the first 2xx after the outage makes every other due at once,
/// so the whole backlog is delivered within 10 s of the outage's end (before, each waited for its
/// own next attempt: up to minutes).
///
/// Why the first 2xx comes early: 40 articles back off independently, each drawing its wait from
/// 0 up to its ceiling (32–128 s after 44 s of failures), so some article is tried within a few
/// seconds of the end whatever the draws (all 40 waiting longer than 8 s has a probability below 10⁻⁴).
final class WorkerChannelRecoveryTests: XCTestCase {
    func testTheBacklogIsDeliveredWithinTenSecondsOfTheOutagesEnd() throws {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try scratch.write("rules/config.yaml", [WorkerConfig.webhookChannel(), WorkerConfig.feedRule()].joined(separator: "\n"))
        try scratch.write("fixtures/feeds/news/2024-12-22T09:00:00+09:00.xml", WorkerConfig.atomFeed(entries: 40))
        let outageEnds = try sink.outage(seconds: 44, steps: [
            ["status": 500], ["status": 429, "retry_after": "20"], ["close": true], ["stall_ms": 3_000, "status": 500],
            ["status": 503], ["status": 429, "retry_after": "600"],
        ])
        let worker = try LeavenowProcess(["run", "--rules", scratch.path("rules"), "--state", scratch.path("state/state.db"),
                                          "--fixtures", scratch.path("fixtures")],
                                         environment: ["LEAVENOW_TEST_HOOK_URL": sink.url])
        defer { if worker.process.isRunning { worker.signal(SIGKILL); worker.wait(timeout: 5) } }

        // Bounded: the outage, then at most 25 s for the backlog.
        var accepted: [String: Double] = [:]
        repeat {
            usleep(250_000)
            for request in try sink.current().requests where request.taken {
                if let key = request.key, accepted[key] == nil { accepted[key] = request.arrival }
            }
        } while accepted.count < 40 && Date().timeIntervalSince1970 < outageEnds + 25
        let log = worker.stderr.text
        let requests = try sink.current().requests
        let failedDuringOutage = requests.filter { $0.arrival < outageEnds }.count
        XCTAssertGreaterThanOrEqual(failedDuringOutage, 80, "the articles were tried and failed during the outage: \(log.suffix(2_000))")
        XCTAssertEqual(accepted.count, 40, "articles delivered 25 s after the outage: \(accepted.count) of 40: \(log.suffix(3_000))")
        let last = accepted.values.max() ?? .infinity
        let first = accepted.values.min() ?? .infinity
        XCTAssertLessThanOrEqual(last - outageEnds, 10, "the backlog was delivered \(last - outageEnds) s after the outage ended")
        XCTAssertTrue(accepted.values.allSatisfy { $0 >= outageEnds }, "nothing accepted during the outage")
        XCTAssertFalse(LogLine.events("channel.recovered", in: log).isEmpty, log.suffix(3_000).description)
        XCTAssertEqual(LogLine.events("notification.dead", in: log).count, 0, "no article gave up")
        print("WorkerChannelRecoveryTests: 40 articles, \(failedDuringOutage) failed requests in the 44 s outage; after its end the first "
              + "delivered after \(String(format: "%.2f", first - outageEnds)) s, the last after \(String(format: "%.2f", last - outageEnds)) s; "
              + "\(requests.count) requests in all")

        worker.signal(SIGTERM)
        XCTAssertEqual(worker.wait(timeout: 25), 0, worker.stderr.text.suffix(2_000).description)
    }
}
