import Daemon
import Delivery
import Glibc
import Store

/// Moves the outbox to the channels: expires what is too late, then sends what is due in batches
/// through the dispatcher and records each outcome (delivered, retry at, dead, expired) in one
/// transaction per batch — the delivery half of the worker, also driven by the benchmarks. The
/// entries of a channel whose secret is missing are held: neither sent nor dead, only expired.
///
/// Not `Sendable`: it uses the worker's database connection and curl handles.
public final class OutboxPump {
    private let store: any NotificationStore
    /// The channels' sender (replaced when the rules are reloaded).
    public var dispatcher: Dispatcher {
        didSet { heldChannels = Set(dispatcher.secretProblems.keys) }
    }
    /// Channels held until their secret is found (``Dispatcher/secretProblems``): their entries stay
    /// pending, are not sent, and still expire on time.
    public private(set) var heldChannels: Set<String>
    private let logger: LogfmtLogger
    /// The most entries sent in one round.
    public let batchSize: Int
    /// The outcome lines of the current round, written together (one `write` per round, not per
    /// notification: still one line per event, and one journal entry per line under systemd).
    private var pendingLines: [UInt8] = []

    /// A pump from `store` through `dispatcher`, logging every outcome.
    public init(store: any NotificationStore, dispatcher: Dispatcher, logger: LogfmtLogger, batchSize: Int = 512) {
        self.store = store
        self.dispatcher = dispatcher
        self.heldChannels = Set(dispatcher.secretProblems.keys)
        self.logger = logger
        self.batchSize = max(1, batchSize)
    }

    /// Expires what is too late, then sends everything due, in bounded rounds. `fresh` are entries
    /// just committed (as `commit` returned them): those due are sent first without reading them
    /// back. `betweenRounds` runs after each full round (the worker pings the systemd watchdog and
    /// looks for a pending SIGTERM there); it returns false to stop before the next round.
    public func deliver(now: Int64, fresh: [OutboxEntry] = [], betweenRounds: () -> Bool = { true }) {
        do {
            for entry in try store.expire(now: now) {
                logger.log(.notice, "notification.expired", ["id": "\(entry.id)", "rule": entry.notification.rule,
                                                            "channel": entry.channel, "key": entry.key])
            }
            let held = heldChannels
            var fresh = fresh.filter { entry in
                entry.status == .pending && entry.nextAttemptAt <= now && (entry.notification.expiresAt.map { $0 > now } ?? true)
                    && !held.contains(entry.channel)
            }[...]
            for _ in 0..<64 {
                let fromFresh = !fresh.isEmpty
                let due = fromFresh ? Array(fresh.prefix(batchSize)) : try store.due(now: now, limit: batchSize, excludingChannels: held)
                fresh = fresh.dropFirst(due.count)
                guard !due.isEmpty else { break }
                let jobs = due.map { DeliveryJob(id: $0.id, notification: $0.notification, channel: $0.channel, attempt: $0.attempts + 1) }
                let results = dispatcher.send(jobs)
                var records: [DeliveryRecord] = []
                records.reserveCapacity(due.count)
                for (entry, result) in zip(due, results) {
                    records.append(record(for: entry, result: result, now: now))
                }
                flushLog()
                try store.record(records, now: now)
                if (!fromFresh && due.count < batchSize) || !betweenRounds() { break }
            }
        } catch {
            logger.log(.error, "outbox.failed", ["msg": "\(error)"])
        }
    }

    /// What the store keeps of one attempt, logged; its error hides every configured secret (as the
    /// log does), after the dispatcher's own redaction.
    private func record(for entry: OutboxEntry, result: DeliveryResult, now: Int64) -> DeliveryRecord {
        let attempt = entry.attempts + 1
        func log(_ level: LogLevel, _ event: String, _ extra: @autoclosure () -> [(key: String, value: String)] = []) {
            guard level >= logger.minimumLevel else { return }
            let line = logger.line(level, event, fields: [(key: "id", value: "\(entry.id)"), (key: "rule", value: entry.notification.rule),
                                              (key: "channel", value: entry.channel), (key: "key", value: entry.key),
                                              (key: "attempt", value: "\(attempt)")] + extra())
            pendingLines.append(contentsOf: line.utf8)
            pendingLines.append(UInt8(ascii: "\n"))
        }
        switch result.outcome {
        case .delivered(let status):
            log(.info, "notification.sent", [(key: "status", value: status.map(String.init) ?? "-")])
            return DeliveryRecord(entryID: entry.id, outcome: .delivered(status: status))
        case .expired:
            log(.notice, "notification.expired")
            return DeliveryRecord(entryID: entry.id, outcome: .expired)
        case .permanent(let reason):
            log(.error, "notification.dead", [(key: "msg", value: reason)])
            return DeliveryRecord(entryID: entry.id, outcome: .dead(error: logger.redact(reason)))
        case .deferred:
            return DeliveryRecord(entryID: entry.id, outcome: .deferred(until: result.nextAttemptAt ?? now + 1))
        case .retry(_, let reason):
            guard let at = result.nextAttemptAt else {
                let message = "gave up after \(attempt) attempts: \(reason)"
                log(.error, "notification.dead", [(key: "msg", value: message)])
                return DeliveryRecord(entryID: entry.id, outcome: .dead(error: logger.redact(message)))
            }
            log(.warning, "notification.retry", [(key: "at", value: Worker.iso(at)), (key: "msg", value: reason)])
            return DeliveryRecord(entryID: entry.id, outcome: .retry(at: at, error: logger.redact(reason)))
        }
    }

    /// Writes the round's lines to the logger's descriptor; a failed write (a closed stderr) is
    /// dropped, as the logger does: logging never stops the worker.
    private func flushLog() {
        defer { pendingLines.removeAll(keepingCapacity: pendingLines.count <= 1 << 16) }
        pendingLines.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(logger.fileDescriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}

@available(*, unavailable, message: "the pump uses one thread's database connection and curl handles")
extension OutboxPump: Sendable {}
