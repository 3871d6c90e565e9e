/// JSON string literals written by leavenow: `"` `\` and control characters escaped, the rest kept
/// as UTF-8 (Japanese stays readable); U+2028 and U+2029 escaped too, so the text is also safe
/// inside JavaScript. The one escaper the CLI's JSON output and the webhook payloads share.
public enum JSONStringEscaping {
    /// Appends `value` as a JSON string literal, quotes included, to `output`.
    public static func appendQuoted(_ value: String, to output: inout String) {
        output += "\""
        appendEscaped(value, to: &output)
        output += "\""
    }

    /// `value` as a JSON string literal, quotes included.
    public static func quoted(_ value: String) -> String {
        var output = ""
        output.reserveCapacity(value.utf8.count + 2)
        appendQuoted(value, to: &output)
        return output
    }

    /// Appends the inside of a JSON string literal for `value` to `output`.
    public static func appendEscaped(_ value: String, to output: inout String) {
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
    }
}
