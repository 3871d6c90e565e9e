import Config
import Facts
import Timetable

/// Merged board schedules around "now", built once per board and service-date range and reused
/// by every rule that looks at the board; for each group of leave-now rules (same board, same
/// filters) the departures it takes from its board's current schedule; the plans past the horizon;
/// and the buffer evaluations list what is due in.
public struct ScheduleCache: Sendable {
    private struct Entry: Sendable {
        var first: LocalDate
        var schedule: BoardSchedule
    }

    private var entries: [String: Entry] = [:]

    /// The groups the taken departures and shared plans are for: the engine that asked last (held,
    /// so that its identity cannot be reused by another engine's groups). Another engine's groups
    /// start both afresh.
    private var groups: LeaveNowGroups?
    /// By group index: the departures each group takes from its board's current schedule.
    private var taken: [TakenDepartures?] = []
    /// Plans shared by the rules with the same filters on the same board (see `SharedPlans`).
    private var sharedPlans = SharedPlans()
    /// By group index: the messages of its taken departures, per set of texts its rules use.
    private var messages: [[PreparedMessages]] = []

    /// A rule's last plan past its horizon, by rule index: reused while its departure is still ahead
    /// of the horizon (new weather wakes a rain rule often; the search need not run each time).
    private var plans: [Int: CachedPlan] = [:]

    private final class CachedPlan: Sendable {
        /// The rule and settings it was searched for (held, so the identities cannot be reused).
        let rule: RuleSpec
        let settings: LeaveNowSettings
        let searchedAfter: Int64
        let plan: LeaveNowPlan

        init(evaluator: LeaveNowEvaluator, searchedAfter: Int64, plan: LeaveNowPlan) {
            rule = evaluator.rule
            settings = evaluator.settings
            self.searchedAfter = searchedAfter
            self.plan = plan
        }

        func serves(_ evaluator: LeaveNowEvaluator) -> Bool { rule === evaluator.rule && settings === evaluator.settings }
    }

    /// The last realtime view of each board with realtime, by board id.
    private var realtimeViews: [String: RealtimeView] = [:]

    /// The list evaluations put what is due in, lent out and given back (so that it is allocated
    /// once, not at each evaluation).
    private var spareDue: [DueNotice] = []

    public init() {}

    /// The board's realtime at `now` (see ``BoardRealtimeLink``), from the last view while its facts
    /// are the same and no live source has turned stale since.
    mutating func realtime(_ link: BoardRealtimeLink, board: Board, facts: FactSet, now: Int64) -> RealtimeView {
        if let cached = realtimeViews[board.id], cached.answers(now: now, signature: link.signature(facts)) { return cached }
        let view = link.view(board: board, facts: facts, now: now)
        realtimeViews[board.id] = view
        return view
    }

    /// Makes `groups` the ones cached for (forgetting another engine's).
    private mutating func use(_ groups: LeaveNowGroups) {
        guard self.groups !== groups else { return }
        self.groups = groups
        taken = Array(repeating: nil, count: groups.groups.count)
        messages = Array(repeating: [], count: groups.groups.count)
        sharedPlans = SharedPlans()
    }

    /// The rule's plan for departures after `instant` (see `LeaveNowGroup.plan`), from the last
    /// search when it still answers: the same first match, or the same ended service. The board's
    /// other groups that need a search from the same date are searched alongside.
    mutating func plan(_ evaluator: LeaveNowEvaluator, rule index: Int, groups: LeaveNowGroups, board: Board, after instant: Int64) -> LeaveNowPlan {
        if let cached = plans[index], cached.serves(evaluator), cached.searchedAfter <= instant {
            switch cached.plan {
            case .found(let departure, _, _) where departure > instant: return cached.plan
            case .ended: return cached.plan
            case .nothing(let through, _) where instant < through - 8 * 86_400: return cached.plan
            // No match before the unknown date then means none before it now.
            case .unknown(let unknown) where instant < unknown.from: return cached.plan
            default: break
            }
        }
        use(groups)
        let group = evaluator.group
        let date = board.clock.localTime(at: instant).date
        let plan: LeaveNowPlan
        if let shared = sharedPlans.plan(for: group.index, after: instant, date: date) {
            plan = shared
        } else {
            var batch = [group]
            for peer in groups.byBoard[group.board] ?? [] where peer !== group && sharedPlans.wantsSearch(for: peer.index, date: date) {
                batch.append(peer)
            }
            let found = LeaveNowGroup.plans(batch, board: board, after: instant)
            for (peer, answer) in zip(batch, found) { sharedPlans.remember(answer, for: peer.index, after: instant, date: date) }
            plan = found[0]
        }
        plans[index] = CachedPlan(evaluator: evaluator, searchedAfter: instant, plan: plan)
        return plan
    }

