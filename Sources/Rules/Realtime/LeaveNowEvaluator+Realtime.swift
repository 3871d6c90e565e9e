import Messages
import Facts
import Notifications
import Timetable

/// What a leave-now message says of realtime: the departure's live prediction (if any) and whether
/// the board's realtime is live at all.
struct RealtimeMention {
    /// The live prediction of the departure; nil when no live source has one.
    let prediction: DeparturePrediction?
    /// Whether any realtime source of the board is live.
    let live: Bool
    /// A `NO_SERVICE` / `REDUCED_SERVICE` alert that concerns the departure.
    var alert: GTFSServiceAlert? = nil

    /// ` (live: 4 min late, leaves 10:37)` / `（リアルタイム: 4分遅れ、10:37発）`, or, when the board's
    /// realtime is missing or stale, ` (timetable: no live data)` / `（時刻表どおり: リアルタイムなし）`.
    /// Nothing when the feed is live but has no time for this departure (it says nothing of it, or
    /// NO_DATA there, or the stop comes before the trip's first update): the timetable applies.
    /// An alert follows: ` [no service: Header]` / `［運休: 見出し］`.
    func appendNote(clock: ZoneClock, language: MessageLanguage, to output: inout TextBuilder) {
        let ja = language == .ja
        if let prediction, prediction.predicted != nil {
            output.append(ja ? "（リアルタイム: " : " (live: ")
            output.append(LeaveNowEvaluator.delayText(prediction, clock: clock, language: language))
            output.append(ja ? "）" : ")")
        } else if !live {
            output.append(ja ? "（時刻表どおり: リアルタイムなし）" : " (timetable: no live data)")
        }
        if let alert {
            let whole = alert.extent == .whole
            output.append(ja ? (whole ? "［運休: " : "［減便: ") : (whole ? " [no service: " : " [reduced service: "))
            output.append(alert.header(japanese: ja))
            output.append(ja ? "］" : "]")
        }
    }
}

extension LeaveNowEvaluator {
    /// ``delayMessage(_:clock:)`` in a notification's language.
    static func delayText(_ prediction: DeparturePrediction, clock: ZoneClock, language: MessageLanguage) -> String {
        delayMessage(prediction, clock: clock).rendered(in: language == .ja ? .japanese : .english)
    }

    /// `4 min late, leaves 10:37`, `on time`, `2 min early, leaves 10:31` (ja: `4分遅れ、10:37発`,
    /// `定刻`, `2分早く、10:31発`); delays are rounded to whole minutes. The same words in a
    /// notification and in `explain`.
    static func delayMessage(_ prediction: DeparturePrediction, clock: ZoneClock) -> Message {
        let minutes = delayMinutes(prediction)
        if minutes == 0 { return Message(.explainOnTime) }
        let leaves = clock.clockText(prediction.expected)
        return Message(minutes > 0 ? .explainLate : .explainEarly, ["minutes": .number(abs(minutes)), "time": .text(leaves)])
    }

    /// The prediction's delay in whole minutes, rounded half away from zero (0 without one).
    static func delayMinutes(_ prediction: DeparturePrediction?) -> Int {
        guard let delay = prediction?.delaySeconds else { return 0 }
        return delay >= 0 ? (Int(delay) + 30) / 60 : -((-Int(delay) + 30) / 60)
    }

    /// Whether a line's status says its whole service is suspended (運転見合わせ), not only some trains.
    static func isWhollySuspended(_ status: RailwayStatus) -> Bool {
        status.condition == .suspended && ODPTLineSuspension.extent(of: status.ja) != .partial
    }

    /// `rule/instant/line/stop/<event>`: the key of a realtime event of a departure (`canceled`,
    /// `moved`, `moved1`…), made like its notification keys.
    func eventKey(_ index: Int, schedule: BoardSchedule, event: String) -> String {
        let base = key(index, schedule: schedule, offset: 0)
        return String(base.dropLast()) + event
    }

    /// The key under which the leave time told for a departure is kept (``RuleState/announced``).
    func movedKey(_ index: Int, schedule: BoardSchedule) -> String {
        eventKey(index, schedule: schedule, event: "moved")
    }

