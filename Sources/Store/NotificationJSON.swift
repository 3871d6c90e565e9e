import JSONText
import Notifications

/// The JSON text of a `Notice` in the outbox's `notification` column, written and read by hand
/// for the one fixed shape (Foundation's `JSONEncoder` / `JSONDecoder` cost ten times as much per row).
///
/// Written: one object with the keys in declaration order — `key`, `rule`, `kind`, `fireAt`,
/// `expiresAt`, `channels`, `urgency`, `language`, `title`, `text`, `link` — a nil optional left
/// out, exactly as `JSONEncoder` writes the type, so rows written by earlier versions read back the
/// same. Strings are escaped per RFC 8259 (`"`, `\`, control characters), the rest is raw UTF-8.
///
/// Read strictly with `JSONReader`'s primitives, so strings, escapes and numbers read exactly as
/// `JSONParser` reads them (a lone surrogate becomes U+FFFD, as there): any key order, a leading
/// byte-order mark and any valid escape (`\/`, `\uXXXX`, surrogate pairs, in keys too) are accepted;
/// a missing required key, an unknown or repeated key, a wrong type, a fractional or out-of-range
/// number, an unknown urgency or language, invalid UTF-8 or trailing text is an error naming the
/// byte offset and quoting the problem.
enum NotificationJSON {
    /// A text that is not a stored notification: why, and at which byte.
    struct Failure: Error, Equatable, CustomStringConvertible {
        var offset: Int
        var message: String
        var description: String { "byte \(offset): \(message)" }
    }

    // MARK: Writing

    /// The JSON text of `notification`.
    static func encode(_ notification: Notice) -> String {
        var writer = JSONWriter(style: .compact,
                                capacity: 96 + notification.key.utf8.count + notification.rule.utf8.count + notification.title.utf8.count
                                    + notification.text.utf8.count + (notification.link?.utf8.count ?? 0))
        writer.beginObject()
        writer.member("key", notification.key)
        writer.member("rule", notification.rule)
        writer.member("kind", notification.kind.rawValue)
        writer.member("fireAt", notification.fireAt)
        if let expiresAt = notification.expiresAt { writer.member("expiresAt", expiresAt) }
        writer.key("channels")
        writer.beginArray()
        for channel in notification.channels { writer.string(channel) }
        writer.endArray()
        writer.member("urgency", notification.urgency.rawValue)
        writer.member("language", notification.language.rawValue)
        writer.member("title", notification.title)
        writer.member("text", notification.text)
        if let link = notification.link { writer.member("link", link) }
        writer.endObject()
        return writer.text
    }

    // MARK: Reading

