import Daemon
import Foundation
import Rules
import Store

/// `leavenow run`: the long-running worker, a small supervisor over services (``WorkerService``),
/// each with one job and only the store capability it uses: ``LeaseKeeper``, ``Decider`` (facts →
/// stepper → commit), ``HealthWatch``, ``Heartbeat``, ``Sender``, ``Purger``, ``Checkpointer`` and
/// ``StatusPublisher``. The supervisor owns the clock, the signals, the reloads and the shutdown
/// order. Each pass reads the clock once and runs every service at that instant, in order; then it
/// sleeps until the earliest next run a service asked for, the systemd watchdog, a signal, a change
/// in the rules directory or a clock jump.
///
/// Not `Sendable`: the worker is one thread's loop (it owns curl handles and the database).
public final class Worker {
    private let options: WorkerOptions
    private let clock: any WorkerClock
    private let logger: LogfmtLogger
    private let systemd: SystemdNotifier
    private let leases: LeaseKeeper?
    private let decider: Decider
    private let sender: Sender
    private let heartbeat: Heartbeat
    private let status: StatusPublisher
    private let checkpointer: Checkpointer
    /// Every service but the status, in the order of a pass.
    private let services: [any WorkerService]
    /// The wake-up source while `run` runs (nil for passes driven from outside), and the events it
    /// gave between delivery rounds, handled after the pass.
    private var wake: WakeSource?
    private var pendingReasons: [WakeReason] = []
    private var stopping = false
    private var lastPass: Int64?
    /// This worker's id on a shared state: its leases, and the outbox entries it claims.
    public let workerID = UUID().uuidString.lowercased()
    /// The sources whose last fetch in this process failed, with their errors for people.
    public let fetchFailures = LiveFetchFailures()

    /// Loads the rules (failing with every problem when they do not check), then as ``init(options:rules:clock:logger:)``.
    public convenience init(options: WorkerOptions, clock: any WorkerClock = SystemWorkerClock(), logger: LogfmtLogger) throws {
        try self.init(options: options, rules: try options.loadRules(), clock: clock, logger: logger)
    }

    /// Opens the state and prepares the first pass of `rules` (loaded once, by the command:
    /// ``WorkerOptions/loadRules()``) at the clock's current time.
    public init(options: WorkerOptions, rules: Workspace, clock: any WorkerClock = SystemWorkerClock(), logger: LogfmtLogger) throws {
        self.options = options
        self.clock = clock
        self.logger = logger
        systemd = try SystemdNotifier(environment: options.environment)
        let store = try StateOpening.open(options, clock: clock, logger: logger, systemd: systemd)
        let fleet = store.sharedFleet
        // What this worker queues and sends is claimed under its id (the sender's store too).
        fleet?.claimOutbox(as: workerID, for: options.outboxClaimSeconds)
        leases = try LeaseKeeper(options: options, id: workerID, clock: clock, logger: logger)
        let now = clock.seconds()
        let handoff = OutboxHandoff()
        let facts = WorkerFacts(options: options, index: store, logger: logger, failures: fetchFailures)
        decider = try Decider(rules: rules, store: store, facts: facts, leases: leases, handoff: handoff, clock: clock, logger: logger, now: now)
        sender = Sender(rules: rules, options: options, store: store, fleet: fleet, handoff: handoff, clock: clock, logger: logger)
        decider.reportLoaded(at: now)
        let health = HealthWatch(rules: rules, store: store, decider: decider, sender: sender, leases: leases, handoff: handoff, logger: logger)
        heartbeat = Heartbeat(rules: rules, options: options, leases: leases, logger: logger)
        checkpointer = Checkpointer(store: store)
        let pass: [(any WorkerService)?] = [leases, decider, health, heartbeat, sender,
                                            Purger(store: store, retentionDays: options.retentionDays, logger: logger), checkpointer]
        services = pass.compactMap { $0 }
        status = StatusPublisher(store: store, decider: decider, sender: sender, leases: leases, upcoming: services, options: options,
                                 clock: clock, systemd: systemd, logger: logger)
        leases?.onChange = { [unowned decider] now in decider.adoptLeases(at: now) }
        sender.betweenRounds = { [unowned self] in betweenDeliveryRounds() }
        logger.log(.info, "rules.loaded", ["dir": options.rulesDirectory, "rules": "\(rules.engine.rules.count)",
                                          "boards": "\(rules.boards.count)", "channels": "\(rules.configuration.channels.count)"])
    }

