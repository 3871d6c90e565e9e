import Foundation

/// Reads the Cabinet Office's list of national holidays, `syukujitsu.csv`
/// (https://www8.cao.go.jp/chosei/shukujitsu/syukujitsu.csv): one `YYYY/M/D,名称` line per holiday.
///
/// The published file is Shift_JIS with CRLF line ends and a header line; UTF-8 (with or without a
/// byte-order mark), LF line ends, blank lines and `YYYY-MM-DD` dates are accepted too.
enum CabinetOfficeCSV {
    static func parse(_ bytes: [UInt8], file: String) throws -> [Holiday] {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        // Each line is read as UTF-8 when it is valid UTF-8, else as Shift_JIS (Japanese Shift_JIS
        // text is practically never valid UTF-8). Splitting the bytes at LF and comma first is safe
        // for both: neither byte occurs inside a Shift_JIS character.
        var holidays: [Holiday] = []
        var lineOfDate: [LocalDate: Int] = [:]
        var lineNumber = 0
        for rawLine in body.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            var lineBytes = rawLine
            if lineBytes.last == 0x0D { lineBytes = lineBytes.dropLast() }
            guard let line = decode(lineBytes) else {
                throw DecodeError(file: file, line: lineNumber, message: "line is neither UTF-8 nor Shift_JIS")
            }
            if line.allSatisfy(\.isWhitespace) { continue }
            var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(clean)
            while fields.count > 2, fields.last?.isEmpty == true { fields.removeLast() }
            guard let dateText = fields.first, let date = LocalDate(dateText) else {
                // The published file starts with a header: 国民の祝日・休日月日,国民の祝日・休日名称
                if lineNumber == 1 { continue }
                throw DecodeError(file: file, line: lineNumber, column: 1,
                                  message: "not a date (YYYY/M/D): \"\(fields.first ?? line)\"")
            }
            guard fields.count == 2 else {
                throw DecodeError(file: file, line: lineNumber,
                                  message: "expected 2 fields (date,name), found \(fields.count): \"\(line)\"")
            }
            let name = fields[1]
            guard !name.isEmpty else {
                throw DecodeError(file: file, line: lineNumber, column: dateText.count + 2,
                                  message: "empty holiday name for \(date)")
            }
            if let first = lineOfDate[date] {
                throw DecodeError(file: file, line: lineNumber, column: 1,
                                  message: "date \(date) listed twice (first on line \(first))")
            }
            lineOfDate[date] = lineNumber
            holidays.append(Holiday(date: date, name: name))
        }
        guard !holidays.isEmpty else {
            throw DecodeError(file: file, message: "no holidays in the list")
        }
        holidays.sort { $0.date < $1.date }
        return holidays
    }

    private static func decode(_ bytes: ArraySlice<UInt8>) -> String? {
        let utf8 = String(decoding: bytes, as: UTF8.self)
        if utf8.utf8.elementsEqual(bytes) { return utf8 }
        return String(data: Data(bytes), encoding: .shiftJIS)
    }

    /// Trims blanks and one pair of surrounding double quotes.
    private static func clean(_ field: Substring) -> String {
        var text = field.trimmingCharacters(in: .whitespaces)
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
            text = String(text.dropFirst().dropLast())
        }
        return text
    }
}
