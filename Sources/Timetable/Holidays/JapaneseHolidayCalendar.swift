import Synchronization

/// Japanese national holidays for any date: an authoritative list (the Cabinet Office's
/// `syukujitsu.csv`) for the years it covers, the law's rules for every other year.
///
/// Immutable and `Sendable`: tables with one slot per (year, month, day) (31 slots a month, so the
/// index is a multiply-add, no calendar arithmetic) answer `name(on:)` from 1948 to
/// `tableYears.upperBound`. The years up to the list's last one are tabled when the calendar is
/// made; the later ones (computed from the rules) when a date among them is first asked about, so a
/// command that looks at this year does not compute two centuries. Years past the tables are
/// computed from the rules on each call.
public struct JapaneseHolidayCalendar: Sendable {
    /// Years whose holidays are taken from the authoritative list, when one was given.
    public let authorityYears: ClosedRange<Int>?
    /// Years answered from the tables.
    public let tableYears: ClosedRange<Int>

    private let authority: [Holiday]
    /// Per slot `slot(year, month, day)` from 1948 to the list's last year: 0 for an ordinary day,
    /// else index + 1 in `names`.
    @usableFromInline let codes: [UInt16]
    @usableFromInline let names: [String]
    /// The years after those of `codes`, up to `tableYears.upperBound`.
    @usableFromInline let later: LaterHolidayTable

    @usableFromInline static let firstYear = 1948
    @usableFromInline static let slotsPerMonth = 31
    @usableFromInline static let slotsPerYear = 12 * 31

    /// The slot of a date in `codes`; out of `codes.indices` when the year is outside them.
    @inlinable
    func slot(_ date: LocalDate) -> Int {
        Self.slot(date, firstYear: Self.firstYear)
    }

    @inlinable
    static func slot(_ date: LocalDate, firstYear: Int) -> Int {
        (date.year - firstYear) * slotsPerYear + (date.month - 1) * slotsPerMonth + date.day - 1
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
    ///   - lastTableYear: the last year answered from a table (default 2199; at most 9999). The
    ///     tables take 744 bytes a year.
    public init(authorityList list: [Holiday], lastTableYear: Int = 2199) {
        self.init(sortedAuthority: list.sorted { $0.date < $1.date }, lastTableYear: lastTableYear)
    }

    /// The calendar of a list packed as `CabinetOfficeHolidayList.packed` is (days since 1970-01-01
    /// × 256 + the index of the name in `names`, in date order): the bundled list, without parsing
    /// its text at start.
    init(packedAuthority packed: [Int32], names: [String], lastTableYear: Int = 2199) {
        // The names are those of the table already: no name is looked up.
        let codes = packed.map { (date: LocalDate(dayNumber: Int($0 >> 8)), code: UInt16($0 & 0xFF) + 1) }
        self.init(sortedAuthority: codes.map { Holiday(date: $0.date, name: names[Int($0.code) - 1]) }, codes: codes,
                  names: HolidayNames(names), lastTableYear: lastTableYear)
    }

    private init(sortedAuthority sorted: [Holiday], lastTableYear: Int) {
        var names = HolidayNames()
        let codes = sorted.map { (date: $0.date, code: names.code(for: $0.name)) }
        self.init(sortedAuthority: sorted, codes: codes, names: names, lastTableYear: lastTableYear)
    }

    private init(sortedAuthority sorted: [Holiday], codes authorityCodes: [(date: LocalDate, code: UInt16)],
                 names authorityNames: HolidayNames, lastTableYear: Int) {
        authority = sorted
        if let first = sorted.first, let last = sorted.last {
            authorityYears = first.date.year...last.date.year
        } else {
            authorityYears = nil
        }
        let firstYear = Self.firstYear
        tableYears = firstYear...min(9999, max(firstYear, lastTableYear, authorityYears?.upperBound ?? firstYear))
        let split = min(tableYears.upperBound, max(firstYear, authorityYears?.upperBound ?? firstYear))
        let table = HolidayTable(years: firstYear...split, authority: authorityCodes, authorityYears: authorityYears, names: authorityNames)
        codes = table.codes
        names = table.names
        later = LaterHolidayTable(years: split < tableYears.upperBound ? (split + 1)...tableYears.upperBound : nil)
    }

    /// The holiday's name on `date`, or nil on an ordinary day.
    @inlinable
    public func name(on date: LocalDate) -> String? {
        let index = slot(date)
        if index >= 0, index < codes.count {
            let code = Int(codes[index])
            return code == 0 ? nil : names[code - 1]
        }
        if let name = later.name(on: date) { return name }
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
        let first = HolidayTable(firstYear: Self.firstYear, codes: codes, names: names)
        if let table = first.covers(year) ? first : later.table(for: year) {
            return table.holidays(ofYear: year)
        }
        if let authorityYears, authorityYears.contains(year) {
            return authority.filter { $0.date.year == year }
        }
        return JapaneseHolidayRules.holidays(year: year)
    }
}

/// One slot per (year, month, day) of consecutive years from `firstYear`: 0 for an ordinary day,
/// else index + 1 in `names`.
@usableFromInline
final class HolidayTable: Sendable {
    @usableFromInline let firstYear: Int
    @usableFromInline let codes: [UInt16]
    @usableFromInline let names: [String]

