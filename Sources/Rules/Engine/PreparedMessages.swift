import Config
import Notifications
import Timetable

/// The messages of the departures one group of leave-now rules takes, in one set of texts, made
/// ready once per schedule: every part of a message that depends on the departure alone (its
/// time, destination, place, the board's title) rendered into text, leaving only what changes from
/// one notification to the next (the time left, the leave time, the heads-up, the rule) to fill in.
/// A notification is then a key and a text appended from a few pieces each, and a title shared.
///
/// Only for departures of a board without realtime and without a service status to mention (a
/// plain timetable departure): those parts depend on the departure alone there.
final class PreparedMessages: Sendable {
    enum Segment: Sendable {
        case text(String)
        case variable(LeaveNowVariable)
    }

    /// A message as its segments, and the bytes to reserve for it.
    struct Prepared: Sendable {
        let segments: [Segment]
        let capacity: Int
        /// The whole message when nothing varies (a title): shared by every notification.
        let constant: String?
        /// Whether only the time left varies (`{{when}}`, `{{minutes}}`), besides `{{rain_note}}`
        /// (empty when no rain is expected): then the message for a number of minutes without rain
        /// is the same for every notification (and made in advance, see ``PreparedMessages/text(_:minutes:)``).
        let minutesOnly: Bool

        init(_ template: CompiledTemplate<LeaveNowVariable>, render: (LeaveNowVariable, inout TextBuilder) -> Void) {
            var segments: [Segment] = []
            var fixed = TextBuilder(capacity: template.capacity)
            var varying = false
            func flush() {
                if !fixed.text.isEmpty { segments.append(.text(fixed.text)) }
                fixed = TextBuilder(capacity: template.capacity)
            }
            for part in template.parts {
                switch part {
                case .text(let text): fixed.append(text)
                case .variable(let variable) where LeaveNowEvaluator.variesPerNotification(variable):
                    flush()
                    segments.append(.variable(variable))
                    varying = true
                case .variable(let variable): render(variable, &fixed)
                }
            }
            flush()
            self.segments = segments
            minutesOnly = segments.allSatisfy { segment in
                if case .variable(let variable) = segment { return variable == .when || variable == .minutes || variable == .rainNote }
                return true
            }
            constant = varying ? nil : segments.reduce(into: "") { text, segment in if case .text(let piece) = segment { text += piece } }
            // The fixed text, and room for the varying values ("Leave in 120 min", "12:34", a rule id).
            capacity = segments.reduce(0) { total, segment in
                if case .text(let piece) = segment { return total + piece.utf8.count }
                return total + 48
            }
        }
    }

    /// What they were made for.
    let taken: TakenDepartures
    let texts: LeaveNowTexts
    /// By position of the taken departure.
    let text: [Prepared]
    let title: [Prepared]
    /// The minutes left the texts are made for in advance (a notification sent when it is due has
    /// as many minutes left as its heads-up), and the texts: by position, then by those minutes
    /// (nil where the text varies with more than the minutes).
    let minutes: [Int]
    private let made: [String?]

    /// `minutes`: the minutes left to make the texts for (see ``minutes``).
    init(evaluator: LeaveNowEvaluator, taken: TakenDepartures, minutes: [Int] = []) {
        self.taken = taken
        self.minutes = minutes
        texts = evaluator.texts
        var text: [Prepared] = [], title: [Prepared] = []
        text.reserveCapacity(taken.indices.count)
        title.reserveCapacity(taken.indices.count)
        for position in taken.indices.indices {
            let index = Int(taken.indices[position])
            func render(_ variable: LeaveNowVariable, _ output: inout TextBuilder) {
                evaluator.appendFixed(variable, index, schedule: taken.schedule, board: taken.board, stopIsNumber: taken.stopIsNumber[position],
                                      disruption: nil, realtime: nil, to: &output)
            }
            text.append(Prepared(evaluator.texts.text, render: render))
            title.append(Prepared(evaluator.texts.title, render: render))
        }
        self.text = text
        self.title = title
        var made: [String?] = []
        made.reserveCapacity(text.count * minutes.count)
        for position in text.indices {
            for minutes in minutes {
                guard text[position].minutesOnly else {
                    made.append(nil)
                    continue
                }
                // The leave time, heads-up and walk do not appear in such a text: any that give these minutes do.
                made.append(evaluator.text(position: position, headsUp: 0, taken: taken, message: text[position],
                                           leaveAt: Int64(minutes) * 60, rainy: false, now: 0))
            }
        }
        self.made = made
    }

    /// The text of the taken departure at `position` with `minutes` left and no rain expected, when
    /// made in advance.
    @inline(__always)
    func text(_ position: Int, minutes: Int) -> String? {
        guard let index = self.minutes.firstIndex(of: minutes) else { return nil }
        return made[position * self.minutes.count + index]
    }

