import Config
import Facts
import Rules
import Store

/// Turns a step's evaluations (``RuleStepper/evaluations``) into the rows of the rules' history:
/// one ``RuleHistoryRecord`` per evaluation, committed with the rules' state and pruned to ``keep``
/// per rule in the same transaction. What each rule reads is worked out once per engine.
struct HistoryRecorder {
    /// Evaluations kept per rule (0: none recorded, and the stepper explains nothing).
    let keep: Int
    /// For each rule of the engine: its board (a leave-now's, or a service status rule's) and the
    /// sources it reads, with their kind.
    private let reads: [(board: String?, sources: [(id: String, kind: String)])]

    /// A recorder for the rules of `engine`, configured by `configuration`.
    init(engine: RuleEngine, configuration: Configuration) {
        keep = configuration.historyKeep
        var kinds: [String: String] = [:]
        for weather in configuration.weather { kinds[weather.id] = "weather" }
        for feed in configuration.feeds { kinds[feed.id] = "feed" }
        for status in configuration.serviceStatus { kinds[status.id] = "service_status" }
        for trains in configuration.odpt?.trains ?? [] { kinds[trains.id] = "trains" }
        reads = engine.rules.indices.map { index in
            let board: String?
            switch engine.rules[index].kind {
            case .leaveNow(let spec): board = spec.board
            case .serviceStatus(let spec): board = spec.board
            case .weather, .newArticle: board = nil
            }
            return (board, engine.sourcesRead(by: index).map { ($0, kinds[$0] ?? "realtime") })
        }
    }

    /// Whether evaluations are recorded at all.
    var isOn: Bool { keep > 0 }

    /// The history rows of `evaluations` at `now`: `updated` are the sources with new data this pass,
    /// `facts` what the rules read, `state` their state after the step; `starting` marks the first
    /// pass after a start or a reload.
    func entries(_ evaluations: [StepEvaluation], engine: RuleEngine, updated: Set<String>, facts: FactSet, state: EngineState,
                 now: Int64, starting: Bool) -> [RuleHistoryEntry] {
        guard isOn else { return [] }
        var entries: [RuleHistoryEntry] = []
        entries.reserveCapacity(evaluations.count)
        for step in evaluations {
            let rule = engine.rules[step.rule]
            let read = step.rule < reads.count ? reads[step.rule] : (board: nil, sources: [])
            let woken = read.sources.map(\.id).filter { updated.contains($0) }
            var record = RuleHistoryRecord(trigger: starting ? .start : woken.isEmpty ? .time : .data, updated: woken)
            if let board = read.board { record.facts.append(.init(source: board, kind: "board", at: nil)) }
            for source in read.sources {
                record.facts.append(.init(source: source.id, kind: source.kind, at: Self.fetchedAt(source.id, kind: source.kind, in: facts)))
            }
            record.queued = step.evaluation.notifications.map { .init(key: $0.key, channels: $0.channels) }
            let waiting = (state.rules[rule.id]?.deferred ?? []).filter { $0.fireAt > now }
            record.held = waiting.count
            record.heldUntil = waiting.map(\.fireAt).min()
            record.next = step.evaluation.nextWakeUp
            record.reasons = step.evaluation.reasons
            entries.append(RuleHistoryEntry(rule: rule.id, at: now, record: record.json))
        }
        return entries
    }

    /// When the snapshot of source `id` was fetched (or last confirmed); nil when there is none.
    private static func fetchedAt(_ id: String, kind: String, in facts: FactSet) -> Int64? {
        switch kind {
        case "weather": return facts.forecasts[id]?.fetchedAt
        case "feed": return facts.feeds[id]?.fetchedAt
        case "service_status": return facts.serviceStatus[id]?.fetchedAt
        case "trains": return facts.trains[id]?.fetchedAt
        default:
            guard let realtime = RealtimeSourceID(id) else { return nil }
            return facts.realtime[realtime.board]?[realtime.index]?.fetchedAt
        }
    }
}
