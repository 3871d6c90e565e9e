import Foundation
import HTTP
import TestServers
import Store
import Worker
import XCTest

/// The `health:` section's watchdog through a real sink (`scripts/test-webhook-sink.py`): a problem
/// is told once when it starts and once when it ends — also when the worker restarts in between —
/// and a worker that cannot commit its state says so directly, not through the outbox it cannot write.
final class WorkerHealthTests: XCTestCase {
    /// Channels `flaky` (the sink's /flaky) and `owner` (/owner, where health notices go), a feed rule
    /// sending one article to `flaky`, and `health:` with `extra` lines.
    static func writeFlakyChannel(in scratch: WorkerScratch, sink: WorkerWebhookSink, extra: String = "") throws {
        try scratch.write("rules/config.yaml", """
            channels:
              - {id: flaky, type: webhook, url_env: FLAKY_URL, rate_per_minute: 0}
              - {id: owner, type: webhook, url_env: OWNER_URL, rate_per_minute: 0}
            health:
              channels: [owner]
              channel_failures: 3
            \(extra)
            """ + "\n" + WorkerConfig.feedRule(channel: "flaky"))
        try scratch.write("fixtures/feeds/news/2024-12-22T09:00:00+09:00.xml", WorkerConfig.atomFeed(entries: 1))
    }

    static func environment(_ sink: WorkerWebhookSink) -> [String: String] {
        ["FLAKY_URL": "http://127.0.0.1:\(sink.port)/flaky", "OWNER_URL": "http://127.0.0.1:\(sink.port)/owner"]
    }

