internal import JSONText

extension JSONValue {
    /// The JSON type name used in messages, with a short quote of the value: `boolean true`,
    /// `number 1.5`, `string "soon"`, `an array of 3`, `an object`.
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
