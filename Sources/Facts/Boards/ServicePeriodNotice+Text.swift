import Messages
import Timetable

extension ServicePeriodNotice {
    /// ``message`` kept for the reader's language: "the feed's service ended on 2017-04-30",
    /// "the timetable's validity ends on 2025-03-14, in 5 days (valid_until)" (the same English).
    public var text: Message {
        switch (limit, kind) {
        case (.serviceCalendar, .ended(let last)): return Message(.noticeFeedEnded, ["date": .text("\(last)")])
        case (.serviceCalendar, .notStarted(let first)): return Message(.noticeFeedStarts, ["date": .text("\(first)")])
        case (.serviceCalendar, .endsSoon(let last, let days)):
            return Message(.noticeFeedEndsSoon, ["date": .text("\(last)"), "when": .message(Self.when(days))])
        case (.validity(let field), .ended(let last)):
            return Message(.noticeValidityEnded, ["date": .text("\(last)"), "field": .text(field)])
        case (.validity(let field), .notStarted(let first)):
            return Message(.noticeValidFrom, ["date": .text("\(first)"), "field": .text(field)])
        case (.validity(let field), .endsSoon(let last, let days)):
            return Message(.noticeValidityEndsSoon, ["date": .text("\(last)"), "when": .message(Self.when(days)), "field": .text(field)])
        }
    }

    private static func when(_ days: Int) -> Message {
        days == 0 ? Message(.whenToday) : days == 1 ? Message(.whenTomorrow) : Message(.whenInDays, ["days": .number(days)])
    }
}
