import Facts
import Messages
import Timetable

/// Where a leave-now rule's next departure lies when none within the evaluator's horizon needs it:
/// found (the rule wakes before it), the board's service has ended (it never will, until the data
/// changes), or nothing matches within the searched span (it wakes at the span's end and searches on).
public enum LeaveNowPlan: Sendable, Equatable {
    /// The first departure the rule's filters match after the searched instant.
    case found(departure: Int64, line: String, stop: String)
    /// Every source of the board has a last service date, and it is behind the search.
    case ended(lastServiceDate: LocalDate)
    /// No departure matches from the searched instant through `searchedThrough`.
    case nothing(searchedThrough: Int64, reason: [Message])
    /// No departure matches before this service date, whose timetable could not be loaded: the
    /// rule cannot tell whether it has one then (nor skip the date as if nothing ran).
    case unknown(UnknownServiceDate)
}

extension LeaveNowGroup {
    /// How far ahead a rule looks for its next departure past the horizon, in service dates: more
    /// than a year, so a holiday-only rule finds next year's holiday. A rule that finds nothing wakes
    /// at the end of the span and searches again.
    static let searchDays = 400

    /// The first departure after `instant` that the rule's filters match (days, day types, window,
    /// `last_only`, `pick`, labels), searching the board's service dates a week at a time, or why
    /// there is none within `days` service dates: the service ended, nothing matches, or a service
    /// date the rule cares about is unknown before any match (the search stops there).
    func plan(board: Board, after instant: Int64, days: Int = LeaveNowGroup.searchDays) -> LeaveNowPlan {
        Self.plans([self], board: board, after: instant, days: days)[0]
    }

    /// The plans of several rules of one board after the same instant, each exactly what its own
    /// `plan` gives: the search walks the same weeks for every rule, so each week's schedule is
    /// built once for all of them, and a rule drops out of the walk once its departure is found.
    ///
    /// `byKindOfDate` false walks every week's schedule (what the walk by kinds of date, see
    /// `PlanDays`, must always agree with).
    static func plans(_ groups: [LeaveNowGroup], board: Board, after instant: Int64,
                      days: Int = LeaveNowGroup.searchDays, byKindOfDate: Bool = true) -> [LeaveNowPlan] {
        let today = board.clock.localTime(at: instant).date
        let end = today.adding(days: days)
        // Every source must end for the board to end (a day-type timetable never does).
        let lastService = board.lastServiceDate
        var first = today.adding(days: -Board.previousServiceDays)
        // The labels of the weeks searched: the same for every rule still searching.
        var labels = (lines: Set<String>(), stops: Set<String>(), destinations: Set<String>())
        var plans = [LeaveNowPlan?](repeating: nil, count: groups.count)
        var searching = Array(groups.indices)
        // Past the first week, on a board whose dates are alike by kind, each kind of date is
        // built once (see `PlanDays`) instead of every week.
        var days = byKindOfDate ? PlanDays(board: board, from: first) : nil
        let instantDate = board.clock.localTime(at: instant).date
        // Per rule: the first unknown service date it cares about still ahead of the instant. A
        // match at or after its start is no answer: the search stops at the date.
        let unknown = groups.map { group in board.firstUnknownDate(after: instant, through: end, relevant: { group.wants($0, on: $1) }) }
        /// The plan for a match of group `index` (nil: none in the week searched through `last`),
        /// or nil when the search goes on.
        func answer(_ index: Int, match: (instant: Int64, line: String, stop: String)?, searchedThrough last: LocalDate) -> LeaveNowPlan? {
            if let blocked = unknown[index] {
                if let match, match.instant < blocked.from { return .found(departure: match.instant, line: match.line, stop: match.stop) }
                if match != nil || blocked.date <= last { return .unknown(blocked) }
                return nil
            }
            return match.map { .found(departure: $0.instant, line: $0.line, stop: $0.stop) }
        }
        while first <= end, !searching.isEmpty {
            if let lastService, first > lastService {
                // Past a validity with nothing replacing it the dates are unknown, not ended.
                for index in searching { plans[index] = unknown[index].map { .unknown($0) } ?? .ended(lastServiceDate: lastService) }
                searching = []
                break
            }
            // A week of service dates plus two that may start before its last ones end (24:xx–47:59),
            // so the first match found is the earliest in time.
            let last = first.adding(days: 6)
            // Every departure of the week is after the instant: the week's first match is the
            // earliest of its dates' first matches.
            if days != nil, first > instantDate {
                searching.removeAll { index in
                    var best: (instant: Int64, line: String, stop: String)?
                    var date = first
                    while date <= last.adding(days: 2) {
                        if let match = days!.firstMatch(of: groups[index], on: date),
                           best.map({ (match.instant, match.line, match.stop) < ($0.instant, $0.line, $0.stop) }) ?? true {
                            best = match
                        }
                        date = date.adding(days: 1)
                    }
                    guard let plan = answer(index, match: best, searchedThrough: last.adding(days: 2)) else { return false }
                    plans[index] = plan
                    return true
                }
                if !searching.isEmpty {
                    var date = first
                    while date <= last.adding(days: 2) {
                        days!.collectLabels(on: date, into: &labels)
                        date = date.adding(days: 1)
                    }
                }
                first = last.adding(days: 1)
                continue
            }
            let schedule = board.schedule(from: first, through: last.adding(days: 2))
            let start = schedule.firstIndex(atOrAfter: instant + 1)
            searching.removeAll { index in
                var match: (instant: Int64, line: String, stop: String)?
                if !schedule.departures.isEmpty, case .found(let departure, let line, let stop)? = groups[index].firstMatch(in: schedule, from: start, board: board) {
                    match = (departure, line, stop)
                }
                guard let plan = answer(index, match: match, searchedThrough: last.adding(days: 2)) else { return false }
                plans[index] = plan
                return true
            }
            if !searching.isEmpty, !schedule.departures.isEmpty { collectLabels(of: schedule, into: &labels) }
            first = last.adding(days: 1)
        }
        for index in searching {
            if let blocked = unknown[index] {
                plans[index] = .unknown(blocked)
            } else if let lastService, lastService < end {
                plans[index] = .ended(lastServiceDate: lastService)
            } else {
                plans[index] = .nothing(searchedThrough: board.clock.serviceDayStart(end), reason: groups[index].missingLabels(labels))
            }
        }
        return plans.map { $0! }
    }

