import Facts
import Timetable

/// Merged board schedules around "now", built once per board and service-date range and reused
/// by every rule that looks at the board; plus each leave-now rule's filter compiled against its
/// board's current schedule.
public struct ScheduleCache: Sendable {
    private struct Entry: Sendable {
        var first: LocalDate
        var schedule: BoardSchedule
    }

    /// A rule's last schedule and its filter compiled against it. The pair is consistent on its
    /// own, so a rule whose service-date range has not moved needs no board lookup. Shared by
    /// reference: handing it out costs one retain.
    private final class CachedFilter: Sendable {
        /// The rule it was compiled for (held, so the identity cannot be reused by another rule).
        let evaluator: LeaveNowEvaluator
        let first: LocalDate
        let schedule: BoardSchedule
        let filter: LeaveNowEvaluator.CompiledFilter

        init(evaluator: LeaveNowEvaluator, first: LocalDate, schedule: BoardSchedule, filter: LeaveNowEvaluator.CompiledFilter) {
            self.evaluator = evaluator
            self.first = first
            self.schedule = schedule
            self.filter = filter
        }
    }

    private var entries: [String: Entry] = [:]
    /// By rule index (of whichever engine asks; the evaluator identity tells engines apart).
    private var filters: [CachedFilter?] = []
    /// By rule index, beside `filters`: the keys each rule made against its cached schedule.
    private var keyMemos: [KeyMemo] = []

    /// A rule's last plan past its horizon, by rule index: reused while its departure is still ahead
    /// of the horizon (new weather wakes a rain rule often; the search need not run each time).
    private var plans: [Int: CachedPlan] = [:]

    /// Plans shared by the rules with the same filters on the same board (see `SharedPlans`).
    private var sharedPlans = SharedPlans()

    private final class CachedPlan: Sendable {
        let evaluator: LeaveNowEvaluator
        let searchedAfter: Int64
        let plan: LeaveNowPlan

        init(evaluator: LeaveNowEvaluator, searchedAfter: Int64, plan: LeaveNowPlan) {
            self.evaluator = evaluator
            self.searchedAfter = searchedAfter
            self.plan = plan
        }
    }

    /// The last realtime view of each board with realtime, by board id.
    private var realtimeViews: [String: RealtimeView] = [:]

    public init() {}

    /// The board's realtime at `now` (see ``BoardRealtimeLink``), from the last view while its facts
    /// are the same and no live source has turned stale since.
    mutating func realtime(_ link: BoardRealtimeLink, board: Board, facts: FactSet, now: Int64) -> RealtimeView {
        if let cached = realtimeViews[board.id], cached.answers(now: now, signature: link.signature(facts)) { return cached }
        let view = link.view(board: board, facts: facts, now: now)
        realtimeViews[board.id] = view
        return view
    }

    /// The rule's plan for departures after `instant` (see `LeaveNowEvaluator.plan`), from the last
    /// search when it still answers: the same first match, or the same ended service.
    /// `peers`: the board's rules with other filters (see `SharedPlans.peers`).
    mutating func plan(_ evaluator: LeaveNowEvaluator, rule index: Int, board: Board, after instant: Int64,
                       peers: [SharedPlans.Peer] = []) -> LeaveNowPlan {
        if let cached = plans[index], cached.evaluator === evaluator, cached.searchedAfter <= instant {
            switch cached.plan {
            case .found(let departure, _, _) where departure > instant: return cached.plan
            case .ended: return cached.plan
            case .nothing(let through, _) where instant < through - 8 * 86_400: return cached.plan
            default: break
            }
        }
        let key = SharedPlans.Key(evaluator.spec)
        let date = board.clock.localTime(at: instant).date
        let plan: LeaveNowPlan
        if let shared = sharedPlans.plan(for: key, after: instant, date: date) {
            plan = shared
        } else {
            // The board's other filters that need a search from this date are searched alongside.
            var batch = [SharedPlans.Peer(key: key, evaluator: evaluator)]
            for peer in peers where peer.key != key && sharedPlans.wantsSearch(for: peer.key, date: date) { batch.append(peer) }
            let found = LeaveNowEvaluator.plans(batch.map(\.evaluator), board: board, after: instant)
            for (peer, answer) in zip(batch, found) { sharedPlans.remember(answer, for: peer.key, after: instant, date: date) }
            plan = found[0]
        }
        plans[index] = CachedPlan(evaluator: evaluator, searchedAfter: instant, plan: plan)
        return plan
    }

    /// The schedule of `board` from two service days before `now`'s date through two after.
    public mutating func schedule(for board: Board, now: Int64) -> BoardSchedule {
        entry(for: board, now: now).schedule
    }

    private mutating func entry(for board: Board, now: Int64) -> Entry {
        let today = board.clock.localTime(at: now).date
        let first = today.adding(days: -Board.previousServiceDays)
        if let entry = entries[board.id], entry.first == first { return entry }
        let entry = Entry(first: first, schedule: board.schedule(from: first, through: today.adding(days: 2)))
        entries[board.id] = entry
        return entry
    }

    /// The schedule of the rule's board at `now`, the rule's filter compiled against it (once per
    /// schedule) and the keys the rule made against it so far (give them back with `returnKeys`).
    mutating func leaveNow(_ evaluator: LeaveNowEvaluator, rule index: Int, board: Board, now: Int64)
        -> (schedule: BoardSchedule, filter: LeaveNowEvaluator.CompiledFilter, keys: KeyMemo) {
        var keys = KeyMemo()
        if index < filters.count, let cached = filters[index], cached.evaluator === evaluator,
           cached.first == board.clock.localTime(at: now).date.adding(days: -Board.previousServiceDays) {
            // Lent out, so that the evaluation can change it without copying.
            swap(&keys, &keyMemos[index])
            return (cached.schedule, cached.filter, keys)
        }
        let entry = entry(for: board, now: now)
        let filter = LeaveNowEvaluator.CompiledFilter(spec: evaluator.spec, schedule: entry.schedule, board: board)
        if index >= filters.count {
            filters.append(contentsOf: repeatElement(nil, count: index + 1 - filters.count))
            keyMemos.append(contentsOf: repeatElement(KeyMemo(), count: index + 1 - keyMemos.count))
        }
        filters[index] = CachedFilter(evaluator: evaluator, first: entry.first, schedule: entry.schedule, filter: filter)
        keyMemos[index] = KeyMemo()
        return (entry.schedule, filter, keys)
    }

    /// Takes back the keys lent by `leaveNow` (after the evaluation added to them).
    mutating func returnKeys(_ keys: KeyMemo, rule index: Int, evaluator: LeaveNowEvaluator) {
        guard index < filters.count, filters[index]?.evaluator === evaluator else { return }
        keyMemos[index] = keys
    }
}
