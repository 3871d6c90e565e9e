import Foundation
import XCTest

/// Sending never delays deciding: `leavenow run` (the release path: the real binary, a real sink on
/// 127.0.0.1) with 600 articles queued for a slow or stalling channel still queues a leave-now at
/// its fire time and delivers it before its departure.
///
/// The clock is simulated at real speed from 10:29:30 (Sunday): the 10:30 bus, 20 s' walk, so the
/// leave-now fires 10 s after the start (10:29:40) and its departure is 30 s after the start.
final class WorkerHeadOfLineTests: XCTestCase {
    /// Each article request takes 1 s (a healthy but slow webhook): 600 take 40 s on the pool.
    func testASlowChannelDoesNotDelayALeaveNow() throws {
        try checkLeaveNowIsOnTime(articleStep: ["stall_ms": 1_000, "status": 204], name: "slow")
    }

    /// Each article request stalls past the 15 s request timeout: the pool fills with requests that
    /// will fail.
    func testAStallingChannelDoesNotDelayALeaveNow() throws {
        try checkLeaveNowIsOnTime(articleStep: ["stall_ms": 20_000, "status": 204], name: "stalling")
    }

    private func checkLeaveNowIsOnTime(articleStep: [String: Any], name: String) throws {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script(Array(repeating: articleStep, count: 600), dedupe: true, path: "/news")
        try scratch.write("rules/config.yaml", [
            WorkerConfig.webhookChannel(extra: "  - {id: news, type: webhook, url_env: LEAVENOW_TEST_NEWS_URL, rate_per_minute: 0}"),
            try WorkerConfig.frequentBoard(in: scratch, folder: "rules", every: 10, walk: "20s"),
            WorkerConfig.feedRule(channel: "news"),
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
        try scratch.write("fixtures/feeds/news/2024-12-22T09:00:00+09:00.xml", WorkerConfig.atomFeed(entries: 600))

        let launch = Date().timeIntervalSince1970
        let worker = try LeavenowProcess(["run", "--rules", scratch.path("rules"), "--state", scratch.path("state/state.db"),
                                          "--fixtures", scratch.path("fixtures"), "--simulate-from", "2024-12-22T10:29:30",
                                          "--until", "2024-12-22T10:30:20"],
                                         environment: ["LEAVENOW_TEST_HOOK_URL": sink.url,
                                                       "LEAVENOW_TEST_NEWS_URL": "http://127.0.0.1:\(sink.port)/news"])
        defer { if worker.process.isRunning { worker.signal(SIGKILL); worker.wait(timeout: 5) } }
        let queuedLine = worker.waitForLine(timeout: 16) { $0.contains("event=notification.queued") && $0.contains("rule=bus-leave-now") }
        // The leave-now at the sink (bounded: its departure is 30 s after the launch).
        var leaveNow: WorkerWebhookSink.Request?
        while leaveNow == nil, Date().timeIntervalSince1970 < launch + 32 {
            leaveNow = try sink.current().requests.first { $0.path == "/hook" }
            if leaveNow == nil { usleep(100_000) }
        }
        let log = worker.stderr.text
        let line = try XCTUnwrap(queuedLine, "the leave-now was never queued (\(name) channel): \(log.suffix(3_000))")
        // The simulated clock starts between the launch and the `rules.loaded` line: the fire time is
        // 10 s after that start.
        let loaded = try XCTUnwrap(LogLine.events("rules.loaded", in: log).first.flatMap { Self.timestamp($0["ts"]) }, log)
        let queuedAt = try XCTUnwrap(Self.timestamp(LogLine(line)["ts"]), line)
        let earliestFire = launch + 10, latestFire = loaded + 10
        XCTAssertGreaterThanOrEqual(queuedAt, earliestFire - 1, "queued before its fire time: \(line)")
        XCTAssertLessThanOrEqual(queuedAt, latestFire + 1, "queued \(queuedAt - latestFire) s after its fire time (\(name) channel)")
        let arrival = try XCTUnwrap(leaveNow, "the leave-now never reached the sink (\(name) channel): \(log.suffix(3_000))").arrival
        XCTAssertLessThan(arrival, launch + 30, "delivered after its departure (\(name) channel)")
        let articles = try sink.current().requests.filter { $0.path == "/news" }.count
        XCTAssertGreaterThanOrEqual(articles, 8, "the articles were being sent meanwhile")
        // Waiting for slow answers (the articles still going) is a poll, not a loop: over 2 s the
        // worker uses little CPU.
        let cpuBefore = try XCTUnwrap(Self.cpuSeconds(worker.pid))
        Thread.sleep(forTimeInterval: 2)
        let cpu = try XCTUnwrap(Self.cpuSeconds(worker.pid)) - cpuBefore
        XCTAssertLessThan(cpu, 0.8, "the worker used \(cpu) s of CPU in 2 s while waiting for answers: a busy loop?")
        print("WorkerHeadOfLineTests (\(name)): leave-now queued \(String(format: "%+.2f", queuedAt - latestFire)) s from its fire time "
              + "(start at most \(String(format: "%.2f", loaded - launch)) s after the launch), at the sink "
              + "\(String(format: "%.2f", arrival - queuedAt)) s later, \(String(format: "%.1f", launch + 30 - arrival)) s before "
              + "its departure; \(articles) article requests meanwhile; CPU in the next 2 s \(String(format: "%.2f", cpu)) s")

        // SIGTERM: the requests running finish (a stalled one at the 15 s request timeout), then exit 0.
        worker.signal(SIGTERM)
        XCTAssertEqual(worker.wait(timeout: 25), 0, worker.stderr.text.suffix(2_000).description)
        XCTAssertEqual(LogLine.events("worker.stopped", in: worker.stderr.text).count, 1)
    }

    /// The CPU seconds (user + system) process `pid` used so far, from `/proc/PID/stat`.
    static func cpuSeconds(_ pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // After "pid (comm)": state is field 3; utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Seconds since the epoch of a log line's `ts` (`2026-11-29T16:46:34.379Z`).
    static func timestamp(_ text: String?) -> Double? {
        guard let text else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)?.timeIntervalSince1970
    }
}
