/// Decides which rules run at an instant and remembers when each wants to run next: a rule runs
/// when the time it asked for has come, or when a source it reads has new data. The simulation of
/// a dry run and the worker step the engine through this one type, so both fire identically.
public struct RuleStepper: Sendable {
    /// The engine whose rules are stepped.
    public let engine: RuleEngine
    /// The sources each rule reads, by rule index.
    private let sources: [Set<String>]
    /// When each rule wants to run next (nil: only on new data), by rule index.
    public private(set) var wake: [Int64?]

    /// A stepper whose rules all run at the first step at or after `start`.
    public init(engine: RuleEngine, start: Int64) {
        self.engine = engine
        self.sources = engine.rules.indices.map(engine.sources(of:))
        self.wake = Array(repeating: start, count: engine.rules.count)
    }

    /// Runs the rules due at `now` (their wake time has come, or a source they read is in
    /// `updated`) against `facts`, updating their state, and returns what to send, in rule order,
    /// with the ids of the rules that ran (their state may have changed).
    public mutating func step(now: Int64, updated: Set<String>, facts: Facts, state: inout EngineState,
                              schedules: inout ScheduleCache) -> (notifications: [Notification], ran: [String]) {
        var notifications: [Notification] = []
        var ran: [String] = []
        let rules = engine.rules
        for index in rules.indices {
            let due = (wake[index].map { $0 <= now } ?? false) || (!updated.isEmpty && !sources[index].isDisjoint(with: updated))
            guard due else { continue }
            let id = rules[index].id
            var ruleState = state.rules[id] ?? RuleState()
            let result = engine.evaluate(rule: index, facts: facts, state: &ruleState, now: now, schedules: &schedules)
            state.rules[id] = ruleState
            notifications += result.notifications
            ran.append(id)
            wake[index] = result.nextWakeUp.map { max($0, now + 1) }
        }
        return (notifications, ran)
    }

    /// Makes the rules `ids` run again at `instant` at the latest (their decisions could not be kept).
    public mutating func wake(_ ids: [String], at instant: Int64) {
        let wanted = Set(ids)
        for index in engine.rules.indices where wanted.contains(engine.rules[index].id) {
            wake[index] = min(wake[index] ?? instant, instant)
        }
    }

    /// The earliest time any rule wants to run; nil when every rule waits for new data.
    public var nextWake: Int64? { wake.compactMap { $0 }.min() }

    /// The rule that wakes first and when, for status lines.
    public var firstWake: (rule: String, at: Int64)? {
        var best: (String, Int64)?
        for (index, time) in wake.enumerated() {
            guard let time else { continue }
            if best == nil || time < best!.1 { best = (engine.rules[index].id, time) }
        }
        return best.map { (rule: $0.0, at: $0.1) }
    }

    /// Every rule's next wake time, by rule id, for `leavenow status`.
    public var wakeTimes: [(rule: String, at: Int64?)] {
        engine.rules.indices.map { (rule: engine.rules[$0].id, at: wake[$0]) }
    }
}
