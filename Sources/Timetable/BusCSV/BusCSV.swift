import Messages

/// The bus timetable format people type from a printed timetable: one line per hour, the hour first,
/// then the minutes of that hour.
///
/// ```
/// # 鷹56 調布駅北口 → 三鷹駅 (日祝)
/// 6,23,36,47,55
/// 10,6,20,33,47,59
/// 24,5
/// ```
///
/// The rules, strict so that typing mistakes surface:
/// - The text is UTF-8 (with or without a byte-order mark) or Shift_JIS; lines end in LF or CRLF.
/// - Blank lines, lines of empty cells, empty cells and trailing commas are ignored; spaces around
///   a cell are ignored. A line whose first non-space character is `#` is a comment.
/// - Every other cell is a decimal number: the first the hour (0–29; 24:05 and 25:05 are after
///   midnight of the same service day), the others minutes (0–59), each of 1 or 2 digits (`018` is
///   refused rather than read as 18: it is usually `0,18` or `01,8` with a comma missing). An hour
///   with no minutes is fine.
///   Anything else, a header line like `時,分` included, is an error `file:line:col: …` quoting the
///   cell (the column counts characters from 1).
/// - Hours may come in any order, and an hour may be split over several lines; the same departure
///   (hour and minute) listed twice is an error, since it is almost always a typing slip.
public enum BusCSV {
    /// The departures of one file, as sorted seconds since the service-day start (25:05 → 90 300).
    public static func parse(_ bytes: [UInt8], file: String) throws -> [Int32] {
        let text = try TextDecoding.string(bytes, file: file)
        var utf8 = text
        if let times = utf8.withUTF8({ plainTimes($0) }) { return times }
        return try parse(text: text, file: file)
    }

    /// The departures of a file whose data lines are plain ASCII and correct, read byte by byte
    /// (a command reading an 11,000-departure board parses its CSV files at every start); nil for
    /// anything else — a space other than ASCII in a data line, a line break other than LF / CR /
    /// CRLF / VT / FF, a mistake — which `parse(text:file:)` reads (and reports) character by
    /// character. Both read every file they both accept the same way (`BusCSVTests` compares them).
    static func plainTimes(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int32]? {
        var times: [Int32] = []
        times.reserveCapacity(bytes.count / 3)
        var seen = [UInt64](repeating: 0, count: (30 * 60 + 63) / 64)  // hour × 60 + minute
        var index = 0
        let end = bytes.count
        func isLineBreak(_ byte: UInt8) -> Bool { byte >= 0x0A && byte <= 0x0D }
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        while index <= end {
            // One line: [index, lineEnd).
            var lineEnd = index
            while lineEnd < end, !isLineBreak(bytes[lineEnd]) { lineEnd += 1 }
            var next = lineEnd + 1
            if lineEnd < end, bytes[lineEnd] == 0x0D, next < end, bytes[next] == 0x0A { next += 1 }
            var cursor = index
            while cursor < lineEnd, isBlank(bytes[cursor]) { cursor += 1 }
            if cursor < lineEnd, bytes[cursor] == UInt8(ascii: "#") {
                // A `#` followed by a combining mark is another character than `#`: not a comment.
                if cursor + 1 < lineEnd, bytes[cursor + 1] >= 0x80 { return nil }
                // A comment: any text, as long as it holds no line break Character.isNewline sees
                // beyond ASCII (NEL U+0085, LS U+2028, PS U+2029).
                for i in cursor..<lineEnd where bytes[i] == 0xC2 || bytes[i] == 0xE2 {
                    if bytes[i] == 0xC2, i + 1 < lineEnd, bytes[i + 1] == 0x85 { return nil }
                    if bytes[i] == 0xE2, i + 2 < lineEnd, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 { return nil }
                }
                index = next
                continue
            }
            // Data: cells of ASCII digits between commas, blanks around them.
            var hour = -1
            var cellStart = index
            var sawCell = false
            while cellStart <= lineEnd {
                var cellEnd = cellStart
                while cellEnd < lineEnd, bytes[cellEnd] != UInt8(ascii: ",") { cellEnd += 1 }
                var low = cellStart, high = cellEnd
                while low < high, isBlank(bytes[low]) { low += 1 }
                while high > low, isBlank(bytes[high - 1]) { high -= 1 }
                if low < high {
                    guard high - low <= 2 else { return nil }
                    var value = 0
                    for i in low..<high {
                        let digit = Int(bytes[i]) - 48
                        guard digit >= 0, digit <= 9 else { return nil }
                        value = value * 10 + digit
                    }
                    if hour < 0 {
                        guard !sawCell, value <= 29 else { return nil }  // an empty first cell is an error
                        hour = value
                    } else {
                        guard value <= 59 else { return nil }
                        let slot = hour * 60 + value
                        guard seen[slot >> 6] & (1 << UInt64(slot & 63)) == 0 else { return nil }
                        seen[slot >> 6] |= 1 << UInt64(slot & 63)
                        times.append(Int32(slot * 60))
                    }
                } else {
                    for i in cellStart..<cellEnd where !isBlank(bytes[i]) { return nil }
                }
                sawCell = true
                cellStart = cellEnd + 1
            }
            index = next
        }
        times.sort()
        return times
    }

