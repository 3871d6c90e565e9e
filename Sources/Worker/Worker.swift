import Config
import Daemon
import Delivery
import Facts
import Foundation
import HTTP
import LiveSources
import Notifications
import Rules
import Secrets
import Store
import Timetable
import Messages

/// `leavenow run`: the long-running worker. Each pass it fetches the sources that are due, runs the
/// rules that are due, commits what they decided to the outbox together with their new state (one
/// transaction: a crash neither loses nor repeats a decision), and hands what it queued to the
/// sender; then it sleeps until the earliest next thing — a rule's wake-up, a source's refresh, the
/// systemd watchdog — or a signal, a change in the rules directory, a clock jump.
///
/// Deciding and sending are separate: under ``run()`` the outbox is sent by an ``OutboxSender`` on
/// its own thread (own SQLite connection, own curl multi handle), so no channel — slow, stalling,
/// failing — delays a rule's evaluation or the commit of its decisions. Passes driven from outside
/// (``pass()`` without `run`, and `--once`) send inline after the commit: expire, send what is due,
/// record each outcome as its request completes.
///
/// Not `Sendable`: the worker is one thread's loop (it owns curl handles and the database).
public final class Worker {
    private let options: WorkerOptions
    private let clock: any WorkerClock
    private let logger: LogfmtLogger
    private let store: any NotificationStore
    private let systemd: SystemdNotifier
    private var rules: Workspace
    private var supply: any FactSupply
    private var pump: OutboxPump
    private var stepper: RuleStepper
    private var state: EngineState
    private var schedules = ScheduleCache()
    private var lastNow: Int64?
    private var lastStatus = ""
    private var statusText = "starting"
    private var stopping = false
    /// The wake-up source while `run` runs (nil for passes driven from outside).
    private var wake: WakeSource?
    /// Events seen between delivery rounds, handled after the pass.
    private var pendingReasons: [WakeReason] = []
    /// When the outbox was last purged of old entries (read from the state once).
    private var purgedAt: Int64?
    /// The sending thread while `run` runs without `--once` (nil: passes send inline).
    private var sender: OutboxSender?
    /// On a shared PostgreSQL state, the partitions of the rules this worker evaluates (nil: all rules).
    private var leased: LeasedRules?
    /// This worker's id on a shared state: its leases, and the outbox entries it claims.
    public let workerID: String
    /// The sources whose last fetch in this process failed, with their errors for people.
    public let fetchFailures = LiveFetchFailures()
    /// Since when (real seconds) the PostgreSQL server has been unreachable while running (nil: it answers).
    private var unreachableSince: Int64?
    /// Records each rule evaluation in the rules' history (``HistoryRecorder``; `history:` section).
    private var recorder: HistoryRecorder
    /// True until the first pass after a start or a reload (its evaluations are marked `start`).
    private var startingPass = true
    /// The watchdog of the `health:` section (nil without one).
    private var health: HealthMonitor?
    /// The heartbeat pings of the `health:` section (nil without one, or without its URL).
    private var heartbeat: HeartbeatPinger?
    /// When the next heartbeat ping is due.
    private var nextPing: Int64?
    /// Since when the commits of the rules' decisions fail, and the last error (nil: they succeed).
    private var commitFailure: (since: Int64, error: String)?

    /// Opens the state, loads the rules (failing with every problem when they do not check) and
    /// prepares the first pass at the clock's current time.
    public init(options: WorkerOptions, clock: any WorkerClock = SystemWorkerClock(), logger: LogfmtLogger) throws {
        self.options = options
        self.clock = clock
        self.logger = logger
        self.systemd = try SystemdNotifier(environment: options.environment)
        let workerID = UUID().uuidString.lowercased()
        self.workerID = workerID
        self.store = try Self.openState(options: options, logger: logger, systemd: systemd)
        if case .postgres(let url) = try options.stateLocation {
            self.leased = LeasedRules(url: url, id: workerID, ttl: options.leaseTTL, logger: logger)
            // What this worker queues and sends is claimed under its id (the sender's store too).
            if let shared = store as? PostgresStore {
                shared.claimer = workerID
                shared.claimSeconds = options.outboxClaimSeconds
            }
        }
        let rules = try Self.load(options)
        self.rules = rules
        let now = Int64(clock.now().rounded(.down))
        // On a shared state the rules' states are read as their partitions are leased (adoptLeases).
        self.state = leased != nil ? EngineState() : try store.loadEngineState { rule, error in
            logger.log(.warning, "state.reset", ["rule": rule, "msg": "the stored state does not decode; the rule starts afresh: \(error)"])
        }
        self.pump = OutboxPump(store: store, dispatcher: Self.dispatcher(for: rules.configuration, options: options, clock: clock, logger: logger),
                               logger: logger, batchSize: options.batchSize)
        let engine = leased?.engine(for: rules.configuration, now: now) ?? rules.engine
        self.stepper = RuleStepper(engine: engine, start: now)
        self.recorder = HistoryRecorder(engine: engine, configuration: rules.configuration)
        stepper.recordsEvaluations = recorder.isOn
        self.supply = Self.supply(for: rules, options: options, store: store, logger: logger, now: now, failures: fetchFailures)
        self.purgedAt = (try? store.meta(Self.purgedAtKey)).flatMap { $0.flatMap { Int64($0) } }
        // Each source a board lacks once (board.unloadable / board.incomplete), then skipped fixtures.
        Self.logBoardHealth(rules, now: now, logger: logger)
        for warning in rules.factWarnings { logger.log(.warning, "fixture.warning", ["msg": warning]) }
        configureHealth(rules.configuration)
        logger.log(.info, "rules.loaded", ["dir": options.rulesDirectory, "rules": "\(rules.engine.rules.count)",
                                          "boards": "\(rules.boards.count)", "channels": "\(rules.configuration.channels.count)"])
    }