    /// Runs until SIGTERM / SIGINT (or, with `--once`, one pass; with `until`, the clock passing it).
    public func run() throws {
        // One worker per SQLite file; a PostgreSQL state is shared by several workers on purpose.
        let lock = options.isSharedState ? nil : try SingleInstanceLock(stateDirectory: options.stateDirectory)
        defer { lock?.release() }
        let wake = try WakeSource(watching: options.rulesDirectory)
        self.wake = wake
        defer { self.wake = nil }
        // Before the wake-up source goes (closing its watches takes a while): the stop is recorded on time.
        var stop: WorkerStatusRecord.Stop.Reason?, clean = false
        defer { shutdown(clean: clean, reason: stop) }
        // The sender thread starts after the WakeSource blocked the signals: it inherits the mask.
        if !options.once { try sender.startThread(rules: decider.rules, claimer: workerID) }
        logger.log(.info, "worker.started", ["pid": "\(getpid())", "state": (try? options.stateLocation.description) ?? "?",
                                             "mode": options.fixtures == nil ? "live" : "recorded"])
        for round in 0... {
            let next = pass()
            if round == 0 { _ = try? systemd.ready(status: status.text) }
            if options.once { break }
            if stopping { stop = .signal; break }
            if let until = options.until, clock.now() >= Double(until) { stop = .until; break }
            let reasons = pendingReasons.isEmpty ? try wake.wait(until: deadline(next)) : pendingReasons
            pendingReasons = []
            _ = try? systemd.watchdog()
            for reason in reasons { handle(reason) }
            if stopping { stop = .signal; break }
        }
        _ = try? systemd.stopping(status: "stopping")
        clean = true
    }

    /// One pass at the clock's current time: every service runs at that instant; returns when the
    /// worker should next look.
    @discardableResult
    public func pass() -> Int64? {
        let now = clock.seconds()
        if let last = lastPass, now < last - 1 || now > last + 3_600 {
            logger.log(.notice, "clock.jumped", ["from": Self.iso(last), "to": Self.iso(now),
                                                 "msg": "re-planning: what expired is skipped, not sent late"])
        }
        lastPass = now
        for service in services { service.run(at: now) }
        status.run(at: now)
        return status.nextWake
    }

    /// The ids of the rules this worker evaluates: all, or on a shared state those of its leased partitions.
    public var activeRules: [String] { decider.activeRules }

    /// On a shared state, until when the leases behind ``activeRules`` are valid (nil: none, or SQLite).
    public var leasedUntil: Int64? { leases?.expiry }

    /// The real moment to wake at for `next` of the worker's clock: no later than `until` nor the
    /// systemd watchdog's next ping.
    private func deadline(_ next: Int64?) -> Date? {
        let ping = systemd.watchdogPingInterval.map {
            clock.realNow().addingTimeInterval(Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18)
        }
        return [next.map { clock.realTime(of: Double($0)) }, options.until.map { clock.realTime(of: Double($0)) }, ping].compactMap { $0 }.min()
    }

    /// Between the rounds of a long inline send (`--once`): keeps the watchdog fed and stops early on SIGTERM.
    private func betweenDeliveryRounds() -> Bool {
        _ = try? systemd.watchdog()
        if let wake, let reasons = try? wake.wait(until: .distantPast) {
            pendingReasons += reasons.filter { $0 != .deadline }
        }
        return !pendingReasons.contains { $0 == .signal(.terminate) || $0 == .signal(.interrupt) }
    }

    /// The shutdown order: the sender lets its requests finish and records them; the clean stop is
    /// recorded; the heartbeat's last ping ends; the leases are handed back; the state is closed last.
    private func shutdown(clean: Bool, reason: WorkerStatusRecord.Stop.Reason?) {
        let now = clock.seconds()
        sender.stop(at: now)
        if clean {
            if reason != nil || options.once { status.recordStop(reason) }
            logger.log(.info, "worker.stopped", ["pending": "\(status.pendingCount)"])
        }
        heartbeat.stop(at: now)
        leases?.stop(at: clock.seconds())
        checkpointer.stop(at: now)
    }

    private func handle(_ reason: WakeReason) {
        switch reason {
        case .signal(.terminate), .signal(.interrupt):
            logger.log(.info, "worker.stopping", ["msg": "signal received; the sends in flight finish, then the worker exits"])
            stopping = true
        case .signal(.hangup):
            reload(because: "SIGHUP")
        case .directoryChanged:
            reload(because: "the rules directory changed")
        case .clockChanged:
            logger.log(.notice, "clock.changed", ["msg": "the wall clock was set; re-planning"])
            sender.poke()
        case .resumed(let seconds):
            logger.log(.notice, "clock.resumed", fields: [(key: "suspended_s", value: "\(Int(seconds))"),
                                                         (key: "msg", value: "resumed from suspend; re-planning")])
            sender.poke()
        case .deadline, .woken:
            break
        }
    }

    /// Loads the rules again and hands them to every service; when they do not check, keeps the
    /// running ones and says why.
    private func reload(because cause: String) {
        _ = try? systemd.reloading()
        defer { _ = try? systemd.ready(status: status.text) }
        let now = clock.seconds()
        do {
            let fresh = try options.loadRules()
            // The sender first: the channels' problems are logged before the boards', as at the start.
            for service in [sender as any WorkerService] + services.filter({ $0 !== sender }) { service.reload(fresh, at: now) }
            logger.log(.info, "rules.reloaded", ["cause": cause, "rules": "\(fresh.engine.rules.count)"])
        } catch {
            logger.log(.error, "rules.reload_failed", ["cause": cause, "msg": "keeping the running rules: " + error.rendered])
        }
    }
}

@available(*, unavailable, message: "the worker is one thread's loop")
extension Worker: Sendable {}
