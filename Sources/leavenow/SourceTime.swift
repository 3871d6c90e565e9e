import Foundation
import Messages
import Timetable
import Worker

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
    static func age(_ seconds: Int64) -> String { HealthCheck.age(seconds).text }
}
