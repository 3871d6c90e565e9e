import Daemon
import Delivery
import Glibc
import Store

/// Moves the outbox to the channels: expires what is too late, then keeps up to the pool's size
/// (``DispatcherConfiguration/maxConnections``) requests running and **records each outcome as its
/// request completes** (delivered, retry at, dead, expired, deferred; answers arriving within a
/// millisecond of each other, for at most 3 ms, share one transaction) before it starts another — the delivery half of the worker, also
/// driven by the benchmarks. At any moment, what was sent and not yet recorded is at most the pool:
/// a `kill -9` re-sends at most that many.
///
/// What starts first is the most urgent: the earliest expiry (a leave-now's departure), then the
/// earliest due, then the oldest. One channel never takes the whole pool while there are others:
/// it keeps at most pool − min(other channels, pool / 4) requests running, so a stalling or slow
/// channel leaves connections for the rest. The entries of a channel whose secret is missing, and
/// of a desktop channel that cannot show anything (no session bus, no `notify-send`: looked at again
/// at each ``deliver(now:fresh:wakeDescriptor:incoming:betweenRounds:)``), are held: neither sent nor
/// dead, only expired.
///
/// **A channel that answers again is not left waiting.** When a channel answers 2xx, its entries
/// waiting on a backoff become due at once (``OutboxStore/releaseBackoff(channels:now:)``; the
/// rate limits still apply), and a failure answered after that 2xx to a request sent before it (the
/// outage's last answer) is due at once too: after an outage the backlog goes out within seconds,
/// not at each entry's own next attempt. On a shared state other workers' failures are not seen
/// here, so a channel that answers is released again at most every ``sharedReleaseSeconds``.
///
/// Not `Sendable`: it uses one thread's database connection and curl handles.
public final class OutboxPump {
    private let store: any OutboxStore
    /// The shared-fleet capability of a PostgreSQL state (nil: one SQLite worker): shared rate limits.
    private let fleet: (any SharedFleetStore)?
    /// The channels' sender (replaced when the rules are reloaded; only while nothing is running).
    public var dispatcher: Dispatcher {
        didSet {
            undeliverable = dispatcher.undeliverableChannels()
            heldChannels = Set(dispatcher.secretProblems.keys).union(undeliverable.keys)
            Self.shareRates(of: dispatcher, through: fleet)
        }
    }
    /// Channels held until their secret is found (``Dispatcher/secretProblems``), and desktop
    /// channels held while they cannot show anything (``undeliverable``): their entries stay
    /// pending, are not sent, and still expire on time.
    public private(set) var heldChannels: Set<String>
    /// The desktop channels held because nothing can be shown now (``Dispatcher/undeliverableChannels()``), and why.
    public private(set) var undeliverable: [String: DesktopNotifierError]
    private let logger: LogfmtLogger
    /// The most entries read from the outbox at once.
    public let batchSize: Int
    /// Outcome lines not yet written (written with the outcomes they describe).
    private var pendingLines: [UInt8] = []
    /// Ids recorded lately: an entry read back from the outbox (`due`) may be sent and recorded
    /// before the committer hands the same entry over; that handed copy (as committed, before any
    /// attempt) is then dropped, not sent again. Entries read from the outbox are not filtered: a
    /// retry comes back through `due` with its new state.
    private var recentlyRecorded = RecentIDs(capacity: 8_192)
    /// Channels with a failure recorded since their backoff was last released.
    private var failing = Set<String>()
    /// When each channel's backoff was last released (seconds of the worker's clock).
    private var releasedAt: [String: Int64] = [:]
    /// Channels that answered 2xx in the outcomes not flushed yet.
    private var answered = Set<String>()
    /// How often a channel that keeps answering is released again: only this pump records failures
    /// on an SQLite state (never again), other workers too on a shared one.
    private let releaseEvery: Int64
    /// How often a shared state's channel that keeps answering releases the backoffs other workers recorded.
    public static let sharedReleaseSeconds: Int64 = 2

