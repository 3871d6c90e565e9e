import Foundation
import Store
import XCTest

/// `kill -9` of `leavenow run` in the middle of a burst of 1,000 notifications, again and again:
/// nothing is lost, nothing is generated twice, and a sink that honours the Idempotency-Key takes
/// each notification once. Each outcome is recorded as its request completes, so what a kill makes
/// the next run send again is at most what was in flight: the pool (16 connections) per kill.
///
/// `LEAVENOW_CRASH_KILLS=30 LEAVENOW_CRASH_NOTIFICATIONS=4000` runs 30 kills over a burst of 4,000
/// instead of 8 over 1,000 (the figures of README's "Delivery and the worker").
final class WorkerCrashTests: XCTestCase {
    /// The dispatcher's connection pool (`DispatcherConfiguration.maxConnections`).
    static let pool = 16

    func testRepeatedKillNineNeitherLosesNorRepeatsNotifications() throws {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script([], dedupe: true)
        try scratch.write("rules/config.yaml", WorkerConfig.webhookChannel() + "\n" + WorkerConfig.feedRule())
        let count = ProcessInfo.processInfo.environment["LEAVENOW_CRASH_NOTIFICATIONS"].flatMap { Int($0) } ?? 1_000
        try scratch.write("fixtures/feeds/news/2024-12-01T09:00:00+09:00.xml", WorkerConfig.atomFeed(entries: count))
        let state = scratch.path("state/state.db")
        let arguments = ["run", "--once", "--rules", scratch.path("rules"), "--state", state, "--fixtures", scratch.path("fixtures")]
        let environment = ["LEAVENOW_TEST_HOOK_URL": sink.url]

        let wantedKills = ProcessInfo.processInfo.environment["LEAVENOW_CRASH_KILLS"].flatMap { Int($0) } ?? 8
        var kills = 0, runs = 0, finished = false
        var logs = ""
        var generator = SystemRandomNumberGenerator()
        // The duplicates the sink counted after each run: a run after a kill re-sends what the kill left unrecorded.
        var duplicatesAfterRun: [Int] = [0]
        var killedRun: [Bool] = []
        while kills < wantedKills && !finished && runs < wantedKills * 4 {
            let worker = try LeavenowProcess(arguments, environment: environment)
            runs += 1
            // Every other kill comes once the run is queueing or sending (not only during start-up).
            if kills % 2 == 1 {
                worker.waitForLine(timeout: 5) { $0.contains("event=notification.") }
            }
            usleep(UInt32.random(in: 30_000...300_000, using: &generator))
            var killed = false
            if worker.process.isRunning {
                worker.signal(SIGKILL)
                kills += 1
                killed = true
            }
            let status = worker.wait(timeout: 20)
            logs += worker.stderr.text
            killedRun.append(killed)
            duplicatesAfterRun.append(try sink.current().duplicates)
            if status == 0 { finished = try pendingCount(state) == 0 }
        }
        // Then without killing, until the outbox is empty.
        var rounds = 0
        while !finished && rounds < 4 {
            let outcome = try LeavenowProcess.run(arguments, environment: environment, timeout: 30)
            runs += 1
            rounds += 1
            logs += outcome.stderr
            killedRun.append(false)
            duplicatesAfterRun.append(try sink.current().duplicates)
            XCTAssertEqual(outcome.status, 0, outcome.stderr.suffix(2_000).description)
            finished = try pendingCount(state) == 0
        }
        XCTAssertTrue(finished, "the outbox emptied")

        let store = try SQLiteStore(path: state)
        defer { store.close() }
        let entries = try store.list(statuses: nil, limit: 10_000)
        XCTAssertEqual(entries.count, count, "one outbox entry per article")
        XCTAssertEqual(Set(entries.map(\.status)), [.delivered])
        XCTAssertEqual(Set(entries.map(\.key)).count, count)
        // The rule ran to completion once: its state was committed with the outbox, so no later run
        // generated the articles again (the queued lines of every run add up to `count` at most).
        let queued = LogLine.events("notification.queued", in: logs)
        XCTAssertLessThanOrEqual(queued.count, count)
        XCTAssertEqual(Set(queued.compactMap { $0["key"] }).count, queued.count, "a notification was queued twice")
        let ruleState = try store.loadEngineState().rules["news-article"]
        XCTAssertNotNil(ruleState?.seenEntries, "the rule's state is stored")

        let (requests, duplicates) = try sink.all()
        var accepted: [String: Int] = [:]
        for request in requests where request.taken { accepted[request.key ?? "-", default: 0] += 1 }
        XCTAssertEqual(Set(accepted.keys), Set(entries.map(\.key)), "every key reached the sink")
        XCTAssertEqual(accepted.values.max(), 1, "the sink took each key once")
        XCTAssertEqual(requests.count, count + duplicates)
        // What can be sent twice is what was in flight when a process was killed: at most the pool per kill.
        // The duplicates a run sends are those the run before it left unrecorded.
        var perKill: [Int] = []
        for run in 1..<duplicatesAfterRun.count where run >= 2 && killedRun[run - 2] {
            perKill.append(duplicatesAfterRun[run] - duplicatesAfterRun[run - 1])
        }
        XCTAssertLessThanOrEqual(perKill.max() ?? 0, Self.pool, "duplicates after each kill: \(perKill)")
        XCTAssertLessThanOrEqual(duplicates, kills * Self.pool)
        var requestsPerKey: [String: Int] = [:]
        for request in requests { requestsPerKey[request.key ?? "-", default: 0] += 1 }

        let outbox = try LeavenowProcess.run(["outbox", "--state", state])
        XCTAssertEqual(outbox.status, 0, outbox.all)
        XCTAssertTrue(outbox.stdout.hasPrefix("outbox: 0 pending, \(count) delivered, 0 dead, 0 expired"), outbox.stdout)
        print("WorkerCrashTests: \(runs) runs, \(kills) killed with SIGKILL, \(requests.count) requests for \(requestsPerKey.count) keys, "
              + "lost 0, queued twice \(queued.count - Set(queued.compactMap { $0["key"] }).count), "
              + "\(duplicates) duplicates answered by the sink (per kill: max \(perKill.max() ?? 0), \(perKill)), "
              + "at most \(requestsPerKey.values.max() ?? 0) requests for one key, \(queued.count) queued lines logged")
    }

    private func pendingCount(_ state: String) throws -> Int {
        guard FileManager.default.fileExists(atPath: state) else { return 1 }
        let store = try SQLiteStore(path: state)
        defer { store.close() }
        return try store.counts()[.pending] ?? 0
    }
}
