import Daemon
import Foundation
import Store

/// Tells systemd and `leavenow status` what comes next, after each pass: how many rules, the
/// outbox's pending entries, the channels held and why, the next wake-up — the status line
/// (`systemctl status`) when it changed, and the worker's status record in `meta` (on a shared state
/// each worker has its own, kept at most a heartbeat old: it is also the worker's last pass). At a
/// clean stop it records that, and why. It reads the outbox and writes `meta`.
final class StatusPublisher: WorkerService {
    typealias Capabilities = OutboxReader & MetaStore

    private let store: any Capabilities
    private let decider: Decider
    private let sender: Sender
    private let leases: LeaseKeeper?
    /// The services whose next runs make the worker's next wake-up.
    private let upcoming: [any WorkerService]
    private let options: WorkerOptions
    private let clock: any WorkerClock
    private let systemd: SystemdNotifier
    private let logger: LogfmtLogger
    /// The status line as last published (systemd hears it again at `READY`).
    private(set) var text = "starting"
    /// When the worker next looks (set by each pass).
    private(set) var nextWake: Int64?
    /// The status line last written, and when the record was.
    private var lastText = ""
    private var lastWritten: Int64?
    /// The channels held at the last pass, and its instant (for the stop record).
    private var lastHeld: [WorkerStatusRecord.Held] = []
    private var lastPass: Int64?

    init(store: any Capabilities, decider: Decider, sender: Sender, leases: LeaseKeeper?, upcoming: [any WorkerService], options: WorkerOptions,
         clock: any WorkerClock, systemd: SystemdNotifier, logger: LogfmtLogger) {
        self.store = store
        self.decider = decider
        self.sender = sender
        self.leases = leases
        self.upcoming = upcoming
        self.options = options
        self.clock = clock
        self.systemd = systemd
        self.logger = logger
    }

    /// Works out the next wake-up from the services (never before the next second) and publishes it.
    func run(at now: Int64) {
        lastPass = now
        nextWake = upcoming.compactMap(\.nextRun).min().map { max($0, now + 1) }
        let pending = pendingCount
        let secretProblems = sender.dispatcher.secretProblems
        let undeliverable = sender.dispatcher.undeliverableChannels()
        let heldCounts = secretProblems.isEmpty && undeliverable.isEmpty ? [:] : ((try? store.pendingCountsByChannel()) ?? [:])
        let held = secretProblems.sorted { $0.key < $1.key }.map { id, problem in
            WorkerStatusRecord.Held(channel: id, secret: problem.secret ?? "", count: heldCounts[id] ?? 0)
        } + undeliverable.sorted { $0.key < $1.key }.map { id, error in
            WorkerStatusRecord.Held(channel: id, reason: WorkerStatusRecord.Held.Reason(error), count: heldCounts[id] ?? 0)
        }
        var line = "\(decider.rules.engine.rules.count) rules; outbox \(pending) pending"
        for item in held { line += "; \(item.count) held for channel \(item.channel) (\(item.reasonText))" }
        if let first = decider.firstWake { line += "; next: \(first.rule) at \(Worker.iso(first.at))" }
        text = line
        lastHeld = held
        // On a shared state the record is also the worker's last pass for `status`: kept at most a
        // heartbeat old (one more upsert every 10 s).
        let due = leases.map { leases in lastWritten.map { now - $0 >= leases.heartbeatInterval || now < $0 } ?? true } ?? false
        guard line != lastText || due else { return }
        if line != lastText { _ = try? systemd.status(line) }
        lastText = line
        lastWritten = now
        let json = WorkerStatusRecord.json(pid: getpid(), at: now, next: nextWake, wakes: decider.wakeTimes, held: held, once: options.once,
                                           context: context(at: now))
        // On a shared state each worker has its own record (`status` shows the fleet).
        try? store.setMeta(leases.map { WorkerStatusRecord.key(worker: $0.workerID) } ?? WorkerStatusRecord.metaKey, json)
    }

    /// How many outbox entries are pending (0 when the state cannot say).
    var pendingCount: Int { (try? store.counts()[.pending]) ?? 0 }

    /// Writes that the worker stopped cleanly, and why (nil: `--once`, its one pass done), for
    /// `leavenow status`: under the state's one status key (on a shared state: the last worker that
    /// stopped; its own record goes).
    func recordStop(_ reason: WorkerStatusRecord.Stop.Reason?) {
        let now = clock.seconds()
        let at = lastPass ?? now
        let json = WorkerStatusRecord.json(pid: getpid(), at: at, next: nil, wakes: decider.wakeTimes, held: lastHeld, once: options.once,
                                           context: context(at: at, stopped: reason.map { WorkerStatusRecord.Stop(at: now, reason: $0) }))
        do {
            try store.setMeta(WorkerStatusRecord.metaKey, json)
            if let leases { try store.setMeta(WorkerStatusRecord.key(worker: leases.workerID), nil) }
        } catch {
            logger.log(.warning, "worker.status_unwritten", ["msg": "\(error); `leavenow status` may not know the worker stopped cleanly"])
        }
    }

    /// What the status record says besides the pass: the worker's id and lease TTL on a shared
    /// state, and the real moment its clock read `now` (so `status` reads the worker's clock).
    private func context(at now: Int64, stopped: WorkerStatusRecord.Stop? = nil) -> WorkerStatusRecord.Context {
        var context = WorkerStatusRecord.Context(worker: leases?.workerID, leaseTTL: leases == nil ? nil : options.leaseTTL, stopped: stopped)
        // A clock that does not run with real time (a test's, moved by hand) has no such relation.
        let rate = clock.realSecondsPerSecond
        if rate > 0, rate.isFinite {
            context.realAtMilliseconds = Int64((clock.realTime(of: Double(now)).timeIntervalSince1970 * 1000).rounded())
            context.speed = 1 / rate
        }
        return context
    }
}

@available(*, unavailable, message: "a service of the worker's one thread")
extension StatusPublisher: Sendable {}