    /// A pump from `store` through `dispatcher`, logging every outcome; `fleet` is the state's
    /// shared-fleet capability when several workers share it (``NotificationStore/sharedFleet``).
    public init(store: any OutboxStore, fleet: (any SharedFleetStore)?, dispatcher: Dispatcher, logger: LogfmtLogger, batchSize: Int = 512) {
        self.store = store
        self.fleet = fleet
        self.dispatcher = dispatcher
        undeliverable = dispatcher.undeliverableChannels()
        self.heldChannels = Set(dispatcher.secretProblems.keys).union(undeliverable.keys)
        self.logger = logger
        self.batchSize = max(1, batchSize)
        releaseEvery = fleet != nil ? Self.sharedReleaseSeconds : .max
        Self.shareRates(of: dispatcher, through: fleet)
    }

    /// On a shared PostgreSQL state, the channels' rate limits are held across every worker: the
    /// store claims entries only as each channel's shared bucket allows (``SharedFleetStore/channelRates``);
    /// the dispatcher's own limiter still applies on top.
    private static func shareRates(of dispatcher: Dispatcher, through shared: (any SharedFleetStore)?) {
        guard let shared else { return }
        var rates: [String: ChannelRate] = [:]
        for (id, endpoint) in dispatcher.endpoints {
            guard let limit = endpoint.rateLimit, limit.perMinute > 0 else { continue }
            rates[id] = ChannelRate(perMinute: limit.perMinute, burst: limit.burst)
        }
        shared.channelRates = rates
    }

