import Config
import Facts
import Foundation
import Notifications
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
    /// `rule id/` as UTF-8: how every key of this rule starts.
    private let keyPrefix: [UInt8]
    // The spec's scalar filters, copied out once so the departure scan reads them directly.
    private let window: ClockWindow?
    private let lastOnly: Bool
    private let pickFirst: Bool
    private let headsUpSeconds: [Int]
    private let bufferSeconds: Int64
    private let rain: RainAdjustment?
    private let days: Set<Weekday>?
    private let dayTypes: Set<DayType>?
    /// The board's `status:`, when it has one: disrupted lines are mentioned in the message.
    let status: BoardStatusLink?

    init(rule: RuleSpec, spec: LeaveNowSpec, status: BoardStatusLink? = nil) {
        self.rule = rule
        self.spec = spec
        self.status = status
        self.longestHeadsUp = spec.headsUpSeconds.max() ?? 0
        let language = rule.common.language
        text = CompiledTemplate(rule.common.message[language] ?? Self.defaultText[language]!)
        title = CompiledTemplate(rule.common.title[language] ?? Self.defaultTitle[language]!)
        keyPrefix = Array(rule.id.utf8) + [UInt8(ascii: "/")]
        window = spec.window
        lastOnly = spec.lastOnly
        pickFirst = spec.pick == .first
        headsUpSeconds = spec.headsUpSeconds
        bufferSeconds = Int64(spec.bufferSeconds)
        rain = spec.rain
        days = spec.days
        dayTypes = spec.dayTypes
    }

    /// Departures further ahead than this are not looked at (a day and a bit).
    static let horizon: Int64 = 30 * 3600

    func evaluate(board: Board, schedule: BoardSchedule, filter: CompiledFilter, keys: inout KeyMemo, facts: FactSet,
                  realtime: RealtimeView? = nil, state: RuleState, now: Int64, trace: inout Trace) -> RuleOutcome {
        var outcome = RuleOutcome()
        let forecast = rain.flatMap { facts.forecasts[$0.weather]?.value }
        if let rain, forecast == nil {
            trace.note("no forecast from weather source \"\(rain.weather)\" yet: no rain adjustment")
        }
        if let realtime { for line in realtime.describeSources() { trace.note(line) } }
        // Read once per evaluation; only a notification being made looks its line up.
        let statusReport = status?.freshReport(facts, now: now, trace: &trace)
        let rainExtra = Int64(rain?.extraWalkSeconds ?? 0)
        let maxLead = Int64(filter.longestWalk + longestHeadsUp) + bufferSeconds + rainExtra
        // Realtime moves departures: a late one whose timetable time has passed is still ahead, an
        // early one needs its notifications sooner than its timetable time says.
        let late = realtime?.latestSeconds ?? 0
        let early = realtime?.earliestSeconds ?? 0
        // On a board with realtime a key is kept until the departure can no longer come back as late.
        let keepKeys = realtime == nil ? 0 : RealtimeView.lookbackSeconds
        let departures = schedule.departures
        let instants = schedule.instants
        let serviceSeconds = schedule.serviceSeconds
        let limit = now + LeaveNowEvaluator.horizon
        var index = schedule.firstIndex(atOrAfter: now + 1 - late)
        keys.forget(before: index)
        var considered = 0
        var predicted = false
        // Offsets due for one departure, largest first (the heads-up before the leave-now); reused.
        var due: [(offset: Int, key: String)] = []
        while index < instants.count {
            let instant = instants[index]
            index += 1
            if instant > limit { break }
            // No later departure can need a notification before the earliest wake-up found.
            if let wake = outcome.nextWakeUp, instant - early - maxLead > wake { break }
            // The window rules out most departures: checked here first, without a call.
            if let window, !window.contains(Self.secondsOfDay(serviceSeconds[index - 1])) {
                if let jump = filter.windowJump, let next = jump.nextStart(after: instant), next > instant + 1 {
                    index = max(index, schedule.firstIndex(atOrAfter: next))
                }
                continue
            }
            guard matches(index - 1, filter: filter, board: board, schedule: schedule) else { continue }
            let departure = departures[index - 1]
            let prediction = realtime?.prediction(for: departure)
            // The instant the departure is expected: the prediction's when a live source has one.
            let expected = prediction?.expected ?? instant
            if expected <= now { continue }
            considered += 1
            if prediction != nil { predicted = true }
            let walkStart = departure.leaveAt + (expected - instant)
            let rainy = forecast.map { isRainy($0, from: walkStart - bufferSeconds, to: expected) } ?? false
            let leaveAt = walkStart - bufferSeconds - (rainy ? rainExtra : 0)
            let forgetAfter = max(instant, expected) + keepKeys
            let disruption = statusReport.flatMap { self.disruption(of: departure, board: board, in: $0) }
            if spec.whenSuspended == .hold, let disruption, Self.isWhollySuspended(disruption) {
                trace.note("departure \(board.clock.iso8601(instant)) \(departure.line): held, the line is suspended "
                    + "(\(disruption.mention(in: rule.common.language))) and the rule says when_suspended: hold")
                // New service status wakes the rule; its notification times too (the status may be stale by then).
                for offset in headsUpSeconds where leaveAt - Int64(offset) > now { outcome.wake(at: leaveAt - Int64(offset)) }
                continue
            }
            let alert = realtime?.realtime.alert(for: departure)
            if spec.whenSuspended == .hold, let alert, alert.extent == .whole {
                trace.note("departure \(board.clock.iso8601(instant)) \(departure.line): held, an alert of \(alert.source) says no service "
                    + "(\(alert.header)) and the rule says when_suspended: hold")
                // Looked at again when the alert ends, and at its notification times (it may have ended by then).
                if let until = alert.until, until > now { outcome.wake(at: until) }
                for offset in headsUpSeconds where leaveAt - Int64(offset) > now { outcome.wake(at: leaveAt - Int64(offset)) }
                continue
            }
            if let prediction, prediction.canceled {
                canceled(index - 1, leaveAt: leaveAt, forgetAfter: forgetAfter, board: board, schedule: schedule, filter: filter,
                         realtime: realtime, state: state, now: now, outcome: &outcome, trace: &trace)
                continue
            }
            // Keys are made only for due offsets.
            due.removeAll(keepingCapacity: true)
            for offset in headsUpSeconds {
                let fireAt = leaveAt - Int64(offset)
                if fireAt > now {
                    outcome.wake(at: fireAt)
                    continue
                }
                let key = keys.key(index: index - 1, offset: offset) { self.key(index - 1, schedule: schedule, offset: offset) }
                if state.sent[key] == nil { due.append((offset, key)) }
            }
            trace.note("departure \(board.clock.iso8601(instant)) \(departure.line) from \(departure.stop): leave at \(board.clock.clockText(leaveAt))"
                + (prediction.map { " (" + Self.delayText($0, clock: board.clock, language: .en) + ")" } ?? "")
                + (rainy ? " (rain expected: +\(rainExtra / 60) min walk)" : "")
                + (due.isEmpty ? "" : "; due now: " + due.map { $0.offset == 0 ? "leave-now" : "heads-up \($0.offset / 60) min" }.joined(separator: ", ")))
            guard let send = due.last else {
                if let prediction {
                    moved(index - 1, leaveAt: leaveAt, prediction: prediction, forgetAfter: forgetAfter, board: board,
                          schedule: schedule, state: state, now: now, outcome: &outcome, trace: &trace)
                }
                continue
            }
            // Only the most recent of several due notifications is sent; the older ones are recorded as handled.
            for (offset, key) in due.dropLast() {
                trace.note("  heads-up \(offset / 60) min skipped: a later notification for the same departure is due")
                outcome.due.append((handled(key: key, fireAt: leaveAt - Int64(offset), expiresAt: expected), forgetAfter, false))
            }
            if let disruption { trace.note("  service status: \(disruption.mention(in: rule.common.language))") }
            let notification = self.notification(departure, board: board, key: send.key, leaveAt: leaveAt, offset: send.offset,
                                                 rainy: rainy, now: now, disruption: disruption,
                                                 realtime: realtime.map { RealtimeMention(prediction: prediction, live: $0.realtime.status.isLive, alert: alert) })
            outcome.due.append((notification, forgetAfter, true))
            if realtime != nil {
                let told = state.announced?[movedKey(index - 1, schedule: schedule)]
                outcome.announcements[send.key] = (movedKey(index - 1, schedule: schedule),
                                                   AnnouncedLeave(leaveAt: leaveAt, updates: told?.updates ?? 0, forgetAfter: forgetAfter))
            }
        }
        // Once the data is too old the timetable applies again: a leave time that moved back may be due.
        if predicted, let staleAt = realtime?.staleAt { outcome.wake(at: staleAt) }
        if considered == 0 { trace.note("no departure of board \"\(spec.board)\" within \(LeaveNowEvaluator.horizon / 3600) h matches the rule's filters") }
        return outcome
    }

    /// A notification recorded as handled without being rendered or delivered.
    func handled(key: String, fireAt: Int64, expiresAt: Int64) -> Notice {
        Notice(key: key, rule: rule.id, kind: .leaveNow, fireAt: fireAt, expiresAt: expiresAt, channels: [],
                     urgency: rule.common.urgency, language: rule.common.language, title: "", text: "")
    }

    /// What a rule needs of one board schedule, worked out once per schedule (see `ScheduleCache`):
    /// its label filters as label ids (nil: no filter; empty: nothing matches) and the board's
    /// longest walk.
    struct CompiledFilter: Sendable {
        let lines: [Int32]?
        let stops: [Int32]?
        let destinations: [Int32]?
        let longestWalk: Int
        /// How to skip the departures outside the window at once (nil: check them one by one).
        let windowJump: WindowJump?

        init(spec: LeaveNowSpec, schedule: BoardSchedule, board: Board) {
            windowJump = spec.window.flatMap { WindowJump(window: $0, clock: board.clock) }
            lines = spec.lines.map { $0.compactMap(schedule.labelID) }
            stops = spec.stops.map { $0.compactMap(schedule.labelID) }
            destinations = spec.destinations.map { $0.compactMap(schedule.labelID) }
            longestWalk = board.longestWalkSeconds
        }
    }

    /// In a zone whose offset never changes, a service day starts at local midnight, so a
    /// departure's timetable time of day is its instant's local time of day. Departures outside a
    /// window that does not wrap midnight then form runs of instants, and the scan can go straight
    /// to the next instant where the window opens: every departure before it is outside the window.
    struct WindowJump: Sendable {
        let start: Int
        let end: Int
        let offset: Int
        /// Instants from this on are safely past the zone's last offset change (with a margin of
        /// a week, more than any timetable time reaches back).
        let since: Int64

        init?(window: ClockWindow, clock: ZoneClock) {
            guard window.start < window.end, window.start >= 0, window.end <= 86_400,
                  let constant = clock.constantOffset else { return nil }
            start = window.start
            end = window.end
            offset = constant.seconds
            since = constant.since + 8 * 86_400
        }

        /// The first instant after `instant` whose local time of day is inside the window, when
        /// `instant` is outside it; nil when unsure.
        func nextStart(after instant: Int64) -> Int64? {
            guard instant >= since else { return nil }
            let local = instant + Int64(offset)
            let dayStart = local >= 0 ? local / 86_400 * 86_400 : (local - 86_399) / 86_400 * 86_400
            let time = Int(local - dayStart)
            if time < start { return instant + Int64(start - time) }
            if time >= end { return instant + Int64(86_400 - time + start) }
            return nil
        }
    }

    /// Whether the departure at `index` of the schedule is one the rule cares about. The cheapest,
    /// most selective checks come first. Ignoring the pick and the window, it is one that takes the
    /// user where the rule goes (what a canceled departure's notice offers instead).
    func matches(_ index: Int, filter: CompiledFilter, board: Board, schedule: BoardSchedule, ignoringPick: Bool = false,
                 ignoringWindow: Bool = false) -> Bool {
        if !ignoringWindow, let window, !window.contains(Self.secondsOfDay(schedule.serviceSeconds[index])) { return false }
        if lastOnly, !schedule.lastFlags[index] { return false }
        if let stops = filter.stops, !stops.contains(schedule.stopIDs[index]) { return false }
        if let lines = filter.lines, !lines.contains(schedule.lineIDs[index]) { return false }
        if let destinations = filter.destinations, !destinations.contains(schedule.destinationIDs[index]) { return false }
        let day = Int(schedule.serviceDayNumbers[index])
        if let days {
            let weekday = (day + 4) % 7  // 1970-01-01 was a Thursday
            guard let value = Weekday(rawValue: weekday < 0 ? weekday + 7 : weekday), days.contains(value) else { return false }
        }
        if let types = dayTypes, !types.contains(board.calendar.dayType(of: LocalDate(dayNumber: day))) { return false }
        if pickFirst, !ignoringPick {
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

    /// A timetable time (24:05 = 86_700) as a time of day (00:05), as the window sees it.
    @inline(__always)
    static func secondsOfDay(_ serviceSeconds: Int32) -> Int {
        let seconds = Int(serviceSeconds)
        return seconds >= 0 && seconds < 86_400 ? seconds : seconds % 86_400
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
        let line = schedule.labelTokens[Int(schedule.lineIDs[index])]
        let stop = schedule.labelTokens[Int(schedule.stopIDs[index])]
        let instant = schedule.instant(at: index)
        func twin(_ other: Int) -> Bool {
            other >= 0 && other < schedule.instants.count && schedule.instant(at: other) == instant
                && schedule.lineIDs[other] == schedule.lineIDs[index] && schedule.stopIDs[other] == schedule.stopIDs[index]
        }
        let destination = twin(index - 1) || twin(index + 1) ? schedule.labelTokens[Int(schedule.destinationIDs[index])] : nil
        // Two numbers and three (or four) slashes.
        let capacity = keyPrefix.count + line.utf8.count + stop.utf8.count + (destination?.utf8.count ?? 0) + 2 * ByteWriter.maximumDigits + 4
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var writer = ByteWriter(buffer: buffer)
            keyPrefix.withUnsafeBufferPointer { writer.write($0) }
            writer.write(instant)
            writer.write(UInt8(ascii: "/"))
            writer.write(line)
            writer.write(UInt8(ascii: "/"))
            writer.write(stop)
            if let destination {
                writer.write(UInt8(ascii: "/"))
                writer.write(destination)
            }
            writer.write(UInt8(ascii: "/"))
            writer.write(Int64(offset))
            return writer.count
        }
    }

    static let defaultText = MessageRenderer.builtIn([
        .en: "{{when}}: the {{departure}} to {{destination}} from {{place}}{{realtime_note}}{{rain_note}}{{status_note}}",
        .ja: "{{when}}: {{departure}}発 {{place}} {{destination}}行{{realtime_note}}{{rain_note}}{{status_note}}",
    ])

    /// The status of the departure's line when the report says it is not normal.
    func disruption(of departure: BoardDeparture, board: Board, in report: ServiceStatusReport) -> RailwayStatus? {
        guard let railway = status?.railway(of: departure, board: board, in: report), railway.condition != nil else { return nil }
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
        let text = render(self.text)
        let title = render(self.title)
        return Notice(key: key, rule: rule.id, kind: .leaveNow, fireAt: leaveAt - Int64(offset),
                            expiresAt: realtime?.prediction?.expected ?? departure.departure, channels: rule.common.channels, urgency: rule.common.urgency,
                            language: rule.common.language, title: title, text: text)
    }
}
