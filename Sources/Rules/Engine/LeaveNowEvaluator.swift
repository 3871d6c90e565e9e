import Messages
import Config
import Facts
import Foundation
import Notifications
import Timetable
import Weather

/// `leave_now`: for each departure the rule cares about, notify at leave time (departure − walk −
/// buffer − rain extra) and at each heads-up before it; never after the departure.
///
/// Made for each evaluation from the rule and what it shares (two references, nothing allocated):
/// a `LeaveNowSettings` shared by the rules with the same filters, texts, heads-ups, buffer and
/// rain extra — a few thousand for a million commutes — so an engine holds one pointer per rule.
struct LeaveNowEvaluator: Sendable {
    let rule: RuleSpec
    let settings: LeaveNowSettings

    init(rule: RuleSpec, settings: LeaveNowSettings) {
        self.rule = rule
        self.settings = settings
    }

    /// An evaluator with settings of its own.
    init(rule: RuleSpec, spec: LeaveNowSpec, group: LeaveNowGroup, texts: LeaveNowTexts, offsetTexts: [String]? = nil) {
        self.init(rule: rule, settings: LeaveNowSettings(spec: spec, group: group, texts: texts, offsetTexts: offsetTexts))
    }

    /// The rules of the board with the same filters.
    var group: LeaveNowGroup { settings.group }
    /// The rule's message and title (or the built-in ones) in its language, compiled once.
    var texts: LeaveNowTexts { settings.texts }
    /// Heads-up offsets in seconds, largest first (as configured), and as the keys write them.
    var headsUpSeconds: [Int] { settings.headsUpSeconds }
    var offsetTexts: [String] { settings.offsetTexts }
    /// The largest heads-up, in seconds.
    var longestHeadsUp: Int { Int(settings.longest) }
    /// The margin before leaving on top of the walk, in seconds.
    var bufferSeconds: Int64 { Int64(settings.buffer) }
    /// The walk added when rain is expected (0 without a rain adjustment).
    var rainExtraSeconds: Int32 { settings.rainExtraSeconds }
    /// Whether the rule has a rain adjustment (`rain:`).
    var hasRain: Bool { settings.hasRain }
    /// `when_suspended: hold`.
    var holdsWhenSuspended: Bool { settings.holdsWhenSuspended }
    /// The rain adjustment (read from the spec: only rain rules ask).
    var rain: RainAdjustment? { hasRain ? spec.rain : nil }

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
    ///
    /// Departures at or after `cut` (the start of an unknown service date) are not looked at: the
    /// rule stops there rather than skip over a day whose timetable could not be loaded.
    func evaluate(taken: TakenDepartures, facts: FactSet, realtime: RealtimeView? = nil, state: borrowing RuleState, now: Int64,
                  cut: Int64 = .max, outcome: inout RuleOutcome, trace: inout Trace) {
        // Most rules: a timetable board without status or realtime, no rain adjustment. Scanned
        // without making the optionals below (a forecast or a status report is copied and dropped
        // through the runtime: their types hold Foundation's).
        // Looked at: departures up to the horizon, and before an unknown date.
        let limit = min(now + LeaveNowEvaluator.horizon, cut - 1)
        if realtime == nil, group.status == nil, !hasRain {
            if scanPlain(taken: taken, rain: nil, state: state, now: now, limit: limit, outcome: &outcome, trace: &trace) == 0,
               limit == now + LeaveNowEvaluator.horizon {
                trace.note(.explainNoMatchWithin, ["board": .inQuotes(group.board), "hours": .number(Int(LeaveNowEvaluator.horizon / 3600))])
            }
            return
        }
        var forecast: Forecast?
        if let rain {
            forecast = facts.forecasts[rain.weather]?.value
            if forecast == nil { trace.note(.explainNoForecastNoRain, ["source": .inQuotes(rain.weather)]) }
        }
        if let realtime, trace.enabled { for line in realtime.describeSources() { trace.note(line) } }
        // Read once per evaluation; only a notification being made looks its line up.
        let statusReport = group.status?.freshReport(facts, now: now, trace: &trace)
        var considered = 0
        if realtime == nil, statusReport == nil {
            considered = scanPlain(taken: taken, rain: forecast.map { forecast in { self.isRainy(forecast, from: $0, to: $1) } }, state: state,
                                   now: now, limit: limit, outcome: &outcome, trace: &trace)
        } else {
            considered = scan(taken: taken, forecast: forecast, statusReport: statusReport, realtime: realtime, state: state, now: now,
                              limit: limit, outcome: &outcome, trace: &trace)
        }
        if considered == 0, limit == now + LeaveNowEvaluator.horizon { trace.note(.explainNoMatchWithin, ["board": .inQuotes(group.board), "hours": .number(Int(LeaveNowEvaluator.horizon / 3600))]) }
    }