    /// Expires what is too late, then sends everything due until nothing due is left and nothing is
    /// running. `fresh` are entries just committed (as `commit` returned them): they are sent without
    /// reading them back.
    ///
    /// - Parameters:
    ///   - now: the pass's instant; later times come from the dispatcher's clock (never earlier).
    ///   - wakeDescriptor: a descriptor whose readability ends a wait for answers early (the
    ///     worker's sender: new entries were queued, or it is told to stop).
    ///   - incoming: entries committed since (checked between waits; the sender's inbox).
    ///   - betweenRounds: checked about every 100 ms of real time (the `--once` worker pings the
    ///     watchdog and looks for SIGTERM there); false stops starting requests: those running
    ///     finish (within the request timeout) and are recorded, then `deliver` returns.
    public func deliver(now: Int64, fresh: [OutboxEntry] = [], wakeDescriptor: Int32? = nil,
                        incoming: () -> [OutboxEntry] = { [] }, betweenRounds: () -> Bool = { true }) {
        var run = Run(pool: max(1, dispatcher.configuration.maxConnections), channels: dispatcher.endpoints.count)
        var records: [DeliveryRecord] = []
        func time() -> Int64 { max(now, dispatcher.currentSecond) }
        func flush(_ at: Int64) throws {
            guard !records.isEmpty else { return }
            flushLog()
            try store.record(records, now: at)
            for record in records { recentlyRecorded.insert(record.entryID) }
            records.removeAll(keepingCapacity: true)
            // Released entries are read back at once (not a second later).
            if try releaseHealedChannels(now: at) { run.exhausted = false }
        }
        refreshHolds()
        do {
            try expire(now: now)
            run.add(fresh.filter { !recentlyRecorded.contains($0.id) && usable($0, now: now) })
            var lastCheck = monotonicMilliseconds()
            var lastExpiry = now
            var stopped = false
            // Ends: every round starts, records or waits for an answer (a running request ends within
            // its timeout); nothing is read twice (`known`), and once nothing due is left the loop
            // breaks when the last answer is in.
            while true {
                let at = time()
                if !stopped, monotonicMilliseconds() - lastCheck >= 100 {
                    lastCheck = monotonicMilliseconds()
                    stopped = !betweenRounds()
                }
                if !stopped {
                    run.add(incoming().filter { !recentlyRecorded.contains($0.id) && usable($0, now: at) })
                    if at > lastExpiry {
                        try expire(now: at)
                        lastExpiry = at
                    }
                    // Read more from the outbox when the queue runs low: at once while the last read
                    // was full, else once per second of the clock (retries coming due meanwhile).
                    if run.queue.count < run.pool, !run.exhausted || at > run.readAt {
                        let limit = batchSize + run.known.count
                        let due = try store.due(now: at, limit: limit, excludingChannels: heldChannels)
                        run.exhausted = due.count < limit
                        run.readAt = at
                        run.add(due.filter { usable($0, now: at) })
                    }
                    while dispatcher.runningCount < run.pool, let entry = run.next(running: dispatcher) {
                        let job = DeliveryJob(id: entry.id, notification: entry.notification, channel: entry.channel,
                                              attempt: entry.attempts + 1)
                        let tag = run.nextTag
                        run.nextTag &+= 1
                        if let result = dispatcher.start(job, tag: tag) {
                            run.known.remove(entry.id)
                            records.append(record(for: entry, result: result, now: at))
                        } else {
                            run.running[tag] = entry
                            run.startedAt[tag] = monotonicMicroseconds()
                        }
                    }
                    try flush(at)
                }
                if dispatcher.runningCount == 0 {
                    if stopped || (run.queue.isEmpty && run.exhausted && run.readAt >= time()) {
                        let more = stopped ? [] : incoming().filter { !recentlyRecorded.contains($0.id) && usable($0, now: time()) }
                        if more.isEmpty { break }
                        run.add(more)
                    }
                    continue
                }
                var completed = dispatcher.collect(waitMilliseconds: 100, wakeDescriptor: wakeDescriptor)
                guard !completed.isEmpty else { continue }
                // Answers arriving close together (each within 1 ms of the last, for at most 3 ms, up
                // to half the pool) share one transaction: far fewer commits, and a freed connection
                // waits at most that long for its next request.
                let groupStart = monotonicMicroseconds()
                while dispatcher.runningCount > 0, completed.count < max(1, run.pool / 2),
                      monotonicMicroseconds() - groupStart < 3_000 {
                    let more = dispatcher.collect(waitMilliseconds: 1)
                    if more.isEmpty { break }
                    completed += more
                }
                let finished = time()
                let answeredAt = monotonicMicroseconds()
                for (tag, result) in completed where result.outcome.isDelivered {
                    if let channel = run.running[tag]?.channel { run.lastAnswered[channel] = answeredAt }
                }
                for (tag, answer) in completed {
                    guard let entry = run.running.removeValue(forKey: tag) else { continue }
                    let started = run.startedAt.removeValue(forKey: tag) ?? .max
                    var result = answer
                    // Sent while the channel was failing, answered after it answered 2xx: the outage's
                    // last answer, not a new failure. Due at once (its attempt counted).
                    if case .retry = result.outcome, result.nextAttemptAt != nil,
                       let healed = run.lastAnswered[entry.channel], started < healed {
                        result.nextAttemptAt = finished
                        run.exhausted = false
                    }
                    run.known.remove(entry.id)
                    records.append(record(for: entry, result: result, now: finished))
                }
                // Recorded before anything else starts: sent-but-unrecorded never exceeds the pool.
                try flush(finished)
            }
        } catch {
            logger.log(.error, "outbox.failed", ["msg": "\(error)"])
            // Whatever still runs is answered but cannot be recorded now: it stays pending and is
            // sent again later (with the same Idempotency-Key).
            while dispatcher.runningCount > 0 { _ = dispatcher.collect(waitMilliseconds: 100) }
        }
    }

