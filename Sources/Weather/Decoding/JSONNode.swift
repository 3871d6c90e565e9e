import Foundation
internal import JSONText
import Messages

/// A JSON value together with its path in the document, so every error can say where it is.
struct JSONNode {
    let value: JSONValue
    let path: String
    let source: String

    /// The document root.
    init(root: JSONValue, source: String) {
        self.init(value: root, path: "", source: source)
    }

    /// The root of the JSON document in `bytes`; throws a `WeatherDecodeError` (empty, notJSON,
    /// truncated, malformed) when the body is not JSON.
    init(document bytes: [UInt8], source: String) throws {
        do {
            self.init(root: try JSONParser.parse(bytes), source: source)
        } catch {
            throw WeatherDecodeError(error, source: source)
        }
    }

    private init(value: JSONValue, path: String, source: String) {
        self.value = value
        self.path = path
        self.source = source
    }

    func error(_ kind: WeatherDecodeError.Kind, _ text: Message) -> WeatherDecodeError {
        WeatherDecodeError(source: source, pathText: path.isEmpty ? Message(.weatherTopLevel) : .verbatim(path), kind: kind, text: text)
    }

    /// An error of `kind` saying the catalogue entry `key` with `arguments`.
    func error(_ kind: WeatherDecodeError.Kind, _ key: MessageKey, _ arguments: [String: MessageArgument] = [:]) -> WeatherDecodeError {
        error(kind, Message(key, arguments))
    }

    private func childPath(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// The member `key` when present and not null; throws when this node is not an object.
    func optional(_ key: String) throws -> JSONNode? {
        guard case .object(let members, _) = value else { throw error(.wrongType, .weatherExpectedObject, ["value": .message(value.quoted)]) }
        guard let member = members[key] else { return nil }
        if case .null = member { return nil }
        return JSONNode(value: member, path: childPath(key), source: source)
    }

    /// The member `key`; throws when it is missing or null.
    func required(_ key: String) throws -> JSONNode {
        guard let member = try optional(key) else {
            throw JSONNode(value: .null, path: childPath(key), source: source).error(.missingValue, .weatherMissingValue)
        }
        return member
    }

    /// The elements of an array, each with its indexed path.
    func elements() throws -> [JSONNode] {
        guard case .array(let values) = value else { throw error(.wrongType, .weatherExpectedArray, ["value": .message(value.quoted)]) }
        return values.enumerated().map { offset, element in
            JSONNode(value: element, path: "\(path)[\(offset)]", source: source)
        }
    }

    /// Whether the value is null.
    var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// The value as a number.
    func number() throws -> Double {
        guard case .number(let number) = value else { throw error(.wrongType, .weatherExpectedNumber, ["value": .message(value.quoted)]) }
        return number
    }

    /// The value as a whole number.
    func integer() throws -> Int {
        let number = try number()
        guard number.rounded() == number, abs(number) < 1e15 else { throw error(.invalidValue, .weatherExpectedWholeNumber, ["value": .text("\(number)")]) }
        return Int(number)
    }

    /// The value as a string.
    func string() throws -> String {
        guard case .string(let text) = value else { throw error(.wrongType, .weatherExpectedString, ["value": .message(value.quoted)]) }
        return text
    }

    /// A number written as a string (JMA: `"10"`); `nil` for an empty string.
    func numericString() throws -> Double? {
        let text = try string().trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return nil }
        guard let number = Double(text), number.isFinite else { throw error(.invalidValue, .weatherExpectedNumberInString, ["value": .text("\"\(text)\"")]) }
        return number
    }

    /// The optional member `key` as a number.
    func optionalNumber(_ key: String) throws -> Double? { try optional(key)?.number() }
    /// The required member `key` as a number.
    func requiredNumber(_ key: String) throws -> Double { try required(key).number() }
    /// The optional member `key` as a string.
    func optionalString(_ key: String) throws -> String? { try optional(key)?.string() }
    /// The required member `key` as a string.
    func requiredString(_ key: String) throws -> String { try required(key).string() }
}