    /// The scan of a plain timetable board (no realtime, no service status to mention): as
    /// ``scan(taken:forecast:statusReport:realtime:state:now:limit:outcome:trace:)`` with every departure
    /// expected on time and nothing to hold it; each due notification is added unmade. Returns how
    /// many departures it looked at.
    /// `rain`: whether rain is expected between two instants (nil: no rain adjustment).
    /// `limit`: the last departure instant looked at (the horizon, or just before an unknown date).
    private func scanPlain(taken: TakenDepartures, rain isRainy: ((Int64, Int64) -> Bool)?, state: borrowing RuleState, now: Int64,
                           limit: Int64, outcome: inout RuleOutcome, trace: inout Trace) -> Int {
        let rainExtra = Int64(rainExtraSeconds)
        let maxLead = Int64(taken.filter.longestWalk + longestHeadsUp) + bufferSeconds + rainExtra
        let headsUps = settings.headsUpSeconds
        var position = taken.firstPosition(atOrAfter: now + 1)
        var considered = 0
        while position < taken.instants.count {
            let instant = taken.instants[position]
            if instant > limit { break }
            // No later departure can need a notification before the earliest wake-up found.
            if let wake = outcome.nextWakeUp, instant - maxLead > wake { break }
            considered += 1
            let labels = taken.labels[position]
            let rainy = isRainy?(taken.walkStarts[position] - bufferSeconds, instant) ?? false
            let leaveAt = taken.walkStarts[position] - bufferSeconds - (rainy ? rainExtra : 0)
            let due = dueHeadsUps(headsUps, leaveAt: leaveAt, instant: instant, labels: labels, state: state, now: now, outcome: &outcome)
            noteDeparture(Int(taken.indices[position]), taken: taken, leaveAt: leaveAt, prediction: nil, rainy: rainy, rainExtra: rainExtra,
                          labels: labels, state: state, now: now, trace: &trace)
            if due.count > 0 {
                recordSuperseded(due.count - 1, leaveAt: leaveAt, instant: instant, labels: labels, forgetAfter: instant, expected: instant,
                                 state: state, now: now, outcome: &outcome, trace: &trace)
                outcome.due.append(DueNotice(mark: .occurrence(instant: instant, labels: labels, offset: Self.offset(headsUps[due.send])),
                                             forgetAfter: instant, expiresAt: instant,
                                             body: .leaveNow(position: Int32(position), headsUp: Int32(due.send), leaveAt: leaveAt, rainy: rainy)))
            }
            position += 1
        }
        return considered
    }

