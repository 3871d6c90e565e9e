import Foundation
import Timetable
import Weather

/// `leave_now`: for each departure the rule cares about, notify at leave time (departure − walk −
/// buffer − rain extra) and at each heads-up before it; never after the departure.
struct LeaveNowEvaluator {
    let rule: RuleSpec
    let spec: LeaveNowSpec

    /// Departures further ahead than this are not looked at (a day and a bit).
    static let horizon: Int64 = 30 * 3600

    func evaluate(board: Board, schedule: BoardSchedule, facts: Facts, state: RuleState, now: Int64,
                  trace: inout Trace) -> RuleOutcome {
        var outcome = RuleOutcome()
        let forecast = spec.rain.flatMap { facts.forecasts[$0.weather]?.value }
        if let rain = spec.rain, forecast == nil {
            trace.note("no forecast from weather source \"\(rain.weather)\" yet: no rain adjustment")
        }
        let maxLead = Int64((board.sources.map(\.walkSeconds).max() ?? 0) + spec.bufferSeconds
            + (spec.rain?.extraWalkSeconds ?? 0) + (spec.headsUpSeconds.max() ?? 0))
        var index = schedule.firstIndex(atOrAfter: now + 1)
        let departures = schedule.departures
        var considered = 0
        while index < departures.count {
            let departure = departures[index]
            index += 1
            if departure.departure > now + LeaveNowEvaluator.horizon { break }
            // No later departure can need a notification before the earliest wake-up found.
            if let wake = outcome.nextWakeUp, departure.departure - maxLead > wake { break }
            guard matches(departure, board: board, schedule: schedule, index: index - 1, trace: &trace) else { continue }
            considered += 1
            let rainy = forecast.map { isRainy($0, from: departure.leaveAt - Int64(spec.bufferSeconds), to: departure.departure) } ?? false
            let leaveAt = departure.leaveAt - Int64(spec.bufferSeconds) - (rainy ? Int64(spec.rain!.extraWalkSeconds) : 0)
            // Offsets largest first: the heads-up before the leave-now.
            var dueOffsets: [Int] = []
            for offset in spec.headsUpSeconds {
                let fireAt = leaveAt - Int64(offset)
                let key = self.key(departure, offset: offset)
                if state.sent[key] != nil { continue }
                if fireAt <= now {
                    dueOffsets.append(offset)
                } else {
                    outcome.wake(at: fireAt)
                }
            }
            trace.note("departure \(board.clock.iso8601(departure.departure)) \(departure.line) from \(departure.stop): leave at \(board.clock.clockText(leaveAt))"
                + (rainy ? " (rain expected: +\(spec.rain!.extraWalkSeconds / 60) min walk)" : "")
                + (dueOffsets.isEmpty ? "" : "; due now: " + dueOffsets.map { $0 == 0 ? "leave-now" : "heads-up \($0 / 60) min" }.joined(separator: ", ")))
            guard let sendOffset = dueOffsets.min() else { continue }
            // Only the most recent of several due notifications is sent; the older ones are marked sent.
            for offset in dueOffsets {
                let notification = self.notification(departure, board: board, leaveAt: leaveAt, offset: offset,
                                                      rainy: rainy, now: now)
                if offset == sendOffset {
                    outcome.due.append((notification, departure.departure, true))
                } else {
                    trace.note("  heads-up \(offset / 60) min skipped: a later notification for the same departure is due")
                    outcome.due.append((notification, departure.departure, false))
                }
            }
        }
        if considered == 0 { trace.note("no departure of board \"\(spec.board)\" within \(LeaveNowEvaluator.horizon / 3600) h matches the rule's filters") }
        return outcome
    }

    func matches(_ departure: BoardDeparture, board: Board, schedule: BoardSchedule, index: Int, trace: inout Trace) -> Bool {
        if spec.lastOnly, !departure.isLast { return false }
        if let lines = spec.lines, !lines.contains(departure.line) { return false }
        if let stops = spec.stops, !stops.contains(departure.stop) { return false }
        if let destinations = spec.destinations, !destinations.contains(departure.destination) { return false }
        if let days = spec.days, !days.contains(departure.serviceDate.weekday) { return false }
        if let types = spec.dayTypes, !types.contains(board.calendar.dayType(of: departure.serviceDate)) { return false }
        if let window = spec.window, !window.contains(Int(departure.info.time) % 86_400) { return false }
        if spec.pick == .first {
            // The first matching departure of its service day only.
            var earlier = index - 1
            while earlier >= 0 {
                let other = schedule.departures[earlier]
                if other.serviceDate == departure.serviceDate,
                   matches(other, board: board, schedule: schedule, index: -1, trace: &trace) { return false }
                earlier -= 1
                if other.departure < departure.departure - 48 * 3600 { break }
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

    func key(_ departure: BoardDeparture, offset: Int) -> String {
        "\(rule.id)/\(departure.departure)/\(Self.keyPart(departure.line))/\(Self.keyPart(departure.stop))/\(offset)"
    }

    /// Keys stay ASCII (they travel in HTTP headers): anything else is percent-encoded.
    static func keyPart(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    func notification(_ departure: BoardDeparture, board: Board, leaveAt: Int64, offset: Int, rainy: Bool, now: Int64) -> Notification {
        let renderer = MessageRenderer(rule: rule)
        let ja = renderer.language == .ja
        let minutes = max(0, Int((leaveAt - now + 30) / 60))
        let when = minutes == 0 ? (ja ? "今すぐ出発" : "Leave now") : (ja ? "あと\(minutes)分で出発" : "Leave in \(minutes) min")
        let extra = (spec.rain?.extraWalkSeconds ?? 0) / 60
        let walk = Int(departure.departure - departure.leaveAt) / 60 + (rainy ? extra : 0)
        let values: [String: String] = [
            "board": board.id, "board_title": board.title, "line": departure.line, "stop": departure.stop,
            "place": renderer.place(stop: departure.stop, line: departure.line), "destination": departure.destination,
            "departure": board.clock.clockText(departure.departure), "leave_at": board.clock.clockText(leaveAt),
            "when": when, "minutes": String(minutes), "walk_minutes": String(walk), "heads_up_minutes": String(offset / 60),
            "rain_note": rainy ? (ja ? "（雨予報: 徒歩+\(extra)分）" : " (rain expected: +\(extra) min walk)") : "",
            "service_date": departure.serviceDate.description, "day_type": departure.dayTypeLabel,
        ]
        let (title, text) = renderer.render(values, fallback: [
            .en: "{{when}}: the {{departure}} to {{destination}} from {{place}}{{rain_note}}",
            .ja: "{{when}}: {{departure}}発 {{place}} {{destination}}行{{rain_note}}",
        ], fallbackTitle: [.en: "{{board_title}}", .ja: "{{board_title}}"])
        return Notification(key: key(departure, offset: offset), rule: rule.id, kind: "leave_now", fireAt: leaveAt - Int64(offset),
                            expiresAt: departure.departure, channels: rule.common.channels, urgency: rule.common.urgency,
                            language: rule.common.language, title: title, text: text)
    }
}
