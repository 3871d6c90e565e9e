/// A parsed JSON value. Booleans stay booleans (never numbers), numbers are `Double`.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The JSON type name used in messages, with a short quote of the value.
    var quoted: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return "boolean \(value)"
        case .number(let value): return "number \(value)"
        case .string(let value):
            let short = value.count > 40 ? String(value.prefix(40)) + "…" : value
            return "string \"\(short)\""
        case .array(let values): return "an array of \(values.count)"
        case .object: return "an object"
        }
    }
}
