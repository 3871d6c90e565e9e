import Config
import Facts
import Foundation
import Notifications
import Timetable
import Weather

/// `leave_now`: for each departure the rule cares about, notify at leave time (departure − walk −
/// buffer − rain extra) and at each heads-up before it; never after the departure.
///
/// One per rule, and small: what the rule shares with the other rules of its board and filters is
/// in its `LeaveNowGroup` (the filters, the board's status and realtime ties), its texts in a
/// `LeaveNowTexts` shared by the rules with the same message, title and language.
final class LeaveNowEvaluator: Sendable {
    let rule: RuleSpec
    /// The rules of the board with the same filters.
    let group: LeaveNowGroup
    /// The rule's message and title (or the built-in ones) in its language, compiled once.
    let texts: LeaveNowTexts
    /// Heads-up offsets in seconds, largest first (as configured); the largest, precomputed.
    let headsUpSeconds: [Int]
    let longestHeadsUp: Int
    let bufferSeconds: Int64
    let rain: RainAdjustment?
    /// `when_suspended: hold`.
    let holdsWhenSuspended: Bool

    init(rule: RuleSpec, spec: LeaveNowSpec, group: LeaveNowGroup, texts: LeaveNowTexts) {
        self.rule = rule
        self.group = group
        self.texts = texts
        headsUpSeconds = spec.headsUpSeconds
        longestHeadsUp = spec.headsUpSeconds.max() ?? 0
        bufferSeconds = Int64(spec.bufferSeconds)
        rain = spec.rain
        holdsWhenSuspended = spec.whenSuspended == .hold
    }

    /// The rule's spec (read from the rule: the evaluator keeps only what the scan reads).
    var spec: LeaveNowSpec {
        guard case .leaveNow(let spec) = rule.kind else { preconditionFailure("a leave-now evaluator for a \(rule.kindName) rule") }
        return spec
    }

    /// The board's `status:`, when it has one.
    var status: BoardStatusLink? { group.status }

    /// Departures further ahead than this are not looked at (a day and a bit).
    static let horizon: Int64 = 30 * 3600

