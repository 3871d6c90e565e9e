/// JSON string literals written by leavenow: `"` `\\` and control characters escaped, the rest kept
/// as UTF-8 (Japanese stays readable); U+2028 and U+2029 escaped too, so the text is also safe
/// inside JavaScript. The one escaper, used by `JSONWriter` (the CLI's JSON output, the webhook
/// payloads, the store's notification codec) and by the webhook body templates.
public enum JSONStringEscaping {
    /// Appends `value` as a JSON string literal, quotes included, to `output`.
    public static func appendQuoted(_ value: String, to output: inout String) {
        var bytes: [UInt8] = []
        appendQuoted(value, to: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` as a JSON string literal, quotes included, to `out` (UTF-8 bytes).
    public static func appendQuoted(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        appendEscaped(value, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// `value` as a JSON string literal, quotes included.
    public static func quoted(_ value: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The inside of a JSON string literal for `value`, without the quotes (for a value put into a
    /// JSON template between quotes already written).
    public static func escaped(_ value: String) -> String {
        var bytes: [UInt8] = []
        appendEscaped(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the inside of a JSON string literal for `value` to `output`.
    public static func appendEscaped(_ value: String, to output: inout String) {
        var bytes: [UInt8] = []
        appendEscaped(value, to: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends the inside of a JSON string literal for `value` to `out` (UTF-8 bytes); runs of bytes
    /// that need no escape are copied at once.
    public static func appendEscaped(_ value: String, to out: inout [UInt8]) {
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
