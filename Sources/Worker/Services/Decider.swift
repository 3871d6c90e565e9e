import Daemon
import Facts
import Rules
import Store
import Timetable

/// Facts → stepper → commit: each pass brings the facts up to date (fetching the sources that are
/// due, or the recorded snapshots of `--fixtures`), steps the rules that are due, and commits what
/// they decided to the outbox together with their new state and recorded evaluations — one
/// transaction, so a crash neither loses nor repeats a decision. What it queued goes to the
/// ``OutboxHandoff`` for the ``Sender``.
///
/// On a shared PostgreSQL state it steps the rules of the partitions the ``LeaseKeeper`` holds, and
/// commits nothing once their leases ran out during the pass. It receives the rule-state capability
/// only (the facts write the source index through ``WorkerFacts``).
final class Decider: WorkerService {
    private let store: any RuleStateStore
    private let facts: WorkerFacts
    private let leases: LeaseKeeper?
    private let handoff: OutboxHandoff
    private let clock: any WorkerClock
    private let logger: LogfmtLogger
    /// The rule set the worker runs (all its rules, whatever this worker's share of them).
    private(set) var rules: Workspace
    /// Where the facts come from: the network through the cache, or recorded snapshots.
    private(set) var supply: any FactSupply
    private var stepper: RuleStepper
    private var state: EngineState
    private var schedules = ScheduleCache()
    /// Records each rule evaluation in the rules' history (``HistoryRecorder``; `history:` section).
    private var recorder: HistoryRecorder
    /// True until the first pass after a start or a reload (its evaluations are marked `start`).
    private var startingPass = true
    /// Since when the commits of the rules' decisions fail, and the last error (nil: they succeed).
    private(set) var commitFailure: (since: Int64, error: String)?
    /// The instant of the last pass.
    private var lastPass: Int64

    /// Reads the rules' committed state (on a shared state: as their partitions are leased) and
    /// prepares their first step at `now`.
    init(rules: Workspace, store: any RuleStateStore, facts: WorkerFacts, leases: LeaseKeeper?, handoff: OutboxHandoff,
         clock: any WorkerClock, logger: LogfmtLogger, now: Int64) throws {
        self.rules = rules
        self.store = store
        self.facts = facts
        self.leases = leases
        self.handoff = handoff
        self.clock = clock
        self.logger = logger
        lastPass = now
        // On a shared state the rules' states are read as their partitions are leased (adoptLeases).
        state = leases != nil ? EngineState() : try store.loadEngineState { rule, error in
            logger.log(.warning, "state.reset", ["rule": rule, "msg": "the stored state does not decode; the rule starts afresh: \(error)"])
        }
        let engine = leases?.engine(for: rules.configuration, now: now) ?? rules.engine
        stepper = RuleStepper(engine: engine, start: now)
        recorder = HistoryRecorder(engine: engine, configuration: rules.configuration)
        stepper.recordsEvaluations = recorder.isOn
        supply = facts.supply(for: rules, now: now)
    }

    /// The ids of the rules this worker steps: all of them, or its leased share.
    var activeRules: [String] { stepper.engine.rules.map(\.id) }
    /// The first rule to wake, and when (the status line).
    var firstWake: (rule: String, at: Int64)? { stepper.firstWake }
    /// Each rule's next wake-up (the status record).
    var wakeTimes: [(rule: String, at: Int64?)] { stepper.wakeTimes }

    var nextRun: Int64? {
        [stepper.nextWake, supply.nextRefresh(after: lastPass)].compactMap { $0 }.min()
    }

    func run(at now: Int64) {
        lastPass = now
        let updated = supply.refresh(now: now)
        let facts = supply.facts(at: now)
        let (notifications, ran) = stepper.step(now: now, updated: updated, facts: facts, state: &state, schedules: &schedules)
        let history = recorder.entries(stepper.evaluations, engine: stepper.engine, updated: updated, facts: facts, state: state, now: now,
                                       starting: startingPass)
        startingPass = false
        do {
            var changed: [String: RuleState] = [:]
            for id in ran { changed[id] = state.rules[id] }
            // A pass slower than the lease: the rules may have another worker by now; commit nothing.
            if let leases, !ran.isEmpty { try leases.fence(at: clock.seconds()) }
            let queued = try store.commit(notifications: notifications, ruleStates: changed,
                                          extras: CommitExtras(history: history, historyKeep: recorder.keep), now: now)
            for entry in queued {
                logger.log(.info, "notification.queued", ["id": "\(entry.id)", "rule": entry.notification.rule,
                                                         "channel": entry.channel, "key": entry.key])
            }
            handoff.add(queued)
            commitFailure = nil
        } catch {
            // Nothing was written: forget what the rules decided (back to their committed state) and
            // let them decide again shortly, so a failed commit (a full disk, a lock held too long)
            // loses no notification.
            let committed = (try? store.loadEngineState(rules: ran, onUndecodable: { _, _ in })) ?? EngineState()
            for id in ran { state.rules[id] = committed.rules[id] }
            stepper.wake(ran, at: now + 5)
            logger.log(.error, "state.commit_failed", ["msg": "\(error); the rules run again in 5 s"])
            commitFailure = (commitFailure?.since ?? now, "\(error)")
        }
    }

    func reload(_ fresh: Workspace, at now: Int64) {
        rules = fresh
        setEngine(leases?.engine(for: fresh.configuration, now: now) ?? fresh.engine, now: now)
        startingPass = true
        schedules = ScheduleCache()
        supply = facts.supply(for: fresh, now: now)
        reportLoaded(at: now)
    }

    /// Logs what the loaded rules run without: one line per source a board lacks (`board.unloadable`:
    /// the board has no source at all, or `board.incomplete`), then `feed.service_ended` /
    /// `feed.service_ending` per feed whose service ended or ends within two weeks (rules of those
    /// boards see fewer departures or none), then the fixtures skipped.
    func reportLoaded(at now: Int64) {
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
        for warning in rules.factWarnings { logger.log(.warning, "fixture.warning", ["msg": warning]) }
    }

    /// The leased partitions changed (the ``LeaseKeeper`` says so): step the rules of the partitions
    /// held now. A rule taken over goes on from the state its previous worker committed (read from the
    /// store for the rules new to this worker only); the rules it kept keep their state; the states
    /// of the rules handed back are forgotten (read again if they come back: another worker may have
    /// moved them on).
    func adoptLeases(at now: Int64) {
        guard let leases else { return }
        let before = Set(stepper.engine.rules.map(\.id))
        // The rules kept go on at the wake-ups they asked for; those taken over run now.
        setEngine(leases.engine(for: rules.configuration, now: now), now: now, continuing: stepper)
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
            setEngine(leases.engine(for: rules.configuration, now: now, excluding: Set(taken)), now: now, continuing: stepper)
            leases.forgetAdoption()
        }
    }

    /// Steps `engine`'s rules from now on (a start, a reload, a change of leases), recording their
    /// evaluations when the `history:` section keeps any. With `previous` (a change of leases), the
    /// rules it stepped too go on at the wake-ups they asked for; the others run now.
    private func setEngine(_ engine: RuleEngine, now: Int64, continuing previous: RuleStepper? = nil) {
        stepper = previous.map { RuleStepper(engine: engine, start: now, continuing: $0) } ?? RuleStepper(engine: engine, start: now)
        recorder = HistoryRecorder(engine: engine, configuration: rules.configuration)
        stepper.recordsEvaluations = recorder.isOn
    }
}

@available(*, unavailable, message: "a service of the worker's one thread")
extension Decider: Sendable {}