    /// Evaluates the rule at `now` over the departures its group takes from the board's current
    /// schedule, adding what is due to `outcome`. A departure due on a board without realtime or
    /// a service status to mention is added unmade (`DueNotice.Body.leaveNow`): its text is
    /// rendered only when the engine's gate lets it through.
    func evaluate(board: Board, taken: TakenDepartures, facts: FactSet, realtime: RealtimeView? = nil, state: RuleState, now: Int64,
                  outcome: inout RuleOutcome, trace: inout Trace) {
        let forecast = rain.flatMap { facts.forecasts[$0.weather]?.value }
        if let rain, forecast == nil {
            trace.note("no forecast from weather source \"\(rain.weather)\" yet: no rain adjustment")
        }
        if let realtime { for line in realtime.describeSources() { trace.note(line) } }
        // Read once per evaluation; only a notification being made looks its line up.
        let statusReport = group.status?.freshReport(facts, now: now, trace: &trace)
        let rainExtra = Int64(rain?.extraWalkSeconds ?? 0)
        let maxLead = Int64(taken.filter.longestWalk + longestHeadsUp) + bufferSeconds + rainExtra
        // Realtime moves departures: a late one whose timetable time has passed is still ahead, an
        // early one needs its notifications sooner than its timetable time says.
        let late = realtime?.latestSeconds ?? 0
        let early = realtime?.earliestSeconds ?? 0
        // On a board with realtime a key is kept until the departure can no longer come back as late.
        let keepKeys = realtime == nil ? 0 : RealtimeView.lookbackSeconds
        let schedule = taken.schedule
        let limit = now + LeaveNowEvaluator.horizon
        var position = taken.firstPosition(atOrAfter: now + 1 - late)
        let count = taken.instants.count
        var considered = 0
        var predicted = false
        while position < count {
            let instant = taken.instants[position]
            let index = Int(taken.indices[position])
            let plannedWalkStart = taken.walkStarts[position]
            let labels = taken.labels[position]
            position += 1
            if instant > limit { break }
            // No later departure can need a notification before the earliest wake-up found.
            if let wake = outcome.nextWakeUp, instant - early - maxLead > wake { break }
            let prediction = realtime?.prediction(for: schedule.departures[index])
            // The instant the departure is expected: the prediction's when a live source has one.
            let expected = prediction?.expected ?? instant
            if expected <= now { continue }
            considered += 1
            if prediction != nil { predicted = true }
            let walkStart = plannedWalkStart + (expected - instant)
            let rainy = forecast.map { isRainy($0, from: walkStart - bufferSeconds, to: expected) } ?? false
            let leaveAt = walkStart - bufferSeconds - (rainy ? rainExtra : 0)
            let forgetAfter = max(instant, expected) + keepKeys
            let disruption = statusReport.flatMap { self.disruption(of: schedule.departures[index], board: board, in: $0) }
            if holdsWhenSuspended, let disruption, Self.isWhollySuspended(disruption) {
                trace.note("departure \(board.clock.iso8601(instant)) \(schedule.departures[index].line): held, the line is suspended "
                    + "(\(disruption.mention(in: rule.common.language))) and the rule says when_suspended: hold")
                // New service status wakes the rule; its notification times too (the status may be stale by then).
                for offset in headsUpSeconds where leaveAt - Int64(offset) > now { outcome.wake(at: leaveAt - Int64(offset)) }
                continue
            }
            let alert = realtime?.realtime.alert(for: schedule.departures[index])
            if holdsWhenSuspended, let alert, alert.extent == .whole {
                trace.note("departure \(board.clock.iso8601(instant)) \(schedule.departures[index].line): held, an alert of \(alert.source) says no service "
                    + "(\(alert.header)) and the rule says when_suspended: hold")
                // Looked at again when the alert ends, and at its notification times (it may have ended by then).
                if let until = alert.until, until > now { outcome.wake(at: until) }
                for offset in headsUpSeconds where leaveAt - Int64(offset) > now { outcome.wake(at: leaveAt - Int64(offset)) }
                continue
            }
            if let prediction, prediction.canceled {
                canceled(index, leaveAt: leaveAt, forgetAfter: forgetAfter, board: board, taken: taken,
                         realtime: realtime, state: state, now: now, outcome: &outcome, trace: &trace)
                continue
            }
            // The offsets due now and not handled yet; only the last (the latest) is sent, the ones
            // before it are recorded as handled.
            func isDue(_ offset: Int) -> Bool {
                leaveAt - Int64(offset) <= now && !state.hasHandled(instant: instant, labels: labels, offset: Self.offset(offset))
            }
            var dueCount = 0
            var sendOffset = 0
            for offset in headsUpSeconds {
                let fireAt = leaveAt - Int64(offset)
                if fireAt > now {
                    outcome.wake(at: fireAt)
                } else if isDue(offset) {
                    dueCount += 1
                    sendOffset = offset
                }
            }
            trace.note("departure \(board.clock.iso8601(instant)) \(schedule.departures[index].line) from \(schedule.departures[index].stop): "
                + "leave at \(board.clock.clockText(leaveAt))"
                + (prediction.map { " (" + Self.delayText($0, clock: board.clock, language: .en) + ")" } ?? "")
                + (rainy ? " (rain expected: +\(rainExtra / 60) min walk)" : "")
                + (dueCount == 0 ? "" : "; due now: " + headsUpSeconds.filter(isDue).map { $0 == 0 ? "leave-now" : "heads-up \($0 / 60) min" }
                    .joined(separator: ", ")))
            guard dueCount > 0 else {
                if let prediction {
                    moved(index, leaveAt: leaveAt, prediction: prediction, forgetAfter: forgetAfter, board: board,
                          schedule: schedule, state: state, now: now, outcome: &outcome, trace: &trace)
                }
                continue
            }
            if dueCount > 1 {
                var skipped = 0
                for offset in headsUpSeconds where skipped < dueCount - 1 && isDue(offset) {
                    skipped += 1
                    trace.note("  heads-up \(offset / 60) min skipped: a later notification for the same departure is due")
                    outcome.due.append(DueNotice(mark: .occurrence(instant: instant, labels: labels, offset: Self.offset(offset)),
                                                 forgetAfter: forgetAfter, expiresAt: expected, body: .none))
                }
            }
            let mark = DueNotice.Mark.occurrence(instant: instant, labels: labels, offset: Self.offset(sendOffset))
            if realtime == nil, disruption == nil {
                outcome.due.append(DueNotice(mark: mark, forgetAfter: forgetAfter, expiresAt: expected,
                                             body: .leaveNow(index: Int32(index), offset: Self.offset(sendOffset), leaveAt: leaveAt, rainy: rainy)))
                continue
            }
            if let disruption { trace.note("  service status: \(disruption.mention(in: rule.common.language))") }
            let notification = self.notification(schedule.departures[index], board: board, key: key(index, schedule: schedule, offset: sendOffset),
                                                 leaveAt: leaveAt, offset: sendOffset, rainy: rainy, now: now, disruption: disruption,
                                                 realtime: realtime.map { RealtimeMention(prediction: prediction, live: $0.realtime.status.isLive, alert: alert) })
            var item = DueNotice(mark: mark, forgetAfter: forgetAfter, notice: notification)
            if realtime != nil {
                let movedKey = movedKey(index, schedule: schedule)
                let told = state.announced?[movedKey]
                item.announce = (movedKey, AnnouncedLeave(leaveAt: leaveAt, updates: told?.updates ?? 0, forgetAfter: forgetAfter))
            }
            outcome.due.append(item)
        }
        // Once the data is too old the timetable applies again: a leave time that moved back may be due.
        if predicted, let staleAt = realtime?.staleAt { outcome.wake(at: staleAt) }
        if considered == 0 { trace.note("no departure of board \"\(group.board)\" within \(LeaveNowEvaluator.horizon / 3600) h matches the rule's filters") }
    }

