@testable import Channels
@testable import Delivery
import Foundation
import Secrets
import XCTest

/// `Dispatcher.start` / `collect`: each answer comes back as its request completes — a quick answer
/// is not held behind a slow one of the same moment — and the checks of `send` apply job by job.
final class DispatcherIncrementalTests: XCTestCase {
    func testAQuickAnswerComesBackWhileASlowRequestStillRuns() throws {
        let sink = try WebhookSink()
        defer { sink.stop() }
        try sink.script([["stall_ms": 2_000, "status": 204]], path: "/slow")
        let dispatcher = Dispatcher(
            channels: [Sample.channel("slow", .webhook, ["url_env": "SLOW"]), Sample.channel("quick", .webhook, ["url_env": "QUICK"])],
            secrets: SecretSource(environment: ["SLOW": sink.url("/slow"), "QUICK": sink.url("/quick")]),
            configuration: DispatcherConfiguration(requestTimeout: .seconds(5), proxy: .direct), now: Sample.clock(), random: { 0.5 })
        let began = Date()
        XCTAssertNil(dispatcher.start(DeliveryJob(id: 1, notification: Sample.notification(key: "slow-1"), channel: "slow"), tag: 1))
        XCTAssertNil(dispatcher.start(DeliveryJob(id: 2, notification: Sample.notification(key: "quick-1"), channel: "quick"), tag: 2))
        XCTAssertEqual(dispatcher.runningCount, 2)
        XCTAssertEqual(dispatcher.runningCount(channel: "slow"), 1)

        var answered: [(tag: Int, result: DeliveryResult)] = []
        for _ in 0..<100 where answered.isEmpty {
            answered = dispatcher.collect(waitMilliseconds: 100)
        }
        XCTAssertEqual(answered.map(\.tag), [2], "the quick answer first, alone")
        XCTAssertEqual(answered.first?.result.outcome, .delivered(status: 204))
        XCTAssertLessThan(Date().timeIntervalSince(began), 1.5, "not held behind the 2 s request")
        XCTAssertEqual(dispatcher.runningCount, 1)

        var slow: [(tag: Int, result: DeliveryResult)] = []
        for _ in 0..<100 where slow.isEmpty {
            slow = dispatcher.collect(waitMilliseconds: 100)
        }
        XCTAssertEqual(slow.map(\.tag), [1])
        XCTAssertEqual(slow.first?.result.outcome, .delivered(status: 204))
        XCTAssertEqual(dispatcher.runningCount, 0)
    }

    func testExpiredUnknownAndRateLimitedJobsAreDecidedAtOnce() throws {
        let sink = try WebhookSink()
        defer { sink.stop() }
        let dispatcher = Dispatcher(
            channels: [Sample.channel("hook", .webhook, ["url_env": "HOOK", "rate_per_minute": "1"])],
            secrets: SecretSource(environment: ["HOOK": sink.url("/hook")]),
            configuration: DispatcherConfiguration(proxy: .direct), now: Sample.clock(), random: { 0.5 })
        let expired = Sample.notification(key: "late", expiresAt: Sample.fireAt)
        XCTAssertEqual(dispatcher.start(DeliveryJob(id: 1, notification: expired, channel: "hook"), tag: 1)?.outcome, .expired)
        guard case .permanent(let reasonMessage)? = dispatcher.start(DeliveryJob(id: 2, notification: Sample.notification(), channel: "nope"),
                                                                      tag: 2)?.outcome else {
            return XCTFail("an unknown channel is a permanent failure")
        }
        let reason = reasonMessage.english
        XCTAssertTrue(reason.contains("unknown channel \"nope\""), reason)
        XCTAssertNil(dispatcher.start(DeliveryJob(id: 3, notification: Sample.notification(key: "a"), channel: "hook"), tag: 3))
        guard case .deferred? = dispatcher.start(DeliveryJob(id: 4, notification: Sample.notification(key: "b"), channel: "hook"),
                                                 tag: 4)?.outcome else {
            return XCTFail("over the rate limit: deferred")
        }
        var answered: [(tag: Int, result: DeliveryResult)] = []
        for _ in 0..<100 where answered.isEmpty {
            answered = dispatcher.collect(waitMilliseconds: 100)
        }
        XCTAssertEqual(answered.map(\.tag), [3])
        XCTAssertEqual(try sink.received().requests.count, 1)
    }

    /// A `notify-send` that takes 2 s (a stuck desktop) runs on its own thread: the webhook started
    /// after it is answered first, and the desktop outcome comes back when the program ends.
    func testASlowDesktopNotificationDoesNotHoldAWebhookBack() throws {
        let sink = try WebhookSink()
        defer { sink.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-desktop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let program = directory.appendingPathComponent("slow-notify-send").path
        try "#!/bin/sh\nsleep 2\n".write(toFile: program, atomically: true, encoding: .utf8)
        chmod(program, 0o755)
        let dispatcher = Dispatcher(
            channels: [Sample.channel("desk", .desktop, [:]), Sample.channel("hook", .webhook, ["url_env": "HOOK"])],
            secrets: SecretSource(environment: ["HOOK": sink.url("/hook"), "DBUS_SESSION_BUS_ADDRESS": "unix:abstract=/leavenow-test",
                                                "PATH": "/usr/bin:/bin"]),
            configuration: DispatcherConfiguration(proxy: .direct, notifySend: program), now: Sample.clock(), random: { 0.5 })
        XCTAssertTrue(dispatcher.problems.isEmpty, "\(dispatcher.problems)")
        let began = Date()
        XCTAssertNil(dispatcher.start(DeliveryJob(id: 1, notification: Sample.notification(key: "desk-1"), channel: "desk"), tag: 1))
        XCTAssertLessThan(Date().timeIntervalSince(began), 1, "start returned without waiting for notify-send")
        XCTAssertNil(dispatcher.start(DeliveryJob(id: 2, notification: Sample.notification(key: "hook-1"), channel: "hook"), tag: 2))
        var answered: [(tag: Int, result: DeliveryResult)] = []
        for _ in 0..<100 where answered.isEmpty {
            answered = dispatcher.collect(waitMilliseconds: 100)
        }
        XCTAssertEqual(answered.map(\.tag), [2], "the webhook first")
        XCTAssertLessThan(Date().timeIntervalSince(began), 1.5)
        var desktop: [(tag: Int, result: DeliveryResult)] = []
        for _ in 0..<100 where desktop.isEmpty {
            desktop = dispatcher.collect(waitMilliseconds: 100)
        }
        XCTAssertEqual(desktop.map(\.tag), [1])
        XCTAssertEqual(desktop.first?.result.outcome, .delivered(status: nil))
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(began), 1.9, "the desktop outcome came when notify-send ended")
        XCTAssertEqual(dispatcher.runningCount, 0)
    }
}
