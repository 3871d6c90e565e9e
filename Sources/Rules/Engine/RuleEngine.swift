import Config
import Facts
import Notifications
import Timetable

/// The rules engine: pure and deterministic. Given facts, a rule's state and the time, it says
/// which notifications to send now and when anything can next change.
public struct RuleEngine: Sendable {
    public let rules: [RuleSpec]
    private let feeds: [String: FeedSourceSpec]
    private let indexByID: [String: Int]
    /// Leave-now rules compiled once (nil for other kinds).
    private let leaveNow: [LeaveNowEvaluator?]
    /// Service status rules, their source resolved once (nil for other kinds).
    private let serviceStatus: [ServiceStatusEvaluator?]
    /// The realtime of each leave-now rule's board (nil for other kinds and timetable-only boards).
    private let realtime: [BoardRealtimeLink?]
    /// One leave-now rule per distinct filter, by board: their plans are searched together.
    private let planPeers: [String: [SharedPlans.Peer]]

    /// An engine for `rules`. `boards` (their `status:` and line ↔ railway ties) and
    /// `serviceStatus` (refresh intervals, for staleness) matter to leave-now status mentions and
    /// `service_status` rules; `boards` (their `realtime:` sources) and `odpt` (its `trains:`) to
    /// leave-nows on predictions.
    public init(rules: [RuleSpec], feeds: [FeedSourceSpec] = [], boards: [BoardSpec] = [], serviceStatus: [ServiceStatusSpec] = [],
                odpt: ODPTSpec? = nil) {
        self.rules = rules
        let boardsByID = Dictionary(boards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var links: [String: BoardRealtimeLink] = [:]
        for board in boards where links[board.id] == nil {
            if let link = BoardRealtimeLink(board: board, odpt: odpt) { links[board.id] = link }
        }
        self.realtime = rules.map { rule in
            if case .leaveNow(let spec) = rule.kind { return links[spec.board] }
            return nil
        }
        self.leaveNow = rules.map { rule in
            if case .leaveNow(let spec) = rule.kind {
                let link = boardsByID[spec.board].flatMap { BoardStatusLink(board: $0, sources: serviceStatus) }
                return LeaveNowEvaluator(rule: rule, spec: spec, status: link)
            }
            return nil
        }
        self.planPeers = SharedPlans.peers(of: leaveNow)
        self.serviceStatus = rules.map { rule in
            if case .serviceStatus(let spec) = rule.kind {
                return ServiceStatusEvaluator(rule: rule, spec: spec, boards: boardsByID, sources: serviceStatus)
            }
            return nil
        }
        self.feeds = Dictionary(feeds.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.indexByID = Dictionary(rules.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    public init(configuration: Configuration) {
        self.init(rules: configuration.rules, feeds: configuration.feeds, boards: configuration.boards,
                  serviceStatus: configuration.serviceStatus, odpt: configuration.odpt)
    }

    /// An engine for one of this engine's rules, with the same boards and sources (for `explain`).
    public func only(rule index: Int) -> RuleEngine {
        RuleEngine(rules: [rules[index]], feeds: Array(feeds.values), leaveNow: [leaveNow[index]], serviceStatus: [serviceStatus[index]],
                   realtime: [realtime[index]])
    }

    private init(rules: [RuleSpec], feeds: [FeedSourceSpec], leaveNow: [LeaveNowEvaluator?], serviceStatus: [ServiceStatusEvaluator?],
                 realtime: [BoardRealtimeLink?]) {
        self.rules = rules
        self.realtime = realtime
        self.leaveNow = leaveNow
        self.planPeers = SharedPlans.peers(of: leaveNow)
        self.serviceStatus = serviceStatus
        self.feeds = Dictionary(feeds.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.indexByID = Dictionary(rules.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    /// The service status source a rule reads (a `service_status` rule's, or a leave-now rule's
    /// board's `status:`), if any.
    func serviceStatusSource(of index: Int) -> String? {
        serviceStatus[index]?.source ?? leaveNow[index]?.status?.source
    }

    /// Every source a rule reads: new data there wakes it (the weather of a leave-now's rain, a
    /// weather rule's, a feed, a service status).
    func sources(of index: Int) -> Set<String> {
        var sources: Set<String>
        switch rules[index].kind {
        case .leaveNow(let spec): sources = Set([spec.rain?.weather].compactMap { $0 })
        case .weather(let spec): sources = [spec.weather]
        case .newArticle(let spec): sources = [spec.feed]
        case .serviceStatus: sources = []
        }
        if let status = serviceStatusSource(of: index) { sources.insert(status) }
        if let link = realtime[index] { sources.formUnion(link.sourceIDs) }
        return sources
    }

    /// The leave-now rules that cannot fire within the planning span (more than a year) after
    /// `now`, with why: the board's service has ended, or no departure matches the filters. A rule
    /// whose board is not in `boards` is not listed (the board's own problem is reported).
    public func silentLeaveNowRules(boards: [String: Board], now: Int64) -> [(rule: RuleSpec, reason: String)] {
        var silent: [(rule: RuleSpec, reason: String)] = []
        for index in rules.indices {
            guard let evaluator = leaveNow[index], let board = boards[evaluator.spec.board] else { continue }
            let plan = evaluator.plan(board: board, after: now)
            if case .found = plan { continue }
            silent.append((rules[index], evaluator.describe(plan, board: board)))
        }
        return silent
    }

    /// The index of a rule by id.
    public func index(of id: String) -> Int? { indexByID[id] }

    /// What one evaluation of one rule produced.
    public struct RuleEvaluation: Sendable {
        /// To send now, in order.
        public var notifications: [Notice]
        /// When this rule can next produce something without new facts; nil = only on new facts.
        public var nextWakeUp: Int64?
        /// Why (filled when asked for).
        public var explanation: [String]
    }

    /// Evaluates every rule at `now`.
    public func evaluate(facts: FactSet, state: inout EngineState, now: Int64, schedules: inout ScheduleCache)
        -> (notifications: [Notice], nextWakeUp: Int64?) {
        var notifications: [Notice] = []
        var wake: Int64?
        for index in rules.indices {
            var ruleState = state.rules[rules[index].id] ?? RuleState()
            let result = evaluate(rule: index, facts: facts, state: &ruleState, now: now, schedules: &schedules)
            state.rules[rules[index].id] = ruleState
            notifications += result.notifications
            if let next = result.nextWakeUp { wake = min(wake ?? next, next) }
        }
        return (notifications, wake)
    }

    /// Evaluates one rule at `now`, updating its state.
    public func evaluate(rule index: Int, facts: FactSet, state: inout RuleState, now: Int64,
                         schedules: inout ScheduleCache, explain: Bool = false) -> RuleEvaluation {
        let rule = rules[index]
        var trace = Trace(enabled: explain)
        if state.sent.count > 64 { state.prune(now: now) }
        var outcome: RuleOutcome
        switch rule.kind {
        case .leaveNow:
            outcome = evaluateLeaveNow(rule: index, facts: facts, state: state, now: now, schedules: &schedules, trace: &trace)
        case .weather(let spec):
            outcome = WeatherRuleEvaluator(rule: rule, spec: spec).evaluate(facts: facts, state: &state, now: now, trace: &trace)
        case .newArticle(let spec):
            outcome = NewArticleEvaluator(rule: rule, spec: spec, feedSpec: feeds[spec.feed])
                .evaluate(facts: facts, state: &state, now: now, trace: &trace)
        case .serviceStatus:
            outcome = serviceStatus[index]?.evaluate(facts: facts, state: &state, now: now, schedules: &schedules, trace: &trace) ?? RuleOutcome()
        }
        var sendable: [Notice] = []
        // Notifications that waited for quiet hours to end come first.
        var hadReady = false
        if !state.deferred.isEmpty {
            let (ready, waiting) = (state.deferred.filter { $0.fireAt <= now }, state.deferred.filter { $0.fireAt > now })
            state.deferred = waiting
            for notification in waiting { outcome.wake(at: notification.fireAt) }
            for notification in ready { gate(notification, rule: rule, state: &state, now: now, into: &sendable, outcome: &outcome, trace: &trace) }
            hadReady = !ready.isEmpty
        }
        // Taken out of the outcome so that its notifications are read in place, not copied.
        let due = outcome.due
        outcome.due = []
        let announcements = outcome.announcements
        for index in due.indices {
            state.sent[due[index].notification.key] = due[index].forgetAfter
            guard due[index].deliver else { continue }
            let sent = sendable.count
            gate(due[index].notification, rule: rule, state: &state, now: now, into: &sendable, outcome: &outcome, trace: &trace)
            // A leave time counts as told only when its notification goes out.
            if sendable.count > sent, let told = announcements[due[index].notification.key] {
                state.announced = state.announced ?? [:]
                state.announced![told.key] = told.leave
            }
        }
        if sendable.isEmpty, due.isEmpty, !hadReady { trace.note("nothing to send at this time") }
        return RuleEvaluation(notifications: sendable, nextWakeUp: outcome.nextWakeUp, explanation: trace.lines)
    }

    /// A leave-now rule: its board's schedule and the rule's filter come from the cache.
    private func evaluateLeaveNow(rule index: Int, facts: FactSet, state: RuleState, now: Int64,
                                  schedules: inout ScheduleCache, trace: inout Trace) -> RuleOutcome {
        guard let evaluator = leaveNow[index] else { return RuleOutcome() }
        guard let board = facts.boards[evaluator.spec.board] else {
            trace.note("board \"\(evaluator.spec.board)\" is not loaded")
            return RuleOutcome()
        }
        var (schedule, filter, keys) = schedules.leaveNow(evaluator, rule: index, board: board, now: now)
        let view = realtime[index].map { schedules.realtime($0, board: board, facts: facts, now: now) }
        var outcome = evaluator.evaluate(board: board, schedule: schedule, filter: filter, keys: &keys, facts: facts,
                                         realtime: view, state: state, now: now, trace: &trace)
        schedules.returnKeys(keys, rule: index, evaluator: evaluator)
        guard outcome.nextWakeUp == nil else { return outcome }
        // Nothing within the horizon needs the rule again: the timetable alone decides when it
        // does, so find that departure (weeks away for a holiday rule) instead of waiting for new data.
        let horizonEnd = now + LeaveNowEvaluator.horizon
        let plan = schedules.plan(evaluator, rule: index, board: board, after: horizonEnd, peers: planPeers[evaluator.spec.board] ?? [])
        switch plan {
        case .found(let departure, _, _):
            let wake = max(evaluator.earliestFire(departure: departure, board: board), now + 1)
            outcome.wake(at: wake)
            trace.note(evaluator.describe(plan, board: board) + "; the rule wakes at \(board.clock.iso8601(wake))")
        case .ended:
            trace.note(evaluator.describe(plan, board: board))
        case .nothing(let through, _):
            outcome.wake(at: max(through, now + 1))
            trace.note(evaluator.describe(plan, board: board) + "; the rule looks again at \(board.clock.iso8601(through))")
        }
        return outcome
    }

    /// The checks every notification passes at sending time: expiry, active days and hours, quiet
    /// hours (wait for their end unless it would expire), cooldown, and the daily maximum.
    private func gate(_ notification: Notice, rule: RuleSpec, state: inout RuleState, now: Int64,
                      into sendable: inout [Notice], outcome: inout RuleOutcome, trace: inout Trace) {
        // Read through `rule` rather than copying `common` out (a copy retains each of its fields).
        let clock = rule.common.clock
        let (date, seconds) = clock.localTime(at: now)
        if let expiry = notification.expiresAt, expiry <= now {
            trace.note("dropped \(notification.key): expired at \(clock.iso8601(expiry))")
            return
        }
        if let days = rule.common.activeDays, !days.contains(date.weekday) {
            trace.note("dropped \(notification.key): the rule is not active on this weekday")
            return
        }
        if let hours = rule.common.activeHours, !hours.contains(seconds) {
            trace.note("dropped \(notification.key): outside the active hours \(hours)")
            return
        }
        if let quiet = rule.common.quietHours, quiet.contains(seconds), rule.common.urgency != .critical {
            let end = now + Int64(quiet.secondsUntilEnd(from: seconds))
            if let expiry = notification.expiresAt, expiry <= end {
                trace.note("dropped \(notification.key): quiet hours \(quiet), and it expires before they end")
            } else {
                var waiting = notification
                waiting.fireAt = end
                state.deferred.append(waiting)
                outcome.wake(at: end)
                trace.note("held \(notification.key) until the quiet hours \(quiet) end at \(clock.iso8601(end))")
            }
            return
        }
        if let last = state.lastSentAt, rule.common.cooldownSeconds > 0, now - last < Int64(rule.common.cooldownSeconds) {
            trace.note("dropped \(notification.key): cooldown \(rule.common.cooldownSeconds / 60) min since the last one at \(clock.iso8601(last))")
            return
        }
        let today = date.dayNumber
        let count = state.dayCount?.day == today ? state.dayCount!.count : 0
        if let limit = rule.common.maxPerDay, count >= limit {
            trace.note("dropped \(notification.key): already \(count) today (max_per_day \(limit))")
            return
        }
        state.dayCount = RuleState.DayCount(day: today, count: count + 1)
        state.lastSentAt = now
        trace.note("send \(notification.key) → \(notification.channels.joined(separator: ", ")): \(notification.text)")
        sendable.append(notification)
    }
}