    /// The scan of the departures the group takes from `now` on, with the board's realtime and
    /// service status. Returns how many departures it looked at.
    private func scan(taken: TakenDepartures, forecast: Forecast?, statusReport: ServiceStatusReport?, realtime: RealtimeView?, state: borrowing RuleState,
                      now: Int64, limit: Int64, outcome: inout RuleOutcome, trace: inout Trace) -> Int {
        let board = taken.board
        let headsUps = settings.headsUpSeconds
        let rainExtra = Int64(rainExtraSeconds)
        let maxLead = Int64(taken.filter.longestWalk + longestHeadsUp) + bufferSeconds + rainExtra
        // Realtime moves departures: a late one whose timetable time has passed is still ahead, an
        // early one needs its notifications sooner than its timetable time says.
        let late = realtime?.latestSeconds ?? 0
        let early = realtime?.earliestSeconds ?? 0
        // On a board with realtime a key is kept until the departure can no longer come back as late.
        let keepKeys = realtime == nil ? 0 : RealtimeView.lookbackSeconds
        let schedule = taken.schedule
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
            // Looked up only on a board whose status is known (and kept out of the plain path's way:
            // the optional is not compared, which would copy it).
            var disruption: RailwayStatus?
            var disrupted = false
            if let statusReport, let found = self.disruption(of: schedule.departures[index], board: board, in: statusReport) {
                disruption = found
                disrupted = true
            }
            if holdsWhenSuspended, disrupted, let disruption, Self.isWhollySuspended(disruption) {
                trace.note(.explainHeldSuspended, ["time": .text(board.clock.iso8601(instant)), "line": .text(schedule.departures[index].line),
                                                  "mention": .text(disruption.mention(in: rule.common.language))])
                // New service status wakes the rule; its notification times too (the status may be stale by then).
                for offset in headsUpSeconds where leaveAt - Int64(offset) > now { outcome.wake(at: leaveAt - Int64(offset)) }
                continue
            }
            let alert = realtime?.realtime.alert(for: schedule.departures[index])
            if holdsWhenSuspended, let alert, alert.extent == .whole {
                trace.note(.explainHeldAlert, ["time": .text(board.clock.iso8601(instant)), "line": .text(schedule.departures[index].line),
                                              "source": .text(alert.source), "header": .text(alert.header)])
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
            // The heads-ups due now and not handled yet; only the last (the latest) is sent, the ones
            // before it are recorded as handled.
            let due = dueHeadsUps(headsUps, leaveAt: leaveAt, instant: instant, labels: labels, state: state, now: now, outcome: &outcome)
            let send = due.send, sendOffset = headsUps[send]
            noteDeparture(index, taken: taken, leaveAt: leaveAt, prediction: prediction, rainy: rainy, rainExtra: rainExtra, labels: labels,
                          state: state, now: now, trace: &trace)
            guard due.count > 0 else {
                if let prediction {
                    moved(index, leaveAt: leaveAt, prediction: prediction, forgetAfter: forgetAfter, board: board,
                          schedule: schedule, state: state, now: now, outcome: &outcome, trace: &trace)
                }
                continue
            }
            recordSuperseded(due.count - 1, leaveAt: leaveAt, instant: instant, labels: labels, forgetAfter: forgetAfter, expected: expected,
                             state: state, now: now, outcome: &outcome, trace: &trace)
            let mark = DueNotice.Mark.occurrence(instant: instant, labels: labels, offset: Self.offset(sendOffset))
            if realtime == nil, !disrupted {
                outcome.due.append(DueNotice(mark: mark, forgetAfter: forgetAfter, expiresAt: expected,
                                             body: .leaveNow(position: Int32(position - 1), headsUp: Int32(send), leaveAt: leaveAt, rainy: rainy)))
                continue
            }
            if disrupted, let disruption { trace.note(.explainServiceStatusMention, ["mention": .text(disruption.mention(in: rule.common.language))]) }
            let notification = self.notification(index, schedule: schedule, board: board, key: key(index, schedule: schedule, offset: sendOffset),
                                                 leaveAt: leaveAt, offset: sendOffset, rainy: rainy, now: now, disruption: disruption,
                                                 realtime: realtime.map { RealtimeMention(prediction: prediction, live: $0.realtime.status.isLive, alert: alert) })
            var announce: (key: String, leave: AnnouncedLeave)?
            if realtime != nil {
                let movedKey = movedKey(index, schedule: schedule)
                let told = state.announced?[movedKey]
                announce = (movedKey, AnnouncedLeave(leaveAt: leaveAt, updates: told?.updates ?? 0, forgetAfter: forgetAfter))
            }
            outcome.due.append(DueNotice(mark: mark, forgetAfter: forgetAfter, notice: notification, announce: announce))
        }
        // Once the data is too old the timetable applies again: a leave time that moved back may be due.
        if predicted, let staleAt = realtime?.staleAt { outcome.wake(at: staleAt) }
        return considered
    }

