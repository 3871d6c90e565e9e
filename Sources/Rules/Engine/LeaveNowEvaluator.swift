import Foundation
import Timetable
import Weather

/// `leave_now`: for each departure the rule cares about, notify at leave time (departure − walk −
/// buffer − rain extra) and at each heads-up before it; never after the departure.
final class LeaveNowEvaluator: Sendable {
    let rule: RuleSpec
    let spec: LeaveNowSpec
    /// The largest heads-up, precomputed.
    let longestHeadsUp: Int
    /// The rule's message and title (or the built-in ones) in its language, compiled once.
    let text: CompiledTemplate<LeaveNowVariable>
    let title: CompiledTemplate<LeaveNowVariable>

    init(rule: RuleSpec, spec: LeaveNowSpec) {
        self.rule = rule
        self.spec = spec
        self.longestHeadsUp = spec.headsUpSeconds.max() ?? 0
        let language = rule.common.language
        text = CompiledTemplate(rule.common.message[language] ?? Self.defaultText[language]!)
        title = CompiledTemplate(rule.common.title[language] ?? Self.defaultTitle[language]!)
    }

    /// Departures further ahead than this are not looked at (a day and a bit).
    static let horizon: Int64 = 30 * 3600

    func evaluate(board: Board, schedule: BoardSchedule, facts: Facts, state: RuleState, now: Int64,
                  trace: inout Trace) -> RuleOutcome {
        var outcome = RuleOutcome()
        let forecast = spec.rain.flatMap { facts.forecasts[$0.weather]?.value }
        if let rain = spec.rain, forecast == nil {
            trace.note("no forecast from weather source \"\(rain.weather)\" yet: no rain adjustment")
        }
        var longestWalk = 0
        for source in board.sources { longestWalk = max(longestWalk, source.walkSeconds) }
        let maxLead = Int64(longestWalk + spec.bufferSeconds + (spec.rain?.extraWalkSeconds ?? 0) + longestHeadsUp)
        let departures = schedule.departures
        let filter = CompiledFilter(spec: spec, schedule: schedule)
        var index = schedule.firstIndex(atOrAfter: now + 1)
        var considered = 0
        while index < departures.count {
            let instant = schedule.instant(at: index)
            index += 1
            if instant > now + LeaveNowEvaluator.horizon { break }
            // No later departure can need a notification before the earliest wake-up found.
            if let wake = outcome.nextWakeUp, instant - maxLead > wake { break }
            guard matches(index - 1, filter: filter, board: board, schedule: schedule) else { continue }
            let departure = departures[index - 1]
            considered += 1
            let rainy = forecast.map { isRainy($0, from: departure.leaveAt - Int64(spec.bufferSeconds), to: departure.departure) } ?? false
            let leaveAt = departure.leaveAt - Int64(spec.bufferSeconds) - (rainy ? Int64(spec.rain!.extraWalkSeconds) : 0)
            // Offsets largest first: the heads-up before the leave-now. Keys are made only for due ones.
            var due: [(offset: Int, key: String)] = []
            for offset in spec.headsUpSeconds {
                let fireAt = leaveAt - Int64(offset)
                if fireAt > now {
                    outcome.wake(at: fireAt)
                    continue
                }
                let key = self.key(index - 1, schedule: schedule, offset: offset)
                if state.sent[key] == nil { due.append((offset, key)) }
            }
            trace.note("departure \(board.clock.iso8601(departure.departure)) \(departure.line) from \(departure.stop): leave at \(board.clock.clockText(leaveAt))"
                + (rainy ? " (rain expected: +\(spec.rain!.extraWalkSeconds / 60) min walk)" : "")
                + (due.isEmpty ? "" : "; due now: " + due.map { $0.offset == 0 ? "leave-now" : "heads-up \($0.offset / 60) min" }.joined(separator: ", ")))
            guard let send = due.last else { continue }
            // Only the most recent of several due notifications is sent; the older ones are recorded as handled.
            for (offset, key) in due.dropLast() {
                trace.note("  heads-up \(offset / 60) min skipped: a later notification for the same departure is due")
                outcome.due.append((handled(key: key, fireAt: leaveAt - Int64(offset), expiresAt: departure.departure),
                                    departure.departure, false))
            }
            let notification = self.notification(departure, board: board, key: send.key, leaveAt: leaveAt, offset: send.offset,
                                                  rainy: rainy, now: now)
            outcome.due.append((notification, departure.departure, true))
        }
        if considered == 0 { trace.note("no departure of board \"\(spec.board)\" within \(LeaveNowEvaluator.horizon / 3600) h matches the rule's filters") }
        return outcome
    }

    /// A notification recorded as handled without being rendered or delivered.
    func handled(key: String, fireAt: Int64, expiresAt: Int64) -> Notification {
        Notification(key: key, rule: rule.id, kind: "leave_now", fireAt: fireAt, expiresAt: expiresAt, channels: [],
                     urgency: rule.common.urgency, language: rule.common.language, title: "", text: "")
    }

    /// The rule's label filters as label ids of one schedule (nil: no filter; empty: nothing matches).
    struct CompiledFilter {
        let lines: [Int32]?
        let stops: [Int32]?
        let destinations: [Int32]?

