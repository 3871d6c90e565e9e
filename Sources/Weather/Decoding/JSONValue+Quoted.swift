internal import JSONText
import Messages

extension JSONValue {
    /// The JSON type name used in messages, with a short quote of the value: `boolean true`,
    /// `number 1.5`, `string "soon"`, `an array of 3`, `an object`.
    var quoted: Message {
        switch self {
        case .null: return .verbatim("null")
        case .bool(let value): return Message(.weatherQuotedBoolean, ["value": .text("\(value)")])
        case .number(let value): return Message(.weatherQuotedNumber, ["value": .text("\(value)")])
        case .string(let value):
            let short = value.count > 40 ? String(value.prefix(40)) + "…" : value
            return Message(.weatherQuotedString, ["value": .text("\"\(short)\"")])
        case .array(let values): return Message(.weatherQuotedArray, ["count": .number(values.count)])
        case .object: return Message(.jsonKindObject)
        }
    }
}
