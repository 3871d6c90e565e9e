/// Japanese national holidays for any date: an authoritative list (the Cabinet Office's
/// `syukujitsu.csv`) for the years it covers, the law's rules for every other year.
///
/// Built once, then immutable and `Sendable`: a table with one entry per day from 1948 to
/// `tableYears.upperBound` answers `name(on:)` with an index computation. Years past the table are
/// computed from the rules on each call.
public struct JapaneseHolidayCalendar: Sendable {
    /// Years whose holidays are taken from the authoritative list, when one was given.
    public let authorityYears: ClosedRange<Int>?
    /// Years answered from the precomputed table.
    public let tableYears: ClosedRange<Int>

    private let authority: [Holiday]
    private let firstDayNumber: Int
    /// Per day from 1 January of `tableYears.lowerBound`: 0 for an ordinary day, else index + 1 in `names`.
    private let codes: [UInt16]
    private let names: [String]

    /// A calendar using the rules only.
    public init() {
        self.init(authorityList: [])
    }

    /// A calendar that takes the holidays of the years `list` covers (its first to its last year,
    /// whole years) from `list`, and the others from the law's rules.
    ///
    /// - Parameters:
    ///   - list: the authoritative holidays, e.g. from `JapaneseHolidays.parseCabinetOfficeCSV`.
    ///   - lastTableYear: the last year precomputed into the lookup table (default 2199).
    public init(authorityList list: [Holiday], lastTableYear: Int = 2199) {
        let sorted = list.sorted { $0.date < $1.date }
        authority = sorted
        if let first = sorted.first, let last = sorted.last {
            authorityYears = first.date.year...last.date.year
        } else {
            authorityYears = nil
        }
        let firstYear = 1948
        tableYears = firstYear...max(firstYear, lastTableYear, authorityYears?.upperBound ?? firstYear)
        let base = LocalDate(year: firstYear, month: 1, day: 1)!.dayNumber
        let end = LocalDate(year: tableYears.upperBound + 1, month: 1, day: 1)!.dayNumber

        var codes = [UInt16](repeating: 0, count: end - base)
        var names: [String] = []
        var codeOfName: [String: UInt16] = [:]
        func record(_ holiday: Holiday) {
            let index = holiday.date.dayNumber - base
            guard codes.indices.contains(index) else { return }
            let code: UInt16
            if let known = codeOfName[holiday.name] {
                code = known
            } else if names.count < Int(UInt16.max) {
                names.append(holiday.name)
                code = UInt16(names.count)
                codeOfName[holiday.name] = code
            } else {
                return
            }
            codes[index] = code
        }
        for year in tableYears where !(authorityYears?.contains(year) ?? false) {
            JapaneseHolidayRules.holidays(year: year).forEach(record)
        }
        sorted.forEach(record)
        self.firstDayNumber = base
        self.codes = codes
        self.names = names
    }

    /// The holiday's name on `date`, or nil on an ordinary day.
    public func name(on date: LocalDate) -> String? {
        let index = date.dayNumber - firstDayNumber
        if index >= 0, index < codes.count {
            let code = Int(codes[index])
            return code == 0 ? nil : names[code - 1]
        }
        return holidays(ofYear: date.year).first { $0.date == date }?.name
    }

    /// Whether `date` is a national holiday, a substitute holiday or another day off by law.
    public func isHoliday(_ date: LocalDate) -> Bool {
        let index = date.dayNumber - firstDayNumber
        if index >= 0, index < codes.count { return codes[index] != 0 }
        return name(on: date) != nil
    }

    /// Holidays in `first...last`, in date order.
    public func holidays(from first: LocalDate, through last: LocalDate) -> [Holiday] {
        guard first <= last else { return [] }
        var result: [Holiday] = []
        var year = first.year
        while year <= last.year {
            for holiday in holidays(ofYear: year) where holiday.date >= first && holiday.date <= last {
                result.append(holiday)
            }
            year += 1
        }
        return result
    }

    /// The holidays of one year, in date order.
    public func holidays(ofYear year: Int) -> [Holiday] {
        if tableYears.contains(year),
           let start = LocalDate(year: year, month: 1, day: 1)?.dayNumber,
           let end = LocalDate(year: year + 1, month: 1, day: 1)?.dayNumber {
            var result: [Holiday] = []
            for dayNumber in start..<end {
                let code = Int(codes[dayNumber - firstDayNumber])
                if code != 0 { result.append(Holiday(date: LocalDate(dayNumber: dayNumber), name: names[code - 1])) }
            }
            return result
        }
        if let authorityYears, authorityYears.contains(year) {
            return authority.filter { $0.date.year == year }
        }
        return JapaneseHolidayRules.holidays(year: year)
    }
}
