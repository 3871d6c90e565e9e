import Foundation
import Timetable

extension Worker {
    /// An instant in UTC ISO 8601, as the log writes times.
    static func iso(_ instant: Int64) -> String { utc.iso8601(instant) }

    private static let utc = ZoneClock(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
}
