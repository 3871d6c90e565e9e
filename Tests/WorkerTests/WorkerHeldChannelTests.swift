import Foundation
import Store
import XCTest

/// A channel whose secret is missing is held, not dead-lettered: its notifications wait (pending,
/// shown by `leavenow status`), are sent once a restart or a reload finds the secret, and still
/// expire on time meanwhile — never sent late.
final class WorkerHeldChannelTests: XCTestCase {
    func testAMissingSecretHoldsTheNotificationsUntilARestartFindsIt() throws {
        let scratch = try WorkerScratch()
        try WorkerExpiryTests.writeOneLeaveNow(in: scratch)
        let rules = scratch.path("rules"), state = scratch.path("state/state.db")

        let check = try LeavenowProcess.run(["check", "--rules", rules])
        XCTAssertEqual(check.status, 0, check.all)
        XCTAssertTrue(check.stderr.contains("warning: \(rules)/config.yaml:2:5: channel \"hook\": no URL: the environment variable "
            + "LEAVENOW_TEST_HOOK_URL is not set; the worker holds this channel's notifications until a reload finds it"), check.stderr)

        let held = try WorkerExpiryTests.runOnce(scratch, at: "2024-12-02T07:58", environment: [:])
        XCTAssertEqual(held.status, 0, held.all)
        let missing = LogLine.events("channel.secret_missing", in: held.stderr)
        XCTAssertEqual(missing.count, 1, held.stderr)
        XCTAssertEqual(missing.first?["channel"], "hook")
        XCTAssertEqual(missing.first?["secret"], "LEAVENOW_TEST_HOOK_URL")
        XCTAssertEqual(LogLine.events("channel.unusable", in: held.stderr).count, 0, held.stderr)
        XCTAssertEqual(LogLine.events("notification.queued", in: held.stderr).count, 1, held.stderr)
        XCTAssertEqual(LogLine.events("notification.dead", in: held.stderr).count, 0, held.stderr)

        let status = try LeavenowProcess.run(["status", "--rules", rules, "--state", state])
        XCTAssertEqual(status.status, 1, "a missing secret is a health problem: \(status.all)")
        XCTAssertTrue(status.stdout.hasPrefix("health: 1 problem (exit status 1)\n  channel hook: its secret LEAVENOW_TEST_HOOK_URL is missing; "
            + "its notifications are held\n"), status.stdout)
        XCTAssertTrue(status.stdout.contains("outbox: 1 pending, 0 delivered, 0 dead, 0 expired"), status.stdout)
        XCTAssertTrue(status.stdout.contains("held: channel \"hook\": 1 notification waiting for its secret LEAVENOW_TEST_HOOK_URL, "
            + "which the worker did not find (set it, then reload: SIGHUP or restart)"), status.stdout)
        let json = try LeavenowProcess.run(["status", "--rules", rules, "--state", state, "--json"])
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], json.all)
        let heldJSON = try XCTUnwrap(report["held"] as? [[String: Any]], json.stdout)
        XCTAssertEqual(heldJSON.count, 1, json.stdout)
        XCTAssertEqual(heldJSON.first?["channel"] as? String, "hook")
        XCTAssertEqual(heldJSON.first?["secret"] as? String, "LEAVENOW_TEST_HOOK_URL")
        XCTAssertEqual(heldJSON.first?["count"] as? Int, 1)

        // The secret is there at the restart: the held notification goes out, once.
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script([], dedupe: true)
        let restart = try WorkerExpiryTests.runOnce(scratch, at: "2024-12-02T07:59", environment: ["LEAVENOW_TEST_HOOK_URL": sink.url])
        XCTAssertEqual(restart.status, 0, restart.all)
        XCTAssertEqual(LogLine.events("channel.secret_missing", in: restart.stderr).count, 0, restart.stderr)
        XCTAssertEqual(LogLine.events("notification.sent", in: restart.stderr).count, 1, restart.stderr)
        let requests = try sink.all().requests
        XCTAssertEqual(requests.count, 1)
        XCTAssertEqual(requests.first?.key, "bus-leave-now/1733094000/T1/1/0")
        let after = try LeavenowProcess.run(["status", "--rules", rules, "--state", state])
        XCTAssertEqual(after.status, 0, after.all)
        XCTAssertTrue(after.stdout.contains("outbox: 0 pending, 1 delivered, 0 dead, 0 expired"), after.stdout)
        XCTAssertFalse(after.stdout.contains("held:"), after.stdout)
    }

    func testANotificationThatExpiresWhileHeldIsExpiredNotSent() throws {
        let scratch = try WorkerScratch()
        try WorkerExpiryTests.writeOneLeaveNow(in: scratch)
        let held = try WorkerExpiryTests.runOnce(scratch, at: "2024-12-02T07:58", environment: [:])
        XCTAssertEqual(LogLine.events("channel.secret_missing", in: held.stderr).count, 1, held.stderr)

        // The secret comes back after the departure: too late, the notification expires.
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script([], dedupe: true)
        let late = try WorkerExpiryTests.runOnce(scratch, at: "2024-12-02T08:00", environment: ["LEAVENOW_TEST_HOOK_URL": sink.url])
        XCTAssertEqual(late.status, 0, late.all)
        XCTAssertEqual(LogLine.events("notification.expired", in: late.stderr).count, 1, late.stderr)
        XCTAssertEqual(LogLine.events("notification.sent", in: late.stderr).count, 0, late.stderr)
        XCTAssertEqual(try sink.all().requests.count, 0, "never sent late")
        let outbox = try LeavenowProcess.run(["outbox", "--state", scratch.path("state/state.db")])
        XCTAssertTrue(outbox.stdout.hasPrefix("outbox: 0 pending, 0 delivered, 0 dead, 1 expired"), outbox.stdout)
    }

    func testARunningWorkerSendsTheHeldNotificationsWhenSighupFindsTheSecretFile() throws {
        let scratch = try WorkerScratch()
        let urlFile = scratch.path("secrets/hook.url")
        try WorkerExpiryTests.writeOneLeaveNow(in: scratch, channel: """
            channels:
              - id: hook
                type: webhook
                url_file: \(urlFile)
                rate_per_minute: 0
            """)
        let rules = scratch.path("rules"), state = scratch.path("state/state.db")
        let worker = try LeavenowProcess(["run", "--rules", rules, "--state", state, "--fixtures", scratch.path("fixtures"),
                                          "--simulate-from", "2024-12-02T07:58", "--until", "2024-12-02T07:59:50"])
        defer { worker.signal(SIGTERM); worker.wait(timeout: 10) }
        let missing = try XCTUnwrap(worker.waitForLine(timeout: 10) { $0.contains("event=channel.secret_missing") }, worker.stderr.text)
        XCTAssertTrue(missing.contains("secret=\(urlFile)"), missing)
        XCTAssertTrue(missing.contains("the key file \(urlFile) does not exist"), missing)
        XCTAssertNotNil(worker.waitForLine(timeout: 10) { $0.contains("event=notification.queued") }, worker.stderr.text)
        // The worker wrote its status after the pass: the channel is held.
        var status = try LeavenowProcess.run(["status", "--rules", rules, "--state", state])
        for _ in 0..<50 where !status.stdout.contains("held:") {
            usleep(100_000)
            status = try LeavenowProcess.run(["status", "--rules", rules, "--state", state])
        }
        XCTAssertTrue(status.stdout.contains("held: channel \"hook\": 1 notification waiting for its secret \(urlFile)"), status.stdout)

        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script([], dedupe: true)
        try scratch.write("secrets/hook.url", sink.url + "\n")
        let before = worker.lines.count
        worker.signal(SIGHUP)
        XCTAssertNotNil(worker.waitForLine(after: before, timeout: 10) { $0.contains("event=rules.reloaded") }, worker.stderr.text)
        let sent = worker.waitForLine(after: before, timeout: 10) { $0.contains("event=notification.sent") }
        XCTAssertNotNil(sent, worker.stderr.text)
        XCTAssertEqual(try sink.all().requests.count, 1)
        XCTAssertEqual(LogLine.events("notification.dead", in: worker.stderr.text).count, 0, worker.stderr.text)
    }

    /// A desktop channel without a D-Bus session bus cannot show anything: its notification is held
    /// (not tried, never dead: before, 9 attempts then expired), `status` says why and how to fix it,
    /// and once the worker runs with a session bus it is shown.
    func testADesktopChannelWithoutASessionBusIsHeldNotRetriedThenShownInASession() throws {
        let scratch = try WorkerScratch()
        try WorkerExpiryTests.writeOneLeaveNow(in: scratch, channel: """
            channels:
              - {id: hook, type: desktop}
            """)
        let rules = scratch.path("rules"), state = scratch.path("state/state.db")
        // No session: an empty runtime directory (no `bus`), DBUS_SESSION_BUS_ADDRESS unset.
        let empty = try scratch.folder("run-empty")
        let held = try WorkerExpiryTests.runOnce(scratch, at: "2024-12-02T07:58", environment: ["XDG_RUNTIME_DIR": empty])
        XCTAssertEqual(held.status, 0, held.all)
        let line = try XCTUnwrap(LogLine.events("channel.held", in: held.stderr).first, held.stderr)
        XCTAssertEqual(line["channel"], "hook")
        XCTAssertEqual(line["msg"], "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS unset): desktop notifications need a graphical session; "
            + "the worker holds this channel's notifications until it has a session bus: run it in your desktop session (systemctl --user) "
            + "or with DBUS_SESSION_BUS_ADDRESS set, or send them to another channel")
        XCTAssertEqual(LogLine.events("notification.queued", in: held.stderr).count, 1, held.stderr)
        XCTAssertEqual(LogLine.events("notification.retry", in: held.stderr).count, 0, "not tried: \(held.stderr)")
        XCTAssertEqual(LogLine.events("notification.dead", in: held.stderr).count, 0, held.stderr)
        let entry = try XCTUnwrap(try SQLiteStore(path: state).list(statuses: nil, limit: 10).first)
        XCTAssertEqual(entry.status, .pending)
        XCTAssertEqual(entry.attempts, 0)

        for (language, expected) in [
            ("C.UTF-8", ["  channel hook: no D-Bus session bus for its desktop notifications; they are held\n",
                         "held: channel \"hook\": 1 notification waiting for a D-Bus session bus, which the worker does not have "
                            + "(run it in the desktop session: systemctl --user, or send them to another channel)"]),
            ("ja_JP.UTF-8", ["  チャンネル hook：デスクトップ通知に使う D-Bus のセッションバスがありません。このチャンネルの通知は保留されています\n",
                             "保留: チャンネル \"hook\": 通知 1 件が D-Bus のセッションバスを待っています。ワーカーにはセッションバスがありません。"
                                + "デスクトップのセッションで動かす（systemctl --user）か、別のチャンネルに送ってください"]),
        ] {
            let status = try LeavenowProcess.run(["status", "--rules", rules, "--state", state], environment: ["LANG": language])
            XCTAssertEqual(status.status, 1, "a held channel is a health problem: \(status.all)")
            for text in expected { XCTAssertTrue(status.stdout.contains(text), "\(language): \(text)\n\(status.stdout)") }
        }
        let json = try LeavenowProcess.run(["status", "--rules", rules, "--state", state, "--json"])
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], json.all)
        let heldJSON = try XCTUnwrap((report["held"] as? [[String: Any]])?.first, json.stdout)
        XCTAssertEqual(heldJSON["channel"] as? String, "hook")
        XCTAssertEqual(heldJSON["reason"] as? String, "no_session_bus")
        XCTAssertEqual(heldJSON["count"] as? Int, 1)

        // In a session (its bus socket in the runtime directory; notify-send records what it shows).
        let session = try scratch.folder("run-session")
        _ = FileManager.default.createFile(atPath: session + "/bus", contents: nil)
        let bin = try scratch.folder("bin")
        let shown = scratch.path("shown.txt")
        try scratch.write("bin/notify-send", "#!/bin/sh\nprintf '%s\\n' \"$@\" >> \(shown)\n")
        chmod(scratch.path("bin/notify-send"), 0o755)
        let sent = try WorkerExpiryTests.runOnce(scratch, at: "2024-12-02T07:59",
                                                 environment: ["XDG_RUNTIME_DIR": session, "PATH": bin + ":/usr/bin:/bin"])
        XCTAssertEqual(sent.status, 0, sent.all)
        XCTAssertEqual(LogLine.events("channel.held", in: sent.stderr).count, 0, sent.stderr)
        XCTAssertEqual(LogLine.events("notification.sent", in: sent.stderr).count, 1, sent.stderr)
        let arguments = try String(contentsOfFile: shown, encoding: .utf8)
        XCTAssertTrue(arguments.hasPrefix("--app-name=leavenow\n"), arguments)
        XCTAssertEqual(try SQLiteStore(path: state).list(statuses: nil, limit: 10).first?.status, .delivered)
    }
}
