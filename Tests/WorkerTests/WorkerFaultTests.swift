import Foundation
import Store
import XCTest

/// Faults of a webhook seen through the worker's outbox: 500, 429 with Retry-After, a timeout, the
/// sink gone (connection refused) and back on the same port. The worker runs in process on a clock
/// the test moves to each wake-up it asks for, so half an hour of backoff takes no real time.
final class WorkerFaultTests: XCTestCase {
    func testFaultsThenOutageThenRecoveryDeliverEachOnceAndLetTheLeaveNowExpire() throws {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        // A bus every 30 minutes, 2 minutes' walk; the rule wants the 10:30 one: leave at 10:28, expires 10:30.
        try scratch.write("rules/config.yaml", [
            WorkerConfig.webhookChannel(),
            try WorkerConfig.frequentBoard(in: scratch, folder: "rules", every: 30),
            WorkerConfig.feedRule(),
            """
              - id: bus-leave-now
                kind: leave_now
                board: frequent
                between: "10:25-10:35"
                heads_up: [0m]
                channels: [hook]
                language: en
            """,
        ].joined(separator: "\n"))
        try scratch.write("fixtures/feeds/news/2024-12-22T09:00:00+09:00.xml", WorkerConfig.atomFeed(entries: 3))
        let start = InProcessWorker.instant("2024-12-22T10:20:00+09:00")
        let outageEnds = InProcessWorker.instant("2024-12-22T10:40:00+09:00")
        let worker = try InProcessWorker(scratch: scratch, start: start, environment: ["LEAVENOW_TEST_HOOK_URL": sink.url])

        // 1. The sink answers the three articles 500, 429 (Retry-After 30 s) and a stall past the 1 s timeout.
        try sink.script([["status": 500], ["status": 429, "retry_after": "30"], ["stall_ms": 2_500, "status": 204]], dedupe: true)
        let began = Date()
        worker.pass()
        XCTAssertLessThan(Date().timeIntervalSince(began), 5, "the stalled request is cut at the request timeout")
        let first = try worker.outbox()
        let articles = first.filter { $0.notification.rule == "news-article" }
        XCTAssertEqual(articles.count, 3, worker.log)
        XCTAssertEqual(Set(articles.map(\.status)), [.pending], worker.log)
        XCTAssertEqual(articles.map(\.attempts), [1, 1, 1], worker.log)
        let reasons = articles.compactMap(\.lastError).joined(separator: " | ")
        XCTAssertTrue(reasons.contains("500"), reasons)
        XCTAssertTrue(reasons.contains("429"), reasons)
        XCTAssertTrue(articles.contains { $0.nextAttemptAt == start + 30 }, "Retry-After: 30 honoured: \(articles.map(\.nextAttemptAt))")
        // Let the stalled request finish at the sink (it takes the notification the worker gave up waiting for).
        Thread.sleep(forTimeInterval: 1.8)

        // 2. The sink is gone until 10:40: connection refused; the 10:28 leave-now is queued and expires at 10:30.
        sink.stop()
        let outagePasses = worker.run(until: outageEnds, limit: 120)
        let during = try worker.outbox()
        let leaveNow = during.filter { $0.notification.rule == "bus-leave-now" }
        XCTAssertEqual(leaveNow.count, 1, worker.log)
        XCTAssertEqual(leaveNow.first?.status, .expired, "the leave-now expired during the outage: \(worker.log)")
        XCTAssertEqual(during.filter { $0.notification.rule == "news-article" && $0.status == .pending }.count, 3,
                       "the articles wait, not dead: \(during.map { "\($0.status) \($0.attempts) \($0.lastError ?? "")" })")
        XCTAssertFalse(LogLine.events("notification.expired", in: worker.log).isEmpty, worker.log)

        // 3. Back on the same port: every article is delivered, each taken once per sink.
        try sink.start()
        try sink.script([], dedupe: true)
        let recoveryPasses = worker.run(until: start + 3 * 3_600, limit: 60)
        let final = try worker.outbox()
        XCTAssertEqual(final.filter { $0.notification.rule == "news-article" }.map(\.status), [.delivered, .delivered, .delivered],
                       worker.log)
        XCTAssertEqual(final.filter { $0.notification.rule == "bus-leave-now" }.map(\.status), [.expired])
        let retries = LogLine.events("notification.retry", in: worker.log).compactMap { $0["msg"] }
        XCTAssertTrue(retries.contains { $0.lowercased().contains("timed out") || $0.lowercased().contains("timeout") },
                      "a timeout was retried: \(retries)")
        XCTAssertTrue(retries.contains { $0.lowercased().contains("refused") || $0.lowercased().contains("connect") },
                      "connection refused was retried: \(retries)")

        let (requests, duplicates) = try sink.all()
        let leaveKey = try XCTUnwrap(leaveNow.first?.key)
        XCTAssertFalse(requests.contains { $0.key == leaveKey }, "the expired leave-now never reached the sink")
        var accepted: [String: Int] = [:]
        for request in requests where request.taken { accepted[request.key ?? "-", default: 0] += 1 }
        XCTAssertEqual(Set(accepted.keys), Set(articles.map(\.key)), "every article reached the sink: \(requests.map(\.answer))")
        let redeliveries = accepted.values.reduce(0) { $0 + $1 - 1 } + duplicates
        // Only the timed-out request can be taken twice (the sink finished it after the worker gave up;
        // the restarted sink does not remember its key).
        XCTAssertLessThanOrEqual(redeliveries, 1, "\(accepted)")
        // No retry storm: three failed first attempts, nothing while the sink was down, one success each after.
        XCTAssertLessThanOrEqual(requests.count, 7, "\(requests.map { "\($0.generation) \($0.answer) \($0.key ?? "-")" })")
        XCTAssertTrue(final.allSatisfy { $0.attempts <= 12 }, "\(final.map(\.attempts))")
        XCTAssertLessThanOrEqual(outagePasses + recoveryPasses, 90, "wake-ups follow the backoff, not a busy loop")
        print("WorkerFaultTests: requests at the sink \(requests.count), redeliveries \(redeliveries), passes \(outagePasses)+\(recoveryPasses), "
              + "attempts \(final.map { "\($0.notification.rule):\($0.attempts)" })")
    }