    /// A heads-up offset as an occurrence keeps it (offsets are at most a day: see
    /// `LeaveNowSpec.maximumLeadSeconds`).
    @inline(__always)
    static func offset(_ seconds: Int) -> Int32 { Int32(clamping: seconds) }

    /// The notification of a departure the scan found due without making it (see `evaluate`).
    func notification(_ index: Int32, offset: Int32, leaveAt: Int64, rainy: Bool, board: Board, schedule: BoardSchedule, now: Int64) -> Notice {
        let index = Int(index), offset = Int(offset)
        return notification(schedule.departures[index], board: board, key: key(index, schedule: schedule, offset: offset), leaveAt: leaveAt,
                            offset: offset, rainy: rainy, now: now)
    }

    /// Whether the forecast has rain during the walk.
    func isRainy(_ forecast: Forecast, from start: Int64, to end: Int64) -> Bool {
        let threshold = rain?.thresholdMillimetresPerHour ?? 0.1
        let from = Date(timeIntervalSince1970: TimeInterval(start)), to = Date(timeIntervalSince1970: TimeInterval(end))
        let minutely = forecast.minutely.filter { $0.time >= from && $0.time <= to }
        if !minutely.isEmpty { return minutely.contains { $0.precipitationMillimetresPerHour >= threshold } }
        return forecast.hourly.contains { point in
            point.time < to && point.time.addingTimeInterval(3600) > from && (point.precipitationMillimetres ?? 0) >= threshold
        }
    }