    /// Looks again at the desktop channels (a session bus may have come, or gone) and logs what changed:
    /// `channel.held` with the reason and how to fix it, `channel.available` when they can show again.
    private func refreshHolds() {
        let now = dispatcher.undeliverableChannels()
        guard now.keys != undeliverable.keys else { return }
        for (id, error) in now.sorted(by: { $0.key < $1.key }) where undeliverable[id] == nil {
            logger.log(.warning, "channel.held", ["channel": id, "msg": error.holdMessage.english])
        }
        for id in undeliverable.keys.sorted() where now[id] == nil {
            logger.log(.notice, "channel.available", ["channel": id, "msg": "desktop notifications can be shown again: its held notifications are sent"])
        }
        undeliverable = now
        heldChannels = Set(dispatcher.secretProblems.keys).union(now.keys)
    }

    /// Pending, due, not expired, not held.
    private func usable(_ entry: OutboxEntry, now: Int64) -> Bool {
        entry.status == .pending && entry.nextAttemptAt <= now && (entry.notification.expiresAt.map { $0 > now } ?? true)
            && !heldChannels.contains(entry.channel)
    }

    /// Marks what expired, logged.
    private func expire(now: Int64) throws {
        for entry in try store.expire(now: now) {
            logger.log(.notice, "notification.expired", ["id": "\(entry.id)", "rule": entry.notification.rule,
                                                        "channel": entry.channel, "key": entry.key])
        }
    }

    /// The state of one `deliver`: the queue (most urgent last), what runs, what is known.
    private struct Run {
        let pool: Int
        /// The most requests one channel keeps running while there are other channels.
        let channelCap: Int
        var queue: [OutboxEntry] = []
        /// Ids queued or running (the outbox still calls them pending: never read them twice).
        var known = Set<Int64>()
        var running: [Int: OutboxEntry] = [:]
        /// When each running request started (monotonic microseconds), by tag.
        var startedAt: [Int: Int64] = [:]
        /// When each channel last answered 2xx (monotonic microseconds).
        var lastAnswered: [String: Int64] = [:]
        var nextTag = 0
        /// The last read returned everything due at `readAt`.
        var exhausted = false
        var readAt = Int64.min

        init(pool: Int, channels: Int) {
            self.pool = pool
            channelCap = max(1, pool - min(max(0, channels - 1), pool / 4))
        }

        /// Adds entries not queued or running yet, keeping the queue ordered by urgency.
        mutating func add(_ entries: [OutboxEntry]) {
            var added = false
            for entry in entries where known.insert(entry.id).inserted {
                queue.append(entry)
                added = true
            }
            guard added else { return }
            // Most urgent last (popped first): earliest expiry, then earliest due, then oldest.
            queue.sort { a, b in
                let ea = a.notification.expiresAt ?? .max, eb = b.notification.expiresAt ?? .max
                if ea != eb { return ea > eb }
                if a.nextAttemptAt != b.nextAttemptAt { return a.nextAttemptAt > b.nextAttemptAt }
                return a.id > b.id
            }
        }

        /// Takes the most urgent entry whose channel is under its cap.
        mutating func next(running dispatcher: Dispatcher) -> OutboxEntry? {
            guard let last = queue.last else { return nil }
            if channelCap >= pool || dispatcher.runningCount(channel: last.channel) < channelCap { return queue.removeLast() }
            var full: Set<String> = [last.channel]
            for index in queue.indices.reversed().dropFirst() {
                let channel = queue[index].channel
                if full.contains(channel) { continue }
                if dispatcher.runningCount(channel: channel) < channelCap { return queue.remove(at: index) }
                full.insert(channel)
            }
            return nil
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
            answered.insert(entry.channel)
            log(.info, "notification.sent", [(key: "status", value: status.map(String.init) ?? "-")])
            return DeliveryRecord(entryID: entry.id, outcome: .delivered(status: status))
        case .expired:
            log(.notice, "notification.expired")
            return DeliveryRecord(entryID: entry.id, outcome: .expired)
        case .permanent(let reasonText):
            let reason = reasonText.english  // the log and the outbox keep English
            log(.error, "notification.dead", [(key: "msg", value: reason)])
            return DeliveryRecord(entryID: entry.id, outcome: .dead(error: logger.redact(reason)))
        case .deferred:
            return DeliveryRecord(entryID: entry.id, outcome: .deferred(until: result.nextAttemptAt ?? now + 1))
        case .retry(_, let reasonText):
            let reason = reasonText.english  // the log and the outbox keep English
            guard let at = result.nextAttemptAt else {
                let message = "gave up after \(attempt) attempts: \(reason)"
                log(.error, "notification.dead", [(key: "msg", value: message)])
                return DeliveryRecord(entryID: entry.id, outcome: .dead(error: logger.redact(message)))
            }
            if at > now { failing.insert(entry.channel) }
            log(.warning, "notification.retry", [(key: "at", value: Worker.iso(at)), (key: "msg", value: reason)])
            return DeliveryRecord(entryID: entry.id, outcome: .retry(at: at, error: logger.redact(reason)))
        }
    }

