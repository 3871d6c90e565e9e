import Delivery
import Foundation
import Store
import Worker
import XCTest

/// What reaches a webhook through `leavenow run`: the generic JSON document with its
/// Idempotency-Key, and what `leavenow outbox` and `leavenow status` then say.
final class WorkerDeliveryTests: XCTestCase {
    func testRunOnceDeliversTheGenericDocumentAndOutboxAndStatusSayDelivered() throws {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script([], dedupe: true)
        try scratch.write("rules/config.yaml", WorkerConfig.webhookChannel() + "\n" + WorkerConfig.feedRule())
        try scratch.write("fixtures/feeds/news/2024-12-01T09:00:00+09:00.xml", WorkerConfig.atomFeed(entries: 3))
        let environment = ["LEAVENOW_TEST_HOOK_URL": sink.url]
        let state = scratch.path("state/state.db")

        let run = try LeavenowProcess.run(["run", "--once", "--rules", scratch.path("rules"), "--state", state,
                                           "--fixtures", scratch.path("fixtures")], environment: environment)
        XCTAssertEqual(run.status, 0, run.all)
        XCTAssertEqual(LogLine.events("notification.queued", in: run.stderr).count, 3, run.stderr)
        XCTAssertEqual(LogLine.events("notification.sent", in: run.stderr).count, 3, run.stderr)

        let (requests, duplicates) = try sink.all()
        XCTAssertEqual(requests.count, 3, "\(requests.map(\.body))")
        XCTAssertEqual(duplicates, 0)
        var keys = Set<String>()
        for request in requests {
            XCTAssertEqual(request.path, "/hook")
            XCTAssertEqual(request.header("Content-Type"), "application/json")
            let key = try XCTUnwrap(request.key, "no Idempotency-Key")
            keys.insert(key)
            let body = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any], request.body)
            XCTAssertEqual(body["schema"] as? String, "leavenow.notification/1")
            XCTAssertEqual(body["idempotency_key"] as? String, key)
            XCTAssertEqual(body["rule"] as? String, "news-article")
            XCTAssertEqual(body["kind"] as? String, "new_article")
            XCTAssertEqual(body["channel"] as? String, "hook")
            XCTAssertEqual(body["attempt"] as? Int, 1)
            XCTAssertEqual(body["language"] as? String, "en")
            XCTAssertEqual(body["urgency"] as? String, "normal")
            XCTAssertTrue((body["fire_at"] as? String ?? "").hasSuffix("Z"), request.body)
            XCTAssertTrue(body.keys.contains("expires_at"), request.body)
            XCTAssertTrue((body["text"] as? String ?? "").contains("Article "), request.body)
            XCTAssertTrue((body["link"] as? String ?? "").hasPrefix("https://example.com/entry/"), request.body)
            XCTAssertTrue(key.hasPrefix("news-article/"), key)
        }
        XCTAssertEqual(keys.count, 3)

        let outbox = try LeavenowProcess.run(["outbox", "--state", state, "--status", "delivered,pending", "--json"])
        XCTAssertEqual(outbox.status, 0, outbox.all)
        let listing = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(outbox.stdout.utf8)) as? [String: Any], outbox.all)
        let counts = try XCTUnwrap(listing["counts"] as? [String: Int])
        XCTAssertEqual(counts["delivered"], 3, outbox.stdout)
        XCTAssertEqual(counts["pending"], 0, outbox.stdout)
        let entries = try XCTUnwrap(listing["entries"] as? [[String: Any]])
        XCTAssertEqual(Set(entries.compactMap { $0["key"] as? String }), keys)
        XCTAssertEqual(Set(entries.compactMap { $0["status"] as? String }), ["delivered"])
        XCTAssertEqual(entries.compactMap { $0["attempts"] as? Int }, [1, 1, 1])
        let pending = try LeavenowProcess.run(["outbox", "--state", state])
        XCTAssertEqual(pending.status, 0, pending.all)
        XCTAssertTrue(pending.stdout.hasPrefix("outbox: 0 pending, 3 delivered"), pending.stdout)

        let status = try LeavenowProcess.run(["status", "--rules", scratch.path("rules"), "--state", state, "--json"])
        XCTAssertEqual(status.status, 0, status.all)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any], status.all)
        let rules = try XCTUnwrap(report["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.compactMap { $0["id"] as? String }, ["news-article"])
        XCTAssertEqual(rules.first?["kind"] as? String, "new_article")
        XCTAssertEqual((report["outbox"] as? [String: Int])?["delivered"], 3, status.stdout)
        XCTAssertEqual((report["outbox"] as? [String: Int])?["pending"], 0, status.stdout)
        let worker = try XCTUnwrap(report["worker"] as? [String: Any])
        XCTAssertEqual(worker["running"] as? Bool, false, "the --once worker has exited")
        XCTAssertNotNil(worker["updated_at"] as? String, status.stdout)
        let text = try LeavenowProcess.run(["status", "--rules", scratch.path("rules"), "--state", state])
        XCTAssertTrue(text.stdout.contains("news-article"), text.stdout)
        XCTAssertTrue(text.stdout.contains("outbox: 0 pending, 3 delivered"), text.stdout)
    }

    /// The example rules over the recorded 2024-12-22 morning on a simulated clock (600×): the
    /// worker sends exactly what `leavenow dry-run` shows for the window, with the same keys and texts.
    func testSimulatedMorningOfTheExampleRulesSendsWhatDryRunShows() throws {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script([], dedupe: true)
        try FileManager.default.copyItem(at: WorkerScratch.packageRoot.appendingPathComponent("rules"),
                                         to: scratch.url.appendingPathComponent("rules"))
        // The example channels (ntfy, desktop, Slack) become webhooks to the sink, under the same ids.
        try scratch.write("rules/channels.yaml", """
            channels:
              - {id: phone, type: webhook, url_env: LEAVENOW_TEST_HOOK_URL, rate_per_minute: 0}
              - {id: desktop, type: webhook, url_env: LEAVENOW_TEST_HOOK_URL, rate_per_minute: 0}
              - {id: team, type: webhook, url_env: LEAVENOW_TEST_HOOK_URL, rate_per_minute: 0}
            """)
        let rules = scratch.path("rules"), fixtures = scratch.path("rules/fixtures")
        let dryRun = try LeavenowProcess.run(["dry-run", "--rules", rules, "--fixtures", fixtures,
                                              "--from", "2024-12-22T09:55", "--to", "2024-12-22T10:40", "--json"])
        XCTAssertEqual(dryRun.status, 0, dryRun.all)
        let plan = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(dryRun.stdout.utf8)) as? [String: Any], dryRun.all)
        let planned = try XCTUnwrap(plan["notifications"] as? [[String: Any]])
        XCTAssertEqual(planned.compactMap { $0["rule"] as? String }, ["rain-start", "chofu-leave-now", "chofu-leave-now"], dryRun.stdout)

        let began = Date()
        let run = try LeavenowProcess.run(["run", "--rules", rules, "--state", scratch.path("state/state.db"), "--fixtures", fixtures,
                                           "--simulate-from", "2024-12-22T09:55", "--speed", "600", "--until", "2024-12-22T10:40"],
                                          environment: ["LEAVENOW_TEST_HOOK_URL": sink.url], timeout: 20)
        XCTAssertEqual(run.status, 0, run.all)
        XCTAssertLessThan(Date().timeIntervalSince(began), 12, "45 simulated minutes at 600× take about 4.5 s")
        let requests = try sink.all().requests
        var sent: [String: String] = [:]
        for request in requests {
            let body = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any], request.body)
            sent[request.key ?? "-"] = body["text"] as? String
        }
        var expected: [String: String] = [:]
        for notification in planned {
            expected[notification["key"] as? String ?? "?"] = notification["text"] as? String
        }
        XCTAssertEqual(sent, expected, run.stderr)
        XCTAssertEqual(requests.count, 3, run.stderr)
    }
}