    /// Whether these are the messages of `evaluator`'s texts over `taken`.
    func serve(_ evaluator: LeaveNowEvaluator, taken: TakenDepartures) -> Bool {
        self.taken === taken && texts === evaluator.texts
    }
}

extension LeaveNowEvaluator {
    /// The notification of the departure at `position` of those the rule's group takes, due at
    /// heads-up `headsUp` (an index into ``headsUpSeconds``), from its prepared messages: what
    /// ``notification(_:schedule:board:key:leaveAt:offset:rainy:now:disruption:realtime:stopIsNumber:)``
    /// makes for it, made from pieces.
    func notification(position: Int, headsUp: Int, prepared: PreparedMessages, leaveAt: Int64, rainy: Bool, now: Int64,
                      text: String? = nil) -> Notice {
        var made: [Notice] = []
        appendNotification(position: position, headsUp: headsUp, prepared: prepared, leaveAt: leaveAt, rainy: rainy, now: now, text: text, to: &made)
        return made[0]
    }

    /// That notification, appended to `list` (made in place there).
    func appendNotification(position: Int, headsUp: Int, prepared: PreparedMessages, leaveAt: Int64, rainy: Bool, now: Int64, text: String?,
                            to list: inout [Notice]) {
        let taken = prepared.taken
        let offset = headsUpSeconds[headsUp]
        let key = Self.key(rule: rule.id, middle: taken.keyMiddles[position], offset: offsetTexts[headsUp])
        let title = render(prepared.title[position], position: position, headsUp: headsUp, taken: taken, leaveAt: leaveAt, rainy: rainy, now: now)
        let body = text ?? render(prepared.text[position], position: position, headsUp: headsUp, taken: taken, leaveAt: leaveAt, rainy: rainy, now: now)
        let notice = Notice(key: key, rule: rule.id, kind: .leaveNow, fireAt: leaveAt - Int64(offset), expiresAt: taken.instants[position],
                            channels: rule.common.channels, urgency: rule.common.urgency, language: rule.common.language, title: title, text: body)
        list.append(consume notice)
    }

    /// The text of a prepared message (what ``notification(position:headsUp:prepared:leaveAt:rainy:now:text:)`` makes).
    func text(position: Int, headsUp: Int, taken: TakenDepartures, message: PreparedMessages.Prepared, leaveAt: Int64, rainy: Bool,
              now: Int64) -> String {
        render(message, position: position, headsUp: headsUp, taken: taken, leaveAt: leaveAt, rainy: rainy, now: now)
    }

    /// A prepared message with its varying parts filled in.
    private func render(_ message: PreparedMessages.Prepared, position: Int, headsUp: Int, taken: TakenDepartures, leaveAt: Int64, rainy: Bool,
                        now: Int64) -> String {
        if let constant = message.constant { return constant }
        func piece(_ segment: PreparedMessages.Segment) -> String {
            switch segment {
            case .text(let text): return text
            case .variable(.when): return Self.whenText(minutes: max(0, Int((leaveAt - now + 30) / 60)), language: rule.common.language)
            case .variable(let variable):
                var output = TextBuilder(capacity: 0)
                appendVarying(variable, leaveAt: leaveAt, offset: headsUpSeconds.indices.contains(headsUp) ? headsUpSeconds[headsUp] : 0,
                              rainy: rainy, now: now,
                              walkSeconds: taken.instants[position] - taken.walkStarts[position], clock: taken.board.clock, to: &output)
                return output.text
            }
        }
        let segments = message.segments
        // Two pieces (the time left, then the rest): one allocation, no check of the bytes.
        if segments.count == 2 { return piece(segments[0]) + piece(segments[1]) }
        var output = TextBuilder(capacity: message.capacity)
        for segment in segments { output.append(piece(segment)) }
        return output.text
    }

    /// `rule` + `middle` + `offset`: a key (ASCII) in one allocation.
    static func key(rule: String, middle: String, offset: String) -> String {
        let count = rule.utf8.count + middle.utf8.count + offset.utf8.count
        return String(unsafeUninitializedCapacity: count) { buffer in
            var writer = ByteWriter(buffer: buffer)
            writer.write(rule)
            writer.write(middle)
            writer.write(offset)
            return writer.count
        }
    }

    /// `{{when}}`: "Leave now" / "Leave in 7 min" (ja: 今すぐ出発 / あと7分で出発), from a table for
    /// the first day of minutes.
    static func whenText(minutes: Int, language: MessageLanguage) -> String {
        let ja = language == .ja
        if minutes < whenTexts.english.count { return ja ? whenTexts.japanese[minutes] : whenTexts.english[minutes] }
        return ja ? "あと\(minutes)分で出発" : "Leave in \(minutes) min"
    }

    private static let whenTexts: (english: [String], japanese: [String]) = (
        (0..<1_440).map { $0 == 0 ? "Leave now" : "Leave in \($0) min" },
        (0..<1_440).map { $0 == 0 ? "今すぐ出発" : "あと\($0)分で出発" }
    )
}
