import Facts
import Notifications
import Timetable
/// Decides which rules run at an instant and remembers when each wants to run next: a rule runs
/// when the time it asked for has come, or when a source it reads has new data. The simulation of
/// a dry run and the worker step the engine through this one type, so both fire identically.
///
/// The wake-ups are kept in a heap as well as by rule, so a step looks only at the rules that are
/// due (not at every rule): a year's dry run of hundreds of rules is as many steps as before, each
/// costing what its due rules cost.
public struct RuleStepper: Sendable {
    /// The engine whose rules are stepped.
    public let engine: RuleEngine
    /// The rules that read each source, by source id.
    private let readers: [String: [Int]]
    /// When each rule wants to run next, by rule index: ``noWake`` for only on new data (a plain
    /// number, not an optional: 8 bytes a rule instead of 16).
    private var wakes: [Int64]
    private static let noWake = Int64.min

    /// When each rule wants to run next (nil: only on new data), by rule index.
    public var wake: [Int64?] { wakes.map { $0 == Self.noWake ? nil : $0 } }
    /// (time, rule index) for every wake-up set; an entry whose time is no longer the rule's is stale.
    private var queue = WakeHeap()
    /// Whether ``step(now:updated:facts:state:schedules:)`` keeps each evaluation, with the engine's
    /// reasons, in ``evaluations`` (the worker's rule history). Off: nothing is kept or explained.
    public var recordsEvaluations = false
    /// The evaluations of the last step when ``recordsEvaluations`` is on, in rule order (see ``StepEvaluation``).
    public private(set) var evaluations: [StepEvaluation] = []
    /// By rule index: the unknown service date each leave-now rule stopped at when it last ran
    /// (``RuleEngine/RuleEvaluation/unknown``); rules that did not stop are absent.
    public private(set) var unknownDates: [Int: UnknownServiceDate] = [:]

    /// A stepper whose rules all run at the first step at or after `start`.
    public init(engine: RuleEngine, start: Int64) {
        self.init(engine: engine, wake: Array(repeating: start, count: engine.rules.count))
    }

    /// A stepper for a new `engine` that goes on from `previous`: a rule both step (the same
    /// `RuleSpec` object: the same rule, unchanged) keeps the wake-up it asked `previous` for,
    /// since its state goes on too; every other rule runs at the first step at or after `start`.
    /// What a worker does when its share of the rules changes (the rules it keeps do not all run
    /// again at once).
    public init(engine: RuleEngine, start: Int64, continuing previous: RuleStepper) {
        var kept: [ObjectIdentifier: Int64?] = [:]
        kept.reserveCapacity(previous.engine.rules.count)
        for (index, rule) in previous.engine.rules.enumerated() {
            kept[ObjectIdentifier(rule)] = previous.wakes[index] == Self.noWake ? .some(nil) : previous.wakes[index]
        }
        // (`previous` holds its rules alive while their identities are compared.)
        let wake = engine.rules.map { rule in kept[ObjectIdentifier(rule)] ?? start }
        self.init(engine: engine, wake: wake)
    }

    private init(engine: RuleEngine, wake: [Int64?]) {
        self.engine = engine
        var readers: [String: [Int]] = [:]
        for index in engine.rules.indices {
            for source in engine.sources(of: index) { readers[source, default: []].append(index) }
        }
        self.readers = readers
        self.wakes = wake.map { $0 ?? Self.noWake }
        queue.reserve(wake.count)
        for (index, time) in wake.enumerated() {
            if let time { queue.push(time: time, index: index) }
        }
    }

    /// Runs the rules due at `now` (their wake time has come, or a source they read is in
    /// `updated`) against `facts`, updating their state, and returns what to send, in rule order,
    /// with the ids of the rules that ran (their state may have changed).
    public mutating func step(now: Int64, updated: Set<String>, facts: FactSet, state: inout EngineState,
                              schedules: inout ScheduleCache) -> (notifications: [Notice], ran: [String]) {
        var due: [Int] = []
        while let top = queue.top, top.time <= now {
            queue.pop()
            if wakes[top.index] == top.time { due.append(top.index) }
        }
        for source in updated { due += readers[source] ?? [] }
        // In rule order, each once.
        due.sort()
        var notifications: [Notice] = []
        var ran: [String] = []
        let rules = engine.rules
        var previous = -1
        if recordsEvaluations { evaluations.removeAll(keepingCapacity: true) }
        for index in due where index != previous {
            previous = index
            let id = rules[index].id
            let result = engine.evaluate(rule: index, facts: facts, state: &state.rules[id, default: RuleState()], now: now,
                                         schedules: &schedules, explain: recordsEvaluations)
            if recordsEvaluations { evaluations.append(StepEvaluation(rule: index, evaluation: result)) }
            notifications += result.notifications
            if let unknown = result.unknown {
                unknownDates[index] = unknown
            } else if !unknownDates.isEmpty {
                unknownDates[index] = nil
            }
            ran.append(id)
            set(index, result.nextWakeUp.map { max($0, now + 1) })
        }
        return (notifications, ran)
    }

    /// Sets a rule's wake-up (and queues it).
    private mutating func set(_ index: Int, _ time: Int64?) {
        wakes[index] = time ?? Self.noWake
        if let time { queue.push(time: time, index: index) }
    }

    /// Makes the rules `ids` run again at `instant` at the latest (their decisions could not be kept).
    public mutating func wake(_ ids: [String], at instant: Int64) {
        let wanted = Set(ids)
        for index in engine.rules.indices where wanted.contains(engine.rules[index].id) {
            set(index, min(wakes[index] == Self.noWake ? instant : wakes[index], instant))
        }
    }

    /// The earliest time any rule wants to run; nil when every rule waits for new data.
    public var nextWake: Int64? {
        mutating get {
            while let top = queue.top, wakes[top.index] != top.time { queue.pop() }
            return queue.top?.time
        }
    }

    /// The rule that wakes first and when, for status lines.
    public var firstWake: (rule: String, at: Int64)? {
        var best: (String, Int64)?
        for (index, time) in wakes.enumerated() {
            guard time != Self.noWake else { continue }
            if best == nil || time < best!.1 { best = (engine.rules[index].id, time) }
        }
        return best.map { (rule: $0.0, at: $0.1) }
    }

    /// Every rule's next wake time, by rule id, for `leavenow status`.
    public var wakeTimes: [(rule: String, at: Int64?)] {
        engine.rules.indices.map { (rule: engine.rules[$0].id, at: wakes[$0] == Self.noWake ? nil : wakes[$0]) }
    }
}

/// A binary min-heap of (time, rule index), by time then index.
struct WakeHeap: Sendable {
    private var items: [(time: Int64, index: Int)] = []

    var top: (time: Int64, index: Int)? { items.first }

    mutating func reserve(_ count: Int) { items.reserveCapacity(count) }

    private static func less(_ a: (time: Int64, index: Int), _ b: (time: Int64, index: Int)) -> Bool {
        a.time != b.time ? a.time < b.time : a.index < b.index
    }

    mutating func push(time: Int64, index: Int) {
        items.append((time, index))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.less(items[child], items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() {
        guard !items.isEmpty else { return }
        items.swapAt(0, items.count - 1)
        items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < items.count, Self.less(items[left], items[smallest]) { smallest = left }
            if right < items.count, Self.less(items[right], items[smallest]) { smallest = right }
            guard smallest != parent else { return }
            items.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
