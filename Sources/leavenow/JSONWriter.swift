import JSONText

/// A JSON value whose objects keep their keys in the order written (the contract's order).
indirect enum JSONValue {
    case string(String)
    case int(Int64)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Compact JSON text, one line, UTF-8 kept as is (no `\u` escapes for Japanese).
    var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .int(let value): output += String(value)
        case .bool(let value): output += value ? "true" : "false"
        case .null: output += "null"
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += ", " }
                item.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += ", " }
                JSONValue.writeString(key, to: &output)
                output += ": "
                value.write(to: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ value: String, to output: inout String) {
        JSONStringEscaping.appendQuoted(value, to: &output)
    }
}