    /// Whether the heads-up `offset` of a departure leaving at `leaveAt` is due at `now` and not
    /// handled yet.
    @inline(__always)
    private func isDue(_ offset: Int, leaveAt: Int64, instant: Int64, labels: KeyLabels, state: borrowing RuleState, now: Int64) -> Bool {
        leaveAt - Int64(offset) <= now && !state.hasHandled(instant: instant, labels: labels, offset: Self.offset(offset))
    }

    /// The heads-ups of a departure leaving at `leaveAt` that are due at `now` and not handled yet —
    /// how many, and the index of the last (the latest: the one sent) — waking `outcome` at the
    /// ones still ahead.
    @inline(__always)
    private func dueHeadsUps(_ headsUps: [Int], leaveAt: Int64, instant: Int64, labels: KeyLabels, state: borrowing RuleState, now: Int64,
                             outcome: inout RuleOutcome) -> (count: Int, send: Int) {
        var count = 0, send = 0
        for (headsUp, offset) in headsUps.enumerated() {
            let fireAt = leaveAt - Int64(offset)
            if fireAt > now {
                outcome.wake(at: fireAt)
            } else if isDue(offset, leaveAt: leaveAt, instant: instant, labels: labels, state: state, now: now) {
                count += 1
                send = headsUp
            }
        }
        return (count, send)
    }

    /// Records the first `count` due heads-ups (those a later one supersedes) as handled, unsent.
    private func recordSuperseded(_ count: Int, leaveAt: Int64, instant: Int64, labels: KeyLabels, forgetAfter: Int64, expected: Int64,
                                  state: borrowing RuleState, now: Int64, outcome: inout RuleOutcome, trace: inout Trace) {
        guard count > 0 else { return }
        var skipped = 0
        for offset in headsUpSeconds where skipped < count && isDue(offset, leaveAt: leaveAt, instant: instant, labels: labels, state: state, now: now) {
            skipped += 1
            trace.note(.explainHeadsUpSkipped, ["minutes": .number(offset / 60)])
            outcome.due.append(DueNotice(mark: .occurrence(instant: instant, labels: labels, offset: Self.offset(offset)),
                                         forgetAfter: forgetAfter, expiresAt: expected, body: .none))
        }
    }

    /// `explain`'s line for a departure the scan looks at.
    private func noteDeparture(_ index: Int, taken: TakenDepartures, leaveAt: Int64, prediction: DeparturePrediction?, rainy: Bool,
                               rainExtra: Int64, labels: KeyLabels, state: borrowing RuleState, now: Int64, trace: inout Trace) {
        guard trace.enabled else { return }
        let departure = taken.schedule.departures[index], clock = taken.board.clock
        var due: [Int] = []
        for offset in headsUpSeconds where isDue(offset, leaveAt: leaveAt, instant: departure.departure, labels: labels, state: state, now: now) {
            due.append(offset)
        }
        let dueNow = due.map { $0 == 0 ? Message(.explainDueLeaveNow) : Message(.explainDueHeadsUp, ["minutes": .number($0 / 60)]) }
        trace.note(.explainDeparture, [
            "time": .text(clock.iso8601(departure.departure)), "line": .text(departure.line), "stop": .text(departure.stop),
            "leave": .text(clock.clockText(leaveAt)),
            "delay": .message(prediction.map { Message(.explainDepartureDelay, ["delay": .message(Self.delayMessage($0, clock: clock))]) } ?? .empty),
            "rain": .message(rainy ? Message(.explainDepartureRain, ["minutes": .number(Int(rainExtra / 60))]) : .empty),
            "due": .message(due.isEmpty ? .empty
                : Message(.explainDepartureDue, ["list": .message(.joined(dueNow, separator: .verbatim(", ")))])),
        ])
    }

