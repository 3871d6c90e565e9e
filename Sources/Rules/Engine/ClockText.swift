import Timetable

/// `HH:MM` on a zone's wall clock (the text of `ZoneClock.clockText`), appended to a message being
/// rendered without building intermediate strings.
enum ClockText {
    /// `00` … `59`.
    private static let twoDigits: [String] = (0..<60).map { $0 < 10 ? "0\($0)" : "\($0)" }

    static func append(_ epoch: Int64, clock: ZoneClock, to output: inout String) {
        let seconds = clock.localTime(at: epoch).seconds
        output += twoDigits[seconds / 3600]
        output += ":"
        output += twoDigits[seconds % 3600 / 60]
    }
}
