import Timetable

/// `HH:MM` on a zone's wall clock (the text of `ZoneClock.clockText`), appended to a message being
/// rendered without building intermediate strings.
enum ClockText {
    static func append(_ epoch: Int64, clock: ZoneClock, to output: inout TextBuilder) {
        let seconds = clock.localTime(at: epoch).seconds
        output.appendTwoDigits(seconds / 3600)
        output.append(":")
        output.appendTwoDigits(seconds % 3600 / 60)
    }
}