    /// Releases the backoff of the channels that answered 2xx since the last flush — those with a
    /// failure recorded since their last release, those never released by this pump (entries left
    /// waiting by an earlier run), and on a shared state those last released ``releaseEvery`` ago —
    /// and logs what became due. True when something did.
    private func releaseHealedChannels(now: Int64) throws -> Bool {
        guard !answered.isEmpty else { return false }
        let healed = answered.filter { channel in
            failing.contains(channel) || releasedAt[channel].map { now - $0 >= releaseEvery } ?? true
        }
        answered.removeAll(keepingCapacity: true)
        guard !healed.isEmpty else { return false }
        let released = try store.releaseBackoff(channels: healed, now: now)
        for channel in healed {
            failing.remove(channel)
            releasedAt[channel] = now
        }
        guard released > 0 else { return false }
        logger.log(.info, "channel.recovered", ["channels": healed.sorted().joined(separator: ","), "released": "\(released)",
                                                "msg": "the channel answered again: the notifications waiting on a backoff are due now"])
        return true
    }

    /// Writes the pending lines to the logger's descriptor, whole lines of at most `PIPE_BUF` bytes
    /// per `write` (the worker's other thread logs to the same descriptor: lines never interleave).
    /// A failed write (a closed stderr) is dropped, as the logger does: logging never stops the worker.
    private func flushLog() {
        defer { pendingLines.removeAll(keepingCapacity: pendingLines.count <= 1 << 16) }
        pendingLines.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            let bytes = buffer.bindMemory(to: UInt8.self)
            var offset = 0
            while offset < buffer.count {
                // The longest run of whole lines within PIPE_BUF (or one longer line on its own).
                var end = min(buffer.count, offset + Int(PIPE_BUF))
                if end < buffer.count {
                    var cut = end
                    while cut > offset, bytes[cut - 1] != UInt8(ascii: "\n") { cut -= 1 }
                    if cut > offset {
                        end = cut
                    } else {
                        end = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? buffer.count
                    }
                }
                var written = 0
                while written < end - offset {
                    let result = Glibc.write(logger.fileDescriptor, base + offset + written, end - offset - written)
                    if result < 0 {
                        if errno == EINTR { continue }
                        return
                    }
                    written += result
                }
                offset = end
            }
        }
    }
}

/// Milliseconds of the monotonic clock.
func monotonicMilliseconds() -> Int64 {
    monotonicMicroseconds() / 1_000
}

/// Microseconds of the monotonic clock.
func monotonicMicroseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000
}

@available(*, unavailable, message: "the pump uses one thread's database connection and curl handles")
extension OutboxPump: Sendable {}

/// The last `capacity` ids inserted, for membership tests (oldest forgotten first).
struct RecentIDs {
    private var members = Set<Int64>()
    private var ring: [Int64] = []
    private var next = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = max(1, capacity) }

    mutating func insert(_ id: Int64) {
        guard members.insert(id).inserted else { return }
        if ring.count < capacity {
            ring.append(id)
        } else {
            members.remove(ring[next])
            ring[next] = id
            next = (next + 1) % capacity
        }
    }

    func contains(_ id: Int64) -> Bool { members.contains(id) }
}
