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
/// Read strictly: any key order and any valid escape (`\/`, `\uXXXX`, surrogate pairs) are accepted;
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
        var out: [UInt8] = []
        out.reserveCapacity(96 + notification.key.utf8.count + notification.rule.utf8.count
                            + notification.title.utf8.count + notification.text.utf8.count + (notification.link?.utf8.count ?? 0))
        out.append(contentsOf: #"{"key":"#.utf8)
        appendString(notification.key, to: &out)
        out.append(contentsOf: #","rule":"#.utf8)
        appendString(notification.rule, to: &out)
        out.append(contentsOf: #","kind":"#.utf8)
        appendString(notification.kind, to: &out)
        out.append(contentsOf: #","fireAt":"#.utf8)
        appendInteger(notification.fireAt, to: &out)
        if let expiresAt = notification.expiresAt {
            out.append(contentsOf: #","expiresAt":"#.utf8)
            appendInteger(expiresAt, to: &out)
        }
        out.append(contentsOf: #","channels":["#.utf8)
        for (index, channel) in notification.channels.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendString(channel, to: &out)
        }
        out.append(contentsOf: #"],"urgency":"#.utf8)
        appendString(notification.urgency.rawValue, to: &out)
        out.append(contentsOf: #","language":"#.utf8)
        appendString(notification.language.rawValue, to: &out)
        out.append(contentsOf: #","title":"#.utf8)
        appendString(notification.title, to: &out)
        out.append(contentsOf: #","text":"#.utf8)
        appendString(notification.text, to: &out)
        if let link = notification.link {
            out.append(contentsOf: #","link":"#.utf8)
            appendString(link, to: &out)
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }

    private static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        out.append(contentsOf: String(value).utf8)
    }

    private static func appendString(_ value: String, to out: inout [UInt8]) {
        JSONStringEscaping.appendQuoted(value, to: &out)
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

        init?(_ name: UnsafeBufferPointer<UInt8>.SubSequence) {
            switch name.count {
            case 3 where name.elementsEqual("key".utf8): self = .key
            case 4 where name.elementsEqual("rule".utf8): self = .rule
            case 4 where name.elementsEqual("kind".utf8): self = .kind
            case 4 where name.elementsEqual("text".utf8): self = .text
            case 4 where name.elementsEqual("link".utf8): self = .link
            case 5 where name.elementsEqual("title".utf8): self = .title
            case 6 where name.elementsEqual("fireAt".utf8): self = .fireAt
            case 7 where name.elementsEqual("urgency".utf8): self = .urgency
            case 8 where name.elementsEqual("channels".utf8): self = .channels
            case 8 where name.elementsEqual("language".utf8): self = .language
            case 9 where name.elementsEqual("expiresAt".utf8): self = .expiresAt
            default: return nil
            }
        }

        static let required: UInt16 = Key.key.rawValue | Key.rule.rawValue | Key.kind.rawValue | Key.fireAt.rawValue
            | Key.channels.rawValue | Key.urgency.rawValue | Key.language.rawValue | Key.title.rawValue | Key.text.rawValue
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func notification() throws(Failure) -> Notice {
            var key = "", rule = "", kind = "", title = "", text = ""
            var fireAt: Int64 = 0
            var expiresAt: Int64?
            var channels: [String] = []
            var urgency = Urgency.normal
            var language = MessageLanguage.ja
            var link: String?
            var seen: UInt16 = 0

            skipWhitespace()
            try expect(UInt8(ascii: "{"), "the notification must be a JSON object")
            skipWhitespace()
            if peek() == UInt8(ascii: "}") {
                index += 1
            } else {
                while true {
                    skipWhitespace()
                    let nameStart = index
                    let name = try rawKey()
                    guard let member = Key(name) else {
                        throw failure(at: nameStart, "unknown key \"\(String(decoding: name, as: UTF8.self))\"")
                    }
                    guard seen & member.rawValue == 0 else {
                        throw failure(at: nameStart, "the key \"\(member)\" appears twice")
                    }
                    seen |= member.rawValue
                    skipWhitespace()
                    try expect(UInt8(ascii: ":"), "expected ':' after the key \"\(member)\"")
                    skipWhitespace()
                    switch member {
                    case .key: key = try string(member)
                    case .rule: rule = try string(member)
                    case .kind: kind = try string(member)
                    case .title: title = try string(member)
                    case .text: text = try string(member)
                    case .link: link = try nullOr { (reader: inout Reader) throws(Failure) in try reader.string(member) }
                    case .fireAt: fireAt = try integer(member)
                    case .expiresAt: expiresAt = try nullOr { (reader: inout Reader) throws(Failure) in try reader.integer(member) }
                    case .channels: channels = try stringArray(member)
                    case .urgency:
                        let start = index
                        let value = try string(member)
                        guard let parsed = Urgency(rawValue: value) else {
                            throw failure(at: start, "unknown urgency \"\(value)\"")
                        }
                        urgency = parsed
                    case .language:
                        let start = index
                        let value = try string(member)
                        guard let parsed = MessageLanguage(rawValue: value) else {
                            throw failure(at: start, "unknown language \"\(value)\"")
                        }
                        language = parsed
                    }
                    skipWhitespace()
                    if peek() == UInt8(ascii: ",") { index += 1; continue }
                    try expect(UInt8(ascii: "}"), "expected ',' or '}' after the value of \"\(member)\"")
                    break
                }
            }
            skipWhitespace()
            guard index == bytes.count else { throw failure(at: index, "unexpected text after the object") }
            let missing = Key.allCases.filter { Key.required & $0.rawValue != 0 && seen & $0.rawValue == 0 }
            guard missing.isEmpty else {
                throw failure(at: index, "missing " + missing.map { "\"\($0)\"" }.joined(separator: ", "))
            }
            return Notice(key: key, rule: rule, kind: kind, fireAt: fireAt, expiresAt: expiresAt, channels: channels,
                                urgency: urgency, language: language, title: title, text: text, link: link)
        }

        // MARK: Values

        private mutating func nullOr<T>(_ value: (inout Reader) throws(Failure) -> T) throws(Failure) -> T? {
            if bytes.count - index >= 4, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
               bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l") {
                index += 4
                return nil
            }
            return try value(&self)
        }

        /// A whole number (an optional minus and digits: no fraction, no exponent, no leading zero).
        private mutating func integer(_ member: Key) throws(Failure) -> Int64 {
            let start = index
            let negative = peek() == UInt8(ascii: "-")
            if negative { index += 1 }
            var value: Int64 = 0
            let digitsStart = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                let digit = Int64(bytes[index] - UInt8(ascii: "0"))
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
                guard !overflow1, !overflow2 else { throw failure(at: start, "the number of \"\(member)\" is out of range") }
                value = sum
                index += 1
            }
            let digits = index - digitsStart
            guard digits > 0 else { throw failure(at: start, "\"\(member)\" must be a whole number, not \(describe(start))") }
            guard !(digits > 1 && bytes[digitsStart] == UInt8(ascii: "0")) else {
                throw failure(at: start, "the number of \"\(member)\" has a leading zero")
            }
            if let next = peek(), next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
                throw failure(at: start, "\"\(member)\" must be a whole number of seconds")
            }
            return value
        }

        private mutating func stringArray(_ member: Key) throws(Failure) -> [String] {
            try expect(UInt8(ascii: "["), "\"\(member)\" must be an array of strings")
            var values: [String] = []
            skipWhitespace()
            if peek() == UInt8(ascii: "]") {
                index += 1
                return values
            }
            while true {
                skipWhitespace()
                values.append(try string(member))
                skipWhitespace()
                if peek() == UInt8(ascii: ",") { index += 1; continue }
                try expect(UInt8(ascii: "]"), "expected ',' or ']' in \"\(member)\"")
                return values
            }
        }

        /// A key's bytes between its quotes (keys of this shape never need escapes).
        private mutating func rawKey() throws(Failure) -> UnsafeBufferPointer<UInt8>.SubSequence {
            let start = index
            try expect(UInt8(ascii: "\""), "expected a key (a string)")
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\") || bytes[index] < 0x20 {
                    throw failure(at: start, "unknown key (escaped or with control characters)")
                }
                index += 1
            }
            guard index < bytes.count else { throw failure(at: start, "the key starting here is never closed") }
            index += 1
            return bytes[(start + 1)..<(index - 1)]
        }

        /// A string value, escapes resolved, checked to be valid UTF-8.
        private mutating func string(_ member: Key) throws(Failure) -> String {
            let start = index
            guard peek() == UInt8(ascii: "\"") else {
                throw failure(at: start, "\"\(member)\" must be a string, not \(describe(start))")
            }
            index += 1
            var end = index
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 {
                end += 1
            }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                // No escapes: the string is a slice of the text.
                guard let value = String(validating: bytes[index..<end], as: UTF8.self) else {
                    throw failure(at: start, "the value of \"\(member)\" is not valid UTF-8")
                }
                index = end + 1
                return value
            }
            var buffer = Array(bytes[index..<end])
            index = end
            while true {
                guard index < bytes.count else { throw failure(at: start, "the value of \"\(member)\" is never closed") }
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    guard let value = String(validating: buffer, as: UTF8.self) else {
                        throw failure(at: start, "the value of \"\(member)\" is not valid UTF-8")
                    }
                    return value
                case UInt8(ascii: "\\"):
                    try escape(into: &buffer)
                case 0..<0x20:
                    throw failure(at: index, "a control character (0x\(String(byte, radix: 16))) inside the value of \"\(member)\"")
                default:
                    buffer.append(byte)
                    index += 1
                }
            }
        }

        /// One escape sequence at `index` (the backslash), appended as UTF-8.
        private mutating func escape(into buffer: inout [UInt8]) throws(Failure) {
            let start = index
            index += 1
            guard let letter = peek() else { throw failure(at: start, "an escape at the end of the text") }
            index += 1
            switch letter {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(letter)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(start)
                if (0xD800..<0xDC00).contains(scalar) {
                    guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw failure(at: start, "a lone high surrogate \\u\(String(scalar, radix: 16))")
                    }
                    index += 2
                    let low = try hex4(start)
                    guard (0xDC00..<0xE000).contains(low) else {
                        throw failure(at: start, "a high surrogate not followed by a low one")
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw failure(at: start, "a lone low surrogate \\u\(String(scalar, radix: 16))")
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw failure(at: start, "an invalid \\u escape") }
                buffer.append(contentsOf: String(Character(unicode)).utf8)
            default:
                throw failure(at: start, "an unknown escape \\\(String(decoding: [letter], as: UTF8.self))")
            }
        }

        private mutating func hex4(_ start: Int) throws(Failure) -> UInt32 {
            guard bytes.count - index >= 4 else { throw failure(at: start, "a \\u escape needs four hexadecimal digits") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw failure(at: start, "a \\u escape needs four hexadecimal digits")
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }

        // MARK: Bytes

        private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

        private mutating func skipWhitespace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
        }

        private mutating func expect(_ byte: UInt8, _ message: @autoclosure () -> String) throws(Failure) {
            guard peek() == byte else { throw failure(at: index, message() + ", found \(describe(index))") }
            index += 1
        }

        /// `"abc…"` (up to 12 bytes from `offset`), or `the end`.
        private func describe(_ offset: Int) -> String {
            guard offset < bytes.count else { return "the end of the text" }
            let slice = bytes[offset..<min(bytes.count, offset + 12)]
            return "\"" + String(decoding: slice, as: UTF8.self) + (offset + 12 < bytes.count ? "…" : "") + "\""
        }

        private func failure(at offset: Int, _ message: String) -> Failure {
            Failure(offset: offset, message: message)
        }
    }
}
