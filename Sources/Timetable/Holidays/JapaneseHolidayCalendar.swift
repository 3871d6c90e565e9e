/// Japanese national holidays for any date: an authoritative list (the Cabinet Office's
/// `syukujitsu.csv`) for the years it covers, the law's rules for every other year.
///
/// Built once, then immutable and `Sendable`: a table with one slot per (year, month, day) from 1948
/// to `tableYears.upperBound` (31 slots a month, so the index is a multiply-add, no calendar
/// arithmetic) answers `name(on:)`. Years past the table are computed from the rules on each call.
public struct JapaneseHolidayCalendar: Sendable {
    /// Years whose holidays are taken from the authoritative list, when one was given.
    public let authorityYears: ClosedRange<Int>?
    /// Years answered from the precomputed table.
    public let tableYears: ClosedRange<Int>

    private let authority: [Holiday]
    /// Per slot `slot(year, month, day)`: 0 for an ordinary day, else index + 1 in `names`.
    @usableFromInline let codes: [UInt16]
    @usableFromInline let names: [String]

    @usableFromInline static let slotsPerMonth = 31
    @usableFromInline static let slotsPerYear = 12 * 31

    /// The slot of a date in `codes`; out of `codes.indices` when the year is outside `tableYears`.
    @inlinable
    func slot(_ date: LocalDate) -> Int {
        (date.year - tableYears.lowerBound) * Self.slotsPerYear + (date.month - 1) * Self.slotsPerMonth + date.day - 1
    }

    /// A calendar using the rules only.
    public init() {
        self.init(authorityList: [])
    }

    /// A calendar that takes the holidays of the years `list` covers (its first to its last year,
    /// whole years) from `list`, and the others from the law's rules.
    ///
    /// - Parameters:
    ///   - list: the authoritative holidays, e.g. from `JapaneseHolidays.parseCabinetOfficeCSV`.
    ///   - lastTableYear: the last year precomputed into the lookup table (default 2199; at most
    ///     9999). The table takes 744 bytes a year.
    public init(authorityList list: [Holiday], lastTableYear: Int = 2199) {
        let sorted = list.sorted { $0.date < $1.date }
        authority = sorted
        if let first = sorted.first, let last = sorted.last {
            authorityYears = first.date.year...last.date.year
        } else {
            authorityYears = nil
        }
        let firstYear = 1948
        tableYears = firstYear...min(9999, max(firstYear, lastTableYear, authorityYears?.upperBound ?? firstYear))
        let tableYears = self.tableYears
        var codes = [UInt16](repeating: 0, count: tableYears.count * Self.slotsPerYear)
        var names: [String] = []
        var codeOfName: [String: UInt16] = [:]
        func record(_ holiday: Holiday) {
            let date = holiday.date
            let index = (date.year - tableYears.lowerBound) * Self.slotsPerYear
                + (date.month - 1) * Self.slotsPerMonth + date.day - 1
            guard tableYears.contains(date.year), codes.indices.contains(index) else { return }
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
        self.codes = codes
        self.names = names
    }

    /// The holiday's name on `date`, or nil on an ordinary day.
    @inlinable
    public func name(on date: LocalDate) -> String? {
        let index = slot(date)
        if index >= 0, index < codes.count {
            let code = Int(codes[index])
            return code == 0 ? nil : names[code - 1]
        }
        return nameOutsideTable(date)
    }

    @usableFromInline
    func nameOutsideTable(_ date: LocalDate) -> String? {
        holidays(ofYear: date.year).first { $0.date == date }?.name
    }

    /// Whether `date` is a national holiday, a substitute holiday or another day off by law.
    @inlinable
    public func isHoliday(_ date: LocalDate) -> Bool {
        let index = slot(date)
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
        if tableYears.contains(year) {
            var result: [Holiday] = []
            let start = (year - tableYears.lowerBound) * Self.slotsPerYear
            for index in start..<(start + Self.slotsPerYear) where codes[index] != 0 {
                let offset = index - start
                if let date = LocalDate(year: year, month: offset / Self.slotsPerMonth + 1, day: offset % Self.slotsPerMonth + 1) {
                    result.append(Holiday(date: date, name: names[Int(codes[index]) - 1]))
                }
            }
            return result
        }
        if let authorityYears, authorityYears.contains(year) {
            return authority.filter { $0.date.year == year }
        }
        return JapaneseHolidayRules.holidays(year: year)
    }
}
