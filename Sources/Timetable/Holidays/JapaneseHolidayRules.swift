/// The holidays of one year computed from the law: 国民の祝日に関する法律 (Act No. 178 of 1948)
/// with its amendments, and the special acts for the one-off days.
///
/// Names are spelled as the Cabinet Office's `syukujitsu.csv` spells them: a substitute holiday
/// (振替休日) and an in-between day (国民の休日) are both "休日".
enum JapaneseHolidayRules {
    /// The law took effect on 1948-07-20; there are no national holidays before it.
    static let lawStart = LocalDate(year: 1948, month: 7, day: 20)!.dayNumber
    /// Substitute holidays (振替休日) exist for holidays from 1973-04-12 (Act No. 10 of 1973).
    static let substituteStart = LocalDate(year: 1973, month: 4, day: 12)!.dayNumber
    /// In-between holidays (国民の休日) exist from 1985-12-27 (Act No. 103 of 1985).
    static let inBetweenStart = LocalDate(year: 1985, month: 12, day: 27)!.dayNumber
    /// From 2007 (Act No. 43 of 2005) a substitute holiday is the first following day that is not a
    /// national holiday, and an in-between day may be any day that is not a national holiday.
    static let reform2007 = LocalDate(year: 2007, month: 1, day: 1)!.dayNumber

    /// The name of an in-between day or a substitute holiday.
    static let restDayName = "休日"

    /// The holidays of `year` in date order.
    ///
    /// Small arrays searched linearly, not dictionaries: a year has ~20 days off, and the bundled
    /// calendar computes ~180 years when it is first used (a command's start-up).
    static func holidays(year: Int) -> [Holiday] {
        guard year >= 1948 else { return [] }
        // 国民の祝日 (and the 2019 days the special act treats as such), by day number.
        var national = DayNames()
        for (month, day, name) in nationalHolidays(year: year) {
            if let date = LocalDate(year: year, month: month, day: day) {
                national[date.dayNumber] = name
            }
        }
        national.sortByDay()
        var rest = DayNames()

        // 振替休日.
        for (dayNumber, _) in national.entries
        where dayNumber >= substituteStart && LocalDate(dayNumber: dayNumber).weekday == .sunday {
            if dayNumber < reform2007 {
                // Until 2006: the next day, when it is not a national holiday itself.
                if national[dayNumber + 1] == nil { rest[dayNumber + 1] = restDayName }
            } else {
                var candidate = dayNumber + 1
                while national[candidate] != nil { candidate += 1 }
                rest[candidate] = restDayName
            }
        }

        // 国民の休日: a day between two national holidays.
        for (dayNumber, _) in national.entries where national[dayNumber + 2] != nil {
            let between = dayNumber + 1
            guard between >= inBetweenStart, national[between] == nil else { continue }
            if between < reform2007 {
                // Until 2006 a Sunday or a substitute holiday stays what it is.
                if LocalDate(dayNumber: between).weekday == .sunday || rest[between] != nil { continue }
            }
            rest[between] = restDayName
        }

        // Days off by special acts that are not national holidays.
        for (month, day, name) in oneOffDaysOff(year: year) {
            if let date = LocalDate(year: year, month: month, day: day) {
                rest[date.dayNumber] = name
            }
        }

        var result: [Holiday] = []
        result.reserveCapacity(national.entries.count + rest.entries.count)
        for (dayNumber, name) in national.entries where dayNumber >= lawStart {
            result.append(Holiday(date: LocalDate(dayNumber: dayNumber), name: name))
        }
        for (dayNumber, name) in rest.entries where dayNumber >= lawStart && national[dayNumber] == nil {
            let date = LocalDate(dayNumber: dayNumber)
            if date.year == year { result.append(Holiday(date: date, name: name)) }
        }
        result.sort { $0.date < $1.date }
        return result
    }

    /// Names by day number for the few days off of one year: a later assignment to a day replaces
    /// the earlier one, as in a dictionary.
    struct DayNames {
        private(set) var entries: [(day: Int, name: String)] = []

        init() { entries.reserveCapacity(24) }

