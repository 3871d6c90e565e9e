import Timetable

/// A workspace on a simulated clock: what `dry-run`, `test` and `explain` run.
extension Workspace {
    /// A simulation over the workspace's boards and fixtures.
    public var simulation: Simulation { Simulation(engine: engine, boards: boards, timeline: timeline) }

    /// Why a rule does or does not fire at `instant`: the day before is simulated first, so the
    /// rule's memory (sent notifications, previous forecasts, seen entries) is what a worker's would be.
    public func explain(rule id: String, at instant: Int64) -> RuleEngine.RuleEvaluation? {
        guard let index = engine.index(of: id) else { return nil }
        let warmUp = Simulation(engine: engine.only(rule: index), boards: boards, timeline: timeline)
        var state = warmUp.run(from: instant - 86_400, to: instant - 1).state.rules[id] ?? RuleState()
        var schedules = ScheduleCache()
        let facts = timeline.facts(at: instant, boards: boards)
        return engine.evaluate(rule: index, facts: facts, state: &state, now: instant, schedules: &schedules, explain: true)
    }
}