    // MARK: - The loop

    /// Runs until SIGTERM / SIGINT (or, with `--once`, one pass; with `until`, the clock passing it).
    public func run() throws {
        // One worker per SQLite file; a PostgreSQL state is shared by several workers on purpose.
        let lock = options.isSharedState ? nil : try SingleInstanceLock(stateDirectory: options.stateDirectory)
        defer { lock?.release() }
        defer { leased?.release(now: Int64(clock.now().rounded(.down))) }
        let wake = try WakeSource(watching: options.rulesDirectory)
        self.wake = wake
        defer { self.wake = nil }
        // The sender thread starts after the WakeSource blocked the signals: it inherits the mask,
        // so SIGTERM / SIGHUP reach the signalfd and never kill it.
        if !options.once {
            sender = try OutboxSender(options: options, channels: rules.configuration.channels, clock: clock, logger: logger,
                                  claimer: workerID)
        }
        defer { stopSender() }
        defer { heartbeat?.stop() }
        logger.log(.info, "worker.started", ["pid": "\(getpid())", "state": (try? options.stateLocation.description) ?? "?",
                                             "mode": options.fixtures == nil ? "live" : "recorded"])
        var first = true
        /// Why the loop ended cleanly (nil: `--once`, which its record says already).
        var stop: WorkerStatusRecord.Stop.Reason?
        while true {
            let next = pass()
            if first {
                _ = try? systemd.ready(status: statusText)
                first = false
            }
            if options.once { break }
            if stopping {
                stop = .signal
                break
            }
            let now = clock.now()
            if let until = options.until, now >= Double(until) {
                stop = .until
                break
            }
            var deadline = next.map { clock.realTime(of: Double($0)) }
            if let until = options.until {
                let end = clock.realTime(of: Double(until))
                deadline = deadline.map { min($0, end) } ?? end
            }
            if let interval = systemd.watchdogPingInterval {
                let ping = Date().addingTimeInterval(Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18)
                deadline = deadline.map { min($0, ping) } ?? ping
            }
            let reasons = pendingReasons.isEmpty ? try wake.wait(until: deadline) : pendingReasons
            pendingReasons = []
            _ = try? systemd.watchdog()
            for reason in reasons { handle(reason) }
            if stopping {
                stop = .signal
                break
            }
        }
        _ = try? systemd.stopping(status: "stopping")
        stopSender()
        if stop != nil || options.once { recordStop(stop) }
        logger.log(.info, "worker.stopped", ["pending": "\((try? store.counts()[.pending]) ?? 0)"])
    }

