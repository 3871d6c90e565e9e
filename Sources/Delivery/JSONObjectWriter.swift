import JSONText
import Foundation

/// Writes one JSON object with its keys in the order added (a documented schema reads best in
/// its own order), strings escaped per RFC 8259.
struct JSONObjectWriter {
    private var members: [String] = []

    /// A JSON value already written as text.
    struct Raw {
        let text: String
    }

    mutating func add(_ key: String, _ value: String?) {
        members.append(Self.quoted(key) + ":" + (value.map(Self.quoted) ?? "null"))
    }

    mutating func add(_ key: String, _ value: Int64?) {
        members.append(Self.quoted(key) + ":" + (value.map(String.init) ?? "null"))
    }

    mutating func add(_ key: String, raw value: Raw) {
        members.append(Self.quoted(key) + ":" + value.text)
    }

    /// The object's text.
    var text: String { "{" + members.joined(separator: ",") + "}" }

    /// The object's UTF-8 bytes.
    var data: Data { Data(text.utf8) }

    /// `"value"` with quotes, backslashes and control characters escaped.
    static func quoted(_ value: String) -> String { "\"" + escaped(value) + "\"" }

    /// The inside of a JSON string: `"` `\` and control characters escaped, the rest as UTF-8.
    /// U+2028 and U+2029 are escaped too, so the text is also safe inside JavaScript.
    static func escaped(_ value: String) -> String {
        var result = ""
        result.reserveCapacity(value.utf8.count)
        JSONStringEscaping.appendEscaped(value, to: &result)
        return result
    }
}
