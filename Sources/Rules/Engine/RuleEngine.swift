import Messages
import Config
import Facts
import Notifications
import Timetable

/// The rules engine: pure and deterministic. Given facts, a rule's state and the time, it says
/// which notifications to send now and when anything can next change.
public struct RuleEngine: Sendable {
    public let rules: [RuleSpec]
    private let feeds: [String: FeedSpec]
    /// What each leave-now rule's evaluation reads besides the rule (nil for other kinds): shared
    /// by the rules that agree on it.
    private let leaveNowSettings: [LeaveNowSettings?]
    /// The minutes left of the rules' heads-ups (the most used, at most eight): the texts a
    /// notification sent on time has are made in advance for them.
    private let headsUpMinutes: [Int]
    /// The groups of leave-now rules with the same board and filters.
    private let groups: LeaveNowGroups
    /// Service status rules, their source resolved once, by rule index.
    private let serviceStatus: [Int: ServiceStatusEvaluator]
    /// What the engine was made from besides the rules (for ``only(rule:)``).
    private let boards: [BoardSpec]
    private let serviceStatusSpecs: [ServiceStatusSpec]
    private let odpt: ODPTSpec?

    /// An engine for `rules`. `boards` (their `status:` and line ↔ railway ties) and
    /// `serviceStatus` (refresh intervals, for staleness) matter to leave-now status mentions and
    /// `service_status` rules; `boards` (their `realtime:` sources) and `odpt` (its `trains:`) to
    /// leave-nows on predictions.
    public init(rules: [RuleSpec], feeds: [FeedSpec] = [], boards: [BoardSpec] = [], serviceStatus: [ServiceStatusSpec] = [],
                odpt: ODPTSpec? = nil) {
        self.rules = rules
        self.boards = boards
        self.serviceStatusSpecs = serviceStatus
        self.odpt = odpt
        let boardsByID = Dictionary(boards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // What the rules of one board share: its status and realtime ties; of one filter: a group;
        // of one message, title and language: the compiled texts.
        var links: [String: (status: BoardStatusLink?, realtime: BoardRealtimeLink?)] = [:]
        var groupByKey: [SharedPlans.Key: LeaveNowGroup] = [:]
        var groups: [LeaveNowGroup] = []
        var texts: [String: [LeaveNowTexts]] = [:]
        var offsetTexts: [[Int]: [String]] = [:]
        var settings: [LeaveNowSettings.Key: LeaveNowSettings] = [:]
        var leaveNow: [LeaveNowSettings?] = []
        leaveNow.reserveCapacity(rules.count)
        var serviceStatusEvaluators: [Int: ServiceStatusEvaluator] = [:]
        for (index, rule) in rules.enumerated() {
            switch rule.kind {
            case .leaveNow(let spec):
                let key = SharedPlans.Key(spec)
                let group: LeaveNowGroup
                if let found = groupByKey[key] {
                    group = found
                } else {
                    let link = links[spec.board] ?? {
                        let board = boardsByID[spec.board]
                        let made = (status: board.flatMap { BoardStatusLink(board: $0, sources: serviceStatus) },
                                    realtime: board.flatMap { BoardRealtimeLink(board: $0, odpt: odpt) })
                        links[spec.board] = made
                        return made
                    }()
                    group = LeaveNowGroup(index: groups.count, spec: spec, status: link.status, realtime: link.realtime)
                    groups.append(group)
                    groupByKey[key] = group
                }
                let ruleTexts = LeaveNowTexts.texts(for: rule.common, cache: &texts)
                let sharing = LeaveNowSettings.Key(spec: spec, group: group, texts: ruleTexts)
                if let shared = settings[sharing] {
                    leaveNow.append(shared)
                } else {
                    let offsets = offsetTexts[spec.headsUpSeconds] ?? {
                        let made = spec.headsUpSeconds.map { String($0) }
                        offsetTexts[spec.headsUpSeconds] = made
                        return made
                    }()
                    let made = LeaveNowSettings(spec: spec, group: group, texts: ruleTexts, offsetTexts: offsets)
                    settings[sharing] = made
                    leaveNow.append(made)
                }
            case .serviceStatus(let spec):
                leaveNow.append(nil)
                serviceStatusEvaluators[index] = ServiceStatusEvaluator(rule: rule, spec: spec, boards: boardsByID, sources: serviceStatus)
            case .weather, .newArticle:
                leaveNow.append(nil)
            }
        }
        self.leaveNowSettings = leaveNow
        var uses: [Int: Int] = [:]
        for shared in settings.values { for offset in shared.headsUpSeconds { uses[offset / 60, default: 0] += 1 } }
        self.headsUpMinutes = uses.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(8).map(\.key)
        self.groups = LeaveNowGroups(groups: groups)
        self.serviceStatus = serviceStatusEvaluators
        self.feeds = Dictionary(feeds.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public init(configuration: Configuration) {
        self.init(rules: configuration.rules, feeds: configuration.feeds, boards: configuration.boards,
                  serviceStatus: configuration.serviceStatus, odpt: configuration.odpt)
    }

    /// An engine for one of this engine's rules, with the same boards and sources (for `explain`).
    public func only(rule index: Int) -> RuleEngine {
        RuleEngine(rules: [rules[index]], feeds: Array(feeds.values), boards: boards, serviceStatus: serviceStatusSpecs, odpt: odpt)
    }

    /// The leave-now evaluator of a rule (nil for other kinds).
    private func leaveNow(_ index: Int) -> LeaveNowEvaluator? {
        leaveNowSettings[index].map { LeaveNowEvaluator(rule: rules[index], settings: $0) }
    }

    /// The service status source a rule reads (a `service_status` rule's, or a leave-now rule's
    /// board's `status:`), if any.
    func serviceStatusSource(of index: Int) -> String? {
        serviceStatus[index]?.source ?? leaveNowSettings[index]?.group.status?.source
    }

    /// Every source a rule reads: new data there wakes it (the weather of a leave-now's rain, a
    /// weather rule's, a feed, a service status).
    func sources(of index: Int) -> Set<String> {
        if let evaluator = leaveNow(index) {
            // Read from the evaluator and its group: most leave-now rules read nothing.
            var sources = Set<String>()
            if let weather = evaluator.rain?.weather { sources.insert(weather) }
            if let status = evaluator.group.status?.source { sources.insert(status) }
            if let link = evaluator.group.realtime { sources.formUnion(link.sourceIDs) }
            return sources
        }
        var sources: Set<String>
        switch rules[index].kind {
        case .leaveNow: sources = []
        case .weather(let spec): sources = [spec.weather]
        case .newArticle(let spec): sources = [spec.feed]
        case .serviceStatus: sources = []
        }
        if let status = serviceStatusSource(of: index) { sources.insert(status) }
        if let link = leaveNowSettings[index]?.group.realtime { sources.formUnion(link.sourceIDs) }
        return sources
    }

    /// The leave-now rules that cannot fire within the planning span (more than a year) after
    /// `now`, with why: the board's service has ended, or no departure matches the filters. A rule
    /// whose board is not in `boards` is not listed (the board's own problem is reported).
    public func silentLeaveNowRules(boards: [String: Board], now: Int64) -> [(rule: RuleSpec, reason: Message)] {
        var silent: [(rule: RuleSpec, reason: Message)] = []
        for index in rules.indices {
            guard let evaluator = leaveNow(index), let board = boards[evaluator.group.board] else { continue }
            let plan = evaluator.group.plan(board: board, after: now)
            if case .found = plan { continue }
            silent.append((rules[index], LeaveNowEvaluator.describe(plan, board: board)))
        }
        return silent
    }

    /// The leave-now rules that stop at an unknown service date at `now` (a date whose timetable
    /// could not be loaded, or out of every source's validity): one they care about starts within
    /// the evaluation horizon, or their next departure would be on or after one. Each with the date
    /// and the sources that make it unknown, in rule order. What the worker's health check and
    /// `status` report: these rules notify nothing from that date on. Rules whose board is not in
    /// `boards` are not listed (the board's own problem is reported).
    public func unknownDates(boards: [String: Board], now: Int64) -> [(rule: RuleSpec, board: String, unknown: UnknownServiceDate)] {
        var found: [(rule: RuleSpec, board: String, unknown: UnknownServiceDate)] = []
        // Most boards have no date that can be unknown: their rules are not looked at.
        let boards = boards.filter { $0.value.mayHaveUnknownDates }
        guard !boards.isEmpty else { return found }
        // Asked once per group of rules with the same board and filters.
        var answers: [ObjectIdentifier: UnknownServiceDate?] = [:]
        for index in rules.indices {
            guard let evaluator = leaveNow(index), let board = boards[evaluator.group.board] else { continue }
            let group = evaluator.group
            let answer: UnknownServiceDate?
            if let known = answers[ObjectIdentifier(group)] {
                answer = known
            } else {
                let last = board.clock.localTime(at: now).date.adding(days: LeaveNowGroup.searchDays)
                if let first = board.firstUnknownDate(after: now, through: last, relevant: { group.wants($0, on: $1) }),
                   first.from <= now + LeaveNowEvaluator.horizon {
                    answer = first
                } else if case .unknown(let blocked) = group.plan(board: board, after: now) {
                    answer = blocked
                } else {
                    answer = nil
                }
                answers[ObjectIdentifier(group)] = .some(answer)
            }
            if let answer { found.append((rules[index], group.board, answer)) }
        }
        return found
    }

    /// The index of a rule by id (the first with it). A search, not a table: commands and tests
    /// ask once, and a table would cost every rule of a worker's engine 50 bytes.
    public func index(of id: String) -> Int? { rules.firstIndex { $0.id == id } }

    /// What one evaluation of one rule produced.
    public struct RuleEvaluation: Sendable {
        /// To send now, in order.
        public var notifications: [Notice]
        /// When this rule can next produce something without new facts; nil = only on new facts.
        public var nextWakeUp: Int64?
        /// Why (filled when asked for), rendered when shown.
        public var reasons: [Message]
        /// The unknown service date a leave-now rule stopped at: it notifies no departure from its
        /// start on (their timetable could not be loaded); nil when it did not stop at one.
        public var unknown: UnknownServiceDate? = nil
        /// ``reasons`` in English (`--json`, tests).
        public var explanation: [String] { reasons.map(\.english) }
    }

    /// Evaluates every rule at `now`.
    public func evaluate(facts: FactSet, state: inout EngineState, now: Int64, schedules: inout ScheduleCache)
        -> (notifications: [Notice], nextWakeUp: Int64?) {
        var notifications: [Notice] = []
        var wake: Int64?
        for index in rules.indices {
            let result = evaluate(rule: index, facts: facts, state: &state.rules[rules[index].id, default: RuleState()], now: now, schedules: &schedules)
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
        state.prune(now: now)
        var outcome = RuleOutcome(due: schedules.lendDue())
        // The departures of a leave-now rule's group, its unmade notifications are made from.
        var made: (evaluator: LeaveNowEvaluator, taken: TakenDepartures)?
        switch rule.kind {
        case .leaveNow:
            made = evaluateLeaveNow(rule: index, facts: facts, state: state, now: now, schedules: &schedules, outcome: &outcome, trace: &trace)
        case .weather(let spec):
            outcome.take(WeatherRuleEvaluator(rule: rule, spec: spec).evaluate(facts: facts, state: &state, now: now, trace: &trace))
        case .newArticle(let spec):
            outcome.take(NewArticleEvaluator(rule: rule, spec: spec, feedSpec: feeds[spec.feed]).evaluate(facts: facts, state: &state, now: now, trace: &trace))
        case .serviceStatus:
            if let evaluator = serviceStatus[index] {
                outcome.take(evaluator.evaluate(facts: facts, state: &state, now: now, schedules: &schedules, trace: &trace))
            }
        }
        var sendable: [Notice] = []
        // Notifications that waited for quiet hours to end come first.
        var hadReady = false
        if state.hasDeferred {
            let deferred = state.deferred
            let (ready, waiting) = (deferred.filter { $0.fireAt <= now }, deferred.filter { $0.fireAt > now })
            state.deferred = waiting
            for notification in waiting { outcome.wake(at: notification.fireAt) }
            for notification in ready {
                gate(expiresAt: notification.expiresAt, key: notification.key, rule: rule, state: &state, now: now, into: &sendable,
                     outcome: &outcome, trace: &trace) { $0.append(notification) }
            }
            hadReady = !ready.isEmpty
        }
        // Taken out of the outcome so that the wake-ups the gate sets go on into it.
        var due = outcome.due
        outcome.due = []
        sendable.reserveCapacity(due.count)
        // The prepared messages of a leave-now rule's departures (looked up at the first one made).
        var messages: PreparedMessages?
        for item in due.indices {
            switch due[item].mark {
            case .occurrence(let instant, let labels, let offset):
                state.handled(instant: instant, labels: labels, offset: offset, forgetAfter: due[item].forgetAfter)
            case .key(let key):
                state.sent[key] = due[item].forgetAfter
            }
            let sent = sendable.count
            let expiresAt = due[item].expiresAt
            switch due[item].body {
            case .none:
                continue
            case .notice(let notification, let announce):
                gate(expiresAt: expiresAt, key: notification.key, rule: rule, state: &state, now: now, into: &sendable,
                     outcome: &outcome, trace: &trace) { $0.append(notification) }
                // A leave time counts as told only when its notification goes out.
                if sendable.count > sent, let told = announce {
                    var announced = state.announced ?? [:]
                    announced[told.key] = told.leave
                    state.announced = announced
                }
            case .leaveNow(let position, let headsUp, let leaveAt, let rainy):
                guard let made else { continue }
                let prepared = messages ?? schedules.messages(for: made.evaluator, taken: made.taken, minutes: headsUpMinutes)
                messages = prepared
                let (evaluator, at, headsUp) = (made.evaluator, Int(position), Int(headsUp))
                // A text in which only the time left varies is made in advance for the usual minutes.
                let text = rainy ? nil : prepared.text(at, minutes: max(0, Int((leaveAt - now + 30) / 60)))
                gate(expiresAt: expiresAt,
                     key: evaluator.notification(position: at, headsUp: headsUp, prepared: prepared, leaveAt: leaveAt, rainy: rainy, now: now).key,
                     rule: rule, state: &state, now: now, into: &sendable, outcome: &outcome, trace: &trace) {
                    evaluator.appendNotification(position: at, headsUp: headsUp, prepared: prepared, leaveAt: leaveAt, rainy: rainy, now: now,
                                                 text: text, to: &$0)
                }
            }
        }
        if sendable.isEmpty, due.isEmpty, !hadReady { trace.note(.explainNothingToSend) }
        schedules.giveBack(due: &due)
        return RuleEvaluation(notifications: sendable, nextWakeUp: outcome.nextWakeUp, reasons: trace.lines, unknown: outcome.unknown)
    }

    /// A leave-now rule: the departures its group takes from its board's schedule come from the
    /// cache. Returns what its unmade notifications are made from.
    private func evaluateLeaveNow(rule index: Int, facts: FactSet, state: borrowing RuleState, now: Int64, schedules: inout ScheduleCache,
                                  outcome: inout RuleOutcome, trace: inout Trace) -> (evaluator: LeaveNowEvaluator, taken: TakenDepartures)? {
        guard let evaluator = leaveNow(index) else { return nil }
        let group = evaluator.group
        // Looked up without copying the board out: the cached departures keep it.
        guard let found = facts.boards.index(forKey: group.board) else {
            trace.note(.explainBoardNotLoaded, ["board": .inQuotes(group.board)])
            return nil
        }
        let taken = schedules.taken(by: group, of: groups, now: now) ?? schedules.taken(by: group, of: groups, now: now, board: facts.boards[found].value)
        // A service date the rule cares about whose timetable could not be loaded: no departure
        // from its start on is notified, and none after it is skipped to.
        let blocked = taken.unknown.isEmpty ? nil : taken.firstUnknown(after: now)
        let cut = blocked?.from ?? .max
        if let link = group.realtime {
            let view = schedules.realtime(link, board: taken.board, facts: facts, now: now)
            evaluator.evaluate(taken: taken, facts: facts, realtime: view, state: state, now: now, cut: cut, outcome: &outcome, trace: &trace)
        } else {
            evaluator.evaluate(taken: taken, facts: facts, state: state, now: now, cut: cut, outcome: &outcome, trace: &trace)
        }
        let made = (evaluator, taken)
        let board = taken.board
        let horizonEnd = now + LeaveNowEvaluator.horizon
        if let blocked, blocked.from <= horizonEnd {
            // Looked at again once the date can no longer have a departure (or when the data changes).
            outcome.unknown = blocked
            outcome.wake(at: max(blocked.until, now + 1))
            trace.note(.explainPlanLooksAgain, ["plan": .message(LeaveNowEvaluator.describe(.unknown(blocked), board: board)),
                                                "time": .text(board.clock.iso8601(max(blocked.until, now + 1)))])
            return made
        }
        guard outcome.nextWakeUp == nil else { return made }
        // Nothing within the horizon needs the rule again: the timetable alone decides when it
        // does, so find that departure (weeks away for a holiday rule) instead of waiting for new data.
        let plan = schedules.plan(evaluator, rule: index, groups: groups, board: board, after: horizonEnd)
        switch plan {
        case .found(let departure, _, _):
            let wake = max(evaluator.earliestFire(departure: departure, board: board), now + 1)
            outcome.wake(at: wake)
            trace.note(.explainPlanWakes, ["plan": .message(LeaveNowEvaluator.describe(plan, board: board)), "time": .text(board.clock.iso8601(wake))])
        case .ended:
            trace.note(LeaveNowEvaluator.describe(plan, board: board))
        case .nothing(let through, _):
            outcome.wake(at: max(through, now + 1))
            trace.note(.explainPlanLooksAgain, ["plan": .message(LeaveNowEvaluator.describe(plan, board: board)), "time": .text(board.clock.iso8601(through))])
        case .unknown(let unknown):
            // The earliest a departure of the date could need the rule: it looks again then.
            outcome.unknown = unknown
            let wake = max(evaluator.earliestFire(departure: unknown.from, board: board), now + 1)
            outcome.wake(at: wake)
            trace.note(.explainPlanLooksAgain, ["plan": .message(LeaveNowEvaluator.describe(plan, board: board)), "time": .text(board.clock.iso8601(wake))])
        }
        return made
    }

    /// The checks every notification passes at sending time: expiry, active days and hours, quiet
    /// hours (wait for their end unless it would expire), cooldown, and the daily maximum. The
    /// notification is made only when it is sent or held: `make` appends it to the list it is given
    /// (made in place there, not copied in).
    private func gate(expiresAt: Int64?, key: @autoclosure () -> String, rule: RuleSpec, state: inout RuleState, now: Int64,
                      into sendable: inout [Notice], outcome: inout RuleOutcome, trace: inout Trace, make: (inout [Notice]) -> Void) {
        // Read through `rule` rather than copying `common` out (a copy retains each of its fields).
        // The day and time of day as numbers (what `localTime(at:)` gives, without making a date).
        let local = now + Int64(rule.common.clock.offset(at: now))
        let today = Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
        let seconds = Int(local - Int64(today) * 86_400)
        if let expiry = expiresAt, expiry <= now {
            trace.note(.explainDroppedExpired, ["key": .text(key()), "time": .text(rule.common.clock.iso8601(expiry))])
            return
        }
        if let days = rule.common.activeDays, !days.contains(LocalDate(dayNumber: today).weekday) {
            trace.note(.explainDroppedWeekday, ["key": .text(key())])
            return
        }
        if let hours = rule.common.activeHours, !hours.contains(seconds) {
            trace.note(.explainDroppedHours, ["key": .text(key()), "hours": .text("\(hours)")])
            return
        }
        if let quiet = rule.common.quietHours, quiet.contains(seconds), rule.common.urgency != .critical {
            let end = now + Int64(quiet.secondsUntilEnd(from: seconds))
            if let expiry = expiresAt, expiry <= end {
                trace.note(.explainDroppedQuiet, ["key": .text(key()), "quiet": .text("\(quiet)")])
            } else {
                var made: [Notice] = []
                make(&made)
                var waiting = made[0]
                waiting.fireAt = end
                state.deferred.append(waiting)
                outcome.wake(at: end)
                trace.note(.explainHeldQuiet, ["key": .text(waiting.key), "quiet": .text("\(quiet)"), "time": .text(rule.common.clock.iso8601(end))])
            }
            return
        }
        if let last = state.lastSentAt, rule.common.cooldownSeconds > 0, now - last < Int64(rule.common.cooldownSeconds) {
            trace.note(.explainDroppedCooldown, ["key": .text(key()), "minutes": .number(rule.common.cooldownSeconds / 60), "time": .text(rule.common.clock.iso8601(last))])
            return
        }
        let count = state.dayCount?.day == today ? state.dayCount!.count : 0
        if let limit = rule.common.maxPerDay, count >= limit {
            trace.note(.explainDroppedMaxPerDay, ["key": .text(key()), "count": .number(count), "limit": .number(limit)])
            return
        }
        state.dayCount = RuleState.DayCount(day: today, count: count + 1)
        state.lastSentAt = now
        make(&sendable)
        trace.note(.explainSend, ["key": .text(sendable[sendable.count - 1].key), "channels": .text(sendable[sendable.count - 1].channels.joined(separator: ", ")),
                                  "text": .text(sendable[sendable.count - 1].text)])
    }
}
