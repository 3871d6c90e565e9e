import Messages
import Timetable

extension DayTypeKey {
    /// The words of a timetable's day-type key for people: `sunday_holiday` in English (the key as
    /// configured), `日祝` in Japanese.
    public var labelText: Message {
        switch self {
        case .weekday: return Message(.boardTimetableWeekday)
        case .saturday: return Message(.boardTimetableSaturday)
        case .sunday: return Message(.boardTimetableSunday)
        case .holiday: return Message(.boardTimetableHoliday)
        case .sundayHoliday: return Message(.boardTimetableSundayHoliday)
        case .saturdayHoliday: return Message(.boardTimetableSaturdayHoliday)
        case .everyday: return Message(.boardTimetableEveryday)
        }
    }
}
