/// A strict JSON parser (RFC 8259) over UTF-8 bytes that says *why* a body is not JSON and where:
/// empty, an HTML page, plain text, truncated, a syntax error, or nested too deep, with the byte
/// offset, line and column of the problem.
///
/// A leading UTF-8 byte-order mark is skipped; anything but whitespace after the document is an
/// error. Strings must be valid UTF-8; a `\u` escape of a lone surrogate becomes U+FFFD. Numbers
/// must follow the JSON grammar (no leading zeros, no `+`, no bare `.`) and be finite as a `Double`.
public enum JSONParser {
    /// How deeply arrays and objects may nest.
    public static let maximumDepth = 256

    /// Parses a whole document.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var reader = Reader(bytes: bytes)
        return try reader.document()
    }
}

/// The parser's state: the bytes, the position, the nesting depth.
private struct Reader {
    let bytes: [UInt8]
    var index = 0
    var depth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: Document

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        guard index < bytes.count else {
            throw failure(.empty, "the input is empty (no JSON value)")
        }
        try rejectNonJSON()
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count {
            throw failure(.syntax, "unexpected \(describeCurrent()) after the end of the JSON document")
        }
        return value
    }

    /// Recognises a body that is not JSON at all from its first characters: markup (`<`), or text
    /// that starts with a letter and is not `true`, `false` or `null`.
    private func rejectNonJSON() throws(JSONSyntaxError) {
        let first = bytes[index]
        if first == UInt8(ascii: "<") {
            let what = bytes[index...].starts(with: Array("<?xml".utf8)) ? "an XML document" : "an HTML page"
            throw failure(.html, "expected JSON, got \(what) (\(excerpt()))")
        }
        let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20) || first >= 0x80
        guard isLetter else { return }
        var end = index
        while end < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end] | 0x20) { end += 1 }
        let word = bytes[index..<end]
        for literal in ["true", "false", "null"] {
            let expected = Array(literal.utf8)
            if word.elementsEqual(expected) { return }
            // A cut-off literal ("tr" at the end of the input) is truncated JSON, not text.
            if end == bytes.count, expected.starts(with: word) { return }
        }
        throw failure(.notJSON, "expected JSON, got plain text (\(excerpt()))")
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw truncated("where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure(.syntax, "unexpected \(describeCurrent()) where a JSON value was expected")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var members: [String: JSONValue] = [:]
        var keys: [String] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members, keys: keys)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw truncated("inside an object") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw failure(.syntax, "unexpected \(describeCurrent()) where an object key (a string) was expected")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count else { throw truncated("inside an object") }
            guard bytes[index] == UInt8(ascii: ":") else {
                throw failure(.syntax, "unexpected \(describeCurrent()) after the key \"\(key)\" (expected ':')")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            if members.updateValue(value, forKey: key) == nil { keys.append(key) }
            skipWhitespace()
            guard index < bytes.count else { throw truncated("inside an object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw failure(.syntax, "unexpected \(describeCurrent()) in an object (expected ',' or '}')")
        }
        depth -= 1
        return .object(members, keys: keys)
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw truncated("inside an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw failure(.syntax, "unexpected \(describeCurrent()) in an array (expected ',' or ']')")
        }
        depth -= 1
        return .array(items)
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONParser.maximumDepth {
            throw failure(.tooDeep, "JSON nested deeper than \(JSONParser.maximumDepth) levels")
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONSyntaxError) {
        let expected = Array(literal.utf8)
        let available = bytes[index..<min(bytes.count, index + expected.count)]
        if available.elementsEqual(expected) {
            index += expected.count
            return
        }
        if available.count < expected.count, expected.starts(with: available) {
            throw truncated("inside '\(literal)'")
        }
        throw failure(.syntax, "unexpected \(describeCurrent()) where a JSON value was expected")
    }

    // MARK: Strings

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        // Fast path: no escapes, the string is a slice of the input.
        var end = index
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            guard let text = String(validating: bytes[index..<end], as: UTF8.self) else {
                index = start
                throw failure(.syntax, "the string starting here is not valid UTF-8")
            }
            index = end + 1
            return text
        }
        var buffer = Array(bytes[index..<end])
        index = end
        while true {
            guard index < bytes.count else {
                index = start
                throw failure(.truncated, "truncated JSON: the string starting here is never closed")
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: buffer, as: UTF8.self) else {
                    index = start
                    throw failure(.syntax, "the string starting here is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                try parseEscape(into: &buffer, stringStart: start)
            case 0x00..<0x20:
                throw failure(.syntax, "a control character (0x\(hex(byte))) inside a string")
            default:
                buffer.append(byte)
                index += 1
            }
        }
    }

    /// Reads the escape at `index` (a backslash) and appends its UTF-8 bytes.
    private mutating func parseEscape(into buffer: inout [UInt8], stringStart: Int) throws(JSONSyntaxError) {
        guard index + 1 < bytes.count else {
            index = stringStart
            throw failure(.truncated, "truncated JSON: the string starting here is never closed")
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
            var code = try parseHex4()
            if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count,
               bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                let afterHigh = index
                index += 2
                let low = try parseHex4()
                if (0xDC00..<0xE000).contains(low) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    index = afterHigh  // a lone high surrogate; read the next escape on its own
                }
            }
            let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
            buffer.append(contentsOf: String(Character(scalar)).utf8)
            return
        default:
            guard (0x21..<0x7F).contains(escape) else {
                throw failure(.syntax, "invalid escape: \(describe(at: index + 1)) after '\\' in a string")
            }
            throw failure(.syntax, "invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
        }
        index += 2
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw truncated("inside a \\u escape") }
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure(.syntax, "invalid hex digit \(describeCurrent()) in a \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    // MARK: Numbers

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw truncated("inside a number") }
        let integerStart = index
        skipDigits()
        if index == integerStart { throw failure(.syntax, "unexpected \(describeCurrent()) after '-' (expected a digit)") }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
            let written = text(start..<index)
            index = start
            throw failure(.syntax, "the number \(written) has a leading zero")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count else { throw truncated("inside a number") }
            let fraction = index
            skipDigits()
            if index == fraction { throw failure(.syntax, "unexpected \(describeCurrent()) after '.' in a number (expected a digit)") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count else { throw truncated("inside a number") }
            let exponent = index
            skipDigits()
            if index == exponent { throw failure(.syntax, "unexpected \(describeCurrent()) in the exponent of a number (expected a digit)") }
        }
        let written = text(start..<index)
        guard let value = Double(written), value.isFinite else {
            index = start
            throw failure(.syntax, "the number \(written) is out of range")
        }
        return .number(value)
    }

    private mutating func skipDigits() {
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
    }

    // MARK: Helpers

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private func hex(_ byte: UInt8) -> String {
        (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
    }

    /// The character at the current position, quoted, for messages.
    private func describeCurrent() -> String { describe(at: index) }

    /// The character at `position`, quoted (`'x'`), or `byte 0x..` for a control or invalid byte.
    private func describe(at position: Int) -> String {
        guard position < bytes.count else { return "end of input" }
        let byte = bytes[position]
        if byte < 0x20 || byte == 0x7F { return "byte 0x" + hex(byte) }
        let end = min(bytes.count, position + 4)
        let decoded = String(decoding: bytes[position..<end], as: UTF8.self)
        guard let first = decoded.first, first != "\u{FFFD}" else { return "byte 0x" + hex(byte) }
        return "'\(first)'"
    }

    /// The first characters of the input from the current position, on one line, quoted.
    private func excerpt() -> String {
        let text = String(decoding: bytes[index...].prefix(200), as: UTF8.self)
        let oneLine = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        let short = oneLine.count > 60 ? String(oneLine.prefix(60)) + "…" : oneLine
        return "\"" + short + "\""
    }

    /// A truncation error at the end of the input.
    private mutating func truncated(_ place: String) -> JSONSyntaxError {
        index = bytes.count
        return failure(.truncated, "truncated JSON: the input ends \(place)")
    }

    /// An error at the current position, with a 1-based line and a column counted in characters.
    private func failure(_ kind: JSONSyntaxError.Kind, _ message: String) -> JSONSyntaxError {
        let offset = min(index, bytes.count)
        var line = 1
        var lineStart = 0
        for position in 0..<offset where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        return JSONSyntaxError(kind: kind, message: message, offset: offset, line: line, column: column)
    }
}
