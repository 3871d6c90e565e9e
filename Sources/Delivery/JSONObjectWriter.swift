import Foundation

/// Writes one JSON object with its keys in the order added (a documented schema reads best in
/// its own order), strings escaped per RFC 8259. Works on UTF-8 bytes: one buffer per object.
struct JSONObjectWriter {
    private var bytes: [UInt8] = [UInt8(ascii: "{")]

    /// A JSON value already written as text.
    struct Raw {
        let text: String
    }

    mutating func add(_ key: String, _ value: String?) {
        startMember(key)
        if let value {
            Self.appendQuoted(value, to: &bytes)
        } else {
            bytes.append(contentsOf: "null".utf8)
        }
    }

    mutating func add(_ key: String, _ value: Int64?) {
        startMember(key)
        bytes.append(contentsOf: (value.map(String.init) ?? "null").utf8)
    }

    mutating func add(_ key: String, raw value: Raw) {
        startMember(key)
        bytes.append(contentsOf: value.text.utf8)
    }

    private mutating func startMember(_ key: String) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        if bytes.capacity < 256 { bytes.reserveCapacity(512) }
        Self.appendQuoted(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    /// The object's text.
    var text: String { String(decoding: bytes + [UInt8(ascii: "}")], as: UTF8.self) }

    /// The object's UTF-8 bytes.
    var data: Data {
        var data = Data(capacity: bytes.count + 1)
        data.append(contentsOf: bytes)
        data.append(UInt8(ascii: "}"))
        return data
    }

    /// `"value"` with quotes, backslashes and control characters escaped.
    static func quoted(_ value: String) -> String {
        var out: [UInt8] = []
        appendQuoted(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The inside of a JSON string: `"` `\` and control characters escaped, the rest as UTF-8.
    /// U+2028 and U+2029 are escaped too, so the text is also safe inside JavaScript.
    static func escaped(_ value: String) -> String {
        var out: [UInt8] = []
        appendEscaped(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func appendQuoted(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        appendEscaped(value, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private static func appendEscaped(_ value: String, to out: inout [UInt8]) {
        var value = value
        value.withUTF8 { bytes in
            out.reserveCapacity(out.count + bytes.count + 8)
            // Runs of bytes that need no escape are copied at once.
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let escape: String
                var length = 1
                switch byte {
                case UInt8(ascii: "\""): escape = #"\""#
                case UInt8(ascii: "\\"): escape = #"\\"#
                case 0x0A: escape = #"\n"#
                case 0x0D: escape = #"\r"#
                case 0x09: escape = #"\t"#
                case 0x08: escape = #"\b"#
                case 0x0C: escape = #"\f"#
                case 0..<0x20:
                    escape = #"\u00"# + String(decoding: [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]], as: UTF8.self)
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    // U+2028 / U+2029 (E2 80 A8 / E2 80 A9): line separators to JavaScript.
                    escape = bytes[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#
                    length = 3
                default:
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                out.append(contentsOf: escape.utf8)
                index += length
                runStart = index
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
    }
}
