/// A parsed JSON value: enough of JSON for ODPT responses, with the line and column of each
/// syntax error (Foundation's `JSONSerialization` reports neither consistently on Linux, and turns
/// `true` into a number).
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue], keys: [String])

    /// The member `key` of an object; nil for a missing key or a non-object.
    subscript(key: String) -> JSONValue? {
        if case .object(let members, _) = self { return members[key] }
        return nil
    }

    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// What kind of value this is, for error messages ("an object", "a string").
    var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// A short JSON-ish rendering for quoting a bad value in an error.
    var quoted: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let value):
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let text): return "\"" + (text.count > 60 ? String(text.prefix(60)) + "…" : text) + "\""
        case .array(let items): return "[…] (\(items.count) items)"
        case .object(_, let keys): return "{" + keys.prefix(4).map { "\"\($0)\"" }.joined(separator: ", ")
            + (keys.count > 4 ? ", …" : "") + "}"
        }
    }
}

/// A strict JSON parser (RFC 8259) over UTF-8 bytes that reports errors as `file:line:col`.
struct JSONParser {
    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 512

    /// Parses a whole document; a byte-order mark is skipped, trailing garbage is an error.
    static func parse(_ bytes: [UInt8], file: String) throws -> JSONValue {
        var parser = JSONParser(bytes: bytes, file: file)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the JSON document")
        }
        return value
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    private mutating func parseValue() throws -> JSONValue {
        guard index < bytes.count else { throw error("truncated JSON: the file ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected \(describeCurrent()) where a JSON value was expected")
        }
    }

    private mutating func parseObject() throws -> JSONValue {
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
            guard index < bytes.count else { throw error("truncated JSON: the file ends inside an object") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()) where an object key (a string) was expected")
            }
            let key = try parseString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), inside: "an object")
            skipWhitespace()
            let value = try parseValue()
            if members.updateValue(value, forKey: key) == nil { keys.append(key) }
            skipWhitespace()
            guard index < bytes.count else { throw error("truncated JSON: the file ends inside an object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw error("unexpected \(describeCurrent()) in an object (expected ',' or '}')")
        }
        depth -= 1
        return .object(members, keys: keys)
    }

    private mutating func parseArray() throws -> JSONValue {
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
            guard index < bytes.count else { throw error("truncated JSON: the file ends inside an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw error("unexpected \(describeCurrent()) in an array (expected ',' or ']')")
        }
        depth -= 1
        return .array(items)
    }

    private mutating func parseString() throws -> String {
        let start = index
        index += 1
        var buffer: [UInt8] = []
        while true {
            guard index < bytes.count else {
                index = start
                throw error("truncated JSON: the string starting here is never closed")
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard TextDecoding.firstInvalidUTF8Offset(buffer[...]) == nil else {
                    index = start
                    throw error("the string starting here is not valid UTF-8")
                }
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { continue }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if (0xD800...0xDBFF).contains(scalar),
                       index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try parseHex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                    }
                    let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                    buffer.append(contentsOf: Array(String(character).utf8))
                default:
                    index -= 2
                    throw error("invalid escape \\\(Character(Unicode.Scalar(escape))) in a string")
                }
            case 0x00..<0x20:
                throw error("a control character (0x\(String(byte, radix: 16))) inside a string")
            default:
                buffer.append(byte)
                index += 1
            }
        }
    }

    private mutating func parseHex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("truncated JSON: the file ends inside a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit \(describeCurrent()) in a \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        if index == digitsStart { throw error("a '-' that does not start a number") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fraction = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            if index == fraction { throw error("a number with no digits after its '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let exponent = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            if index == exponent { throw error("a number with no digits in its exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else {
            index = start
            throw error("the number \(text) cannot be read")
        }
        return .number(value)
    }

    private mutating func expectWord(_ word: StaticString) throws {
        let expected = Array(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
        guard index + expected.count <= bytes.count else {
            throw error("truncated JSON: the file ends inside '\(word)'")
        }
        guard Array(bytes[index..<index + expected.count]) == expected else {
            throw error("unexpected \(describeCurrent()) where a JSON value was expected")
        }
        index += expected.count
    }

    private mutating func expect(_ byte: UInt8, inside container: String) throws {
        guard index < bytes.count else { throw error("truncated JSON: the file ends inside \(container)") }
        guard bytes[index] == byte else {
            throw error("unexpected \(describeCurrent()) in \(container) (expected '\(Character(Unicode.Scalar(byte)))')")
        }
        index += 1
    }

    private mutating func enter() throws {
        depth += 1
        if depth > JSONParser.maximumDepth { throw error("JSON nested deeper than \(JSONParser.maximumDepth) levels") }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// The character at the current position, quoted, for messages.
    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let end = min(bytes.count, index + 4)
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        guard let first = text.first else { return "byte 0x\(String(bytes[index], radix: 16))" }
        return "'\(first)'"
    }

    /// An error at the current position, with a 1-based line and a column counted in characters.
    private func error(_ message: String) -> DecodeError {
        var line = 1
        var lineStart = 0
        let end = min(index, bytes.count)
        for position in 0..<end where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return DecodeError(file: file, line: line, column: column, message: message)
    }
}
