import Messages

/// A parsed JSON value. Booleans stay booleans (never numbers), numbers are `Double`, and objects
/// keep the order of their keys (for messages and for "any key" fallbacks).
///
/// Foundation's `JSONSerialization` is not used because on Linux it turns `true` into a number and
/// reports no positions; `JSONParser` produces these values instead.
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (always finite).
    case number(Double)
    /// A string, with escapes resolved.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object: its members, and its keys in document order (a repeated key keeps its first
    /// position and its last value).
    case object([String: JSONValue], keys: [String])

    /// The member `key` of an object; nil for a missing key or a non-object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members, _) = self { return members[key] }
        return nil
    }

    /// The text of a string; nil for any other value.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of a number; nil for any other value (a boolean is not a number).
    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The value of a boolean; nil for any other value.
    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// The elements of an array; nil for any other value.
    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The members of an object; nil for any other value.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members, _) = self { return members }
        return nil
    }

    /// The keys of an object in document order; nil for any other value.
    public var objectKeys: [String]? {
        if case .object(_, let keys) = self { return keys }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// What kind of value this is, for error messages: "null", "a boolean", "a number", "a string",
    /// "an array", "an object" (in the reader's language when shown).
    public var kindDescription: Message {
        switch self {
        case .null: return .verbatim("null")
        case .bool: return Message(.jsonKindBoolean)
        case .number: return Message(.jsonKindNumber)
        case .string: return Message(.jsonKindString)
        case .array: return Message(.jsonKindArray)
        case .object: return Message(.jsonKindObject)
        }
    }
}
