import JSONText
import Timetable
import Messages

/// An `odpt:Train` response: a JSON array of objects whose `@type` is `odpt:Train` (an empty array
/// is fine: no train running, as at night), each decoded by `ODPTTimetableDecoder.trains` (delays,
/// from / to stations, train numbers; a member of the wrong kind is an error naming the record).
public struct ODPTTrainResponse: Sendable, Equatable {
    /// The body as received.
    public var bytes: [UInt8]
    /// How many trains it lists.
    public var trainCount: Int
    /// The trains, decoded.
    public var trains: [ODPTTrain]

    /// Checks `bytes`; `label` names the body in errors.
    ///
    /// - Throws: a `DecodeError` when the body is not JSON, not an array, or holds an element that
    ///   is not an object with `"@type": "odpt:Train"` (its index and what it holds instead).
    public init(checking bytes: [UInt8], label: String) throws {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw DecodeError(file: label, text: Message(.factsTrainsNotJSON, ["error": .message(Message(error: error))]))
        }
        guard case .array(let items) = value else {
            throw DecodeError(file: label, text: Message(.factsTrainsNotArray, ["kind": .message(value.kindDescription)]))
        }
        for (index, item) in items.enumerated() {
            guard case .object = item else {
                throw DecodeError(file: label, text: Message(.factsTrainsNotObject, ["index": .number(index), "kind": .message(item.kindDescription)]))
            }
            let type = item["@type"]?.stringValue
            guard type == "odpt:Train" else {
                throw DecodeError(file: label, text: Message(.factsTrainsWrongType, [
                    "index": .number(index), "type": type.map { .text("\"\($0)\"") } ?? .key(.factsTrainsNoType),
                ]))
            }
        }
        self.bytes = bytes
        self.trainCount = items.count
        self.trains = items.isEmpty ? [] : try ODPTTimetableDecoder.trains(bytes, file: label)
    }

}