        init(spec: LeaveNowSpec, schedule: BoardSchedule) {
            lines = spec.lines.map { $0.compactMap(schedule.labelID) }
            stops = spec.stops.map { $0.compactMap(schedule.labelID) }
            destinations = spec.destinations.map { $0.compactMap(schedule.labelID) }
        }
    }

    /// Whether the departure at `index` of the schedule is one the rule cares about.
    func matches(_ index: Int, filter: CompiledFilter, board: Board, schedule: BoardSchedule, ignoringPick: Bool = false) -> Bool {
        if spec.lastOnly, !schedule.lastFlags[index] { return false }
        if let lines = filter.lines, !lines.contains(schedule.lineIDs[index]) { return false }
        if let stops = filter.stops, !stops.contains(schedule.stopIDs[index]) { return false }
        if let destinations = filter.destinations, !destinations.contains(schedule.destinationIDs[index]) { return false }
        let day = Int(schedule.serviceDayNumbers[index])
        if let days = spec.days {
            let weekday = (day + 4) % 7  // 1970-01-01 was a Thursday
            guard let value = Weekday(rawValue: weekday < 0 ? weekday + 7 : weekday), days.contains(value) else { return false }
        }
        if let types = spec.dayTypes, !types.contains(board.calendar.dayType(of: LocalDate(dayNumber: day))) { return false }
        if let window = spec.window, !window.contains(Int(schedule.serviceSeconds[index]) % 86_400) { return false }
        if spec.pick == .first, !ignoringPick {
            // Only the first matching departure of its service day.
            var earlier = index - 1
            while earlier >= 0, schedule.instant(at: earlier) >= schedule.instant(at: index) - 48 * 3600 {
                if Int(schedule.serviceDayNumbers[earlier]) == day, matches(earlier, filter: filter, board: board, schedule: schedule, ignoringPick: true) {
                    return false
                }
                earlier -= 1
            }
        }
        return true
    }

    /// Whether the forecast has rain during the walk.
    func isRainy(_ forecast: Forecast, from start: Int64, to end: Int64) -> Bool {
        let threshold = spec.rain?.thresholdMillimetresPerHour ?? 0.1
        let from = Date(timeIntervalSince1970: TimeInterval(start)), to = Date(timeIntervalSince1970: TimeInterval(end))
        let minutely = forecast.minutely.filter { $0.time >= from && $0.time <= to }
        if !minutely.isEmpty { return minutely.contains { $0.precipitationMillimetresPerHour >= threshold } }
        return forecast.hourly.contains { point in
            point.time < to && point.time.addingTimeInterval(3600) > from && (point.precipitationMillimetres ?? 0) >= threshold
        }
    }

    /// `rule/departure instant/line token/stop token/offset seconds`: ASCII, stable across restarts.
    func key(_ index: Int, schedule: BoardSchedule, offset: Int) -> String {
        var key = rule.id
        key.reserveCapacity(rule.id.utf8.count + 48)
        key += "/"
        key += String(schedule.instant(at: index))
        key += "/"
        key += schedule.labelTokens[Int(schedule.lineIDs[index])]
        key += "/"
        key += schedule.labelTokens[Int(schedule.stopIDs[index])]
        key += "/"
        key += String(offset)
        return key
    }

    static let defaultText = MessageRenderer.builtIn([
        .en: "{{when}}: the {{departure}} to {{destination}} from {{place}}{{rain_note}}",
        .ja: "{{when}}: {{departure}}発 {{place}} {{destination}}行{{rain_note}}",
    ])
    static let defaultTitle = MessageRenderer.builtIn([.en: "{{board_title}}", .ja: "{{board_title}}"])

    func notification(_ departure: BoardDeparture, board: Board, key: String, leaveAt: Int64, offset: Int, rainy: Bool,
                      now: Int64) -> Notification {
        let renderer = MessageRenderer(rule: rule)
        let ja = renderer.language == .ja
        let minutes = max(0, Int((leaveAt - now + 30) / 60))
        let extra = (spec.rain?.extraWalkSeconds ?? 0) / 60
        func value(_ variable: LeaveNowVariable) -> String {
            switch variable {
            case .rule: return rule.id
            case .board: return board.id
            case .boardTitle: return board.title
            case .line: return departure.line
            case .stop: return departure.stop
            case .place: return renderer.place(stop: departure.stop, line: departure.line)
            case .destination: return departure.destination
            case .departure: return board.clock.clockText(departure.departure)
            case .leaveAt: return board.clock.clockText(leaveAt)
            case .when: return minutes == 0 ? (ja ? "今すぐ出発" : "Leave now") : (ja ? "あと\(minutes)分で出発" : "Leave in \(minutes) min")
            case .minutes: return String(minutes)
            case .walkMinutes: return String(Int(departure.departure - departure.leaveAt) / 60 + (rainy ? extra : 0))
            case .headsUpMinutes: return String(offset / 60)
            case .rainNote: return rainy ? (ja ? "（雨予報: 徒歩+\(extra)分）" : " (rain expected: +\(extra) min walk)") : ""
            case .serviceDate: return departure.serviceDate.description
            case .dayType: return departure.dayTypeLabel
            }
        }
        let text = self.text.render(value)
        let title = self.title.render(value)
        return Notification(key: key, rule: rule.id, kind: "leave_now", fireAt: leaveAt - Int64(offset),
                            expiresAt: departure.departure, channels: rule.common.channels, urgency: rule.common.urgency,
                            language: rule.common.language, title: title, text: text)
    }
}