    /// A departure the rule follows is canceled: one notice, from the time its first notification
    /// would have been due until it would have left, naming the next departure that serves the rule.
    func canceled(_ index: Int, leaveAt: Int64, forgetAfter: Int64, board: Board, taken: TakenDepartures,
                  realtime: RealtimeView?, state: borrowing RuleState, now: Int64, outcome: inout RuleOutcome, trace: inout Trace) {
        let schedule = taken.schedule
        let departure = schedule.departures[index]
        let noticeAt = leaveAt - Int64(longestHeadsUp)
        if noticeAt > now {
            outcome.wake(at: noticeAt)
            trace.note(.explainCanceledNoticeDue, ["time": .text(board.clock.iso8601(departure.departure)), "line": .text(departure.line),
                                                   "at": .text(board.clock.clockText(noticeAt))])
            return
        }
        let key = eventKey(index, schedule: schedule, event: "canceled")
        guard state.sent[key] == nil else {
            trace.note(.explainCanceledAlreadySaid, ["time": .text(board.clock.iso8601(departure.departure)), "line": .text(departure.line)])
            return
        }
        let next = nextServing(after: index, schedule: schedule, filter: taken.filter, board: board, realtime: realtime, now: now)
        let canceledAt: [String: MessageArgument] = ["time": .text(board.clock.iso8601(departure.departure)), "line": .text(departure.line)]
        if let next {
            trace.note(.explainCanceledNext, canceledAt.merging(["next": .text(board.clock.clockText(next.expected)),
                                                                 "leave": .text(board.clock.clockText(next.leaveAt))]) { $1 })
        } else {
            trace.note(.explainCanceledNoNext, canceledAt.merging(["hours": .number(Int(LeaveNowEvaluator.horizon / 3600))]) { $1 })
        }
        var notice = notification(index, schedule: schedule, board: board, key: key, leaveAt: leaveAt, offset: 0, rainy: false, now: now)
        notice.fireAt = now
        notice.expiresAt = departure.departure
        notice.text = cancelText(departure, next: next, board: board)
        outcome.due.append(DueNotice(forgetAfter: forgetAfter, notice: notice))
    }

    /// The first departure after `index` that matches the rule's lines, stops, destinations and days
    /// (at any time of day, not only the first), is not canceled and is still ahead, with its expected instant and leave time.
    func nextServing(after index: Int, schedule: BoardSchedule, filter: LeaveNowGroup.CompiledFilter, board: Board, realtime: RealtimeView?,
                     now: Int64) -> (departure: BoardDeparture, expected: Int64, leaveAt: Int64)? {
        let instants = schedule.instants
        let limit = instants[index] + LeaveNowEvaluator.horizon
        var next = index + 1
        while next < instants.count, instants[next] <= limit {
            defer { next += 1 }
            guard group.matches(next, filter: filter, board: board, schedule: schedule, ignoringPick: true, ignoringWindow: true) else { continue }
            let departure = schedule.departures[next]
            let prediction = realtime?.prediction(for: departure)
            if prediction?.canceled == true { continue }
            let expected = prediction?.expected ?? instants[next]
            guard expected > now else { continue }
            return (departure, expected, departure.leaveAt + (expected - instants[next]) - bufferSeconds)
        }
        return nil
    }

    /// `Canceled: the 17:55 to San Francisco from Hillsdale. Next: 18:25, leave at 18:20` /
    /// `運休: 17:55発 Hillsdale San Francisco行。次は18:25発、18:20に出発`.
    func cancelText(_ departure: BoardDeparture, next: (departure: BoardDeparture, expected: Int64, leaveAt: Int64)?,
                    board: Board) -> String {
        let renderer = MessageRenderer(rule: rule)
        let ja = renderer.language == .ja
        var output = TextBuilder(capacity: 128)
        output.append(ja ? "運休: " : "Canceled: the ")
        ClockText.append(departure.departure, clock: board.clock, to: &output)
        if ja {
            output.append("発 ")
            MessageRenderer.appendPlace(stop: departure.stop, line: departure.line, language: renderer.language, to: &output)
            output.append(" \(departure.destination)行。")
        } else {
            output.append(" to \(departure.destination) from ")
            MessageRenderer.appendPlace(stop: departure.stop, line: departure.line, language: renderer.language, to: &output)
            output.append(". ")
        }
        if let next {
            output.append(ja ? "次は" : "Next: ")
            ClockText.append(next.expected, clock: board.clock, to: &output)
            output.append(ja ? "発、" : ", leave at ")
            ClockText.append(next.leaveAt, clock: board.clock, to: &output)
            if ja { output.append("に出発") }
        } else {
            output.append(ja ? "\(LeaveNowEvaluator.horizon / 3600)時間以内に次の便はありません"
                : "No later departure within \(LeaveNowEvaluator.horizon / 3600) h")
        }
        return output.text
    }