    /// The schedule of `board` from two service days before `now`'s date through two after.
    public mutating func schedule(for board: Board, now: Int64) -> BoardSchedule {
        entry(for: board, date: board.clock.localTime(at: now).date).schedule
    }

    private mutating func entry(for board: Board, date today: LocalDate) -> Entry {
        let first = today.adding(days: -Board.previousServiceDays)
        if let entry = entries[board.id], entry.first == first { return entry }
        let entry = Entry(first: first, schedule: board.schedule(from: first, through: today.adding(days: 2)))
        entries[board.id] = entry
        return entry
    }

    /// The departures `group` takes from its board's schedule at `now`, when worked out already
    /// for that schedule.
    func taken(by group: LeaveNowGroup, of groups: LeaveNowGroups, now: Int64) -> TakenDepartures? {
        guard self.groups === groups, let cached = taken[group.index] else { return nil }
        if cached.valid.contains(now) { return cached }
        if cached.first == cached.board.clock.localTime(at: now).date.adding(days: -Board.previousServiceDays) { return cached }
        return nil
    }

    /// The departures `group` takes from `board`'s schedule at `now` (worked out once per schedule
    /// and group: see ``taken(by:of:now:)``).
    mutating func taken(by group: LeaveNowGroup, of groups: LeaveNowGroups, now: Int64, board: Board) -> TakenDepartures {
        if let cached = taken(by: group, of: groups, now: now) { return cached }
        use(groups)
        let today = board.clock.localTime(at: now).date
        let first = today.adding(days: -Board.previousServiceDays)
        let entry = entry(for: board, date: today)
        let departures = group.taken(from: entry.schedule, first: first, board: board, valid: Self.instants(of: today, clock: board.clock))
        taken[group.index] = departures
        return departures
    }

    /// The messages of `evaluator`'s texts over `taken` (the departures its group takes now, from
    /// ``taken(by:of:now:board:)``), prepared once per schedule and set of texts, with the texts
    /// for `minutes` left made (see `PreparedMessages`).
    mutating func messages(for evaluator: LeaveNowEvaluator, taken: TakenDepartures, minutes: [Int]) -> PreparedMessages {
        let group = evaluator.group.index
        guard group < messages.count else { return PreparedMessages(evaluator: evaluator, taken: taken, minutes: minutes) }
        for prepared in messages[group] where prepared.serve(evaluator, taken: taken) { return prepared }
        // Those of an earlier schedule are done with.
        messages[group].removeAll { $0.taken !== taken }
        let prepared = PreparedMessages(evaluator: evaluator, taken: taken, minutes: minutes)
        messages[group].append(prepared)
        return prepared
    }

    /// The instants whose local date is `date`, when the zone's offset is constant then (plain
    /// arithmetic); empty otherwise (the date is worked out at each evaluation).
    private static func instants(of date: LocalDate, clock: ZoneClock) -> Range<Int64> {
        guard let constant = clock.constantOffset else { return 0..<0 }
        let start = Int64(date.dayNumber) * 86_400 - Int64(constant.seconds)
        guard start - 86_400 >= constant.since else { return 0..<0 }
        return start..<start + 86_400
    }

    /// The list to put what is due in (empty; give it back with ``giveBack(due:)``).
    mutating func lendDue() -> [DueNotice] {
        var due: [DueNotice] = []
        swap(&due, &spareDue)
        return due
    }

    /// Takes back a list lent by ``lendDue()``, emptied but keeping its capacity.
    mutating func giveBack(due: inout [DueNotice]) {
        due.removeAll(keepingCapacity: true)
        swap(&due, &spareDue)
    }
}