    /// `rule/departure instant/line token/stop token/offset seconds`: ASCII, stable across restarts.
    /// When another departure leaves at the same instant with the same line and stop (the two
    /// directions of a station), `/destination token` follows the stop, so each has its own key.
    func key(_ index: Int, schedule: BoardSchedule, offset: Int) -> String {
        let tokens = Self.labelTokens(index, schedule: schedule)
        // Two numbers and three (or four) slashes.
        let capacity = rule.id.utf8.count + tokens.line.utf8.count + tokens.stop.utf8.count + (tokens.destination?.utf8.count ?? 0)
            + 2 * ByteWriter.maximumDigits + 5
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var writer = ByteWriter(buffer: buffer)
            writer.write(rule.id)
            writer.write(UInt8(ascii: "/"))
            writer.write(schedule.instant(at: index))
            writer.write(UInt8(ascii: "/"))
            Self.write(tokens, to: &writer)
            writer.write(UInt8(ascii: "/"))
            writer.write(Int64(offset))
            return writer.count
        }
    }

    /// The labels part of the keys of the departure at `index`: `line/stop` or `line/stop/destination`
    /// tokens, as in ``key(_:schedule:offset:)``.
    static func labels(_ index: Int, schedule: BoardSchedule) -> String {
        let tokens = labelTokens(index, schedule: schedule)
        let capacity = tokens.line.utf8.count + tokens.stop.utf8.count + (tokens.destination?.utf8.count ?? 0) + 2
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var writer = ByteWriter(buffer: buffer)
            write(tokens, to: &writer)
            return writer.count
        }
    }

    /// The tokens of a departure's line and stop, and of its destination when another departure
    /// leaves at the same instant with the same line and stop.
    private static func labelTokens(_ index: Int, schedule: BoardSchedule) -> (line: String, stop: String, destination: String?) {
        let instant = schedule.instant(at: index)
        func twin(_ other: Int) -> Bool {
            other >= 0 && other < schedule.instants.count && schedule.instant(at: other) == instant
                && schedule.lineIDs[other] == schedule.lineIDs[index] && schedule.stopIDs[other] == schedule.stopIDs[index]
        }
        let tokens = schedule.labelTokens
        return (tokens[Int(schedule.lineIDs[index])], tokens[Int(schedule.stopIDs[index])],
                twin(index - 1) || twin(index + 1) ? tokens[Int(schedule.destinationIDs[index])] : nil)
    }

    private static func write(_ tokens: (line: String, stop: String, destination: String?), to writer: inout ByteWriter) {
        writer.write(tokens.line)
        writer.write(UInt8(ascii: "/"))
        writer.write(tokens.stop)
        if let destination = tokens.destination {
            writer.write(UInt8(ascii: "/"))
            writer.write(destination)
        }
    }

    static let defaultText = MessageRenderer.builtIn([
        .en: "{{when}}: the {{departure}} to {{destination}} from {{place}}{{realtime_note}}{{rain_note}}{{status_note}}",
        .ja: "{{when}}: {{departure}}発 {{place}} {{destination}}行{{realtime_note}}{{rain_note}}{{status_note}}",
    ])

    /// The status of the departure's line when the report says it is not normal.
    func disruption(of departure: BoardDeparture, board: Board, in report: ServiceStatusReport) -> RailwayStatus? {
        guard let railway = group.status?.railway(of: departure, board: board, in: report), railway.condition != nil else { return nil }
        return railway
    }
    static let defaultTitle = MessageRenderer.builtIn([.en: "{{board_title}}", .ja: "{{board_title}}"])

    func notification(_ departure: BoardDeparture, board: Board, key: String, leaveAt: Int64, offset: Int, rainy: Bool,
                      now: Int64, disruption: RailwayStatus? = nil, realtime: RealtimeMention? = nil) -> Notice {
        let renderer = MessageRenderer(rule: rule)
        let ja = renderer.language == .ja
        let minutes = max(0, Int((leaveAt - now + 30) / 60))
        let extra = (rain?.extraWalkSeconds ?? 0) / 60
        /// The value of a variable that is a stored text (nil for computed ones).
        func storedValue(_ variable: LeaveNowVariable) -> String? {
            switch variable {
            case .rule: return rule.id
            case .board: return board.id
            case .boardTitle: return board.title
            case .line: return departure.line
            case .stop: return departure.stop
            case .destination: return departure.destination
            case .dayType: return departure.dayTypeLabel
            default: return nil
            }
        }
        func append(_ variable: LeaveNowVariable, to output: inout TextBuilder) {
            if let value = storedValue(variable) {
                output.append(value)
                return
            }
            switch variable {
            case .place: renderer.appendPlace(stop: departure.stop, line: departure.line, to: &output)
            case .departure: ClockText.append(departure.departure, clock: board.clock, to: &output)
            case .leaveAt: ClockText.append(leaveAt, clock: board.clock, to: &output)
            case .when:
                if minutes == 0 {
                    output.append(ja ? "今すぐ出発" : "Leave now")
                } else {
                    output.append(ja ? "あと" : "Leave in ")
                    output.append(minutes)
                    output.append(ja ? "分で出発" : " min")
                }
            case .minutes: output.append(minutes)
            case .walkMinutes: output.append(Int(departure.departure - departure.leaveAt) / 60 + (rainy ? extra : 0))
            case .headsUpMinutes: output.append(offset / 60)
            case .rainNote: if rainy { output.append(ja ? "（雨予報: 徒歩+\(extra)分）" : " (rain expected: +\(extra) min walk)") }
            case .serviceDate: output.append(departure.serviceDate.description)
            case .status: if let disruption { output.append(disruption.mention(in: renderer.language)) }
            case .statusNote:
                if let disruption {
                    output.append(ja ? "［" : " [")
                    output.append(disruption.mention(in: renderer.language))
                    output.append(ja ? "］" : "]")
                }
            case .predicted: ClockText.append(realtime?.prediction?.expected ?? departure.departure, clock: board.clock, to: &output)
            case .delayMinutes: output.append(Self.delayMinutes(realtime?.prediction))
            case .realtimeNote: if let realtime { realtime.appendNote(clock: board.clock, language: renderer.language, to: &output) }
            case .rule, .board, .boardTitle, .line, .stop, .destination, .dayType: break
            }
        }
        func render(_ template: CompiledTemplate<LeaveNowVariable>) -> String {
            if let variable = template.singleVariable, let value = storedValue(variable) { return value }
            return template.render(append)
        }
        let text = render(texts.text)
        let title = render(texts.title)
        return Notice(key: key, rule: rule.id, kind: .leaveNow, fireAt: leaveAt - Int64(offset),
                            expiresAt: realtime?.prediction?.expected ?? departure.departure, channels: rule.common.channels, urgency: rule.common.urgency,
                            language: rule.common.language, title: title, text: text)
    }
}

