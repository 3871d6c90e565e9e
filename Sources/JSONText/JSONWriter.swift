/// Writes JSON text into UTF-8 bytes, in the order written: objects keep their keys as added (a
/// documented schema reads best in its own order). Strings go through `JSONStringEscaping` (Japanese
/// stays raw UTF-8). The one writer of leavenow: CLI `--json` output, channel payloads, the store's
/// notification rows, the worker's status record.
///
/// Separators are added as needed; the caller says what comes next:
///
///     var writer = JSONWriter(style: .compact)
///     writer.beginObject()
///     writer.member("a", Int64(1))
///     writer.key("b"); writer.beginArray(); writer.bool(true); writer.null(); writer.endArray()
///     writer.endObject()
///     writer.text  // {"a":1,"b":[true,null]}
public struct JSONWriter: Sendable {
    /// How members and elements are separated.
    public enum Style: Sendable, Equatable {
        /// No spaces: `{"a":1,"b":[1,2]}` (payloads and stored rows).
        case compact
        /// A space after each `:` and `,`, on one line: `{"a": 1, "b": [1, 2]}` (the CLI's output).
        case spaced
    }

    /// The style of this writer.
    public let style: Style
    /// The UTF-8 text written so far.
    public private(set) var bytes: [UInt8] = []
    /// Whether the next value or key is the first at its level (no comma before it).
    private var first = true

    /// An empty writer; `capacity` bytes are reserved.
    public init(style: Style, capacity: Int = 0) {
        self.style = style
        if capacity > 0 { bytes.reserveCapacity(capacity) }
    }

    /// The text written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: Structure

    /// Starts an object (`{`).
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        first = true
    }

    /// Ends the innermost object (`}`).
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        first = false
    }

    /// Starts an array (`[`).
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        first = true
    }

    /// Ends the innermost array (`]`).
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        first = false
    }

    /// Writes an object key and its `:`; the member's value comes next.
    public mutating func key(_ name: String) {
        separate()
        JSONStringEscaping.appendQuoted(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        if style == .spaced { bytes.append(UInt8(ascii: " ")) }
        first = true
    }

    // MARK: Values

    /// Writes a string.
    public mutating func string(_ value: String) {
        separate()
        JSONStringEscaping.appendQuoted(value, to: &bytes)
    }

    /// Writes an integer.
    public mutating func integer(_ value: Int64) {
        separate()
        if value >= 0, value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
    }

    /// Writes `text`, already JSON, as it is (a fixed fragment such as `{"parse":[]}`).
    public mutating func raw(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
    }

    // MARK: Members

    /// Writes the member `key` with a string value, or `null` when `value` is nil.
    public mutating func member(_ key: String, _ value: String?) {
        self.key(key)
        if let value { string(value) } else { null() }
    }

    /// Writes the member `key` with an integer value, or `null` when `value` is nil.
    public mutating func member(_ key: String, _ value: Int64?) {
        self.key(key)
        if let value { integer(value) } else { null() }
    }

    /// Writes the member `key` with a boolean value.
    public mutating func member(_ key: String, _ value: Bool) {
        self.key(key)
        bool(value)
    }

    /// Writes the member `key` with `text`, already JSON, as its value.
    public mutating func member(_ key: String, raw text: String) {
        self.key(key)
        raw(text)
    }

    /// The comma (and, spaced, the space) before any value or key but the first at its level.
    private mutating func separate() {
        if first {
            first = false
        } else {
            bytes.append(UInt8(ascii: ","))
            if style == .spaced { bytes.append(UInt8(ascii: " ")) }
        }
    }
}
