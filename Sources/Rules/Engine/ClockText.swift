import Timetable

/// `HH:MM` on a zone's wall clock (the text of `ZoneClock.clockText`), made without formatting.
enum ClockText {
    static func append(_ epoch: Int64, clock: ZoneClock, to output: inout TextBuilder) {
        output.append(text(epoch, clock: clock))
    }

    /// `HH:MM` (five ASCII bytes: a small string, not allocated).
    static func text(_ epoch: Int64, clock: ZoneClock) -> String {
        let seconds = clock.localTime(at: epoch).seconds
        let hours = seconds / 3600, minutes = seconds % 3600 / 60
        return String(unsafeUninitializedCapacity: 5) { buffer in
            buffer[0] = UInt8(ascii: "0") + UInt8(hours / 10)
            buffer[1] = UInt8(ascii: "0") + UInt8(hours % 10)
            buffer[2] = UInt8(ascii: ":")
            buffer[3] = UInt8(ascii: "0") + UInt8(minutes / 10)
            buffer[4] = UInt8(ascii: "0") + UInt8(minutes % 10)
            return 5
        }
    }
}
