/// A JSON value to write, built in memory: objects keep their members in the order given (the
/// contract's order), numbers are integers. The CLI's `--json` documents are built as one and
/// written with `JSONWriter`. (`JSONValue` is what `JSONParser` reads.)
public indirect enum JSONOutput: Sendable {
    /// A string.
    case string(String)
    /// An integer.
    case int(Int64)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array([JSONOutput])
    /// An object, its members in order.
    case object([(String, JSONOutput)])

    /// The text in the spaced style, one line, UTF-8 kept as is (no `\u` escapes for Japanese):
    /// `{"a": 1, "b": [true, null]}`.
    public var text: String { text(style: .spaced) }

    /// The text in `style`.
    public func text(style: JSONWriter.Style) -> String {
        var writer = JSONWriter(style: style)
        write(to: &writer)
        return writer.text
    }

    /// Writes the value with `writer`.
    public func write(to writer: inout JSONWriter) {
        switch self {
        case .string(let value): writer.string(value)
        case .int(let value): writer.integer(value)
        case .bool(let value): writer.bool(value)
        case .null: writer.null()
        case .array(let items):
            writer.beginArray()
            for item in items { item.write(to: &writer) }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for (key, value) in members {
                writer.key(key)
                value.write(to: &writer)
            }
            writer.endObject()
        }
    }
}