    /// A heads-up offset as an occurrence keeps it (offsets are at most a day: see
    /// `LeaveNowSpec.maximumLeadSeconds`).
    @inline(__always)
    static func offset(_ seconds: Int) -> Int32 { Int32(clamping: seconds) }

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

    /// The notification of the departure at `index` of `schedule` (its fields read in place).
    /// `stopIsNumber`: whether its stop is a number ("platform 12"), when known already.
    func notification(_ index: Int, schedule: BoardSchedule, board: Board, key: String, leaveAt: Int64, offset: Int, rainy: Bool,
                      now: Int64, disruption: RailwayStatus? = nil, realtime: RealtimeMention? = nil, stopIsNumber: Bool? = nil) -> Notice {
        let language = rule.common.language
        let departures = schedule.departures
        func append(_ variable: LeaveNowVariable, to output: inout TextBuilder) {
            if Self.variesPerNotification(variable) {
                appendVarying(variable, leaveAt: leaveAt, offset: offset, rainy: rainy, now: now,
                              walkSeconds: departures[index].departure - departures[index].leaveAt, clock: board.clock, to: &output)
            } else {
                appendFixed(variable, index, schedule: schedule, board: board, stopIsNumber: stopIsNumber, disruption: disruption,
                            realtime: realtime, to: &output)
            }
        }
        func render(_ template: CompiledTemplate<LeaveNowVariable>) -> String {
            if let variable = template.singleVariable, let value = Self.storedValue(variable, index, schedule: schedule, board: board, rule: rule) {
                return value
            }
            return template.render(append)
        }
        return Notice(key: key, rule: rule.id, kind: .leaveNow, fireAt: leaveAt - Int64(offset),
                      expiresAt: realtime?.prediction?.expected ?? departures[index].departure, channels: rule.common.channels,
                      urgency: rule.common.urgency, language: language, title: render(texts.title), text: render(texts.text))
    }

    /// Whether a variable's value changes from one notification of a departure to the next (the
    /// time left, the leave time, the walk with rain, the heads-up, the rule) rather than with the
    /// departure (and the board's realtime and status) alone.
    static func variesPerNotification(_ variable: LeaveNowVariable) -> Bool {
        switch variable {
        case .when, .minutes, .leaveAt, .walkMinutes, .headsUpMinutes, .rainNote, .rule: return true
        default: return false
        }
    }

    /// The value of a variable that is a stored text (nil for computed ones).
    static func storedValue(_ variable: LeaveNowVariable, _ index: Int, schedule: BoardSchedule, board: Board, rule: RuleSpec) -> String? {
        switch variable {
        case .rule: return rule.id
        case .board: return board.id
        case .boardTitle: return board.title
        case .line: return schedule.departures[index].info.line
        case .stop: return schedule.departures[index].info.stop
        case .destination: return schedule.departures[index].info.destination
        case .dayType: return schedule.departures[index].dayTypeLabel
        default: return nil
        }
    }

    /// Appends the value of a variable that ``variesPerNotification(_:)``.
    func appendVarying(_ variable: LeaveNowVariable, leaveAt: Int64, offset: Int, rainy: Bool, now: Int64, walkSeconds: Int64,
                       clock: ZoneClock, to output: inout TextBuilder) {
        let ja = rule.common.language == .ja
        let extra = Int(rainExtraSeconds) / 60
        switch variable {
        case .rule: output.append(rule.id)
        case .when: output.append(Self.whenText(minutes: max(0, Int((leaveAt - now + 30) / 60)), language: rule.common.language))
        case .minutes: output.append(max(0, Int((leaveAt - now + 30) / 60)))
        case .leaveAt: ClockText.append(leaveAt, clock: clock, to: &output)
        case .walkMinutes: output.append(Int(walkSeconds) / 60 + (rainy ? extra : 0))
        case .headsUpMinutes: output.append(offset / 60)
        case .rainNote: if rainy { output.append(ja ? "（雨予報: 徒歩+\(extra)分）" : " (rain expected: +\(extra) min walk)") }
        default: break
        }
    }

