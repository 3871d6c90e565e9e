/// What kind of day a service date is, which decides the timetable that runs on it.
public enum DayType: String, Sendable, CaseIterable, Codable {
    case weekday
    case saturday
    case sunday
    /// A national holiday (or a board's extra holiday date), whatever its weekday.
    case holiday
}

/// The day-type keys timetables are published under (`weekday`, `saturday`, `sunday_holiday`, …).
///
/// A timetable offers some of these keys; for a service date the most specific key that covers the
/// date's `DayType` is used (`DayTypeKey.preference(for:)`).
public enum DayTypeKey: String, Sendable, CaseIterable, Codable, Hashable {
    case weekday
    case saturday
    case sunday
    case holiday
    case sundayHoliday = "sunday_holiday"
    case saturdayHoliday = "saturday_holiday"
    case everyday

    /// Keys that can serve a day of this type, most specific first.
    ///
    /// A holiday uses the holiday timetable whatever its weekday (a Saturday holiday runs 日祝);
    /// a Sunday falls back to a "Holiday" calendar, as in ODPT's Weekday / Saturday / Holiday sets.
    public static func preference(for dayType: DayType) -> [DayTypeKey] {
        switch dayType {
        case .weekday: return [.weekday, .everyday]
        case .saturday: return [.saturday, .saturdayHoliday, .everyday]
        case .sunday: return [.sunday, .sundayHoliday, .holiday, .saturdayHoliday, .everyday]
        case .holiday: return [.holiday, .sundayHoliday, .saturdayHoliday, .sunday, .everyday]
        }
    }

    /// Whether this key serves days of `dayType` at all.
    public func covers(_ dayType: DayType) -> Bool { DayTypeKey.preference(for: dayType).contains(self) }
}

/// Decides the `DayType` of service dates: weekends, Japanese national holidays, and extra dates a
/// board declares (the year-end 12/30–1/3 schedule, an operator's special days).
public struct ServiceCalendar: Sendable {
    /// Dates run as holidays in addition to the national holidays.
    public var extraHolidays: Set<LocalDate>
    /// Whether Japanese national holidays count as holidays (true for Japanese boards).
    public var nationalHolidays: Bool

    public init(extraHolidays: Set<LocalDate> = [], nationalHolidays: Bool = true) {
        self.extraHolidays = extraHolidays
        self.nationalHolidays = nationalHolidays
    }

    /// The day type of a service date.
    public func dayType(of date: LocalDate) -> DayType {
        if extraHolidays.contains(date) { return .holiday }
        if nationalHolidays, JapaneseHolidays.isHoliday(date) { return .holiday }
        switch date.weekday {
        case .saturday: return .saturday
        case .sunday: return .sunday
        default: return .weekday
        }
    }
}
