import Foundation
import XCTest

/// `leavenow run` under systemd (`Type=notify`, `WatchdogSec=2`): READY=1 with a STATUS= line,
/// WATCHDOG=1 about every second, STOPPING=1 and exit 0 on SIGTERM.
final class WorkerSystemdTests: XCTestCase {
    func testReadyStatusWatchdogPingsAndStoppingOnSigterm() throws {
        let scratch = try WorkerScratch()
        try scratch.write("rules/config.yaml", WorkerConfig.webhookChannel() + "\n" + WorkerConfig.feedRule())
        try scratch.write("fixtures/feeds/news/2024-12-01T09:00:00+09:00.xml", WorkerConfig.atomFeed(entries: 1))
        let receiver = try NotifySocketReceiver(path: scratch.path("notify.sock"))
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        let worker = try LeavenowProcess(["run", "--rules", scratch.path("rules"), "--state", scratch.path("state/state.db"),
                                          "--fixtures", scratch.path("fixtures")],
                                         environment: ["NOTIFY_SOCKET": receiver.path, "WATCHDOG_USEC": "2000000",
                                                       "LEAVENOW_TEST_HOOK_URL": sink.url])
        var messages: [(text: String, at: Date)] = []
        let started = Date()
        // Collect for 3.6 s: the readiness, then the pings.
        while Date().timeIntervalSince(started) < 3.6, let message = receiver.receive(timeout: 3.6 - Date().timeIntervalSince(started)) {
            messages.append(message)
        }
        let ready = try XCTUnwrap(messages.first { $0.text.contains("READY=1") }, "\(messages.map(\.text))")
        let status = ready.text.split(separator: "\n").first { $0.hasPrefix("STATUS=") }
        XCTAssertNotNil(status, ready.text)
        XCTAssertTrue(status?.contains("1 rules; outbox") ?? false, ready.text)
        let pings = messages.filter { $0.text.split(separator: "\n").contains("WATCHDOG=1") }.map(\.at)
        XCTAssertGreaterThanOrEqual(pings.count, 2, "\(messages.map(\.text))")
        XCTAssertLessThanOrEqual(pings.count, 6, "pinging far more often than every second: \(messages.map(\.text)); "
                                  + "the worker's log: \(worker.stderr.text)")
        for (earlier, later) in zip(pings, pings.dropFirst()) {
            let gap = later.timeIntervalSince(earlier)
            XCTAssertGreaterThan(gap, 0.5, "pings \(gap) s apart")
            XCTAssertLessThan(gap, 1.6, "pings \(gap) s apart (WatchdogSec=2 needs one within 2 s)")
        }

        worker.signal(SIGTERM)
        var stopping: String?
        let deadline = Date().addingTimeInterval(5)
        while stopping == nil, Date() < deadline, let message = receiver.receive(timeout: deadline.timeIntervalSinceNow) {
            if message.text.contains("STOPPING=1") { stopping = message.text }
        }
        XCTAssertNotNil(stopping, "no STOPPING=1 after SIGTERM")
        XCTAssertEqual(worker.wait(timeout: 5), 0, worker.stderr.text)
        XCTAssertEqual(LogLine.events("worker.stopped", in: worker.stderr.text).count, 1, worker.stderr.text)
    }
}