    /// The first departure of `schedule` from `start` on that the rule's filters match, as a plan.
    func firstMatch(in schedule: BoardSchedule, from start: Int, board: Board) -> LeaveNowPlan? {
        let filter = CompiledFilter(group: self, schedule: schedule, board: board)
        var index = start
        while index < schedule.instants.count {
            if matches(index, filter: filter, board: board, schedule: schedule) {
                let departure = schedule.departures[index]
                return .found(departure: departure.departure, line: departure.line, stop: departure.stop)
            }
            index += 1
        }
        return nil
    }

    /// Adds the lines, stops and destinations of the schedule's departures to `labels`, each label
    /// hashed once per schedule (by its id) rather than once per departure.
    static func collectLabels(of schedule: BoardSchedule,
                                      into labels: inout (lines: Set<String>, stops: Set<String>, destinations: Set<String>)) {
        let departures = schedule.departures
        let count = schedule.labelTokens.count
        var seen = (lines: [Bool](repeating: false, count: count), stops: [Bool](repeating: false, count: count),
                    destinations: [Bool](repeating: false, count: count))
        let lineIDs = schedule.lineIDs, stopIDs = schedule.stopIDs, destinationIDs = schedule.destinationIDs
        for index in departures.indices {
            let line = Int(lineIDs[index]), stop = Int(stopIDs[index]), destination = Int(destinationIDs[index])
            if !seen.lines[line] { seen.lines[line] = true; labels.lines.insert(departures[index].line) }
            if !seen.stops[stop] { seen.stops[stop] = true; labels.stops.insert(departures[index].stop) }
            if !seen.destinations[destination] { seen.destinations[destination] = true; labels.destinations.insert(departures[index].destination) }
        }
    }

    /// Which label filters name nothing the board has, as a sentence (empty when every one exists).
    private func missingLabels(_ labels: (lines: Set<String>, stops: Set<String>, destinations: Set<String>)) -> [Message] {
        var parts: [Message] = []
        func check(_ wanted: Set<String>?, _ have: Set<String>, _ key: String, _ noun: MessageKey) {
            guard let wanted, !have.isEmpty else { return }
            let missing = wanted.subtracting(have).sorted()
            guard !missing.isEmpty else { return }
            let known = have.sorted().prefix(12).joined(separator: ", ")
            parts.append(Message(.explainMissingLabels, ["key": .text(key), "missing": .text(missing.joined(separator: ", ")),
                                                        "noun": .key(noun), "known": .text(known)]))
        }
        check(lines, labels.lines, "lines", .explainNounLine)
        check(stops, labels.stops, "stops", .explainNounStop)
        check(destinations, labels.destinations, "destinations", .explainNounDestination)
        return parts
    }
}

extension LeaveNowEvaluator {

    /// The earliest instant a departure needs this rule awake: its earliest heads-up with the rain
    /// extra counted (waking early is harmless; the evaluation then asks for the exact time).
    func earliestFire(departure: Int64, board: Board) -> Int64 {
        departure - Int64(board.longestWalkSeconds + longestHeadsUp) - bufferSeconds - Int64(rainExtraSeconds)
    }

    /// The sentence `explain` and `check` give for a plan, in the board's clock.
    static func describe(_ plan: LeaveNowPlan, board: Board) -> Message {
        switch plan {
        case .found(let departure, let line, let stop):
            return Message(.explainPlanFound, ["time": .text(board.clock.iso8601(departure)), "line": .text(line), "stop": .text(stop)])
        case .ended(let last):
            return Message(.explainPlanEnded, ["board": .inQuotes(board.id), "date": .text("\(last)")])
        case .unknown(let unknown):
            return Message(.explainPlanUnknown, ["board": .inQuotes(board.id), "date": .text("\(unknown.date)"),
                                                 "causes": .message(unknown.causesText)])
        case .nothing(let through, let reason):
            return Message(.explainPlanNothing, [
                "board": .inQuotes(board.id), "date": .text("\(board.clock.localTime(at: through).date)"),
                "reason": .message(reason.isEmpty ? .empty : Message(.explainPlanReason, ["reason": .message(.joined(reason, separator: .verbatim("; ")))])),
            ])
        }
    }
}
