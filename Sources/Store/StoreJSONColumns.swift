import Foundation
import Messages

/// A store that keeps values as JSON text in its columns (notifications, rule state): one way to
/// encode and decode them, with errors naming the store and what was being read or written.
protocol StoreJSONColumns {
    /// The store's place, for errors (a file path, or a URL without its password).
    var path: String { get }
    var encoder: JSONEncoder { get }
    var decoder: JSONDecoder { get }
}

extension StoreJSONColumns {
    /// `value` as JSON text.
    func json<Value: Encodable>(_ value: Value, _ what: @autoclosure () -> Message) throws(StoreError) -> String {
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw StoreError(path: path, operation: Message(.storeEncoding, ["what": .message(what())]), message: .verbatim("\(error)"), code: .badValue)
        }
    }

    /// ``json(_:_:)`` naming `what` the same in every language.
    func json<Value: Encodable>(_ value: Value, _ what: @autoclosure () -> String) throws(StoreError) -> String {
        try json(value, Message.verbatim(what()))
    }

    /// ``decode(_:from:_:)`` naming `what` the same in every language.
    func decode<Value: Decodable>(_ type: Value.Type, from text: String, _ what: @autoclosure () -> String) throws(StoreError) -> Value {
        try decode(type, from: text, Message.verbatim(what()))
    }

    /// A value of `type` from JSON text.
    func decode<Value: Decodable>(_ type: Value.Type, from text: String, _ what: @autoclosure () -> Message) throws(StoreError) -> Value {
        do {
            return try decoder.decode(type, from: Data(text.utf8))
        } catch {
            throw StoreError(path: path, operation: Message(.storeDecoding, ["what": .message(what())]), message: .verbatim("\(error)"), code: .badValue)
        }
    }
}