    /// One pass at the clock's current time; returns when the worker should next look.
    @discardableResult
    public func pass() -> Int64? {
        let now = Int64(clock.now().rounded(.down))
        if let last = lastNow, now < last - 1 || now > last + 3_600 {
            logger.log(.notice, "clock.jumped", ["from": iso(last), "to": iso(now),
                                                 "msg": "re-planning: what expired is skipped, not sent late"])
        }
        lastNow = now
        if let leased {
            if leased.refresh(now: now) { adoptLeases(now: now) }
            noteConnection(leased.unreachable)
        }
        let updated = supply.refresh(now: now)
        let facts = supply.facts(at: now)
        let (notifications, ran) = stepper.step(now: now, updated: updated, facts: facts, state: &state, schedules: &schedules)
        let history = recorder.entries(stepper.evaluations, engine: stepper.engine, updated: updated, facts: facts, state: state, now: now,
                                       starting: startingPass)
        startingPass = false
        var queued: [OutboxEntry] = []
        do {
            var changed: [String: RuleState] = [:]
            for id in ran { changed[id] = state.rules[id] }
            // A pass slower than the lease: the rules may have another worker by now; commit nothing.
            if let leased, !ran.isEmpty { try leased.fence(at: Int64(clock.now().rounded(.down))) }
            queued = try store.commit(notifications: notifications, ruleStates: changed,
                                      extras: CommitExtras(history: history, historyKeep: recorder.keep), now: now)
            for entry in queued {
                logger.log(.info, "notification.queued", ["id": "\(entry.id)", "rule": entry.notification.rule,
                                                         "channel": entry.channel, "key": entry.key])
            }
            if commitFailure != nil {
                commitFailure = nil
                health?.checkAgain(at: now)
            }
        } catch {
            // Nothing was written: forget what the rules decided (back to their committed state) and
            // let them decide again shortly, so a failed commit (a full disk, a lock held too long)
            // loses no notification.
            let committed = (try? store.loadEngineState(rules: ran, onUndecodable: { _, _ in })) ?? EngineState()
            for id in ran { state.rules[id] = committed.rules[id] }
            stepper.wake(ran, at: now + 5)
            logger.log(.error, "state.commit_failed", ["msg": "\(error); the rules run again in 5 s"])
            let since = commitFailure?.since ?? now
            commitFailure = (since, "\(error)")
            health?.checkAgain(at: since + HealthMonitor.commitGraceSeconds)
        }
        queued += checkHealth(now: now)
        pingIfDue(now: now)
        var next = [stepper.nextWake, supply.nextRefresh(after: now), leased?.nextHeartbeat, leased?.expiry, health?.nextCheck, nextPing]
        if let sender {
            // The sender thread sends (and wakes itself for retries and expiries): the pass is done.
            sender.enqueue(queued)
        } else {
            pump.deliver(now: now, fresh: queued, betweenRounds: {
                // A long backlog (`--once`): keep the watchdog fed and stop early on SIGTERM.
                _ = try? systemd.watchdog()
                if let wake, let reasons = try? wake.wait(until: .distantPast) {
                    pendingReasons += reasons.filter { $0 != .deadline }
                }
                return !pendingReasons.contains { $0 == .signal(.terminate) || $0 == .signal(.interrupt) }
            })
            next.append((try? store.nextAttemptTime(excludingChannels: pump.heldChannels)) ?? nil)
        }
        let nextWake = next.compactMap { $0 }.min().map { max($0, now + 1) }
        purgeOldEntries(now: now)
        publishStatus(now: now, next: nextWake)
        return nextWake
    }

    /// Stops the sender thread (the requests running finish within the request timeout and are
    /// recorded) and waits for it.
    private func stopSender() {
        guard let sender else { return }
        self.sender = nil
        let limit = options.dispatcherConfiguration.requestTimeout + options.dispatcherConfiguration.connectTimeout + .seconds(5)
        if !sender.stop(timeout: Double(limit.components.seconds)) {
            logger.log(.error, "outbox.sender_stuck", ["msg": "the sender did not finish its requests within \(limit); exiting anyway"])
        }
    }

    /// The ids of the rules this worker evaluates: all of them, or on a shared PostgreSQL state the
    /// rules of the partitions it leases now.
    public var activeRules: [String] { stepper.engine.rules.map(\.id) }

    /// On a shared PostgreSQL state, until when the leases behind ``activeRules`` are valid (nil: no
    /// lease yet, or an SQLite state): after that instant this worker evaluates none of them.
    public var leasedUntil: Int64? { leased?.expiry }

    // MARK: - The database connection (shared state)

    /// The waits between attempts to reach a PostgreSQL server that is down at the start (real
    /// seconds; the last one repeats).
    static let startRetryDelays: [Double] = [1, 2, 4, 8, 15, 30]

