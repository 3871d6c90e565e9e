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

/// Decides the `DayType` of service dates: weekends, Japanese national holidays, and what a board
/// declares — extra holiday dates, the year-end period run as holidays (12/29–1/3 at most Japanese
/// operators), and dates run as another day type (`special_days:`).
public struct ServiceCalendar: Sendable {
    /// Dates run as holidays in addition to the national holidays.
    public var extraHolidays: Set<LocalDate>
    /// Whether Japanese national holidays count as holidays (true for Japanese boards).
    public var nationalHolidays: Bool
    /// Every year's year-end period, run as holidays; nil when the board has none.
    public var yearEnd: YearEndPeriod?
    /// Dates run as a given day type, whatever else they are (`special_days:` with `as:`).
    public var overrides: [LocalDate: DayType]

    public init(extraHolidays: Set<LocalDate> = [], nationalHolidays: Bool = true, yearEnd: YearEndPeriod? = nil,
                overrides: [LocalDate: DayType] = [:]) {
        self.extraHolidays = extraHolidays
        self.nationalHolidays = nationalHolidays
        self.yearEnd = yearEnd
        self.overrides = overrides
    }

    /// The day type of a service date: an explicit override first, then the extra holidays, the
    /// year-end period and the national holidays, then the weekday.
    public func dayType(of date: LocalDate) -> DayType {
        if !overrides.isEmpty, let type = overrides[date] { return type }
        if extraHolidays.contains(date) { return .holiday }
        if let yearEnd, yearEnd.contains(date) { return .holiday }
        if nationalHolidays, JapaneseHolidays.isHoliday(date) { return .holiday }
        switch date.weekday {
        case .saturday: return .saturday
        case .sunday: return .sunday
        default: return .weekday
        }
    }
}

/// The days around the new year a board runs its holiday timetable, every year: from a month and
/// day in December through a month and day in January (`12-29..01-03`, the default).
public struct YearEndPeriod: Sendable, Equatable, CustomStringConvertible {
    /// The first day (a December day) and the last day (a January day).
    public let firstDecemberDay: Int
    public let lastJanuaryDay: Int

    /// 12/29–1/3, as most Japanese operators run the year end.
    public static let standard = YearEndPeriod(firstDecemberDay: 29, lastJanuaryDay: 3)!

    /// The period from December `firstDecemberDay` through January `lastJanuaryDay`; nil when a day
    /// is not a day of its month.
    public init?(firstDecemberDay: Int, lastJanuaryDay: Int) {
        guard (1...31).contains(firstDecemberDay), (1...31).contains(lastJanuaryDay) else { return nil }
        self.firstDecemberDay = firstDecemberDay
        self.lastJanuaryDay = lastJanuaryDay
    }

    /// Whether `date` is in the period of its year end.
    public func contains(_ date: LocalDate) -> Bool {
        (date.month == 12 && date.day >= firstDecemberDay) || (date.month == 1 && date.day <= lastJanuaryDay)
    }

    /// `12-29..01-03`.
    public var description: String {
        "12-" + (firstDecemberDay < 10 ? "0" : "") + "\(firstDecemberDay)..01-" + (lastJanuaryDay < 10 ? "0" : "") + "\(lastJanuaryDay)"
    }
}
