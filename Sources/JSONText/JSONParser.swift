import Messages

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
            throw failure(.empty, Message(.jsonEmpty))
        }
        try rejectNonJSON()
        let value = try parseValue()
        reader.skipWhitespace()
        if !reader.isAtEnd {
            throw failure(.syntax, Message(.jsonTrailing, ["what": .message(describeCurrent())]))
        }
        return value
    }

    /// Recognises a body that is not JSON at all from its first characters: markup (`<`), or text
    /// that starts with a letter and is not `true`, `false` or `null`.
    private func rejectNonJSON() throws(JSONSyntaxError) {
        let first = bytes[index]
        if first == UInt8(ascii: "<") {
            let what = Message(bytes[index...].starts(with: "<?xml".utf8) ? .jsonAnXMLDocument : .jsonAnHTMLPage)
            throw failure(.html, Message(.jsonGotMarkup, ["what": .message(what), "excerpt": .text(excerpt())]))
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
        throw failure(.notJSON, Message(.jsonGotText, ["excerpt": .text(excerpt())]))
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = reader.peek() else { throw truncated(.jsonEndsWhereValueExpected) }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure(.syntax, Message(.jsonUnexpectedValue, ["what": .message(describeCurrent())]))
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
            guard let next = reader.peek() else { throw truncated(.jsonEndsInsideObject) }
            guard next == UInt8(ascii: "\"") else {
                throw failure(.syntax, Message(.jsonUnexpectedKey, ["what": .message(describeCurrent())]))
            }
            let key = try parseString()
            reader.skipWhitespace()
            guard !reader.isAtEnd else { throw truncated(.jsonEndsInsideObject) }
            guard reader.consume(UInt8(ascii: ":")) else {
                throw failure(.syntax, Message(.jsonUnexpectedAfterKey, ["what": .message(describeCurrent()), "key": .text("\"\(key)\"")]))
            }
            reader.skipWhitespace()
            let value = try parseValue()
            if members.updateValue(value, forKey: key) == nil { keys.append(key) }
            reader.skipWhitespace()
            guard !reader.isAtEnd else { throw truncated(.jsonEndsInsideObject) }
            if reader.consume(UInt8(ascii: ",")) { continue }
            if reader.consume(UInt8(ascii: "}")) { break }
            throw failure(.syntax, Message(.jsonUnexpectedInObject, ["what": .message(describeCurrent())]))
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
            guard !reader.isAtEnd else { throw truncated(.jsonEndsInsideArray) }
            if reader.consume(UInt8(ascii: ",")) { continue }
            if reader.consume(UInt8(ascii: "]")) { break }
            throw failure(.syntax, Message(.jsonUnexpectedInArray, ["what": .message(describeCurrent())]))
        }
        depth -= 1
        return .array(items)
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONParser.maximumDepth {
            throw failure(.tooDeep, Message(.jsonTooDeep, ["max": .number(JSONParser.maximumDepth)]))
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        if reader.consume(literal: literal) { return }
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        let available = bytes[index..<min(bytes.count, index + expected.count)]
        if available.count < expected.count, expected.starts(with: available) {
            throw truncated(.jsonEndsInsideLiteral, ["literal": .text("\(literal)")])
        }
        throw failure(.syntax, Message(.jsonUnexpectedValue, ["what": .message(describeCurrent())]))
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
            return failure(.syntax, Message(.jsonUnexpectedString, ["what": .message(describeCurrent())]))
        case .unclosedString, .unfinishedEscape:
            return failure(.truncated, Message(.jsonUnclosedString))
        case .invalidUTF8:
            return failure(.syntax, Message(.jsonStringNotUTF8))
        case .controlCharacter(let byte):
            return failure(.syntax, Message(.jsonControlCharacter, ["hex": .text(hex(byte))]))
        case .invalidEscape(let escape):
            guard (0x21..<0x7F).contains(escape) else {
                return failure(.syntax, Message(.jsonInvalidEscapeByte, ["what": .message(describe(at: index + 1))]))
            }
            return failure(.syntax, Message(.jsonInvalidEscape, ["character": .text(String(Character(Unicode.Scalar(escape))))]))
        case .truncatedUnicodeEscape:
            return truncated(.jsonEndsInsideUnicodeEscape)
        case .invalidHexDigit:
            return failure(.syntax, Message(.jsonInvalidHexDigit, ["what": .message(describeCurrent())]))
        case .missingDigit(let part):
            if reader.isAtEnd { return truncated(.jsonEndsInsideNumber) }
            switch part {
            case .integer: return failure(.syntax, Message(.jsonMissingIntegerDigit, ["what": .message(describeCurrent())]))
            case .fraction: return failure(.syntax, Message(.jsonMissingFractionDigit, ["what": .message(describeCurrent())]))
            case .exponent: return failure(.syntax, Message(.jsonMissingExponentDigit, ["what": .message(describeCurrent())]))
            }
        case .leadingZero(let written):
            return failure(.syntax, Message(.jsonLeadingZero, ["number": .text(written)]))
        case .notAWholeNumber:
            return failure(.syntax, Message(.jsonNotWholeNumber, ["what": .message(describeCurrent())]))
        case .numberOutOfRange(let written):
            return failure(.syntax, Message(.jsonNumberOutOfRange, ["number": .text(written)]))
        }
    }

    // MARK: Helpers

    private func hex(_ byte: UInt8) -> String {
        (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
    }

    /// The character at the current position, quoted, for messages.
    private func describeCurrent() -> Message { describe(at: index) }

    /// The character at `position`, quoted (`'x'`), or `byte 0x..` for a control or invalid byte.
    private func describe(at position: Int) -> Message {
        guard position < bytes.count else { return Message(.jsonEndOfInput) }
        let byte = bytes[position]
        if byte < 0x20 || byte == 0x7F { return Message(.jsonByte, ["hex": .text(hex(byte))]) }
        let decoded = reader.text(position..<min(bytes.count, position + 4))
        guard let first = decoded.first, first != "\u{FFFD}" else { return Message(.jsonByte, ["hex": .text(hex(byte))]) }
        return .verbatim("'\(first)'")
    }

    /// The first characters of the input from the current position, on one line, quoted.
    private func excerpt() -> String {
        let text = reader.text(index..<min(bytes.count, index + 200))
        let oneLine = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        let short = oneLine.count > 60 ? String(oneLine.prefix(60)) + "…" : oneLine
        return "\"" + short + "\""
    }

    /// A truncation error at the end of the input.
    private mutating func truncated(_ place: MessageKey, _ arguments: [String: MessageArgument] = [:]) -> JSONSyntaxError {
        index = bytes.count
        return failure(.truncated, Message(.jsonTruncated, ["place": .key(place, arguments)]))
    }

    /// An error at the current position, with a 1-based line and a column counted in characters.
    private func failure(_ kind: JSONSyntaxError.Kind, _ text: Message) -> JSONSyntaxError {
        let offset = min(index, bytes.count)
        let (line, column) = reader.lineAndColumn(at: offset)
        return JSONSyntaxError(kind: kind, text: text, offset: offset, line: line, column: column)
    }
}
