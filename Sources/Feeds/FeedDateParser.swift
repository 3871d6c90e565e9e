import Foundation

/// Reads the dates feeds write: RFC 3339 / ISO 8601 (Atom) and RFC 822 / RFC 1123 (RSS).
///
/// Hand-written rather than `DateFormatter`, so it never depends on the process locale (month
/// and day names are the English ones, as in the POSIX locale) and is safe to share.
/// Lenient where feeds are sloppy: a space instead of `T`, missing seconds, fractional seconds,
/// `+0900` without the colon, a missing zone (read as UTC), two-digit years, full month names,
/// and the named zones of RFC 822 plus `JST`. Unknown zone names give nil (not a guessed time).
public enum FeedDateParser {
    /// The instant `text` names, or nil when it is neither an RFC 3339 nor an RFC 822 date.
    public static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        return rfc3339(trimmed) ?? rfc822(trimmed)
    }

    /// `2024-12-01T00:30:00+09:00`, `2005-07-31T12:29:29Z`, `2024-12-01 00:30:00.5+0900`.
    static func rfc3339(_ text: String) -> Date? {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
              let month = scanner.number(digits: 2), scanner.skip("-"),
              let day = scanner.number(digits: 2) else { return nil }
        var hour = 0, minute = 0, second = 0
        var offset = 0
        if scanner.skip("T") || scanner.skip("t") || scanner.skip(" ") {
            guard let h = scanner.number(digits: 2), scanner.skip(":"), let m = scanner.number(digits: 2) else { return nil }
            hour = h
            minute = m
            if scanner.skip(":") {
                guard let s = scanner.number(digits: 2) else { return nil }
                second = s
                if scanner.skip(".") || scanner.skip(",") { scanner.skipDigits() }
            }
            if scanner.skip("Z") || scanner.skip("z") {
                offset = 0
            } else if let sign = scanner.sign() {
                guard let oh = scanner.number(digits: 2) else { return nil }
                _ = scanner.skip(":")
                let om = scanner.number(digits: 2) ?? 0
                offset = sign * (oh * 3600 + om * 60)
            }
        }
        guard scanner.atEnd else { return nil }
        return instant(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    /// `Sun, 16 Aug 2015 05:00:00 GMT`, `Fri, 05 Oct 2007 09:00:00 CST`, `1 Dec 24 00:30 +0900`.
    static func rfc822(_ text: String) -> Date? {
        var tokens = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" }).map(String.init)
        if let first = tokens.first, first.first?.isLetter == true, month(named: first) == nil { tokens.removeFirst() }
        guard tokens.count >= 4 else { return nil }
        var dayToken = tokens[0], monthToken = tokens[1]
        if month(named: dayToken) != nil { swap(&dayToken, &monthToken) }  // "Dec 1 2024 ..." (seen in the wild)
        guard let day = Int(dayToken), let month = month(named: monthToken), var year = Int(tokens[2]) else { return nil }
        if tokens[2].count == 2 { year += year < 50 ? 2000 : 1900 }
        let clock = tokens[3].split(separator: ":").map { Int($0) }
        guard clock.count == 2 || clock.count == 3, let hour = clock[0], let minute = clock[1] else { return nil }
        let second = clock.count == 3 ? clock[2] : 0
        guard let second else { return nil }
        let offset: Int
        if tokens.count >= 5 {
            guard let zone = zoneOffset(tokens[4]) else { return nil }
            offset = zone
        } else {
            offset = 0
        }
        return instant(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    private static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func month(named name: String) -> Int? {
        guard name.count >= 3, name.allSatisfy(\.isLetter) else { return nil }
        let prefix = name.prefix(3).lowercased()
        guard let index = monthNames.firstIndex(of: prefix) else { return nil }
        return index + 1
    }

    private static let namedZones: [String: Int] = [
        "GMT": 0, "UT": 0, "UTC": 0, "Z": 0,
        "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
        "JST": 9,
    ]

    /// Seconds east of UTC for `+0900`, `-04:00`, `GMT`, `EST`, ...; nil for an unknown name.
    static func zoneOffset(_ token: String) -> Int? {
        if let hours = namedZones[token.uppercased()] { return hours * 3600 }
        var scanner = DigitScanner(Array(token.utf8))
        guard let sign = scanner.sign(), let hours = scanner.number(digits: 2) else { return nil }
        _ = scanner.skip(":")
        guard let minutes = scanner.number(digits: 2), scanner.atEnd else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// The instant of a civil date-time at `offset` seconds east of UTC; nil for impossible fields.
    static func instant(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int) -> Date? {
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              (0...24).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// A cursor over ASCII bytes for the fixed-width fields of dates.
private struct DigitScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += digits
        return value
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func skipDigits() {
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
    }

    mutating func sign() -> Int? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}
