/// A strict JSON parser (RFC 8259) over UTF-8 bytes that says *why* a body is not JSON and where:
/// empty, an HTML page, plain text, truncated, a syntax error, or nested too deep, with the byte
/// offset, line and column of the problem.
///
/// A leading UTF-8 byte-order mark is skipped; anything but whitespace after the document is an
/// error. Strings and numbers are read by `JSONReader`: strings must be valid UTF-8 and a `\u`
/// escape of a lone surrogate becomes U+FFFD; numbers must follow the JSON grammar (no leading
/// zeros, no `+`, no bare `.`) and be finite as a `Double`.
public enum JSONParser {
    /// How deeply arrays and objects may nest.
    public static let maximumDepth = 256

    /// Parses a whole document.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(reader: JSONReader(bytes: buffer))
            do throws(JSONSyntaxError) {
                return .success(try parser.document())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// The parser's state: the reader and the nesting depth.
private struct Parser {
    var reader: JSONReader
    var depth = 0

    private var bytes: UnsafeBufferPointer<UInt8> { reader.bytes }

    private var index: Int {
        get { reader.index }
        set { reader.index = newValue }
    }

    // MARK: Document

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        reader.skipByteOrderMark()
        reader.skipWhitespace()
        guard !reader.isAtEnd else {
            throw failure(.empty, "the input is empty (no JSON value)")
        }
        try rejectNonJSON()
        let value = try parseValue()
        reader.skipWhitespace()
        if !reader.isAtEnd {
            throw failure(.syntax, "unexpected \(describeCurrent()) after the end of the JSON document")
        }
        return value
    }

    /// Recognises a body that is not JSON at all from its first characters: markup (`<`), or text
    /// that starts with a letter and is not `true`, `false` or `null`.
    private func rejectNonJSON() throws(JSONSyntaxError) {
        let first = bytes[index]
        if first == UInt8(ascii: "<") {
            let what = bytes[index...].starts(with: "<?xml".utf8) ? "an XML document" : "an HTML page"
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
        guard let byte = reader.peek() else { throw truncated("where a value was expected") }
        switch byte {
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
        reader.skipWhitespace()
        if reader.consume(UInt8(ascii: "}")) {
            depth -= 1
            return .object(members, keys: keys)
        }
        while true {
            reader.skipWhitespace()
            guard let next = reader.peek() else { throw truncated("inside an object") }
            guard next == UInt8(ascii: "\"") else {
                throw failure(.syntax, "unexpected \(describeCurrent()) where an object key (a string) was expected")
            }
            let key = try parseString()
            reader.skipWhitespace()
            guard !reader.isAtEnd else { throw truncated("inside an object") }
            guard reader.consume(UInt8(ascii: ":")) else {
                throw failure(.syntax, "unexpected \(describeCurrent()) after the key \"\(key)\" (expected ':')")
            }
            reader.skipWhitespace()
            let value = try parseValue()
            if members.updateValue(value, forKey: key) == nil { keys.append(key) }
            reader.skipWhitespace()
            guard !reader.isAtEnd else { throw truncated("inside an object") }
            if reader.consume(UInt8(ascii: ",")) { continue }
            if reader.consume(UInt8(ascii: "}")) { break }
            throw failure(.syntax, "unexpected \(describeCurrent()) in an object (expected ',' or '}')")
        }
        depth -= 1
        return .object(members, keys: keys)
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var items: [JSONValue] = []
        reader.skipWhitespace()
        if reader.consume(UInt8(ascii: "]")) {
            depth -= 1
            return .array(items)
        }
        while true {
            reader.skipWhitespace()
            items.append(try parseValue())
            reader.skipWhitespace()
            guard !reader.isAtEnd else { throw truncated("inside an array") }
            if reader.consume(UInt8(ascii: ",")) { continue }
            if reader.consume(UInt8(ascii: "]")) { break }
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

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        if reader.consume(literal: literal) { return }
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        let available = bytes[index..<min(bytes.count, index + expected.count)]
        if available.count < expected.count, expected.starts(with: available) {
            throw truncated("inside '\(literal)'")
        }
        throw failure(.syntax, "unexpected \(describeCurrent()) where a JSON value was expected")
    }

    // MARK: Strings and numbers (read by JSONReader)

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        do throws(JSONReadError) {
            return try reader.readString()
        } catch {
            throw failure(error)
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        do throws(JSONReadError) {
            return .number(try reader.readDouble())
        } catch {
            throw failure(error)
        }
    }

    /// The syntax error for what the reader found.
    private mutating func failure(_ error: JSONReadError) -> JSONSyntaxError {
        index = error.offset
        switch error.problem {
        case .notAString:
            return failure(.syntax, "unexpected \(describeCurrent()) where a string was expected")
        case .unclosedString, .unfinishedEscape:
            return failure(.truncated, "truncated JSON: the string starting here is never closed")
        case .invalidUTF8:
            return failure(.syntax, "the string starting here is not valid UTF-8")
        case .controlCharacter(let byte):
            return failure(.syntax, "a control character (0x\(hex(byte))) inside a string")
        case .invalidEscape(let escape):
            guard (0x21..<0x7F).contains(escape) else {
                return failure(.syntax, "invalid escape: \(describe(at: index + 1)) after '\\' in a string")
            }
            return failure(.syntax, "invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
        case .truncatedUnicodeEscape:
            return truncated("inside a \\u escape")
        case .invalidHexDigit:
            return failure(.syntax, "invalid hex digit \(describeCurrent()) in a \\u escape")
        case .missingDigit(let part):
            if reader.isAtEnd { return truncated("inside a number") }
            switch part {
            case .integer: return failure(.syntax, "unexpected \(describeCurrent()) after '-' (expected a digit)")
            case .fraction: return failure(.syntax, "unexpected \(describeCurrent()) after '.' in a number (expected a digit)")
            case .exponent: return failure(.syntax, "unexpected \(describeCurrent()) in the exponent of a number (expected a digit)")
            }
        case .leadingZero(let written):
            return failure(.syntax, "the number \(written) has a leading zero")
        case .notAWholeNumber:
            return failure(.syntax, "the number \(describeCurrent()) is not a whole number")
        case .numberOutOfRange(let written):
            return failure(.syntax, "the number \(written) is out of range")
        }
    }

    // MARK: Helpers

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
        let decoded = reader.text(position..<min(bytes.count, position + 4))
        guard let first = decoded.first, first != "\u{FFFD}" else { return "byte 0x" + hex(byte) }
        return "'\(first)'"
    }

    /// The first characters of the input from the current position, on one line, quoted.
    private func excerpt() -> String {
        let text = reader.text(index..<min(bytes.count, index + 200))
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
        let (line, column) = reader.lineAndColumn(at: offset)
        return JSONSyntaxError(kind: kind, message: message, offset: offset, line: line, column: column)
    }
}
