import Foundation

/// A national holiday of Japan.
public struct Holiday: Sendable, Hashable, Codable {
    public var date: LocalDate
    /// The name as the Cabinet Office writes it (元日, 成人の日, 休日 …).
    ///
    /// A substitute holiday (振替休日) and an in-between day (国民の休日) are both "休日"; the 2019
    /// days treated as national holidays are "休日（祝日扱い）".
    public var name: String
    public init(date: LocalDate, name: String) { self.date = date; self.name = name }
}

extension LocalDate: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = LocalDate(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date: \(text)"))
        }
        self = date
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// Japanese national holidays, correct for every year since the law took effect (1948-07-20):
/// the Cabinet Office's list (`syukujitsu.csv`, bundled, 1955–2027) for the years it covers, the
/// law's rules (国民の祝日に関する法律 and its amendments, the equinoxes, 振替休日, 国民の休日,
/// the one-off days) for every other year.
///
/// Lookups use a table built once, on first use, and shared by all threads.
public enum JapaneseHolidays {
    /// The calendar behind the static functions: the bundled Cabinet Office list plus the rules.
    /// Built from the list packed at generation time (the tests check it equals the bundled text).
    public static let standard = JapaneseHolidayCalendar(packedAuthority: CabinetOfficeHolidayList.packed,
                                                         names: CabinetOfficeHolidayList.names)

    /// The holiday's name on `date`, or nil on an ordinary day.
    @inlinable
    public static func name(on date: LocalDate) -> String? { standard.name(on: date) }

    /// Whether `date` is a national holiday or another day off by law.
    @inlinable
    public static func isHoliday(_ date: LocalDate) -> Bool { standard.isHoliday(date) }

    /// Holidays in `first...last`, in date order.
    public static func holidays(from first: LocalDate, through last: LocalDate) -> [Holiday] {
        standard.holidays(from: first, through: last)
    }

    /// The holidays of `year`, in date order.
    public static func holidays(year: Int) -> [Holiday] { standard.holidays(ofYear: year) }

    /// The holidays of `year` computed from the law's rules alone, ignoring the Cabinet Office list
    /// (for 1955–2027 the tests prove both agree, names included).
    public static func computedByRules(year: Int) -> [Holiday] { JapaneseHolidayRules.holidays(year: year) }

    /// The bundled Cabinet Office list (1955–2027), in date order.
    public static var cabinetOfficeList: [Holiday] {
        standard.authorityYears.map { years in
            standard.holidays(from: LocalDate(year: years.lowerBound, month: 1, day: 1)!,
                              through: LocalDate(year: years.upperBound, month: 12, day: 31)!)
        } ?? []
    }

    /// Reads a Cabinet Office holiday list (`syukujitsu.csv`: `YYYY/M/D,名称` per line, a header
    /// line, Shift_JIS or UTF-8, CRLF or LF), e.g. a newer one than the bundled copy; pass the result
    /// to `JapaneseHolidayCalendar(authorityList:)`.
    ///
    /// - Throws: `DecodeError` naming `file` and the line of the first bad line.
    public static func parseCabinetOfficeCSV(_ bytes: [UInt8], file: String) throws -> [Holiday] {
        try CabinetOfficeCSV.parse(bytes, file: file)
    }

    /// Reads a Cabinet Office holiday list from `data`; see `parseCabinetOfficeCSV(_:file:)`.
    public static func parseCabinetOfficeCSV(_ data: Data, file: String) throws -> [Holiday] {
        try CabinetOfficeCSV.parse([UInt8](data), file: file)
    }
}
