@testable import Channels
@testable import Delivery
import Foundation
import Secrets
import XCTest

final class DesktopNotifierTests: XCTestCase {
    private let noBusMessage = "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS unset): desktop notifications need a graphical session"

    private func emptyRuntimeDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory.path
    }

    func testWithoutASessionBusTheErrorSaysSo() throws {
        let notifier = DesktopNotifier(environment: ["XDG_RUNTIME_DIR": try emptyRuntimeDirectory(), "PATH": "/usr/bin:/bin"])
        XCTAssertThrowsError(try notifier.run(["--", "title", "body"])) { error in
            let failure = error as? DesktopNotifierError
            XCTAssertEqual(failure?.code, .noSessionBus)
            XCTAssertEqual(failure?.message, noBusMessage)
            XCTAssertEqual(failure?.isTransient, true)
        }
        let missingSocket = DesktopNotifier(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/leavenow-bus,guid=1"])
        XCTAssertThrowsError(try missingSocket.sessionBusAddress()) { error in
            XCTAssertTrue(String(describing: error).contains("/nonexistent/leavenow-bus, which does not exist"), "\(error)")
        }
    }

    func testTheDispatcherRetriesADesktopJobWithoutABus() throws {
        let dispatcher = Dispatcher(channels: [Sample.channel("desk", .desktop, [:])],
                                    secrets: SecretSource(environment: ["XDG_RUNTIME_DIR": try emptyRuntimeDirectory()]),
                                    now: Sample.clock(), random: { 0.5 })
        let result = try XCTUnwrap(dispatcher.send([DeliveryJob(id: 1, notification: Sample.notification(), channel: "desk")]).first)
        XCTAssertEqual(result.outcome, .retry(after: nil, reason: .verbatim("desktop channel \"desk\": " + noBusMessage)))
    }

    func testAMissingProgramIsPermanent() throws {
        let bus = try emptyRuntimeDirectory() + "/bus"
        XCTAssertTrue(FileManager.default.createFile(atPath: bus, contents: nil))
        let notifier = DesktopNotifier(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=" + bus, "PATH": "/nonexistent"],
                                       executable: "notify-send")
        XCTAssertThrowsError(try notifier.run(["x"])) { error in
            XCTAssertEqual((error as? DesktopNotifierError)?.code, .notInstalled)
            XCTAssertEqual((error as? DesktopNotifierError)?.isTransient, false)
        }
    }

    func testAFailingNotifySendReportsItsStandardError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/notify-send") else {
            throw XCTSkip("notify-send is not installed (apt-get install libnotify-bin)")
        }
        // A bus address naming a plain file: notify-send starts, cannot connect, exits 1.
        let bus = try emptyRuntimeDirectory() + "/bus"
        XCTAssertTrue(FileManager.default.createFile(atPath: bus, contents: nil))
        let notifier = DesktopNotifier(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=" + bus, "PATH": "/usr/bin:/bin"])
        XCTAssertThrowsError(try notifier.run(["--", "title", "body"])) { error in
            let failure = error as? DesktopNotifierError
            XCTAssertEqual(failure?.code, .failed)
            XCTAssertTrue(failure?.message.hasPrefix("/usr/bin/notify-send failed (exit status ") == true, "\(error)")
            XCTAssertGreaterThan(failure?.message.count ?? 0, 50, "stderr is quoted: \(error)")
        }
    }

    func testARealNotificationDaemonReceivesTheNotification() throws {
        let missing = DesktopSession.missingPrograms()
        guard missing.isEmpty else {
            throw XCTSkip("missing \(missing.joined(separator: ", ")) (apt-get install libnotify-bin dunst xvfb dbus-x11)")
        }
        let session = try DesktopSession()
        defer { session.stop() }

        let dispatcher = Dispatcher(
            channels: [Sample.channel("desk", .desktop, ["app_name": "leavenow-test", "category": "transfer", "icon": "train"])],
            secrets: SecretSource(environment: session.environment), now: Sample.clock(), random: { 0.5 })
        let notification = Sample.notification(title: "出発 & <go>", text: "銀座線 <b>浅草</b> \\n 10:40", urgency: .critical,
                                               expiresAt: Sample.fireAt + 480)
        let results = dispatcher.send([DeliveryJob(id: 1, notification: notification, channel: "desk")])
        XCTAssertEqual(results.map(\.outcome), [.delivered(status: nil)])

        let deadline = Date().addingTimeInterval(3)
        while !session.monitored.contains("member=Notify") && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let call = session.monitored
        XCTAssertTrue(call.contains("string \"leavenow-test\""), call)
        XCTAssertTrue(call.contains("string \"出発 & <go>\""), call)
        XCTAssertTrue(call.contains("string \"銀座線 &lt;b&gt;浅草&lt;/b&gt; \\n 10:40\""), "a backslash arrives as one backslash: \(call)")
        XCTAssertTrue(call.contains("string \"urgency\"") && call.contains("byte 2"), "critical is urgency 2: \(call)")
        XCTAssertTrue(call.contains("int32 480000"), "expires at the departure: \(call)")

        _ = try session.dunstctl(["close-all"])
        var history: [[String: Any]] = []
        while history.isEmpty && Date() < deadline {
            let text = try session.dunstctl(["history"])
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            history = ((object?["data"] as? [[Any]])?.first as? [[String: Any]]) ?? []
            if history.isEmpty { Thread.sleep(forTimeInterval: 0.05) }
        }
        let entry = try XCTUnwrap(history.first)
        func field(_ name: String) -> Any? { (entry[name] as? [String: Any])?["data"] }
        XCTAssertEqual(field("summary") as? String, "出発 & <go>")
        XCTAssertEqual(field("body") as? String, "銀座線 &lt;b&gt;浅草&lt;/b&gt; \\n 10:40")
        XCTAssertEqual(field("appname") as? String, "leavenow-test")
        XCTAssertEqual(field("category") as? String, "transfer")
        XCTAssertEqual((field("timeout") as? NSNumber)?.int64Value, 480_000_000, "microseconds")
    }
}
