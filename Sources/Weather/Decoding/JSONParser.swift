/// A small strict JSON parser over bytes that says *why* a body is not JSON:
/// empty, an HTML page, truncated (with the byte offset), or malformed.
struct JSONParser {
    private let bytes: [UInt8]
    private let source: String
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 256

    /// Parses a whole document.
    static func parse(_ bytes: [UInt8], source: String) throws -> JSONValue {
        var parser = JSONParser(bytes: bytes, source: source)
        return try parser.parseDocument()
    }

    private init(bytes: [UInt8], source: String) {
        self.bytes = bytes
        self.source = source
    }

    private mutating func parseDocument() throws -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        guard index < bytes.count else {
            throw WeatherDecodeError(source: source, path: "", kind: .empty, message: "the response is empty, expected JSON")
        }
        if bytes[index] == UInt8(ascii: "<") {
            let start = String(decoding: bytes[index..<min(bytes.count, index + 60)], as: UTF8.self)
                .replacingOccurrences(of: "\n", with: " ")
            throw WeatherDecodeError(
                source: source, path: "", kind: .notJSON,
                message: "expected JSON but got an HTML/XML page (begins \"\(start)\"); an error page or a wrong URL?")
        }
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count {
            throw failure(.malformed, "unexpected \(describeByte()) after the end of the JSON document")
        }
        return value
    }

    private func failure(_ kind: WeatherDecodeError.Kind, _ message: String) -> WeatherDecodeError {
        WeatherDecodeError(source: source, path: "", kind: kind, message: "byte \(index): " + message)
    }

    private func truncated(_ expected: String) -> WeatherDecodeError {
        WeatherDecodeError(
            source: source, path: "", kind: .truncated,
            message: "the JSON ends after \(bytes.count) bytes while \(expected) (truncated response?)")
    }

    private func describeByte() -> String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw truncated("a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure(.malformed, "unexpected \(describeByte()), expected a JSON value")
        }
    }

    private mutating func expectLiteral(_ literal: String) throws {
        for expected in literal.utf8 {
            guard index < bytes.count else { throw truncated("reading '\(literal)'") }
            guard bytes[index] == expected else { throw failure(.malformed, "unexpected \(describeByte()) in '\(literal)'") }
            index += 1
        }
    }

    private mutating func enter() throws {
        depth += 1
        if depth > Self.maximumDepth { throw failure(.malformed, "nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        guard index < bytes.count else { throw truncated("an object was open") }
        if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw truncated("an object was open") }
            guard bytes[index] == UInt8(ascii: "\"") else { throw failure(.malformed, "unexpected \(describeByte()), expected a member name") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count else { throw truncated("an object was open") }
            guard bytes[index] == UInt8(ascii: ":") else { throw failure(.malformed, "unexpected \(describeByte()) after \"\(key)\", expected ':'") }
            index += 1
            members[key] = try parseValue()
            skipWhitespace()
            guard index < bytes.count else { throw truncated("an object was open") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw failure(.malformed, "unexpected \(describeByte()) in an object, expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        guard index < bytes.count else { throw truncated("an array was open") }
        if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw truncated("an array was open") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw failure(.malformed, "unexpected \(describeByte()) in an array, expected ',' or ']'")
            }
        }
    }

    private mutating func parseString() throws -> String {
        index += 1
        var scalars: [UInt8] = []
        while true {
            guard index < bytes.count else { throw truncated("a string was open") }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw truncated("a string was open") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code) {
                        // A surrogate pair: expect \uDC00-\uDFFF next.
                        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                            index += 2
                            let low = try parseHex4()
                            code = (0xDC00..<0xE000).contains(low) ? 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
                        } else {
                            code = 0xFFFD
                        }
                    }
                    let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    index -= 1
                    throw failure(.malformed, "invalid escape \\\(describeByte()) in a string")
                }
            case 0x00..<0x20:
                index -= 1
                throw failure(.malformed, "control character \(describeByte()) inside a string")
            default:
                scalars.append(byte)
            }
        }
    }

    private mutating func parseHex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw truncated("a \\u escape was open") }
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure(.malformed, "invalid hex digit \(describeByte()) in a \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws -> JSONValue {
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
                 UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                index += 1
            default:
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                guard let value = Double(text), value.isFinite else {
                    index = start
                    throw failure(.malformed, "invalid number \"\(text)\"")
                }
                return .number(value)
            }
        }
        guard depth == 0 else { throw truncated("a number was being read") }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw failure(.malformed, "invalid number \"\(text)\"") }
        return .number(value)
    }
}
