import Config
import Daemon
import Delivery
import Foundation
import Notifications
import Secrets
import Store
import Worker
import XCTest

/// The committer hands each committed entry to the pump, but the pump may already have read the same
/// entry back from the outbox, sent it and recorded it: the late handed copy is dropped, not sent a
/// second time (the worker's window between commit and handoff, made wide here).
final class OutboxPumpHandoffTests: XCTestCase {
    func testAHandedCopyOfAnEntryAlreadySentFromTheOutboxIsNotSentAgain() throws {
        let sink = try WorkerWebhookSink()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-handoff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteStore(path: directory.appendingPathComponent("state.db").path)
        defer { store.close() }
        let channel = ChannelSpec(id: "hook", kind: .webhook, settings: ["url": sink.url],
                                  location: ConfigLocation(file: "channels.yaml", line: 1, column: 1))
        let dispatcher = Dispatcher(channels: [channel], secrets: SecretSource(environment: [:]),
                                    configuration: DispatcherConfiguration(maxConnections: 4, proxy: .direct))
        let log = directory.appendingPathComponent("pump.log").path
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let pump = OutboxPump(store: store, fleet: nil, dispatcher: dispatcher, logger: LogfmtLogger(fileHandle: try FileHandle(forWritingTo: URL(fileURLWithPath: log))))
        let now = Int64(Date().timeIntervalSince1970)
        let notices = (0..<3).map {
            Notice(key: "handoff/\($0)", rule: "handoff", kind: .leaveNow, fireAt: now, expiresAt: now + 600, channels: ["hook"],
                   urgency: .normal, language: .en, title: "t", text: "n\($0)")
        }
        let committed = try store.commit(notifications: notices, ruleStates: [String: Int](), now: now)
        XCTAssertEqual(committed.count, 3)
        // The pump reads the three back from the outbox and sends them before the handoff arrives…
        pump.deliver(now: now)
        XCTAssertEqual(try store.counts()[.delivered], 3)
        // … then the committer's copies come, as `fresh` of the next pass and as `incoming` of one.
        pump.deliver(now: now, fresh: committed)
        var handed = committed
        pump.deliver(now: now, incoming: { defer { handed = [] }; return handed })
        let requests = try sink.current().requests
        XCTAssertEqual(requests.count, 3, "each entry sent once: \(requests.map { $0.key ?? "-" })")
        XCTAssertEqual(Set(requests.compactMap(\.key)).count, 3)
    }
}
