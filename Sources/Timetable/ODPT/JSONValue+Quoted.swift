internal import JSONText
import Messages

extension JSONValue {
    /// A short JSON-ish rendering for quoting a bad value in an ODPT error: `"yes"`, `1`,
    /// `[…] (3 items)`, `{"@id", "@type", …}`.
    var quoted: Message {
        switch self {
        case .null: return .verbatim("null")
        case .bool(let flag): return .verbatim(flag ? "true" : "false")
        case .number(let value):
            return .verbatim(value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value))
        case .string(let text): return .verbatim("\"" + (text.count > 60 ? String(text.prefix(60)) + "…" : text) + "\"")
        case .array(let items): return Message(.odptItems, ["count": .number(items.count)])
        case .object(_, let keys): return .verbatim("{" + keys.prefix(4).map { "\"\($0)\"" }.joined(separator: ", ")
            + (keys.count > 4 ? ", …" : "") + "}")
        }
    }
}
