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
        let utf8 = value.utf8
        out.reserveCapacity(out.count + utf8.count + 8)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            switch byte {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\\")); out.append(byte)
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(byte)
            case 0x0A: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
            case 0x08: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "b"))
            case 0x0C: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "f"))
            case 0..<0x20:
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            case 0xE2:
                // U+2028 / U+2029 are E2 80 A8 / E2 80 A9 in UTF-8 (a String's UTF-8 is always valid).
                let second = utf8.index(after: index)
                if second != utf8.endIndex, utf8[second] == 0x80 {
                    let third = utf8.index(after: second)
                    if third != utf8.endIndex, utf8[third] == 0xA8 || utf8[third] == 0xA9 {
                        out.append(contentsOf: (utf8[third] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
                        index = utf8.index(after: third)
                        continue
                    }
                }
                out.append(byte)
            default:
                out.append(byte)
            }
            index = utf8.index(after: index)
        }
    }
}
