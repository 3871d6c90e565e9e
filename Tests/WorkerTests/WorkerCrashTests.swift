import Foundation
import Store
import XCTest

/// `kill -9` of `leavenow run` in the middle of a burst of 1,000 notifications, again and again:
/// nothing is lost, nothing is generated twice, and a sink that honours the Idempotency-Key takes
/// each notification once (what was in flight at a kill is sent again and counted as a duplicate).
final class WorkerCrashTests: XCTestCase {
    func testRepeatedKillNineNeitherLosesNorRepeatsNotifications() throws {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script([], dedupe: true)
        try scratch.write("rules/config.yaml", WorkerConfig.webhookChannel() + "\n" + WorkerConfig.feedRule())
        try scratch.write("fixtures/feeds/news/2024-12-01T09:00:00+09:00.xml", WorkerConfig.atomFeed(entries: 1_000))
        let state = scratch.path("state/state.db")
        let arguments = ["run", "--once", "--rules", scratch.path("rules"), "--state", state, "--fixtures", scratch.path("fixtures")]
        let environment = ["LEAVENOW_TEST_HOOK_URL": sink.url]

        var kills = 0, runs = 0, finished = false
        var logs = ""
        var generator = SystemRandomNumberGenerator()
        while kills < 8 && !finished {
            let worker = try LeavenowProcess(arguments, environment: environment)
            runs += 1
            // Every other kill comes once the run is queueing or sending (not only during start-up).
            if kills % 2 == 1 {
                worker.waitForLine(timeout: 5) { $0.contains("event=notification.") }
            }
            usleep(UInt32.random(in: 30_000...300_000, using: &generator))
            if worker.process.isRunning {
                worker.signal(SIGKILL)
                kills += 1
            }
            let status = worker.wait(timeout: 20)
            logs += worker.stderr.text
            if status == 0 { finished = try pendingCount(state) == 0 }
        }
        // Then without killing, until the outbox is empty.
        var rounds = 0
        while !finished && rounds < 4 {
            let outcome = try LeavenowProcess.run(arguments, environment: environment, timeout: 30)
            runs += 1
            rounds += 1
            logs += outcome.stderr
            XCTAssertEqual(outcome.status, 0, outcome.stderr.suffix(2_000).description)
            finished = try pendingCount(state) == 0
        }
        XCTAssertTrue(finished, "the outbox emptied")

        let store = try SQLiteStore(path: state)
        defer { store.close() }
        let entries = try store.list(statuses: nil, limit: 10_000)
        XCTAssertEqual(entries.count, 1_000, "one outbox entry per article")
        XCTAssertEqual(Set(entries.map(\.status)), [.delivered])
        XCTAssertEqual(Set(entries.map(\.key)).count, 1_000)
        // The rule ran to completion once: its state was committed with the outbox, so no later run
        // generated the articles again (the queued lines of every run add up to 1,000 at most).
        let queued = LogLine.events("notification.queued", in: logs)
        XCTAssertLessThanOrEqual(queued.count, 1_000)
        XCTAssertEqual(Set(queued.compactMap { $0["key"] }).count, queued.count, "a notification was queued twice")
        let ruleState = try store.loadEngineState().rules["news-article"]
        XCTAssertNotNil(ruleState?.seenEntries, "the rule's state is stored")

        let (requests, duplicates) = try sink.all()
        var accepted: [String: Int] = [:]
        for request in requests where request.taken { accepted[request.key ?? "-", default: 0] += 1 }
        XCTAssertEqual(Set(accepted.keys), Set(entries.map(\.key)), "every key reached the sink")
        XCTAssertEqual(accepted.values.max(), 1, "the sink took each key once")
        XCTAssertEqual(requests.count, 1_000 + duplicates)
        // What can be sent twice is what was in flight when a process was killed: at most a batch per kill.
        XCTAssertLessThanOrEqual(duplicates, kills * 512)

        let outbox = try LeavenowProcess.run(["outbox", "--state", state])
        XCTAssertEqual(outbox.status, 0, outbox.all)
        XCTAssertTrue(outbox.stdout.hasPrefix("outbox: 0 pending, 1000 delivered, 0 dead, 0 expired"), outbox.stdout)
        print("WorkerCrashTests: \(runs) runs, \(kills) killed with SIGKILL, \(duplicates) duplicates answered by the sink, "
              + "\(queued.count) queued lines logged")
    }

    private func pendingCount(_ state: String) throws -> Int {
        guard FileManager.default.fileExists(atPath: state) else { return 1 }
        let store = try SQLiteStore(path: state)
        defer { store.close() }
        return try store.counts()[.pending] ?? 0
    }
}