        subscript(day: Int) -> String? {
            get { entries.first { $0.day == day }?.name }
            set {
                guard let name = newValue else { entries.removeAll { $0.day == day }; return }
                if let index = entries.firstIndex(where: { $0.day == day }) {
                    entries[index].name = name
                } else {
                    entries.append((day, name))
                }
            }
        }

        /// Orders the entries by day (the substitute holidays are found in date order).
        mutating func sortByDay() { entries.sort { $0.day < $1.day } }
    }

    /// The national holidays (国民の祝日) of `year` as (month, day, name), including the 2019 days
    /// "treated as national holidays" (休日（祝日扱い）), which count for 振替休日 and 国民の休日.
    static func nationalHolidays(year: Int) -> [(Int, Int, String)] {
        var days: [(Int, Int, String)] = []
        days.reserveCapacity(20)
        func add(_ month: Int, _ day: Int, _ name: String) { days.append((month, day, name)) }

        add(1, 1, "元日")
        add(1, year < 2000 ? 15 : nthMonday(2, month: 1, year: year), "成人の日")
        if year >= 1967 { add(2, 11, "建国記念の日") }
        if year >= 2020 { add(2, 23, "天皇誕生日") }
        add(3, Equinox.vernalDay(year: year), "春分の日")
        switch year {
        case ..<1989: add(4, 29, "天皇誕生日")
        case ..<2007: add(4, 29, "みどりの日")
        default: add(4, 29, "昭和の日")
        }
        add(5, 3, "憲法記念日")
        if year >= 2007 { add(5, 4, "みどりの日") }
        add(5, 5, "こどもの日")
        switch year {
        case ..<1996: break
        case ..<2003: add(7, 20, "海の日")
        case 2020: add(7, 23, "海の日")
        case 2021: add(7, 22, "海の日")
        default: add(7, nthMonday(3, month: 7, year: year), "海の日")
        }
        switch year {
        case ..<2016: break
        case 2020: add(8, 10, "山の日")
        case 2021: add(8, 8, "山の日")
        default: add(8, 11, "山の日")
        }
        switch year {
        case ..<1966: break
        case ..<2003: add(9, 15, "敬老の日")
        default: add(9, nthMonday(3, month: 9, year: year), "敬老の日")
        }
        add(9, Equinox.autumnalDay(year: year), "秋分の日")
        switch year {
        case ..<1966: break
        case ..<2000: add(10, 10, "体育の日")
        case ..<2019: add(10, nthMonday(2, month: 10, year: year), "体育の日")
        // Renamed by Act No. 57 of 2018 with effect from 2020; the Cabinet Office lists 2019's day
        // under both names.
        case 2019: add(10, nthMonday(2, month: 10, year: year), "体育の日（スポーツの日）")
        case 2020: add(7, 24, "スポーツの日")
        case 2021: add(7, 23, "スポーツの日")
        default: add(10, nthMonday(2, month: 10, year: year), "スポーツの日")
        }
        add(11, 3, "文化の日")
        add(11, 23, "勤労感謝の日")
        if (1989...2018).contains(year) { add(12, 23, "天皇誕生日") }
        if year == 2019 {
            // Act No. 99 of 2018: the enthronement day and the ceremony of the enthronement.
            add(5, 1, "休日（祝日扱い）")
            add(10, 22, "休日（祝日扱い）")
        }
        return days
    }

    /// Days off by special acts that are not national holidays themselves, as (month, day, name).
    static func oneOffDaysOff(year: Int) -> [(Int, Int, String)] {
        switch year {
        case 1959: return [(4, 10, "結婚の儀")]  // 皇太子明仁親王の結婚の儀
        case 1989: return [(2, 24, "大喪の礼")]  // 昭和天皇の大喪の礼
        case 1990: return [(11, 12, "即位礼正殿の儀")]
        case 1993: return [(6, 9, "結婚の儀")]  // 皇太子徳仁親王の結婚の儀
        default: return []
        }
    }

    /// The day of the month of the `n`th Monday (Happy Monday, from 2000 and 2003).
    static func nthMonday(_ n: Int, month: Int, year: Int) -> Int {
        guard let first = LocalDate(year: year, month: month, day: 1) else { return 1 }
        let offset = (Weekday.monday.rawValue - first.weekday.rawValue + 7) % 7
        return 1 + offset + 7 * (n - 1)
    }
}
