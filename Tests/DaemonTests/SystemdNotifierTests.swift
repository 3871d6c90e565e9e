import Daemon
import Foundation
import Glibc
import XCTest

final class SystemdNotifierTests: XCTestCase {
    func testMessagesReachASocketPath() throws {
        let directory = try TemporaryDirectory("notify")
        defer { directory.remove() }
        let receiver = try DatagramReceiver(notifySocket: directory.path + "/notify")
        let notifier = try SystemdNotifier(environment: ["NOTIFY_SOCKET": receiver.notifySocket])
        XCTAssertTrue(notifier.isEnabled)
        XCTAssertEqual(notifier.socket, receiver.notifySocket)

        XCTAssertTrue(try notifier.ready())
        XCTAssertEqual(receiver.receive(), "READY=1\n")
        try notifier.status("next: 10:33 from platform 12\nsecond line")
        XCTAssertEqual(receiver.receive(), "STATUS=next: 10:33 from platform 12 second line\n")
        try notifier.watchdog()
        XCTAssertEqual(receiver.receive(), "WATCHDOG=1\n")
        try notifier.stopping(status: "draining the outbox")
        XCTAssertEqual(receiver.receive(), "STOPPING=1\nSTATUS=draining the outbox\n")
        try notifier.reloading(monotonicMicroseconds: 123_456_789)
        XCTAssertEqual(receiver.receive(), "RELOADING=1\nMONOTONIC_USEC=123456789\n")
        try notifier.extendTimeout(by: .seconds(30))
        XCTAssertEqual(receiver.receive(), "EXTEND_TIMEOUT_USEC=30000000\n")
        XCTAssertTrue(receiver.isEmpty)
    }

    /// `RELOADING=1` carries the current `CLOCK_MONOTONIC` in µs by default (systemd ≥ 253).
    func testReloadingStampsTheMonotonicClock() throws {
        let directory = try TemporaryDirectory("notify")
        defer { directory.remove() }
        let receiver = try DatagramReceiver(notifySocket: directory.path + "/notify")
        let notifier = try SystemdNotifier(environment: ["NOTIFY_SOCKET": receiver.notifySocket])
        var before = timespec()
        clock_gettime(CLOCK_MONOTONIC, &before)
        try notifier.reloading()
        let lines = try XCTUnwrap(receiver.receive()).split(separator: "\n")
        XCTAssertEqual(lines.first, "RELOADING=1")
        let stamp = try XCTUnwrap(lines.last.flatMap { Int64($0.dropFirst("MONOTONIC_USEC=".count)) })
        let beforeMicroseconds = Int64(before.tv_sec) * 1_000_000 + Int64(before.tv_nsec) / 1000
        XCTAssertGreaterThanOrEqual(stamp, beforeMicroseconds)
        XCTAssertLessThan(stamp - beforeMicroseconds, 1_000_000)
    }

    func testAbstractNamespaceSocket() throws {
        let receiver = try DatagramReceiver(notifySocket: "@leavenow-test-\(getpid())-\(UUID().uuidString.prefix(8))")
        let notifier = try SystemdNotifier(environment: ["NOTIFY_SOCKET": receiver.notifySocket])
        XCTAssertTrue(try notifier.ready(status: "watching 3 rules"))
        XCTAssertEqual(receiver.receive(), "READY=1\nSTATUS=watching 3 rules\n")
    }

    func testNoSocketMeansNoOp() throws {
        let notifier = try SystemdNotifier(environment: [:])
        XCTAssertFalse(notifier.isEnabled)
        XCTAssertFalse(try notifier.ready())
        XCTAssertFalse(try notifier.watchdog())
        XCTAssertNil(notifier.watchdogInterval)
        XCTAssertFalse(try SystemdNotifier(environment: ["NOTIFY_SOCKET": ""]).isEnabled)
    }

    func testGoneSocketIsAnErrorNamingIt() throws {
        let path = NSTemporaryDirectory() + "leavenow-no-notify-\(UUID().uuidString)"
        let notifier = try SystemdNotifier(environment: ["NOTIFY_SOCKET": path])
        XCTAssertThrowsError(try notifier.ready()) { error in
            XCTAssertEqual(String(describing: error), "sendto(\(path)) failed: No such file or directory (errno 2)")
        }
    }

    func testBadSocketNamesAreRefused() {
        XCTAssertThrowsError(try SystemdNotifier(environment: ["NOTIFY_SOCKET": "run/notify"])) { error in
            XCTAssertEqual(String(describing: error),
                           "NOTIFY_SOCKET=\"run/notify\" cannot be used: expected an absolute socket path or @abstract-name")
        }
        XCTAssertThrowsError(try SystemdNotifier(environment: ["NOTIFY_SOCKET": "@"]))
        XCTAssertThrowsError(try SystemdNotifier(environment: ["NOTIFY_SOCKET": "/" + String(repeating: "x", count: 200)]))
    }

    func testWatchdogIntervalAndPing() throws {
        let notifier = try SystemdNotifier(environment: ["WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "4242"], processID: 4242)
        XCTAssertEqual(notifier.watchdogInterval, .seconds(30))
        XCTAssertEqual(notifier.watchdogPingInterval, .seconds(15))
        XCTAssertEqual(try SystemdNotifier(environment: ["WATCHDOG_USEC": "2000000"]).watchdogPingInterval, .seconds(1))
    }

    func testWatchdogForAnotherProcessIsIgnored() throws {
        let notifier = try SystemdNotifier(environment: ["WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"], processID: 4242)
        XCTAssertNil(notifier.watchdogInterval)
        XCTAssertNil(notifier.watchdogPingInterval)
    }

    func testMalformedWatchdogIsRefused() {
        XCTAssertThrowsError(try SystemdNotifier(environment: ["WATCHDOG_USEC": "30s"])) { error in
            XCTAssertEqual(String(describing: error),
                           "WATCHDOG_USEC=\"30s\" cannot be used: expected a positive number of microseconds")
        }
        XCTAssertThrowsError(try SystemdNotifier(environment: ["WATCHDOG_USEC": "1000", "WATCHDOG_PID": "me"]))
    }
}