    /// The health notices the sink received: (title, text) of each, in order.
    static func ownerNotices(_ sink: WorkerWebhookSink) throws -> [(title: String, text: String)] {
        try sink.all().requests.filter { $0.path == "/owner" }.map { request in
            let body = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any])
            return (body["title"] as? String ?? "", body["text"] as? String ?? "")
        }
    }

    func testAFailingChannelIsToldOnceAndItsRecoveryOnceAcrossARestart() throws {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        // The attempts at +0, +2, +6, +14, +30, +62 and +126 s fail; the one at +254 is delivered.
        try sink.script(Array(repeating: ["status": 500], count: 7), dedupe: true, path: "/flaky")
        try Self.writeFlakyChannel(in: scratch, sink: sink)
        let start = InProcessWorker.instant("2024-12-22T10:00:00+09:00")
        var worker: InProcessWorker? = try InProcessWorker(scratch: scratch, start: start, environment: Self.environment(sink))
        // The check of +60 finds 5 failures in a row (the limit is 3).
        worker!.run(until: start + 61, limit: 50)
        var notices = try Self.ownerNotices(sink)
        XCTAssertEqual(notices.map(\.title), ["leavenow problem: channel flaky"], worker!.log)
        XCTAssertTrue(notices.first?.text.hasPrefix("channel flaky: 5 failed attempts in a row; last error: webhook channel \"flaky\": POST ") == true,
                      "\(notices)")
        XCTAssertTrue(notices.first?.text.hasSuffix(": HTTP 500 (since 2024-12-22T10:00:00+09:00)") == true, "\(notices)")
        XCTAssertEqual(LogLine.events("health.problem", in: worker!.log).map { $0["problem"] }, ["channel:flaky"], worker!.log)

        // `status` says the same at its top, and exits 1.
        let status = try LeavenowProcess.run(["status", "--rules", scratch.path("rules"), "--state", worker!.statePath])
        XCTAssertEqual(status.status, 1, status.all)
        XCTAssertTrue(status.stdout.hasPrefix("health: 1 problem (exit status 1)\n  channel flaky: 5 failed attempts in a row; last error: "), status.stdout)

        // A restart while the channel still fails: the problem was told, it is not told again.
        let statePath = worker!.statePath
        worker = nil
        worker = try InProcessWorker(scratch: scratch, start: start + 61, environment: Self.environment(sink))
        worker!.run(until: start + 200, limit: 50)
        XCTAssertEqual(try Self.ownerNotices(sink).count, 1, "told again after the restart: \(worker!.log)")

        // The channel answers again: its retry of +254 is delivered, and the next check tells the recovery, once.
        worker!.run(until: start + 600, limit: 100)
        notices = try Self.ownerNotices(sink)
        XCTAssertEqual(notices.map(\.title), ["leavenow problem: channel flaky", "leavenow resolved: channel flaky"], worker!.log)
        XCTAssertTrue(notices.last?.text.hasPrefix("channel flaky is fine again (the problem lasted from 2024-12-22T10:00:00+09:00 to ") == true,
                      "\(notices)")
        XCTAssertEqual(LogLine.events("health.resolved", in: worker!.log).map { $0["problem"] }, ["channel:flaky"], worker!.log)
        let healthy = try LeavenowProcess.run(["status", "--rules", scratch.path("rules"), "--state", statePath])
        XCTAssertEqual(healthy.status, 0, healthy.all)
        XCTAssertTrue(healthy.stdout.hasPrefix("health: ok ("), healthy.stdout)

        // A restart after the recovery sends nothing more.
        worker = nil
        worker = try InProcessWorker(scratch: scratch, start: start + 601, environment: Self.environment(sink))
        worker!.run(until: start + 800, limit: 50)
        XCTAssertEqual(try Self.ownerNotices(sink).count, 2, worker!.log)
    }

    func testARecoveryDuringADowntimeIsToldAfterTheRestart() throws {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script([], dedupe: true)
        try Self.writeFlakyChannel(in: scratch, sink: sink)
        let start = InProcessWorker.instant("2024-12-22T10:00:00+09:00")
        // `flaky` has no secret: its notifications are held, and the owner is told.
        var environment = Self.environment(sink)
        environment["FLAKY_URL"] = nil
        var worker: InProcessWorker? = try InProcessWorker(scratch: scratch, start: start, environment: environment)
        worker!.run(until: start + 30, limit: 20)
        XCTAssertEqual(try Self.ownerNotices(sink).map(\.title), ["leavenow problem: channel flaky"], worker!.log)
        XCTAssertTrue(try Self.ownerNotices(sink).first?.text.hasPrefix("channel flaky: its secret FLAKY_URL is missing; its notifications are held") == true)

        // Restarted still without it: the problem was told, it is not told again.
        worker = nil
        worker = try InProcessWorker(scratch: scratch, start: start + 600, environment: environment)
        worker!.run(until: start + 700, limit: 20)
        XCTAssertEqual(try Self.ownerNotices(sink).count, 1, "told again after the restart: \(worker!.log)")

        // Restarted with the secret: the held article goes out, and the owner hears the problem ended.
        worker = nil
        worker = try InProcessWorker(scratch: scratch, start: start + 3_600, environment: Self.environment(sink))
        worker!.run(until: start + 3_700, limit: 20)
        XCTAssertEqual(try Self.ownerNotices(sink).map(\.title), ["leavenow problem: channel flaky", "leavenow resolved: channel flaky"],
                       worker!.log)
        XCTAssertEqual(try sink.all().requests.filter { $0.path == "/flaky" }.count, 1)
    }

    func testAWorkerThatCannotCommitSaysSoDirectlyAndTellsTheRecoveryOnce() throws {
        let (scratch, sink) = try WorkerHeartbeatTests.scratchWithHealth("""
            channels:
              - {id: owner, type: webhook, url_env: OWNER_URL, rate_per_minute: 0}
            health:
              channels: [owner]
              language: ja
            """)
        defer { sink.stop() }
        let start = InProcessWorker.instant("2024-12-22T10:00:30+09:00")
        let worker = try InProcessWorker(scratch: scratch, start: start,
                                         environment: ["LEAVENOW_TEST_HOOK_URL": sink.url, "OWNER_URL": "http://127.0.0.1:\(sink.port)/owner"])
        let poison = try SQLiteStore(path: worker.statePath)
        try poison.database.execute("CREATE TRIGGER poison BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'disk full (test)'); END")
        // The rules retry every 5 s; after a minute of failures the watchdog tells the owner, directly.
        worker.run(until: start + 75, limit: 40)
        var notices = try Self.ownerNotices(sink)
        XCTAssertEqual(notices.map(\.title), ["leavenow の問題: ワーカーの状態"], worker.log)
        XCTAssertTrue(notices.first?.text.contains("ワーカーが書き込めません: ") == true, "\(notices)")
        XCTAssertTrue(notices.first?.text.contains("disk full (test)") == true, "\(notices)")
        XCTAssertEqual(LogLine.events("health.sent_directly", in: worker.log).count, 1, worker.log)
        XCTAssertEqual(try sink.all().requests.filter { $0.path == "/hook" }.count, 0)

        // The state accepts writes again: the decisions are committed and sent, the recovery is told once, through the outbox.
        try poison.database.execute("DROP TRIGGER poison")
        poison.close()
        worker.run(until: start + 400, limit: 60)
        notices = try Self.ownerNotices(sink)
        XCTAssertEqual(notices.map(\.title), ["leavenow の問題: ワーカーの状態", "leavenow 復旧: ワーカーの状態"], worker.log)
        XCTAssertEqual(try worker.outbox().filter { $0.notification.rule == "@health" }.map(\.status), [.delivered])
        XCTAssertGreaterThan(try sink.all().requests.filter { $0.path == "/hook" }.count, 0)
    }

    func testASourceFailingLongerThanTheLimitIsToldOnceAndItsRecoveryOnce() throws {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script([], dedupe: true)
        let provider = try ScriptServer(script: "test-source-server.py", arguments: ["--key", "unused"])
        defer { provider.stop() }
        func fault(_ mode: String) throws {
            _ = try HTTPClient(configuration: HTTPClientConfiguration(proxy: .direct))
                .perform(HTTPRequest(url: provider.baseURL + "/_fault?mode=\(mode)&code=503")).requireSuccess()
        }
        try fault("status")
        try scratch.write("rules/config.yaml", """
            channels:
              - {id: owner, type: webhook, url_env: OWNER_URL, rate_per_minute: 0}
            feeds:
              - {id: qiita, advent_calendar: 2024/ios, refresh: 15m}
            rules:
              - {id: articles, kind: new_article, feed: qiita, channels: [owner], language: en}
            health:
              channels: [owner]
              source_stale_after: 2m
            """)
        let start = InProcessWorker.instant("2024-12-22T10:00:00+09:00")
        let worker = try InProcessWorker(scratch: scratch, start: start, environment: ["OWNER_URL": "http://127.0.0.1:\(sink.port)/owner"],
                                         fixtures: false, sourceBaseURL: provider.baseURL)
        // Failing since the first check: not a problem before two minutes, one after.
        worker.run(until: start + 110, limit: 30)
        XCTAssertEqual(try Self.ownerNotices(sink).count, 0, worker.log)
        worker.run(until: start + 400, limit: 60)
        var notices = try Self.ownerNotices(sink)
        XCTAssertEqual(notices.map(\.title), ["leavenow problem: source feed-qiita"], worker.log)
        XCTAssertTrue(notices.first?.text.hasPrefix("source feed-qiita: never fetched successfully; last error: ") == true, "\(notices)")

        // The provider answers again: the next fetch succeeds, the recovery is told once.
        try fault("none")
        worker.run(until: start + 3 * 3_600, limit: 400)
        notices = try Self.ownerNotices(sink)
        XCTAssertEqual(notices.map(\.title), ["leavenow problem: source feed-qiita", "leavenow resolved: source feed-qiita"], worker.log)
    }

    /// A bus CSV board whose weekday file has typos (`O5`, a full-width `４２`), with a leave-now
    /// rule and `health:` in `language`: Monday is unknown, so the rule cannot notify Monday's
    /// departures; the worker says so once (not "no departures"), `status` lists it and exits 1,
    /// and once the file is fixed the recovery is told once.
    func unknownDateIsToldAndItsFix(language: String) throws -> (problem: (title: String, text: String), status: String, resolved: String) {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script([], dedupe: true)
        let bad = try scratch.write("rules/tt/weekday.csv", "6,O5,35\n7,４２\n")
        _ = try scratch.write("rules/tt/saturday.csv", "6,05,35\n")
        _ = try scratch.write("rules/tt/sunday.csv", "6,05,35\n")
        _ = try scratch.write("rules/config.yaml", """
            boards:
              - id: x1
                sources:
                  - csv: {weekday: tt/weekday.csv, saturday: tt/saturday.csv, sunday_holiday: tt/sunday.csv}
                    line: X1
                    stop: "1"
                    walk: 4m
            channels:
              - {id: owner, type: webhook, url_env: OWNER_URL, rate_per_minute: 0}
            rules:
              - {id: leave-x1, kind: leave_now, board: x1, heads_up: [5m], channels: [owner]}
            health:
              channels: [owner]
              language: \(language)
            """)
        let environment = ["OWNER_URL": "http://127.0.0.1:\(sink.port)/owner"]
        // Sunday 22:00: Sunday's buses have left, Monday's timetable could not be loaded.
        let start = InProcessWorker.instant("2024-12-22T22:00:00+09:00")
        var worker: InProcessWorker? = try InProcessWorker(scratch: scratch, start: start, environment: environment)
        worker!.run(until: start + 120, limit: 20)
        let notices = try Self.ownerNotices(sink)
        XCTAssertEqual(notices.count, 1, worker!.log)
        XCTAssertEqual(LogLine.events("health.problem", in: worker!.log).map { $0["problem"] }, ["timetable:x1"], worker!.log)
        let status = try LeavenowProcess.run(["status", "--rules", scratch.path("rules"), "--state", worker!.statePath],
                                             environment: language == "ja" ? ["LANG": "ja_JP.UTF-8"] : [:])
        XCTAssertEqual(status.status, 1, status.all)
        // The file is fixed; the worker starts again and tells the recovery once.
        try "6,05,35\n7,42\n".write(toFile: bad, atomically: true, encoding: .utf8)
        worker = nil
        worker = try InProcessWorker(scratch: scratch, start: start + 300, environment: environment)
        worker!.run(until: start + 500, limit: 20)
        let after = try Self.ownerNotices(sink)
        XCTAssertEqual(after.count, 2, worker!.log)
        return (notices[0], status.stdout, after.last?.title ?? "")
    }

    func testAnUnknownDateARuleNeedsIsToldAsAProblemNotAsNoDepartures() throws {
        let told = try unknownDateIsToldAndItsFix(language: "en")
        XCTAssertEqual(told.problem.title, "leavenow problem: board x1")
        XCTAssertTrue(told.problem.text.hasPrefix("board x1: departures from 2024-12-23 on are unknown (X1 (platform 1), weekday could not be loaded: "),
                      told.problem.text)
        XCTAssertTrue(told.problem.text.contains("weekday.csv:1:3: minute \"O5\" is not a number); rule leave-x1 cannot notify them (since 2024-12-22T22:00:00+09:00)"),
                      told.problem.text)
        XCTAssertTrue(told.status.hasPrefix("health: 1 problem (exit status 1)\n  board x1: departures from "), told.status)
        XCTAssertTrue(told.status.contains("; rule leave-x1 cannot notify them (since 2024-12-22T22:00:00+09:00)\n"), told.status)
        XCTAssertEqual(told.resolved, "leavenow resolved: board x1")
    }

    func testAnUnknownDateIsToldInJapanese() throws {
        let told = try unknownDateIsToldAndItsFix(language: "ja")
        XCTAssertEqual(told.problem.title, "leavenow の問題: ボード x1")
        XCTAssertTrue(told.problem.text.hasPrefix("ボード x1：2024-12-23 以降の発車が分かりません（X1 (1番のりば)、weekday を読み込めませんでした: "),
                      told.problem.text)
        XCTAssertTrue(told.problem.text.contains("）。1 件のルール（leave-x1）はそれらを通知できません"), told.problem.text)
        XCTAssertTrue(told.status.contains("以降の発車が分かりません（X1 (1番のりば)、weekday を読み込めませんでした: "), told.status)
        XCTAssertEqual(told.resolved, "leavenow 復旧: ボード x1")
    }
}