    /// Opens the state. A PostgreSQL server that cannot be reached — down, starting up, not there
    /// yet — is tried again with backoff (``startRetryDelays``) instead of exiting: each attempt is
    /// logged (`state.unreachable`), told to systemd (status, a longer start timeout, the watchdog)
    /// and written to the cache directory's ``DatabaseStatusRecord`` for `leavenow status`. A login
    /// or database the server refuses, or a newer schema, fails at once (they need a fix, not a
    /// wait); so does `--once` (cron runs it again).
    private static func openState(options: WorkerOptions, logger: LogfmtLogger, systemd: SystemdNotifier) throws -> any NotificationStore {
        let location = try options.stateLocation
        guard case .postgres(let url) = location else { return try location.open() }
        let directory = options.stateDirectory
        let since = Int64(Date().timeIntervalSince1970)
        var attempts = 0
        while true {
            do {
                let store = try location.open()
                let now = Int64(Date().timeIntervalSince1970)
                if attempts > 0 {
                    logger.log(.notice, "state.connected", ["state": url.redacted, "msg": "the PostgreSQL server answered after \(attempts) failed attempt\(attempts == 1 ? "" : "s")"])
                }
                try? DatabaseStatusRecord(connection: .connected, url: url.redacted, since: now, updatedAt: now).write(directory: directory)
                return store
            } catch let error as StoreError where error.isServerUnavailable && !options.once {
                attempts += 1
                let delay = startRetryDelays[min(attempts - 1, startRetryDelays.count - 1)]
                let now = Int64(Date().timeIntervalSince1970)
                logger.log(.warning, "state.unreachable", fields: [
                    (key: "attempt", value: "\(attempts)"), (key: "retry_in", value: "\(Int(delay))s"),
                    (key: "msg", value: "\(error); no rule runs until the server answers (nothing is lost: the worker has not started)"),
                ])
                let record = DatabaseStatusRecord(connection: .waiting, url: url.redacted, since: since, attempts: attempts,
                                                  nextAttempt: now + Int64(delay), error: error.message, updatedAt: now)
                do {
                    try record.write(directory: directory)
                } catch {
                    logger.log(.warning, "state.status_unwritten", ["msg": "\(error)"])
                }
                _ = try? systemd.status("waiting for the PostgreSQL state \(url.redacted) (attempt \(attempts), next in \(Int(delay)) s)")
                _ = try? systemd.extendTimeout(by: .seconds(Int64(delay) + 60))
                _ = try? systemd.watchdog()
                Thread.sleep(forTimeInterval: delay)
            }
        }
    }

    /// The connection as the last heartbeat found it: written to the ``DatabaseStatusRecord`` when it
    /// changes (the server went away, or came back).
    private func noteConnection(_ failure: StoreError?) {
        guard case .postgres(let url)? = try? options.stateLocation else { return }
        let now = Int64(Date().timeIntervalSince1970)
        let record: DatabaseStatusRecord
        if let failure {
            guard unreachableSince == nil else { return }
            unreachableSince = now
            record = DatabaseStatusRecord(connection: .unreachable, url: url.redacted, since: now, attempts: 1, error: failure.message,
                                          updatedAt: now)
            logger.log(.error, "state.unreachable", ["msg": "\(failure); the rules' decisions wait for the server (leases lapse at their expiry)"])
        } else {
            guard let since = unreachableSince else { return }
            unreachableSince = nil
            record = DatabaseStatusRecord(connection: .connected, url: url.redacted, since: now, updatedAt: now)
            logger.log(.notice, "state.connected", ["msg": "the PostgreSQL server answers again after \(now - since) s"])
        }
        try? record.write(directory: options.stateDirectory)
    }

    /// The leased partitions changed: step the rules of the partitions held now. A rule taken over
    /// goes on from the state its previous worker committed (read from the store for the rules new
    /// to this worker only); the rules it kept keep their state; the states of the rules handed back
    /// are forgotten (read again if they come back: another worker may have moved them on).
    private func adoptLeases(now: Int64) {
        guard let leased else { return }
        let before = Set(stepper.engine.rules.map(\.id))
        // The rules kept go on at the wake-ups they asked for; those taken over run now.
        setEngine(leased.engine(for: rules.configuration, now: now), now: now, continuing: stepper)
        let held = stepper.engine.rules.map(\.id)
        let kept = Set(held)
        state.rules = state.rules.filter { kept.contains($0.key) }
        let taken = held.filter { !before.contains($0) }
        guard !taken.isEmpty else { return }
        do {
            let loaded = try store.loadEngineState(rules: taken) { rule, error in
                self.logger.log(.warning, "state.reset", ["rule": rule, "msg": "the stored state does not decode; the rule starts afresh: \(error)"])
            }
            for (id, ruleState) in loaded.rules { state.rules[id] = ruleState }
            logger.log(.info, "leases.adopted", ["rules": "\(held.count)", "taken": "\(taken.count)", "states": "\(loaded.rules.count)",
                                                 "msg": "the rules taken over go on from the state their previous worker committed"])
        } catch {
            // Without its committed state a rule taken over would decide again what it already
            // decided (the outbox refuses a key twice, but a first run would be silent): not stepped
            // until the state can be read, at the next heartbeat's adoption.
            logger.log(.error, "state.load_failed", ["msg": "\(error); the rules taken over wait until their state can be read"])
            setEngine(leased.engine(for: rules.configuration, now: now, excluding: Set(taken)), now: now, continuing: stepper)
            leased.forgetAdoption()
        }
    }

