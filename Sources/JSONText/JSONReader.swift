/// A cursor over UTF-8 JSON text with the low-level reading steps: whitespace, punctuation,
/// literals, strings (escapes resolved) and numbers. `JSONParser` builds `JSONValue`s with it; a
/// codec for one fixed shape (the store's notification rows) reads its fields with it directly.
///
/// Strings must be valid UTF-8. Every escape of RFC 8259 is resolved; a `\uXXXX` surrogate pair
/// becomes its one scalar, and a lone surrogate (a high one not followed by a `\u` low one, or a low
/// one on its own) becomes U+FFFD — the one policy of every JSON reader in leavenow. Numbers follow
/// the JSON grammar (no leading zeros, no `+`, no bare `.`).
///
/// The reader does not own the bytes: keep the buffer alive while it is used.
public struct JSONReader {
    /// The text being read.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    public var index: Int

    /// A reader at the start of `bytes`.
    public init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.index = 0
    }

    // MARK: Bytes and punctuation

    /// Whether every byte has been read.
    public var isAtEnd: Bool { index >= bytes.count }

    /// The next byte, nil at the end.
    public func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Skips a UTF-8 byte-order mark at the current position.
    public mutating func skipByteOrderMark() {
        if bytes.count - index >= 3, bytes[index] == 0xEF, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF { index += 3 }
    }

    /// Skips JSON whitespace (space, tab, line feed, carriage return).
    public mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Reads `byte` (a `{`, `:`, `,`…) if it is next; false, reading nothing, if it is not.
    public mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Reads the ASCII `literal` (`true`, `false`, `null`) if it is next; false, reading nothing,
    /// if it is not.
    public mutating func consume(literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        let start = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
        index += count
        return true
    }

    /// The 1-based line and the 1-based column (counted in characters) of the byte at `offset`.
    public func lineAndColumn(at offset: Int) -> (line: Int, column: Int) {
        let offset = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for position in 0..<offset where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        let column = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<offset]), as: UTF8.self).count + 1
        return (line, column)
    }

    // MARK: Strings

    /// Reads the string whose opening quote is the next byte, escapes resolved.
    ///
    /// On an error the position is unspecified; the error says where the problem is.
    public mutating func readString() throws(JSONReadError) -> String {
        let start = index
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw JSONReadError(.notAString, at: index, start: start)
        }
        index += 1
        // Fast path: no escapes, the string is a slice of the input.
        var end = index
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self) else {
                throw JSONReadError(.invalidUTF8, at: start, start: start)
            }
            index = end + 1
            return text
        }
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[index..<end]))
        buffer.reserveCapacity(end - index + 16)
        index = end
        while true {
            guard index < bytes.count else { throw JSONReadError(.unclosedString, at: start, start: start) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: buffer, as: UTF8.self) else {
                    throw JSONReadError(.invalidUTF8, at: start, start: start)
                }
                return text
            case UInt8(ascii: "\\"):
                try readEscape(into: &buffer, stringStart: start)
            case 0x00..<0x20:
                throw JSONReadError(.controlCharacter(byte), at: index, start: start)
            default:
                buffer.append(byte)
                index += 1
            }
        }
    }

    /// Reads the escape at `index` (a backslash) and appends its UTF-8 bytes.
    private mutating func readEscape(into buffer: inout [UInt8], stringStart: Int) throws(JSONReadError) {
        let escapeStart = index
        guard index + 1 < bytes.count else {
            throw JSONReadError(.unfinishedEscape, at: stringStart, start: stringStart, escapeStart: escapeStart)
        }
        let escape = bytes[index + 1]
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            index += 2
            var code = try readHex4(stringStart: stringStart, escapeStart: escapeStart)
            if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count,
               bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                let afterHigh = index
                index += 2
                let low = try readHex4(stringStart: stringStart, escapeStart: afterHigh)
                if (0xDC00..<0xE000).contains(low) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    index = afterHigh  // a lone high surrogate; the next escape is read on its own
                }
            }
            // A lone surrogate (high or low) is no scalar: it becomes U+FFFD.
            appendUTF8(Unicode.Scalar(code) ?? "\u{FFFD}", to: &buffer)
            return
        default:
            throw JSONReadError(.invalidEscape(escape), at: escapeStart, start: stringStart, escapeStart: escapeStart)
        }
        index += 2
    }

    private mutating func readHex4(stringStart: Int, escapeStart: Int) throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else {
                throw JSONReadError(.truncatedUnicodeEscape, at: bytes.count, start: stringStart, escapeStart: escapeStart)
            }
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw JSONReadError(.invalidHexDigit(byte), at: index, start: stringStart, escapeStart: escapeStart)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func appendUTF8(_ scalar: Unicode.Scalar, to buffer: inout [UInt8]) {
        let value = scalar.value
        switch value {
        case 0..<0x80:
            buffer.append(UInt8(value))
        case 0x80..<0x800:
            buffer.append(0xC0 | UInt8(value >> 6))
            buffer.append(0x80 | UInt8(value & 0x3F))
        case 0x800..<0x10000:
            buffer.append(0xE0 | UInt8(value >> 12))
            buffer.append(0x80 | UInt8((value >> 6) & 0x3F))
            buffer.append(0x80 | UInt8(value & 0x3F))
        default:
            buffer.append(0xF0 | UInt8(value >> 18))
            buffer.append(0x80 | UInt8((value >> 12) & 0x3F))
            buffer.append(0x80 | UInt8((value >> 6) & 0x3F))
            buffer.append(0x80 | UInt8(value & 0x3F))
        }
    }

    // MARK: Numbers

    /// The extent of a number read by `readNumberText()`.
    public struct NumberText: Sendable, Equatable {
        /// Its bytes in the input.
        public var range: Range<Int>
        /// Whether it has no fraction and no exponent (only an optional minus and digits).
        public var isWholeNumber: Bool

        /// A number's extent.
        public init(range: Range<Int>, isWholeNumber: Bool) {
            self.range = range
            self.isWholeNumber = isWholeNumber
        }
    }

    /// Reads a number's text per the JSON grammar, without converting it.
    public mutating func readNumberText() throws(JSONReadError) -> NumberText {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        skipDigits()
        if index == integerStart { throw JSONReadError(.missingDigit(.integer), at: index, start: start) }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
            throw JSONReadError(.leadingZero(text(start..<index)), at: start, start: start)
        }
        var isWholeNumber = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isWholeNumber = false
            index += 1
            let fraction = index
            skipDigits()
            if index == fraction { throw JSONReadError(.missingDigit(.fraction), at: index, start: start) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isWholeNumber = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let exponent = index
            skipDigits()
            if index == exponent { throw JSONReadError(.missingDigit(.exponent), at: index, start: start) }
        }
        return NumberText(range: start..<index, isWholeNumber: isWholeNumber)
    }

    /// Reads a number as a `Double`; one too large for a finite `Double` is an error.
    public mutating func readDouble() throws(JSONReadError) -> Double {
        let number = try readNumberText()
        let written = text(number.range)
        guard let value = Double(written), value.isFinite else {
            throw JSONReadError(.numberOutOfRange(written), at: number.range.lowerBound, start: number.range.lowerBound)
        }
        return value
    }

    /// Reads a whole number (an optional minus and digits: no fraction, no exponent) as an `Int64`,
    /// exactly; a fraction, an exponent or a value out of `Int64`'s range is an error.
    public mutating func readInteger() throws(JSONReadError) -> Int64 {
        let number = try readNumberText()
        let start = number.range.lowerBound
        guard number.isWholeNumber else { throw JSONReadError(.notAWholeNumber, at: start, start: start) }
        let negative = bytes[start] == UInt8(ascii: "-")
        var value: Int64 = 0
        for position in (negative ? start + 1 : start)..<number.range.upperBound {
            let digit = Int64(bytes[position] &- UInt8(ascii: "0"))
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else {
                throw JSONReadError(.numberOutOfRange(text(number.range)), at: start, start: start)
            }
            value = sum
        }
        return value
    }

    private mutating func skipDigits() {
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
    }

    /// The bytes in `range` as text (invalid UTF-8 repaired), for messages.
    public func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
