import Facts
import Notifications
import Timetable

/// One notification of a simulated run, with the instant it would have been sent.
public struct SimulatedDelivery: Sendable, Equatable {
    public var at: Int64
    public var notification: Notice

    public init(at: Int64, notification: Notice) {
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

    /// Everything that would be sent in `[from, to]`, in order, starting from `state` (empty: a
    /// worker starting fresh at `from`), and per leave-now rule id the unknown service dates it
    /// stopped at, in date order (it notified no departure of theirs, see ``RuleEngine/RuleEvaluation/unknown``).
    public func run(from: Int64, to: Int64, state initial: EngineState = EngineState())
        -> (deliveries: [SimulatedDelivery], state: EngineState, unknown: [String: [UnknownServiceDate]]) {
        var state = initial
        var schedules = ScheduleCache()
        var stepper = RuleStepper(engine: engine, start: from)
        var deliveries: [SimulatedDelivery] = []
        var unknown: [String: [UnknownServiceDate]] = [:]
        var now = from
        var previous = from - 1
        var steps = 0
        while now <= to, steps < Simulation.maximumSteps {
            steps += 1
            let updated = timeline.sourcesUpdated(after: previous, through: now)
            let facts = timeline.facts(at: now, boards: boards)
            let notifications = stepper.step(now: now, updated: updated, facts: facts, state: &state, schedules: &schedules).notifications
            deliveries += notifications.map { SimulatedDelivery(at: now, notification: $0) }
            for (index, date) in stepper.unknownDates {
                let id = engine.rules[index].id
                if unknown[id]?.contains(where: { $0.date == date.date }) != true { unknown[id, default: []].append(date) }
            }
            let nextSnapshot = timeline.nextSnapshot(after: now)
            guard let next = [stepper.nextWake, nextSnapshot].compactMap({ $0 }).min() else { break }
            previous = now
            now = next
        }
        return (deliveries, state, unknown)
    }
}