    init(firstYear: Int, codes: [UInt16], names: [String]) {
        self.firstYear = firstYear
        self.codes = codes
        self.names = names
    }

    /// The table of `years`: the holidays of `authority` (codes of `names`) for the years of
    /// `authorityYears`, the law's rules for the others.
    convenience init(years: ClosedRange<Int>, authority: [(date: LocalDate, code: UInt16)], authorityYears: ClosedRange<Int>?,
                     names: HolidayNames = HolidayNames()) {
        var codes = [UInt16](repeating: 0, count: years.count * JapaneseHolidayCalendar.slotsPerYear)
        var names = names
        func record(_ date: LocalDate, _ code: UInt16) {
            guard years.contains(date.year) else { return }
            let index = JapaneseHolidayCalendar.slot(date, firstYear: years.lowerBound)
            if codes.indices.contains(index) { codes[index] = code }
        }
        for year in years where !(authorityYears?.contains(year) ?? false) {
            for holiday in JapaneseHolidayRules.holidays(year: year) { record(holiday.date, names.code(for: holiday.name)) }
        }
        for holiday in authority { record(holiday.date, holiday.code) }
        self.init(firstYear: years.lowerBound, codes: codes, names: names.names)
    }

    /// Whether the table has a row for `year`.
    func covers(_ year: Int) -> Bool {
        year >= firstYear && (year - firstYear + 1) * JapaneseHolidayCalendar.slotsPerYear <= codes.count
    }

    /// The holidays of a year the table covers, in date order.
    func holidays(ofYear year: Int) -> [Holiday] {
        var result: [Holiday] = []
        let slots = JapaneseHolidayCalendar.slotsPerYear, perMonth = JapaneseHolidayCalendar.slotsPerMonth
        let start = (year - firstYear) * slots
        for index in start..<(start + slots) where codes[index] != 0 {
            let offset = index - start
            if let date = LocalDate(year: year, month: offset / perMonth + 1, day: offset % perMonth + 1) {
                result.append(Holiday(date: date, name: names[Int(codes[index]) - 1]))
            }
        }
        return result
    }
}

/// The table of the years after the authoritative list (from the rules), made by the first
/// thread that asks about one of them; every thread then reads the same one. A lookup in it is an
/// atomic load and an array read (no call, no reference counting: the table lives as long as this).
@usableFromInline
final class LaterHolidayTable: Sendable {
    @usableFromInline let years: ClosedRange<Int>?
    /// The table's address once built (retained by this object), else 0.
    @usableFromInline let built = Atomic<Int>(0)

    init(years: ClosedRange<Int>?) { self.years = years }

    deinit {
        let bits = built.load(ordering: .acquiring)
        if let pointer = UnsafeRawPointer(bitPattern: bits) { Unmanaged<HolidayTable>.fromOpaque(pointer).release() }
    }

    /// `.some(name or nil)` for a date of its years; `nil` for any other date.
    @inlinable
    func name(on date: LocalDate) -> String?? {
        guard let years, years.contains(date.year) else { return nil }
        var bits = built.load(ordering: .acquiring)
        if bits == 0 { bits = build() }
        return Unmanaged<HolidayTable>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)._withUnsafeGuaranteedRef { table in
            let code = Int(table.codes[JapaneseHolidayCalendar.slot(date, firstYear: table.firstYear)])
            return .some(code == 0 ? nil : table.names[code - 1])
        }
    }

    /// The table, when `year` is one of its years.
    func table(for year: Int) -> HolidayTable? {
        guard let years, years.contains(year) else { return nil }
        var bits = built.load(ordering: .acquiring)
        if bits == 0 { bits = build() }
        return Unmanaged<HolidayTable>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
    }

    /// Builds the table; the first thread to finish publishes it, the others' are dropped.
    @usableFromInline
    func build() -> Int {
        guard let years else { return 0 }
        let table = Unmanaged.passRetained(HolidayTable(years: years, authority: [], authorityYears: nil))
        let bits = Int(bitPattern: table.toOpaque())
        let (exchanged, original) = built.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing)
        if exchanged { return bits }
        table.release()
        return original
    }
}

/// The names of a table, each once: a holiday's code is its name's index + 1. A list has a few
/// dozen names: they are compared by their bytes, not hashed (a String hash, or `==`, normalises
/// Unicode first, which cost more than the rest of the table).
struct HolidayNames {
    private(set) var names: [String]

    init(_ names: [String] = []) { self.names = names }

    /// The code of `name`, adding it when it is new (0 — no holiday — past 65,534 names).
    mutating func code(for name: String) -> UInt16 {
        let length = name.utf8.count
        var name = name
        let known = name.withUTF8 { bytes in
            names.firstIndex { other in
                guard other.utf8.count == length else { return false }
                var other = other
                return other.withUTF8 { $0.elementsEqual(bytes) }
            }
        }
        if let known { return UInt16(known + 1) }
        guard names.count < Int(UInt16.max) - 1 else { return 0 }
        names.append(name)
        return UInt16(names.count)
    }
}