    // MARK: - History and health

    /// Steps `engine`'s rules from now on (a start, a reload, a change of leases), recording their
    /// evaluations when the `history:` section keeps any. With `previous` (a change of leases), the
    /// rules it stepped too go on at the wake-ups they asked for; the others run now.
    private func setEngine(_ engine: RuleEngine, now: Int64, continuing previous: RuleStepper? = nil) {
        stepper = previous.map { RuleStepper(engine: engine, start: now, continuing: $0) } ?? RuleStepper(engine: engine, start: now)
        recorder = HistoryRecorder(engine: engine, configuration: rules.configuration)
        stepper.recordsEvaluations = recorder.isOn
    }

    /// Sets up the `health:` section of `configuration`: its watchdog (which reads its episodes from
    /// the state at its first check) and its heartbeat (a missing URL secret is logged, and there is
    /// no ping until a reload finds it).
    private func configureHealth(_ configuration: Configuration) {
        // A reload does not wait for a ping in flight: the old thread ends after it.
        heartbeat?.stop(timeout: 0)
        heartbeat = nil
        nextPing = nil
        guard let spec = configuration.health else {
            health = nil
            return
        }
        health = HealthMonitor(spec: spec, logger: logger)
        guard let beat = spec.heartbeat else { return }
        do {
            let url = try SecretSource(environment: options.environment).resolve(beat.url, for: "the heartbeat")
            heartbeat = HeartbeatPinger(url: url, proxy: options.dispatcherConfiguration.proxy, logger: logger)
        } catch {
            logger.log(.warning, "heartbeat.secret_missing", fields: [
                (key: "secret", value: beat.url.hint),
                (key: "msg", value: "no heartbeat URL: \(error.reasons.joined(separator: "; ")); no ping until a reload (SIGHUP, a rules change, a restart) finds it"),
            ])
        }
    }

    /// Runs the watchdog when its check is due: on a shared PostgreSQL state, only the worker leasing
    /// the partition of ``HealthNotices/rule`` watches (the others' checks would repeat its notices).
    /// Returns the entries it queued.
    private func checkHealth(now: Int64) -> [OutboxEntry] {
        guard let health else { return [] }
        if let leased {
            guard leased.holds(HealthNotices.rule, now: now) else {
                health.forget()
                return []
            }
        }
        return health.checkIfDue(now: now, store: store, inputs: { healthInputs(now: now, limits: health.spec) }, direct: sendDirectly)
    }

    /// What the watchdog looks at: the boards as loaded (again when a timetable was fetched anew),
    /// the feeds' service periods, the configured sources' index rows, the channels held for a
    /// missing secret, and the commits (a failure counts after ``HealthMonitor/commitGraceSeconds``).
    private func healthInputs(now: Int64, limits: HealthSpec) -> HealthInputs {
        let boards = supply.facts(at: now).boards
        let configured = Set(LiveSource.all(in: rules.configuration).map(\.cacheName))
        var inputs = HealthInputs(
            impairedBoards: (supply as? LiveFacts)?.impairedBoards ?? rules.impairedBoards,
            endingFeeds: HealthInputs.endingFeeds(of: Array(boards.values), within: limits.feedEndsWithinDays, now: now),
            sources: ((try? store.sourceStates()) ?? []).filter { configured.contains($0.name) },
            missingSecrets: pump.dispatcher.secretProblems.sorted { $0.key < $1.key }.map { ($0.key, $0.value.secret ?? "") },
            heldDesktops: pump.dispatcher.undeliverableChannels().sorted { $0.key < $1.key }.map { ($0.key, WorkerStatusRecord.Held.Reason($0.value)) })
        if let failure = commitFailure, now - failure.since >= HealthMonitor.commitGraceSeconds { inputs.commitFailure = failure }
        // Every rule's (not only this worker's share): a rule stopped at an unknown date is a problem wherever it runs.
        inputs.unknownDates = rules.engine.unknownDates(boards: boards, now: now).map { ($0.rule.id, $0.board, $0.unknown) }
        inputs.dependencies = HealthDependencies(configuration: rules.configuration)
        // On a shared state the watchdog (one worker) watches the fleet: partitions no live worker holds.
        if let leased {
            inputs.fleetProblems = leased.fleetProblems(rules: rules.configuration.rules.map(\.id), now: now,
                                                        clock: HealthNotices.clock(limits), logger: logger)
        }
        return inputs
    }

