import Config
import Timetable

/// Plans past the horizon shared by the leave-now rules that ask the same question of the same
/// board: a search reads only the board and the rule's departure filters (labels, days, day types,
/// window, `last_only`, `pick`), so rules that differ only in buffer, heads-ups, channels or text
/// get the same answer. With many rules on a board the 400-day search runs once per distinct
/// filter instead of once per rule.
///
/// A shared answer is handed to another rule only when a fresh search by that rule would give the
/// same one: a found departure still ahead of the instant asked about (none matched between the
/// shared search's instant and it), an ended service, nothing found in a search from the same
/// service date (the same weeks searched, so the same span and the same missing labels), or an
/// unknown service date still ahead with no match before it.
struct SharedPlans: Sendable {
    /// What a plan depends on besides the board's data and the instant.
    struct Key: Hashable, Sendable {
        let board: String
        let lines: Set<String>?
        let stops: Set<String>?
        let destinations: Set<String>?
        let days: Set<Weekday>?
        let dayTypes: Set<DayType>?
        let windowStart: Int?
        let windowEnd: Int?
        let lastOnly: Bool
        let pickFirst: Bool

        init(_ spec: LeaveNowSpec) {
            board = spec.board
            lines = spec.lines
            stops = spec.stops
            destinations = spec.destinations
            days = spec.days
            dayTypes = spec.dayTypes
            windowStart = spec.window?.start
            windowEnd = spec.window?.end
            lastOnly = spec.lastOnly
            pickFirst = spec.pick == .first
        }
    }

    /// One search: the instant it searched after, its service date, and its answer.
    struct Entry: Sendable {
        let searchedAfter: Int64
        let date: LocalDate
        let plan: LeaveNowPlan
    }

    /// By group index (`LeaveNowGroup.index`).
    private var entries: [Entry?] = []

    /// The shared answer for a search after `instant` from service date `date`, when it is the
    /// answer a fresh search would give.
    func plan(for group: Int, after instant: Int64, date: LocalDate) -> LeaveNowPlan? {
        guard group < entries.count, let entry = entries[group], entry.searchedAfter <= instant else { return nil }
        switch entry.plan {
        case .found(let departure, _, _) where departure > instant: return entry.plan
        case .ended: return entry.plan
        case .nothing where entry.date == date: return entry.plan
        case .unknown(let unknown) where instant < unknown.from: return entry.plan
        default: return nil
        }
    }

    /// Whether a search from `date` should also answer for `group` while it walks the board: nothing
    /// was searched for it yet, or only nothing was found, from another date (the costly case:
    /// the whole span is walked again). A departure found earlier is searched for on its own.
    func wantsSearch(for group: Int, date: LocalDate) -> Bool {
        guard group < entries.count, let entry = entries[group] else { return true }
        if case .nothing = entry.plan { return entry.date != date }
        return false
    }

    /// Remembers a search's answer for the rules with the same filters.
    mutating func remember(_ plan: LeaveNowPlan, for group: Int, after instant: Int64, date: LocalDate) {
        if group >= entries.count { entries.append(contentsOf: repeatElement(nil, count: group + 1 - entries.count)) }
        entries[group] = Entry(searchedAfter: instant, date: date, plan: plan)
    }
}
