import Timetable

/// One notification of a simulated run, with the instant it would have been sent.
public struct SimulatedDelivery: Sendable, Equatable {
    public var at: Int64
    public var notification: Notification

    public init(at: Int64, notification: Notification) {
        self.at = at
        self.notification = notification
    }
}

/// Runs the production engine on a simulated clock from `from` to `to`: each rule is evaluated
/// when it asked to be woken and whenever a source it reads has a new snapshot. Nothing is sent.
public struct Simulation {
    public let engine: RuleEngine
    public let boards: [String: Board]
    public let timeline: FactTimeline

    /// Upper bound on evaluation steps, so a rule that keeps asking to be woken cannot loop forever.
    public static let maximumSteps = 2_000_000

    public init(engine: RuleEngine, boards: [String: Board], timeline: FactTimeline) {
        self.engine = engine
        self.boards = boards
        self.timeline = timeline
    }

    /// The sources a rule reads.
    static func sources(of rule: RuleSpec) -> Set<String> {
        switch rule.kind {
        case .leaveNow(let spec): return Set([spec.rain?.weather].compactMap { $0 })
        case .weather(let spec): return [spec.weather]
        case .newArticle(let spec): return [spec.feed]
        case .serviceStatus(let spec): return Set([spec.status].compactMap { $0 })
        }
    }

    /// Everything that would be sent in `[from, to]`, in order, starting from `state` (empty: a
    /// worker starting fresh at `from`).
    public func run(from: Int64, to: Int64, state initial: EngineState = EngineState()) -> (deliveries: [SimulatedDelivery], state: EngineState) {
        var state = initial
        var schedules = ScheduleCache()
        let rules = engine.rules
        let sources = rules.indices.map { index in
            Self.sources(of: rules[index]).union([engine.serviceStatusSource(of: index)].compactMap { $0 })
        }
        var wake: [Int64?] = Array(repeating: from, count: rules.count)
        var deliveries: [SimulatedDelivery] = []
        var now = from
        var previous = from - 1
        var steps = 0
        while now <= to, steps < Simulation.maximumSteps {
            steps += 1
            let updated = timeline.sourcesUpdated(after: previous, through: now)
            let facts = timeline.facts(at: now, boards: boards)
            for index in rules.indices {
                let due = (wake[index].map { $0 <= now } ?? false) || !sources[index].isDisjoint(with: updated)
                guard due else { continue }
                var ruleState = state.rules[rules[index].id] ?? RuleState()
                let result = engine.evaluate(rule: index, facts: facts, state: &ruleState, now: now, schedules: &schedules)
                state.rules[rules[index].id] = ruleState
                deliveries += result.notifications.map { SimulatedDelivery(at: now, notification: $0) }
                wake[index] = result.nextWakeUp.map { max($0, now + 1) }
            }
            let nextWake = wake.compactMap { $0 }.min()
            let nextSnapshot = timeline.nextSnapshot(after: now)
            guard let next = [nextWake, nextSnapshot].compactMap({ $0 }).min() else { break }
            previous = now
            now = next
        }
        return (deliveries, state)
    }
}
