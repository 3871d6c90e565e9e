/// How an `odpt:calendar` id maps to the day-type key its timetable is published under.
///
/// The standard calendars map one to one: `odpt.Calendar:Weekday` → `weekday`, `Saturday` →
/// `saturday`, `Holiday` → `holiday`, `SaturdayHoliday` → `saturday_holiday`, `Sunday` → `sunday`
/// (and `SundayHoliday`, `Everyday` when an operator uses them).
///
/// Operator-specific calendars (`odpt.Calendar:Specific.TokyoMetro.Weekday01`,
/// `…Saturday21`, `…Holiday41`) are mapped **by name**: the day-type word in their last component,
/// without the trailing digits, decides the key. ODPT does not say on which dates a specific calendar
/// runs, so this is a best guess; `isSpecific` lets the decoder prefer a standard calendar.
struct ODPTCalendar: Sendable, Equatable {
    /// The calendar id as written in the record.
    var id: String
    /// The day-type key the calendar's departures are filed under.
    var key: DayTypeKey
    /// True for `odpt.Calendar:Specific.…` calendars.
    var isSpecific: Bool

    /// Maps a calendar id; nil when the id names no day type this decoder knows.
    init?(id: String) {
        let prefix = "odpt.Calendar:"
        guard id.hasPrefix(prefix) else { return nil }
        let name = id.dropFirst(prefix.count)
        let isSpecific = name.hasPrefix("Specific.")
        let last = name.split(separator: ".").last.map(String.init) ?? ""
        let word = isSpecific ? String(last.reversed().drop { $0.isASCII && $0.isNumber }.reversed()) : last
        guard let key = ODPTCalendar.keys[word] else { return nil }
        self.id = id
        self.key = key
        self.isSpecific = isSpecific
    }

    private static let keys: [String: DayTypeKey] = [
        "Weekday": .weekday,
        "Saturday": .saturday,
        "Sunday": .sunday,
        "Holiday": .holiday,
        "SaturdayHoliday": .saturdayHoliday,
        "SundayHoliday": .sundayHoliday,
        "Everyday": .everyday,
    ]

    /// The calendar names this decoder understands, for error messages.
    static let knownNames = "Weekday, Saturday, Sunday, Holiday, SaturdayHoliday, SundayHoliday, Everyday, or Specific.<…>.<one of these><digits>"
}