/// A leave-now rule's message and title compiled in its language (its own or the built-in ones):
/// shared by the rules with the same templates and language, so a thousand commutes compile
/// them once.
final class LeaveNowTexts: Sendable {
    let text: CompiledTemplate<LeaveNowVariable>
    let title: CompiledTemplate<LeaveNowVariable>
    /// What they were compiled from.
    let language: MessageLanguage
    let message: MessageTemplate?
    let titleTemplate: MessageTemplate?

    init(common: RuleCommonSpec) {
        language = common.language
        message = common.message[language]
        titleTemplate = common.title[language]
        text = CompiledTemplate(message ?? LeaveNowEvaluator.defaultText[language]!)
        title = CompiledTemplate(titleTemplate ?? LeaveNowEvaluator.defaultTitle[language]!)
    }

    /// Whether these are the texts of a rule with `common`.
    func serve(_ common: RuleCommonSpec) -> Bool {
        common.language == language && common.message[language] == message && common.title[language] == titleTemplate
    }

    /// The texts of rules with `common`, from `cache` when compiled before (by the sources of the
    /// templates, then checked in full).
    static func texts(for common: RuleCommonSpec, cache: inout [String: [LeaveNowTexts]]) -> LeaveNowTexts {
        let language = common.language
        let name = "\(language.rawValue)\u{0}\(common.message[language]?.source ?? "")\u{0}\(common.title[language]?.source ?? "")"
        if let found = cache[name]?.first(where: { $0.serve(common) }) { return found }
        let texts = LeaveNowTexts(common: common)
        cache[name, default: []].append(texts)
        return texts
    }
}