    /// Appends the value of a variable that depends on the departure, the board and its realtime
    /// and status only (not ``variesPerNotification(_:)``).
    func appendFixed(_ variable: LeaveNowVariable, _ index: Int, schedule: BoardSchedule, board: Board, stopIsNumber: Bool?,
                     disruption: RailwayStatus?, realtime: RealtimeMention?, to output: inout TextBuilder) {
        if let value = Self.storedValue(variable, index, schedule: schedule, board: board, rule: rule) {
            output.append(value)
            return
        }
        let language = rule.common.language
        let ja = language == .ja
        let departure = schedule.departures[index].departure
        switch variable {
        case .place:
            MessageRenderer.appendPlace(stop: schedule.departures[index].info.stop, line: schedule.departures[index].info.line,
                                        language: language, stopIsNumber: stopIsNumber, to: &output)
        case .departure: ClockText.append(departure, clock: board.clock, to: &output)
        case .serviceDate: output.append(schedule.departures[index].serviceDate.description)
        case .status: if let disruption { output.append(disruption.mention(in: language)) }
        case .statusNote:
            if let disruption {
                output.append(ja ? "［" : " [")
                output.append(disruption.mention(in: language))
                output.append(ja ? "］" : "]")
            }
        case .predicted: ClockText.append(realtime?.prediction?.expected ?? departure, clock: board.clock, to: &output)
        case .delayMinutes: output.append(Self.delayMinutes(realtime?.prediction))
        case .realtimeNote: if let realtime { realtime.appendNote(clock: board.clock, language: language, to: &output) }
        default: break
        }
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

/// What the scan of a leave-now rule reads besides the rule itself, shared by the rules that
/// agree on all of it (see `LeaveNowEvaluator`).
final class LeaveNowSettings: Sendable {
    /// The rules of the board with the same filters.
    let group: LeaveNowGroup
    /// The message and title in their language.
    let texts: LeaveNowTexts
    /// Heads-up offsets in seconds, largest first (as configured), and as the keys write them.
    let headsUpSeconds: [Int]
    let offsetTexts: [String]
    // Heads-ups, buffer and rain extra are at most a day (`LeaveNowSpec.maximumLeadSeconds`).
    let longest: Int32
    let buffer: Int32
    let rainExtraSeconds: Int32
    let hasRain: Bool
    let holdsWhenSuspended: Bool

    init(spec: LeaveNowSpec, group: LeaveNowGroup, texts: LeaveNowTexts, offsetTexts: [String]? = nil) {
        self.group = group
        self.texts = texts
        headsUpSeconds = spec.headsUpSeconds
        self.offsetTexts = offsetTexts ?? spec.headsUpSeconds.map { String($0) }
        longest = Int32(clamping: spec.headsUpSeconds.max() ?? 0)
        buffer = Int32(clamping: spec.bufferSeconds)
        rainExtraSeconds = Int32(clamping: spec.rain?.extraWalkSeconds ?? 0)
        hasRain = spec.rain != nil
        holdsWhenSuspended = spec.whenSuspended == .hold
    }

    /// What makes two rules' settings the same.
    struct Key: Hashable {
        let group: ObjectIdentifier
        let texts: ObjectIdentifier
        let headsUpSeconds: [Int]
        let buffer: Int
        let rainExtra: Int?
        let holds: Bool

        init(spec: LeaveNowSpec, group: LeaveNowGroup, texts: LeaveNowTexts) {
            self.group = ObjectIdentifier(group)
            self.texts = ObjectIdentifier(texts)
            headsUpSeconds = spec.headsUpSeconds
            buffer = spec.bufferSeconds
            rainExtra = spec.rain?.extraWalkSeconds
            holds = spec.whenSuspended == .hold
        }
    }
}
