internal import JSONText

extension JSONValue {
    /// A short JSON-ish rendering for quoting a bad value in an ODPT error: `"yes"`, `1`,
    /// `[…] (3 items)`, `{"@id", "@type", …}`.
    var quoted: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let value):
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let text): return "\"" + (text.count > 60 ? String(text.prefix(60)) + "…" : text) + "\""
        case .array(let items): return "[…] (\(items.count) items)"
        case .object(_, let keys): return "{" + keys.prefix(4).map { "\"\($0)\"" }.joined(separator: ", ")
            + (keys.count > 4 ? ", …" : "") + "}"
        }
    }
}
