import Foundation
import Messages
import Timetable

/// Times of the source cache for people: ISO 8601 in Asia/Tokyo and short ages (`45 s`, `12 min`,
/// `3 h 5 min`, `2 d 4 h`).
enum SourceTime {
    private static let tokyo = ZoneClock(identifier: "Asia/Tokyo")!

    /// Whole seconds since 1970 of `date`.
    static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }

    /// `2024-12-22T10:32:00+09:00`.
    static func iso8601(_ date: Date) -> String { iso8601(seconds(date)) }

    /// `2024-12-22T10:32:00+09:00`.
    static func iso8601(_ epoch: Int64) -> String { tokyo.iso8601(epoch) }

    /// A short age in the reader's language (`12 min`, `12分`); negative ages (a clock moved back) read as `0 s`.
    static func age(_ seconds: Int64) -> String {
        let seconds = Int(max(0, seconds))
        if seconds < 60 { return Message(.ageSeconds, ["seconds": .number(seconds)]).text }
        if seconds < 3600 { return Message(.ageMinutes, ["minutes": .number(seconds / 60)]).text }
        if seconds < 86_400 {
            let minutes = seconds % 3600 / 60
            return minutes > 0 ? Message(.ageHoursMinutes, ["hours": .number(seconds / 3600), "minutes": .number(minutes)]).text
                : Message(.ageHours, ["hours": .number(seconds / 3600)]).text
        }
        let hours = seconds % 86_400 / 3600
        return hours > 0 ? Message(.ageDaysHours, ["days": .number(seconds / 86_400), "hours": .number(hours)]).text
            : Message(.ageDays, ["days": .number(seconds / 86_400)]).text
    }
}