    /// `parse(_:file:)` on decoded text, character by character.
    static func parse(text: String, file: String) throws -> [Int32] {
        var firstLine: [Int32: Int] = [:]
        var times: [Int32] = []
        var sawData = false
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0.isNewline })
        for (offset, line) in lines.enumerated() {
            let lineNumber = offset + 1
            let cells = BusCSV.cells(of: line)
            if cells.first?.text.hasPrefix("#") == true { continue }
            if cells.allSatisfy({ $0.text.isEmpty }) { continue }
            let hourCell = cells[0]
            guard !hourCell.text.isEmpty else {
                throw DecodeError(file: file, line: lineNumber, column: hourCell.column,
                                  text: Message(.busCSVHourMissing))
            }
            guard let hour = number(hourCell.text) else {
                let hint = fullWidthHint(hourCell.text) ?? (sawData ? Message.empty : Message(.busCSVHeaderHint))
                throw DecodeError(file: file, line: lineNumber, column: hourCell.column,
                                  text: Message(.busCSVHourNotNumber, ["value": .text("\"\(hourCell.text)\""), "hint": .message(hint)]))
            }
            guard hourCell.text.count <= 2 else {
                throw DecodeError(file: file, line: lineNumber, column: hourCell.column,
                                  text: Message(.busCSVHourDigits, ["value": .text("\"\(hourCell.text)\""), "count": .number(hourCell.text.count)]))
            }
            guard (0...29).contains(hour) else {
                throw DecodeError(file: file, line: lineNumber, column: hourCell.column,
                                  text: Message(.busCSVHourRange, ["value": .text("\"\(hourCell.text)\"")]))
            }
            sawData = true
            for cell in cells.dropFirst() where !cell.text.isEmpty {
                guard let minute = number(cell.text) else {
                    throw DecodeError(file: file, line: lineNumber, column: cell.column,
                                      text: fullWidthHint(cell.text).map { Message(.busCSVMinuteFullWidth, ["value": .text("\"\(cell.text)\""), "hint": .message($0)]) }
                                          ?? Message(.busCSVMinuteNotNumber, ["value": .text("\"\(cell.text)\"")]))
                }
                guard cell.text.count <= 2 else {
                    throw DecodeError(file: file, line: lineNumber, column: cell.column,
                                      text: Message(.busCSVMinuteDigits, ["value": .text("\"\(cell.text)\""), "count": .number(cell.text.count)]))
                }
                guard (0...59).contains(minute) else {
                    throw DecodeError(file: file, line: lineNumber, column: cell.column,
                                      text: Message(.busCSVMinuteRange, ["value": .text("\"\(cell.text)\"")]))
                }
                let time = Int32(hour * 3600 + minute * 60)
                if let earlier = firstLine[time] {
                    throw DecodeError(file: file, line: lineNumber, column: cell.column,
                                      text: Message(.busCSVListedTwice, ["time": .text(Departure.clockText(seconds: Int(time))), "line": .number(earlier)]))
                }
                firstLine[time] = lineNumber
                times.append(time)
            }
        }
        return times.sorted()
    }

    /// A cell's text without surrounding spaces and the 1-based column where that text starts.
    struct Cell {
        var text: Substring
        var column: Int
    }

    /// Splits a line at commas, trimming spaces, tabs and ideographic spaces around each cell.
    static func cells(of line: Substring) -> [Cell] {
        var cells: [Cell] = []
        var column = 1
        for raw in line.split(separator: ",", omittingEmptySubsequences: false) {
            let leading = raw.prefix { isSpace($0) }.count
            var text = raw.dropFirst(leading)
            while let last = text.last, isSpace(last) { text = text.dropLast() }
            cells.append(Cell(text: text, column: column + (text.isEmpty ? 0 : leading)))
            column += raw.count + 1
        }
        return cells
    }

    private static func isSpace(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\u{3000}" || character == "\u{FEFF}"
    }

    /// ` (full-width characters: type "42" in half-width)` for a cell typed with a Japanese input
    /// method on (`４２`, `１０，０６`, `１０：０６`), nil for a cell without full-width characters.
    /// Full-width commas, colons and `、` become the CSV's comma: `10：06` is hour 10, minute 6.
    static func fullWidthHint(_ text: Substring) -> Message? {
        var converted = ""
        var sawFullWidth = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0xFF0C, 0xFF1A, 0x3001:  // ， ： 、
                converted += ","
                sawFullWidth = true
            case 0xFF01...0xFF5E:  // ！ … ～: the ASCII characters, full width
                converted.unicodeScalars.append(Unicode.Scalar(scalar.value - 0xFEE0)!)
                sawFullWidth = true
            case 0x3000:
                converted += " "
                sawFullWidth = true
            default:
                converted.unicodeScalars.append(scalar)
            }
        }
        return sawFullWidth ? Message(.busCSVFullWidthHint, ["value": .text("\"\(converted)\"")]) : nil
    }

    /// A non-negative decimal number of ASCII digits; nil for anything else.
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 6, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