    /// Sends a health notice without the outbox (its commit failed): through the deciding thread's
    /// dispatcher, to each of its channels, once; the outcome is logged.
    private func sendDirectly(_ notice: Notice) {
        let jobs = notice.channels.map { DeliveryJob(id: 0, notification: notice, channel: $0) }
        for result in pump.dispatcher.send(jobs) {
            logger.log(.warning, "health.sent_directly", ["channel": result.job.channel, "key": notice.key, "outcome": "\(result.outcome)"])
        }
    }

    /// Asks the heartbeat thread for a ping when the interval has passed since the last one. On a
    /// shared PostgreSQL state the fleet pings once: the worker leasing the partition of
    /// ``HealthNotices/rule`` (the watchdog's), so the monitor hears the fleet while some worker
    /// does its work — a dead worker's share is the watchdog's to tell, its lease the others' to take.
    private func pingIfDue(now: Int64) {
        guard let heartbeat, let interval = health?.spec.heartbeat?.intervalSeconds else { return }
        if let leased, !leased.holds(HealthNotices.rule, now: now) {
            nextPing = nil
            return
        }
        if let nextPing, now < nextPing { return }
        heartbeat.ping()
        nextPing = now + Int64(interval)
    }

    // MARK: - Events

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
            sender?.poke()
        case .resumed(let seconds):
            logger.log(.notice, "clock.resumed", fields: [(key: "suspended_s", value: "\(Int(seconds))"),
                                                         (key: "msg", value: "resumed from suspend; re-planning")])
            sender?.poke()
        case .deadline, .woken:
            break
        }
    }

    /// Loads the rules again; when they do not check, keeps the running ones and says why.
    private func reload(because cause: String) {
        _ = try? systemd.reloading()
        defer { _ = try? systemd.ready(status: statusText) }
        let now = Int64(clock.now().rounded(.down))
        do {
            let fresh = try Self.load(options)
            let dispatcher = Self.dispatcher(for: fresh.configuration, options: options, clock: clock, logger: logger)
            rules = fresh
            pump.dispatcher = dispatcher
            sender?.reload(channels: fresh.configuration.channels)
            setEngine(leased?.engine(for: fresh.configuration, now: now) ?? fresh.engine, now: now)
            startingPass = true
            schedules = ScheduleCache()
            supply = Self.supply(for: fresh, options: options, store: store, logger: logger, now: now, failures: fetchFailures)
            Self.logBoardHealth(fresh, now: now, logger: logger)
            for warning in fresh.factWarnings { logger.log(.warning, "fixture.warning", ["msg": warning]) }
            configureHealth(fresh.configuration)
            logger.log(.info, "rules.reloaded", ["cause": cause, "rules": "\(fresh.engine.rules.count)"])
        } catch {
            logger.log(.error, "rules.reload_failed", ["cause": cause, "msg": "keeping the running rules: " + error.rendered])
        }
    }

    // MARK: - Parts

    /// One line per source a board runs without: `board.unloadable` (the board has no source at all)
    /// or `board.incomplete`, then `feed.service_ended` / `feed.service_ending` per feed whose
    /// service ended or ends within two weeks: rules of those boards see fewer departures or none.
    private static func logBoardHealth(_ rules: Workspace, now: Int64, logger: LogfmtLogger) {
        for (board, completeness) in rules.impairedBoards {
            let event: String
            if case .unloadable = completeness { event = "board.unloadable" } else { event = "board.incomplete" }
            for failure in completeness.failures {
                logger.log(.warning, event, fields: [(key: "board", value: board), (key: "source", value: failure.source),
                                                     (key: "config", value: "\(failure.location)"), (key: "msg", value: failure.message)])
            }
        }
        for board in rules.boards.values.sorted(by: { $0.id < $1.id }) {
            let today = board.clock.localTime(at: now).date
            for notice in board.endingServices(today: today, within: ServicePeriodCheck.warningDays) {
                let event = notice.isOutOfService ? "feed.service_ended" : "feed.service_ending"
                logger.log(.warning, event, fields: [(key: "board", value: board.id), (key: "source", value: notice.source),
                                                     (key: "msg", value: notice.message)])
            }
        }
    }

    /// The rules directory as `check` sees it, with its boards: API timetables from the source
    /// cache (also with `--fixtures`: a timetable is not a recorded fact, and the worker reads its
    /// cache either way), the facts from the recorded snapshots with `--fixtures`.
    ///
    /// - Throws: `ConfigError` with every problem.
    private static func load(_ options: WorkerOptions) throws(ConfigError) -> Workspace {
        let loader = CachedFacts.boardLoader(cache: SourceCache(stateDirectory: options.stateDirectory))
        if let fixtures = options.fixtures {
            return try Workspace.load(directory: options.rulesDirectory, fixtures: fixtures, loader: loader)
        }
        return try Workspace.load(directory: options.rulesDirectory, readFixtures: false, loader: loader)
    }

    /// Where the facts come from: the recorded snapshots of `rules`, or the network through the cache.
    private static func supply(for rules: Workspace, options: WorkerOptions, store: any NotificationStore, logger: LogfmtLogger,
                               now: Int64, failures: LiveFetchFailures) -> any FactSupply {
        if options.fixtures != nil { return RecordedFacts(timeline: rules.timeline, boards: rules.boards) }
        let fetcher = SourceFetcher(
            endpoint: SourceEndpoint(baseURL: options.sourceBaseURL), secrets: SecretSource(environment: options.environment),
            cache: SourceCache(stateDirectory: options.stateDirectory),
            client: HTTPMultiClient(configuration: HTTPClientConfiguration(proxy: options.sourceBaseURL == nil ? .environment : .direct)))
        return LiveFacts(configuration: rules.configuration, boards: rules.boards, fetcher: fetcher, now: now) { result, next in
            let fields = [(key: "source", value: result.source.cacheName), (key: "next", value: Self.iso(next))]
            switch result.outcome {
            case .updated(let bytes): logger.log(.info, "source.updated", fields: fields + [(key: "bytes", value: "\(bytes)")])
            case .notModified(let saved): logger.log(.info, "source.not_modified", fields: fields + [(key: "bytes_saved", value: "\(saved)")])
            case .failed(let error): logger.log(.warning, "source.failed", fields: fields + [(key: "msg", value: error.description)])
            }
            try? store.recordFetch(result, nextRefreshAt: next)
            failures.record(result)
        }
    }

    /// A dispatcher for the configuration's channels. A channel whose secret is missing is logged
    /// (`channel.secret_missing`) and held: its notifications wait, pending, until a reload finds the
    /// secret, and expire on time meanwhile. So is a desktop channel without a session bus or
    /// `notify-send` (`channel.held`), until the outbox sees it can show again. Any other unusable channel is logged
    /// (`channel.unusable`); its notifications become dead letters with the reason.
    private static func dispatcher(for configuration: Configuration, options: WorkerOptions, clock: any WorkerClock,
                                   logger: LogfmtLogger) -> Dispatcher {
        let dispatcher = Dispatcher(channels: configuration.channels, secrets: SecretSource(environment: options.environment),
                                    configuration: options.dispatcherConfiguration,
                                    now: { Date(timeIntervalSince1970: clock.now()) })
        for (id, problem) in dispatcher.problems.sorted(by: { $0.key < $1.key }) {
            if let secret = problem.secret {
                logger.log(.warning, "channel.secret_missing", fields: [
                    (key: "channel", value: id), (key: "secret", value: secret),
                    (key: "msg", value: "\(problem); its notifications are held until a reload (SIGHUP, a rules change, a restart) finds it"),
                ])
            } else {
                logger.log(.error, "channel.unusable", ["channel": id, "msg": "\(problem)"])
            }
        }
        for (id, error) in dispatcher.undeliverableChannels().sorted(by: { $0.key < $1.key }) {
            logger.log(.warning, "channel.held", ["channel": id, "msg": error.holdMessage.english])
        }
        for warning in dispatcher.warnings { logger.log(.warning, "channel.warning", ["msg": warning.english]) }
        return dispatcher
    }

    /// Once a day, forgets delivered and expired outbox entries older than the retention (a worker
    /// that runs for months keeps its state file small), and recorded evaluations as old; dead
    /// letters stay until `outbox purge`.
    private func purgeOldEntries(now: Int64) {
        if let last = purgedAt, now - last < 86_400, now >= last { return }
        do {
            let removed = try store.purge(statuses: [.delivered, .expired], olderThan: now - Int64(options.retentionDays) * 86_400)
            // Evaluations of rules no longer configured (the others are pruned as they are recorded).
            _ = try store.purgeHistory(olderThan: now - Int64(options.retentionDays) * 86_400)
            try store.setMeta(Self.purgedAtKey, String(now))
            purgedAt = now
            if removed > 0 {
                logger.log(.info, "outbox.purged", ["removed": "\(removed)", "older_than_days": "\(options.retentionDays)"])
            }
        } catch {
            logger.log(.error, "outbox.purge_failed", ["msg": "\(error)"])
        }
    }

    /// The `meta` key of the last purge.
    private static let purgedAtKey = "outbox.purged_at"

    /// Tells systemd and `leavenow status` what comes next, when that changed.
    private func publishStatus(now: Int64, next: Int64?) {
        let pending = (try? store.counts()[.pending]) ?? 0
        let secretProblems = pump.dispatcher.secretProblems
        let undeliverable = pump.dispatcher.undeliverableChannels()
        let heldCounts = secretProblems.isEmpty && undeliverable.isEmpty ? [:] : ((try? store.pendingCountsByChannel()) ?? [:])
        let held = secretProblems.sorted { $0.key < $1.key }.map { id, problem in
            WorkerStatusRecord.Held(channel: id, secret: problem.secret ?? "", count: heldCounts[id] ?? 0)
        } + undeliverable.sorted { $0.key < $1.key }.map { id, error in
            WorkerStatusRecord.Held(channel: id, reason: WorkerStatusRecord.Held.Reason(error), count: heldCounts[id] ?? 0)
        }
        var text = "\(rules.engine.rules.count) rules; outbox \(pending) pending"
        for item in held { text += "; \(item.count) held for channel \(item.channel) (\(item.reasonText))" }
        if let first = stepper.firstWake { text += "; next: \(first.rule) at \(Self.iso(first.at))" }
        statusText = text
        lastHeld = held
        // On a shared state the record is also the worker's last pass for `status`: kept at most a
        // heartbeat old (one more upsert every 10 s).
        let due = leased.map { leased in lastStatusAt.map { now - $0 >= leased.heartbeatInterval || now < $0 } ?? true } ?? false
        guard text != lastStatus || due else { return }
        if text != lastStatus { _ = try? systemd.status(text) }
        lastStatus = text
        lastStatusAt = now
        let json = WorkerStatusRecord.json(pid: getpid(), at: now, next: next, wakes: stepper.wakeTimes, held: held, once: options.once,
                                           context: statusContext(at: now))
        // On a shared state each worker has its own record (`status` shows the fleet).
        try? store.setMeta(leased.map { WorkerStatusRecord.key(worker: $0.workerID) } ?? WorkerStatusRecord.metaKey, json)
    }

    /// The channels held for a missing secret at the last ``publishStatus(now:next:)``.
    private var lastHeld: [WorkerStatusRecord.Held] = []
    /// When the status record was last written.
    private var lastStatusAt: Int64?

    /// What the status record says besides the pass: the worker's id and lease TTL on a shared
    /// state, and the real moment its clock read `now` (so `status` reads the worker's clock).
    private func statusContext(at now: Int64, stopped: WorkerStatusRecord.Stop? = nil) -> WorkerStatusRecord.Context {
        var context = WorkerStatusRecord.Context(worker: leased?.workerID, leaseTTL: leased == nil ? nil : options.leaseTTL, stopped: stopped)
        // A clock that does not run with real time (a test's, moved by hand) has no such relation.
        let rate = clock.realSecondsPerSecond
        if rate > 0, rate.isFinite {
            context.realAtMilliseconds = Int64((clock.realTime(of: Double(now)).timeIntervalSince1970 * 1000).rounded())
            context.speed = 1 / rate
        }
        return context
    }

    /// Writes that the worker stopped cleanly, and why (nil: `--once`, its one pass done), for
    /// `leavenow status`: under the state's one status key (on a shared state: the last worker that
    /// stopped; its own record goes).
    private func recordStop(_ reason: WorkerStatusRecord.Stop.Reason?) {
        let now = Int64(clock.now().rounded(.down))
        let json = WorkerStatusRecord.json(pid: getpid(), at: lastNow ?? now, next: nil, wakes: stepper.wakeTimes, held: lastHeld, once: options.once,
                                           context: statusContext(at: lastNow ?? now, stopped: reason.map { WorkerStatusRecord.Stop(at: now, reason: $0) }))
        do {
            try store.setMeta(WorkerStatusRecord.metaKey, json)
            if let leased { try store.setMeta(WorkerStatusRecord.key(worker: leased.workerID), nil) }
        } catch {
            logger.log(.warning, "worker.status_unwritten", ["msg": "\(error); `leavenow status` may not know the worker stopped cleanly"])
        }
    }

    private func iso(_ instant: Int64) -> String { Self.iso(instant) }

    /// UTC ISO 8601 for logs.
    static func iso(_ instant: Int64) -> String {
        utc.iso8601(instant)
    }

    private static let utc = ZoneClock(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
}

@available(*, unavailable, message: "the worker is one thread's loop")
extension Worker: Sendable {}
