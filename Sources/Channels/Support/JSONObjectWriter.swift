import JSONText
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
            JSONStringEscaping.appendQuoted(value, to: &bytes)
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
        JSONStringEscaping.appendQuoted(key, to: &bytes)
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
    static func quoted(_ value: String) -> String { JSONStringEscaping.quoted(value) }

    /// The inside of a JSON string (see `JSONStringEscaping`).
    static func escaped(_ value: String) -> String {
        var out: [UInt8] = []
        JSONStringEscaping.appendEscaped(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