    /// After a heads-up or leave-now was sent for a departure, a live prediction moving its leave
    /// time by `moved_by` or more sends one update (at most ``AnnouncedLeave/maximumUpdates`` per
    /// departure); each update becomes the leave time told.
    func moved(_ index: Int, leaveAt: Int64, prediction: DeparturePrediction, forgetAfter: Int64, board: Board,
               schedule: BoardSchedule, state: borrowing RuleState, now: Int64, outcome: inout RuleOutcome, trace: inout Trace) {
        guard let announced = state.announced, !announced.isEmpty else { return }
        let movedKey = movedKey(index, schedule: schedule)
        guard let told = announced[movedKey] else { return }
        let shift = leaveAt - told.leaveAt
        let movedBy = spec.movedBySeconds
        guard abs(shift) >= Int64(movedBy) else {
            if shift != 0 {
                trace.note(.explainMovedTooLittle, ["seconds": .number(Int(shift)), "told": .text(board.clock.clockText(told.leaveAt)),
                                                    "minutes": .number(movedBy / 60)])
            }
            return
        }
        guard told.updates < AnnouncedLeave.maximumUpdates else {
            trace.note(.explainMovedTooOften, ["leave": .text(board.clock.clockText(leaveAt)), "updates": .number(Int(told.updates)),
                                               "maximum": .number(Int(AnnouncedLeave.maximumUpdates))])
            return
        }
        let key = movedKey + String(told.updates + 1)
        guard state.sent[key] == nil else { return }
        let departure = schedule.departures[index]
        trace.note(.explainMovedUpdate, ["told": .text(board.clock.clockText(told.leaveAt)), "leave": .text(board.clock.clockText(leaveAt))])
        var notice = notification(index, schedule: schedule, board: board, key: key, leaveAt: leaveAt, offset: 0, rainy: false, now: now)
        notice.fireAt = now
        notice.expiresAt = prediction.expected
        notice.text = updateText(departure, prediction: prediction, leaveAt: leaveAt, board: board)
        outcome.due.append(DueNotice(forgetAfter: forgetAfter, notice: notice,
                                     announce: (movedKey, AnnouncedLeave(leaveAt: leaveAt, updates: told.updates + 1, forgetAfter: forgetAfter))))
    }

    /// `4 min late: leave at 10:29 for the 10:33 to 三鷹駅 from platform 12 (鷹56), now 10:37` /
    /// `4分遅れ: 10:29に出発 12番のりば (鷹56) 10:33発 三鷹駅行 → 10:37発`.
    func updateText(_ departure: BoardDeparture, prediction: DeparturePrediction, leaveAt: Int64, board: Board) -> String {
        let renderer = MessageRenderer(rule: rule)
        let ja = renderer.language == .ja
        let minutes = Self.delayMinutes(prediction)
        var output = TextBuilder(capacity: 128)
        if minutes > 0 {
            output.append(ja ? "\(minutes)分遅れ: " : "\(minutes) min late: ")
        } else if minutes < 0 {
            output.append(ja ? "\(-minutes)分早く: " : "\(-minutes) min early: ")
        } else {
            output.append(ja ? "定刻に戻りました: " : "Back on time: ")
        }
        if ja {
            ClockText.append(leaveAt, clock: board.clock, to: &output)
            output.append("に出発 ")
            MessageRenderer.appendPlace(stop: departure.stop, line: departure.line, language: renderer.language, to: &output)
            output.append(" ")
            ClockText.append(departure.departure, clock: board.clock, to: &output)
            output.append("発 \(departure.destination)行 → ")
            ClockText.append(prediction.expected, clock: board.clock, to: &output)
            output.append("発")
        } else {
            output.append("leave at ")
            ClockText.append(leaveAt, clock: board.clock, to: &output)
            output.append(" for the ")
            ClockText.append(departure.departure, clock: board.clock, to: &output)
            output.append(" to \(departure.destination) from ")
            MessageRenderer.appendPlace(stop: departure.stop, line: departure.line, language: renderer.language, to: &output)
            output.append(", now ")
            ClockText.append(prediction.expected, clock: board.clock, to: &output)
        }
        return output.text
    }
}