    /// The notification in `text`.
    static func decode(_ text: String) throws(Failure) -> Notice {
        var text = text
        let result: Result<Notice, Failure> = text.withUTF8 { bytes in
            do throws(Failure) {
                return .success(try decode(bytes))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The notification in the UTF-8 `bytes`.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> Notice {
        var reader = Reader(bytes: bytes)
        return try reader.notification()
    }

    /// The keys of the stored shape, as a bit each (to catch missing and repeated keys).
    private enum Key: UInt16, CaseIterable {
        case key = 1, rule = 2, kind = 4, fireAt = 8, expiresAt = 16, channels = 32, urgency = 64, language = 128
        case title = 256, text = 512, link = 1024

        init?(_ name: String) {
            switch name {
            case "key": self = .key
            case "rule": self = .rule
            case "kind": self = .kind
            case "text": self = .text
            case "link": self = .link
            case "title": self = .title
            case "fireAt": self = .fireAt
            case "urgency": self = .urgency
            case "channels": self = .channels
            case "language": self = .language
            case "expiresAt": self = .expiresAt
            default: return nil
            }
        }

        static let required: UInt16 = Key.key.rawValue | Key.rule.rawValue | Key.kind.rawValue | Key.fireAt.rawValue
            | Key.channels.rawValue | Key.urgency.rawValue | Key.language.rawValue | Key.title.rawValue | Key.text.rawValue
    }

    /// The fixed shape read field by field with `JSONReader`'s primitives (the strings, escapes,
    /// lone surrogates and numbers of `JSONParser`), its problems worded for the stored row.
    private struct Reader {
        var json: JSONReader

        init(bytes: UnsafeBufferPointer<UInt8>) {
            json = JSONReader(bytes: bytes)
        }

        private var bytes: UnsafeBufferPointer<UInt8> { json.bytes }
        private var index: Int { json.index }

        mutating func notification() throws(Failure) -> Notice {
            var key = "", rule = "", title = "", text = ""
            var kind = NotificationKind.leaveNow
            var fireAt: Int64 = 0
            var expiresAt: Int64?
            var channels: [String] = []
            var urgency = Urgency.normal
            var language = MessageLanguage.ja
            var link: String?
            var seen: UInt16 = 0

            json.skipByteOrderMark()
            json.skipWhitespace()
            try expect(UInt8(ascii: "{"), "the notification must be a JSON object")
            json.skipWhitespace()
            if !json.consume(UInt8(ascii: "}")) {
                while true {
                    json.skipWhitespace()
                    let nameStart = index
                    guard json.peek() == UInt8(ascii: "\"") else {
                        throw failure(at: nameStart, "expected a key (a string), found \(describe(nameStart))")
                    }
                    let name = try string { "the key" }
                    guard let member = Key(name) else {
                        throw failure(at: nameStart, "unknown key \"\(name)\"")
                    }
                    guard seen & member.rawValue == 0 else {
                        throw failure(at: nameStart, "the key \"\(member)\" appears twice")
                    }
                    seen |= member.rawValue
                    json.skipWhitespace()
                    try expect(UInt8(ascii: ":"), "expected ':' after the key \"\(member)\"")
                    json.skipWhitespace()
                    switch member {
                    case .key: key = try string(member)
                    case .rule: rule = try string(member)
                    case .kind: kind = try named(member, as: NotificationKind.self)
                    case .title: title = try string(member)
                    case .text: text = try string(member)
                    case .link: link = try nullOr { (reader: inout Reader) throws(Failure) in try reader.string(member) }
                    case .fireAt: fireAt = try integer(member)
                    case .expiresAt: expiresAt = try nullOr { (reader: inout Reader) throws(Failure) in try reader.integer(member) }
                    case .channels: channels = try stringArray(member)
                    case .urgency: urgency = try named(member, as: Urgency.self)
                    case .language: language = try named(member, as: MessageLanguage.self)
                    }
                    json.skipWhitespace()
                    if json.consume(UInt8(ascii: ",")) { continue }
                    try expect(UInt8(ascii: "}"), "expected ',' or '}' after the value of \"\(member)\"")
                    break
                }
            }
            json.skipWhitespace()
            guard json.isAtEnd else { throw failure(at: index, "unexpected text after the object") }
            let missing = Key.allCases.filter { Key.required & $0.rawValue != 0 && seen & $0.rawValue == 0 }
            guard missing.isEmpty else {
                throw failure(at: index, "missing " + missing.map { "\"\($0)\"" }.joined(separator: ", "))
            }
            return Notice(key: key, rule: rule, kind: kind, fireAt: fireAt, expiresAt: expiresAt, channels: channels,
                                urgency: urgency, language: language, title: title, text: text, link: link)
        }

        // MARK: Values

        private mutating func nullOr<T>(_ value: (inout Reader) throws(Failure) -> T) throws(Failure) -> T? {
            if json.consume(literal: "null") { return nil }
            return try value(&self)
        }

        /// A whole number (an optional minus and digits: no fraction, no exponent, no leading zero).
        private mutating func integer(_ member: Key) throws(Failure) -> Int64 {
            do throws(JSONReadError) {
                return try json.readInteger()
            } catch {
                let start = error.start
                switch error.problem {
                case .missingDigit(.integer):
                    throw failure(at: start, "\"\(member)\" must be a whole number, not \(describe(start))")
                case .leadingZero:
                    throw failure(at: start, "the number of \"\(member)\" has a leading zero")
                case .numberOutOfRange:
                    throw failure(at: start, "the number of \"\(member)\" is out of range")
                default:
                    throw failure(at: start, "\"\(member)\" must be a whole number of seconds")
                }
            }
        }

        /// A string member naming one of `Value`'s cases (`"critical"`); an unknown name fails at
        /// its place: `unknown urgency "loud"`.
        private mutating func named<Value: RawRepresentable>(_ member: Key, as type: Value.Type) throws(Failure) -> Value
        where Value.RawValue == String {
            let start = index
            let value = try string(member)
            guard let parsed = Value(rawValue: value) else { throw failure(at: start, "unknown \(member) \"\(value)\"") }
            return parsed
        }

        private mutating func stringArray(_ member: Key) throws(Failure) -> [String] {
            try expect(UInt8(ascii: "["), "\"\(member)\" must be an array of strings")
            var values: [String] = []
            json.skipWhitespace()
            if json.consume(UInt8(ascii: "]")) { return values }
            while true {
                json.skipWhitespace()
                values.append(try string(member))
                json.skipWhitespace()
                if json.consume(UInt8(ascii: ",")) { continue }
                try expect(UInt8(ascii: "]"), "expected ',' or ']' in \"\(member)\"")
                return values
            }
        }

        /// A string value of `member`, escapes resolved, checked to be valid UTF-8.
        private mutating func string(_ member: Key) throws(Failure) -> String {
            guard json.peek() == UInt8(ascii: "\"") else {
                throw failure(at: index, "\"\(member)\" must be a string, not \(describe(index))")
            }
            return try string { "the value of \"\(member)\"" }
        }

        /// A string, its problems naming `what` it is.
        private mutating func string(_ what: () -> String) throws(Failure) -> String {
            do throws(JSONReadError) {
                return try json.readString()
            } catch {
                let escape = error.escapeStart ?? error.offset
                switch error.problem {
                case .notAString: throw failure(at: error.offset, "\(what()) must be a string, not \(describe(error.offset))")
                case .unclosedString: throw failure(at: error.start, "\(what()) is never closed")
                case .unfinishedEscape: throw failure(at: escape, "an escape at the end of the text")
                case .invalidUTF8: throw failure(at: error.start, "\(what()) is not valid UTF-8")
                case .controlCharacter(let byte):
                    throw failure(at: error.offset, "a control character (0x\(String(byte, radix: 16))) inside \(what())")
                case .invalidEscape(let letter):
                    throw failure(at: escape, "an unknown escape \\\(String(decoding: [letter], as: UTF8.self))")
                case .truncatedUnicodeEscape, .invalidHexDigit:
                    throw failure(at: escape, "a \\u escape needs four hexadecimal digits")
                case .missingDigit, .leadingZero, .notAWholeNumber, .numberOutOfRange:
                    throw failure(at: error.offset, "\(what()) is not a string")
                }
            }
        }

        // MARK: Bytes

        private mutating func expect(_ byte: UInt8, _ message: @autoclosure () -> String) throws(Failure) {
            guard json.consume(byte) else { throw failure(at: index, message() + ", found \(describe(index))") }
        }

        /// `"abc…"` (up to 12 bytes from `offset`), or `the end`.
        private func describe(_ offset: Int) -> String {
            guard offset < bytes.count else { return "the end of the text" }
            let end = min(bytes.count, offset + 12)
            return "\"" + json.text(offset..<end) + (end < bytes.count ? "…" : "") + "\""
        }

        private func failure(at offset: Int, _ message: String) -> Failure {
            Failure(offset: offset, message: message)
        }
    }
}