    /// A channel that answers again releases its backlog at once: of two articles that failed, one
    /// told to wait (429, Retry-After 10 minutes), the other retried 2 s later, the 2xx of the second
    /// makes the first due in the same pass — not 5 minutes (the cap; an hour before) later.
    func testAChannelThatAnswersAgainSendsWhatWaitsOnABackoffAtOnce() throws {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try scratch.write("rules/config.yaml", [WorkerConfig.webhookChannel(), WorkerConfig.feedRule()].joined(separator: "\n"))
        try scratch.write("fixtures/feeds/news/2024-12-22T09:00:00+09:00.xml", WorkerConfig.atomFeed(entries: 2))
        let start = InProcessWorker.instant("2024-12-22T10:20:00+09:00")
        let worker = try InProcessWorker(scratch: scratch, start: start, environment: ["LEAVENOW_TEST_HOOK_URL": sink.url])
        try sink.script([["status": 429, "retry_after": "600"], ["status": 500]], dedupe: true)
        worker.pass()
        let failed = try worker.outbox()
        XCTAssertEqual(failed.map(\.status), [.pending, .pending], worker.log)
        XCTAssertEqual(failed.map(\.nextAttemptAt).sorted(), [start + 2, start + 300],
                       "the 500 retried after 2 s, the 429 after the 5-minute cap: \(worker.log)")

        // At +2 s the sink answers: both go out in that pass.
        worker.clock.set(start + 2)
        worker.pass()
        let final = try worker.outbox()
        XCTAssertEqual(final.map(\.status), [.delivered, .delivered], worker.log)
        XCTAssertEqual(final.compactMap(\.deliveredAt), [start + 2, start + 2], worker.log)
        let recovered = LogLine.events("channel.recovered", in: worker.log)
        XCTAssertEqual(recovered.map { $0["channels"] }, ["hook"], worker.log)
        XCTAssertEqual(recovered.first?["released"], "1", worker.log)
        XCTAssertEqual(try sink.all().requests.filter(\.taken).count, 2)
    }
}
