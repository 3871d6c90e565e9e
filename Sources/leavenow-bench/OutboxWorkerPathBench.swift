import Channels
import Config
import Daemon
import Delivery
import Foundation
import Notifications
import Secrets
import Store
import Synchronization
import Worker

/// The durable path as the worker runs it (`OutboxSender`): one thread commits the notifications in
/// batches on its own SQLite connection (each durable before the sender learns of it) and hands each
/// committed batch over through a mailbox and an `eventfd`; the sending thread runs `OutboxPump`
/// on a second connection, taking what was committed while its transfers run. The commits overlap
/// the transfers on the second core; nothing is sent before its commit.
struct OutboxWorkerPath {
    let url: String
    let channels: [ChannelSpec]
    let secrets: SecretSource
    let batch: Int
    let connections: Int

    /// What the committing thread hands to the sender.
    private final class Mailbox: Sendable {
        struct Box {
            var entries: [OutboxEntry] = []
            var done = false
            var failure: String?
        }
        let box = Mutex(Box())
        let finished = DispatchSemaphore(value: 0)
    }

    /// Commits and sends `notifications` through a fresh state file in `directory`; returns how many
    /// were delivered (read back from the store).
    func run(_ notifications: [Notice], now: Int64, directory: String, logger: LogfmtLogger) throws -> Int {
        let path = directory + "/state.db"
        // Created first: the schema exists before the committing thread opens its connection.
        let store = try SQLiteStore(path: path)
        defer { store.close() }
        let dispatcher = Dispatcher(channels: channels, secrets: secrets,
                                    configuration: DispatcherConfiguration(maxConnections: connections, proxy: .direct))
        let pump = OutboxPump(store: store, fleet: nil, dispatcher: dispatcher, logger: logger, batchSize: batch)
        let wake = try WakeUpHandle()
        let mailbox = Mailbox()
        let batch = batch
        let committer = Thread {
            defer {
                mailbox.box.withLock { $0.done = true }
                wake.wakeUp()
                mailbox.finished.signal()
            }
            do {
                let writer = try SQLiteStore(path: path)
                defer { writer.close() }
                for start in stride(from: 0, to: notifications.count, by: batch) {
                    let queued = try writer.commit(notifications: Array(notifications[start..<min(start + batch, notifications.count)]),
                                                   ruleStates: [:], now: now)
                    mailbox.box.withLock { $0.entries += queued }
                    wake.wakeUp()
                }
            } catch {
                mailbox.box.withLock { $0.failure = "\(error)" }
            }
        }
        committer.name = "bench-committer"
        committer.start()
        func take() -> [OutboxEntry] {
            _ = wake.drain()
            return mailbox.box.withLock { box in
                defer { box.entries = [] }
                return box.entries
            }
        }
        while true {
            let done = mailbox.box.withLock { $0.done }
            pump.deliver(now: now, fresh: take(), wakeDescriptor: wake.descriptor, incoming: take)
            // Everything was committed before this pass started, so all of it was handed over.
            if done { break }
            _ = dispatcher.collect(waitMilliseconds: 100, wakeDescriptor: wake.descriptor)
        }
        mailbox.finished.wait()
        if let failure = mailbox.box.withLock({ $0.failure }) { throw LocalNginxError("worker path: the commits failed: \(failure)") }
        return try store.counts()[.delivered] ?? 0
    }
}
