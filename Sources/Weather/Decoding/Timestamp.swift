import Foundation
internal import JSONText
import Messages

/// Converts between civil date-times and instants without a calendar or the machine's time zone.
enum Timestamp {
    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let shiftedMonth = (month + 9) % 12
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day count since 1970-01-01, as `YYYY-MM-DD`.
    static func dayText(daysSinceEpoch days: Int) -> String {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// The local day (`YYYY-MM-DD`) of an instant at a fixed UTC offset.
    static func localDay(of date: Date, offsetSeconds: Int) -> String {
        let local = Int((date.timeIntervalSince1970 + Double(offsetSeconds)).rounded(.down))
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return dayText(daysSinceEpoch: days)
    }

    /// Parses `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM`, `YYYY-MM-DDTHH:MM:SS` with an optional `Z` or `±HH:MM`;
    /// without an offset, `defaultOffsetSeconds` applies. Returns the instant and the offset used.
    static func parse(_ text: String, defaultOffsetSeconds: Int) -> (date: Date, offsetSeconds: Int)? {
        let characters = Array(text.utf8)
        func digits(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= characters.count else { return nil }
            var value = 0
            for byte in characters[start..<start + count] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = digits(0, 4), characters.count >= 10, characters[4] == 0x2D, characters[7] == 0x2D,
              let month = digits(5, 2), let day = digits(8, 2), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var hour = 0, minute = 0, second = 0
        var position = 10
        if position < characters.count, characters[position] == UInt8(ascii: "T") || characters[position] == UInt8(ascii: " ") {
            guard let parsedHour = digits(position + 1, 2), characters.count > position + 3, characters[position + 3] == 0x3A,
                  let parsedMinute = digits(position + 4, 2) else { return nil }
            hour = parsedHour
            minute = parsedMinute
            position += 6
            if position < characters.count, characters[position] == 0x3A {
                guard let parsedSecond = digits(position + 1, 2) else { return nil }
                second = parsedSecond
                position += 3
                if position < characters.count, characters[position] == UInt8(ascii: ".") {
                    position += 1
                    while position < characters.count, characters[position] >= 0x30, characters[position] <= 0x39 { position += 1 }
                }
            }
            guard hour <= 24, minute < 60, second <= 60 else { return nil }
        }
        var offset = defaultOffsetSeconds
        if position < characters.count {
            let sign = characters[position]
            if sign == UInt8(ascii: "Z"), position + 1 == characters.count {
                offset = 0
            } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), let offsetHour = digits(position + 1, 2) {
                var offsetMinute = 0
                if position + 3 < characters.count {
                    let minuteStart = characters[position + 3] == 0x3A ? position + 4 : position + 3
                    guard let parsed = digits(minuteStart, 2), minuteStart + 2 == characters.count else { return nil }
                    offsetMinute = parsed
                }
                offset = (offsetHour * 3600 + offsetMinute * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
            } else {
                return nil
            }
        }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return (Date(timeIntervalSince1970: TimeInterval(seconds)), offset)
    }
}

extension JSONNode {
    /// The value as a time: a Unix timestamp number, or an ISO 8601 string (local at `defaultOffsetSeconds`
    /// when it has no offset).
    func time(defaultOffsetSeconds: Int = 0) throws -> Date {
        switch value {
        case .number:
            return try unixTime()
        case .string(let text):
            guard let parsed = Timestamp.parse(text, defaultOffsetSeconds: defaultOffsetSeconds) else {
                throw error(.invalidValue, .weatherExpectedISOTime, ["value": .text("\"\(text)\"")])
            }
            return parsed.date
        default:
            throw error(.wrongType, .weatherExpectedTime, ["value": .message(value.quoted)])
        }
    }
}

extension Timestamp {
    /// The local hour (0…23) of an instant at a fixed UTC offset.
    static func localHour(of date: Date, offsetSeconds: Int) -> Int {
        let local = Int((date.timeIntervalSince1970 + Double(offsetSeconds)).rounded(.down))
        let secondOfDay = ((local % 86_400) + 86_400) % 86_400
        return secondOfDay / 3600
    }
}

extension JSONNode {
    /// The value as Unix seconds (a number only, as OpenWeather's `dt`): a whole number of seconds
    /// within ±31 700 years of 1970. A fraction (`1767600000.5`) is refused with the JSON place rather
    /// than silently rounded or kept: providers send whole seconds, so a fraction means a different field.
    func unixTime() throws -> Date {
        let seconds = try number()
        guard seconds.rounded() == seconds else {
            throw error(.invalidValue, .weatherUnixFraction, ["value": .text("\(seconds)")])
        }
        guard abs(seconds) < 1e12 else {
            throw error(.invalidValue, .weatherUnixRange, ["value": .text("\(seconds)")])
        }
        return Date(timeIntervalSince1970: seconds)
    }
}
