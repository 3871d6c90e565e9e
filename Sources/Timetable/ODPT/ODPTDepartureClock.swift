/// Reads ODPT departure times (`HH:MM`) in list order and puts them on the service day.
///
/// ODPT writes departures after midnight as `00:11` at the end of a day's list. A time that is
/// more than 12 hours earlier than its predecessor means the list has wrapped past midnight: from
/// there on, 24 hours are added (once: a list spans one service day), so `00:18` after `23:57` becomes
/// 24:18 (87 480 s). Times already written past 24 (`24:18`, up to 29:59) are taken as they are.
struct ODPTDepartureClock {
    private var offset: Int32 = 0
    private var previous: Int32?
    private static let wrapThreshold: Int32 = 12 * 3600

    /// Parses `HH:MM` (hours 0–29, minutes 0–59) into seconds since 00:00, or nil when malformed.
    static func seconds(_ text: String) -> Int32? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts[0].allSatisfy({ $0.isASCII && $0.isNumber }), parts[1].allSatisfy({ $0.isASCII && $0.isNumber }),
              let hours = Int32(parts[0]), let minutes = Int32(parts[1]),
              (0...29).contains(hours), (0...59).contains(minutes)
        else { return nil }
        return hours * 3600 + minutes * 60
    }

    /// The service-day time of the next departure in the list, given its clock time in seconds.
    mutating func serviceTime(_ clockSeconds: Int32) -> Int32 {
        let day: Int32 = 24 * 3600
        if offset == 0, clockSeconds < day, let previous, clockSeconds < previous - ODPTDepartureClock.wrapThreshold {
            offset = day
        }
        let time = clockSeconds < day ? clockSeconds + offset : clockSeconds
        previous = time
        return time
    }
}
