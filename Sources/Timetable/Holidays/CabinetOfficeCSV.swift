import Foundation
import Messages

/// Reads the Cabinet Office's list of national holidays, `syukujitsu.csv`
/// (https://www8.cao.go.jp/chosei/shukujitsu/syukujitsu.csv): one `YYYY/M/D,名称` line per holiday.
///
/// The published file is Shift_JIS with CRLF line ends and a header line; UTF-8 (with or without a
/// byte-order mark), LF line ends, blank lines and `YYYY-MM-DD` dates are accepted too.
enum CabinetOfficeCSV {
    static func parse(_ bytes: [UInt8], file: String) throws -> [Holiday] {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        // Work on bytes: LF, CR, comma, quote and blanks never occur inside a Shift_JIS character,
        // so a line splits the same way in either encoding; only the name is decoded to text.
        var holidays: [Holiday] = []
        holidays.reserveCapacity(body.count / 16)
        var lineOfDate: [LocalDate: Int] = [:]
        var lineNumber = 0
        for rawLine in body.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = trimmed(rawLine)
            if line.isEmpty { continue }
            var fields = line.split(separator: 0x2C, omittingEmptySubsequences: false).map(trimmed)
            while fields.count > 2, fields.last?.isEmpty == true { fields.removeLast() }
            guard let date = parseDate(fields[0]) else {
                // The published file starts with a header: 国民の祝日・休日月日,国民の祝日・休日名称
                if lineNumber == 1 { continue }
                throw DecodeError(file: file, line: lineNumber, column: 1,
                                  text: Message(.holidayListNotADate, ["value": .text("\"\(text(fields[0]) ?? "?")\"")]))
            }
            guard fields.count == 2 else {
                throw DecodeError(file: file, line: lineNumber,
                                  text: Message(.holidayListFieldCount, ["count": .number(fields.count), "line": .text("\"\(text(line) ?? "?")\"")]))
            }
            guard !fields[1].isEmpty else {
                throw DecodeError(file: file, line: lineNumber, column: fields[0].count + 2,
                                  text: Message(.holidayListEmptyName, ["date": .text("\(date)")]))
            }
            guard let name = text(fields[1]) else {
                throw DecodeError(file: file, line: lineNumber, column: fields[0].count + 2,
                                  text: Message(.holidayListNameEncoding, ["date": .text("\(date)")]))
            }
            if let first = lineOfDate.updateValue(lineNumber, forKey: date) {
                throw DecodeError(file: file, line: lineNumber, column: 1,
                                  text: Message(.holidayListListedTwice, ["date": .text("\(date)"), "line": .number(first)]))
            }
            holidays.append(Holiday(date: date, name: name))
        }
        guard !holidays.isEmpty else {
            throw DecodeError(file: file, text: Message(.holidayListEmpty))
        }
        holidays.sort { $0.date < $1.date }
        return holidays
    }

    /// `YYYY/M/D` or `YYYY-MM-DD`.
    private static func parseDate(_ bytes: ArraySlice<UInt8>) -> LocalDate? {
        var parts = [0, 0, 0], digits = [0, 0, 0], part = 0
        var separator: UInt8?
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard digits[part] < 4 else { return nil }
                parts[part] = parts[part] * 10 + Int(byte - UInt8(ascii: "0"))
                digits[part] += 1
            case UInt8(ascii: "/"), UInt8(ascii: "-"):
                guard part < 2, separator == nil || separator == byte else { return nil }
                separator = byte
                part += 1
            default:
                return nil
            }
        }
        guard part == 2, digits[0] == 4, (1...2).contains(digits[1]), (1...2).contains(digits[2]) else { return nil }
        return LocalDate(year: parts[0], month: parts[1], day: parts[2])
    }

    /// UTF-8 when the bytes are valid UTF-8, else Shift_JIS (Japanese Shift_JIS text is practically
    /// never valid UTF-8), else nil.
    private static func text(_ bytes: ArraySlice<UInt8>) -> String? {
        let utf8 = String(decoding: bytes, as: UTF8.self)
        if utf8.utf8.elementsEqual(bytes) { return utf8 }
        return String(data: Data(bytes), encoding: .shiftJIS)
    }

    /// Without surrounding blanks (space, tab, CR) and one pair of surrounding double quotes.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
        var result = bytes
        while let first = result.first, isBlank(first) { result = result.dropFirst() }
        while let last = result.last, isBlank(last) { result = result.dropLast() }
        if result.count >= 2, result.first == 0x22, result.last == 0x22 { result = result.dropFirst().dropLast() }
        return result
    }
}
