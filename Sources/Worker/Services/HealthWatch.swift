import Config
import Daemon
import LiveSources
import Rules
import Store

/// The watchdog of the `health:` section (``HealthMonitor``): once a minute it looks at what the
/// worker knows — the boards as loaded (again when a timetable was fetched anew), the feeds' service
/// periods, the configured sources' index rows, the channels held, the commits of the rules'
/// decisions, on a shared state the fleet — and queues a notice when a problem starts or ends. On a
/// shared PostgreSQL state only the worker leasing the partition of ``HealthNotices/rule`` watches
/// (the others' checks would repeat its notices).
///
/// It uses the capabilities of the check: the episodes in `meta`, the commit of its notices, the
/// delivery log (each channel's streak) and the source index.
final class HealthWatch: WorkerService {
    typealias Capabilities = MetaStore & RuleStateStore & OutboxReader & SourceIndexStore

    private let store: any Capabilities
    private let decider: Decider
    private let sender: Sender
    private let leases: LeaseKeeper?
    private let handoff: OutboxHandoff
    private let logger: LogfmtLogger
    /// The watchdog of the section (nil without one).
    private var monitor: HealthMonitor?
    /// Whether the last pass found the commits failing (their recovery is checked at once).
    private var commitsFailed = false

    init(rules: Workspace, store: any Capabilities, decider: Decider, sender: Sender, leases: LeaseKeeper?, handoff: OutboxHandoff,
         logger: LogfmtLogger) {
        self.store = store
        self.decider = decider
        self.sender = sender
        self.leases = leases
        self.handoff = handoff
        self.logger = logger
        configure(rules.configuration)
    }

    var nextRun: Int64? { monitor?.nextCheck }

    func run(at now: Int64) {
        guard let monitor else { return }
        // A commit failing this long is a problem (``HealthMonitor/commitGraceSeconds``); one that
        // succeeds again is checked at once.
        if let failure = decider.commitFailure {
            monitor.checkAgain(at: failure.since + HealthMonitor.commitGraceSeconds)
            commitsFailed = true
        } else if commitsFailed {
            monitor.checkAgain(at: now)
            commitsFailed = false
        }
        if let leases, !leases.holds(HealthNotices.rule, now: now) {
            monitor.forget()
            return
        }
        handoff.add(monitor.checkIfDue(now: now, store: store, inputs: { inputs(now: now, limits: monitor.spec) }, direct: sender.sendDirectly))
    }

    func reload(_ rules: Workspace, at now: Int64) {
        configure(rules.configuration)
    }

    /// Sets up the watchdog of `configuration` (it reads its episodes from the state at its first check).
    private func configure(_ configuration: Configuration) {
        monitor = configuration.health.map { HealthMonitor(spec: $0, logger: logger) }
    }

    /// What the watchdog looks at (the commits' failure counts after ``HealthMonitor/commitGraceSeconds``).
    private func inputs(now: Int64, limits: HealthSpec) -> HealthInputs {
        let rules = decider.rules
        let boards = decider.supply.facts(at: now).boards
        let configured = Set(LiveSource.all(in: rules.configuration).map(\.cacheName))
        let dispatcher = sender.dispatcher
        var inputs = HealthInputs(
            impairedBoards: decider.supply.impairedBoards ?? rules.impairedBoards,
            endingFeeds: HealthInputs.endingFeeds(of: Array(boards.values), within: limits.feedEndsWithinDays, now: now),
            sources: ((try? store.sourceStates()) ?? []).filter { configured.contains($0.name) },
            missingSecrets: dispatcher.secretProblems.sorted { $0.key < $1.key }.map { ($0.key, $0.value.secret ?? "") },
            heldDesktops: dispatcher.undeliverableChannels().sorted { $0.key < $1.key }.map { ($0.key, WorkerStatusRecord.Held.Reason($0.value)) })
        if let failure = decider.commitFailure, now - failure.since >= HealthMonitor.commitGraceSeconds { inputs.commitFailure = failure }
        // Every rule's (not only this worker's share): a rule stopped at an unknown date is a problem wherever it runs.
        inputs.unknownDates = rules.engine.unknownDates(boards: boards, now: now).map { ($0.rule.id, $0.board, $0.unknown) }
        inputs.dependencies = HealthDependencies(configuration: rules.configuration)
        // On a shared state the watchdog (one worker) watches the fleet: partitions no live worker holds.
        if let leases {
            inputs.fleetProblems = leases.fleetProblems(rules: rules.configuration.rules.map(\.id), now: now,
                                                        clock: HealthNotices.clock(limits), logger: logger)
        }
        return inputs
    }
}

@available(*, unavailable, message: "a service of the worker's one thread")
extension HealthWatch: Sendable {}
