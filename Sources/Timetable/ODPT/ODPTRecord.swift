internal import JSONText
import Messages

/// One element of an ODPT response array, with what an error message needs to point at it.
struct ODPTRecord {
    /// 0-based position in the file's array.
    var index: Int
    /// How many records the file holds.
    var count: Int
    /// The record's JSON object.
    var value: JSONValue

    /// `owl:sameAs`, the record's id, when present.
    var sameAs: String? { value["owl:sameAs"]?.stringValue }

    /// "record 2 of 3 (odpt.StationTimetable:…)": 1-based, with the record's id.
    var place: Message {
        guard let sameAs else { return Message(.odptRecord, ["index": .number(index + 1), "count": .number(count)]) }
        return Message(.odptRecordWithID, ["index": .number(index + 1), "count": .number(count), "id": .text(sameAs)])
    }

    /// A required string member; throws naming the record when it is missing or not a string.
    func requiredString(_ key: String, file: String) throws -> String {
        guard let member = value[key] else {
            throw DecodeError(file: file, placeText: place, text: Message(.odptMissing, ["key": .text("\"\(key)\"")]))
        }
        guard let text = member.stringValue else {
            throw DecodeError(file: file, placeText: place, text: ODPTRecord.mustBe("\"\(key)\"", .jsonKindString, got: member))
        }
        return text
    }

    /// An optional string member; throws when present but not a string.
    func optionalString(_ key: String, file: String) throws -> String? {
        guard let member = value[key], member != .null else { return nil }
        guard let text = member.stringValue else {
            throw DecodeError(file: file, placeText: place, text: ODPTRecord.mustBe("\"\(key)\"", .jsonKindString, got: member))
        }
        return text
    }

    /// The array of timetable entries under `key`; throws when missing or not an array.
    func entries(_ key: String, file: String) throws -> [JSONValue] {
        guard let member = value[key] else {
            throw DecodeError(file: file, placeText: place, text: Message(.odptMissing, ["key": .text("\"\(key)\"")]))
        }
        guard let items = member.arrayValue else {
            throw DecodeError(file: file, placeText: place, text: Message(.odptMustBe, [
                "key": .text("\"\(key)\""), "expected": .key(.jsonKindArray), "value": .message(member.kindDescription),
            ]))
        }
        return items
    }

    /// `"key" must be a string, got 1`: `key` as it should be quoted, what it must be, the value found.
    static func mustBe(_ key: String, _ expected: MessageKey, got value: JSONValue) -> Message {
        Message(.odptMustBe, ["key": .text(key), "expected": .key(expected), "value": .message(value.quoted)])
    }
}

/// Reading the outer shape of an ODPT response: a JSON array of records of one `@type`.
enum ODPTDocument {
    /// The records of `bytes`; throws a `DecodeError` for an empty file, an HTML page, invalid or
    /// truncated JSON, a top-level value that is not an array, a non-object element, or an element
    /// whose `@type` is not `type`.
    static func records(_ bytes: [UInt8], file: String, type: String) throws -> [ODPTRecord] {
        try records(bytes, file: file, types: [type]).records
    }

    /// The records of `bytes` when they are all of one of `types` (the first is the one messages
    /// expect), with that type; throws as `records(_:file:type:)` does, and for records of
    /// different types.
    static func records(_ bytes: [UInt8], file: String, types: [String]) throws -> (records: [ODPTRecord], type: String) {
        let type = types[0]
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw decodeError(error, bytes: bytes, file: file, type: type)
        }
        guard let items = document.arrayValue else {
            var message = Message(.odptNotAnArray, ["type": .text(type), "kind": .message(document.kindDescription)])
            if case .object = document {
                message = message + .verbatim(" ") + document.quoted
                for key in ["title", "message", "description", "error"] {
                    if let text = document[key]?.stringValue { message = message + .verbatim("; \(key): \"\(text)\"") }
                }
            }
            throw DecodeError(file: file, text: message)
        }
        guard !items.isEmpty else {
            throw DecodeError(file: file, text: Message(.odptEmptyArray, ["type": .text(type)]))
        }
        var records: [ODPTRecord] = []
        records.reserveCapacity(items.count)
        var found: String?
        for (index, item) in items.enumerated() {
            let record = ODPTRecord(index: index, count: items.count, value: item)
            guard case .object = item else {
                throw DecodeError(file: file, placeText: record.place, text: Message(.odptExpectedTypeObject, [
                    "type": .text(type), "kind": .message(item.kindDescription), "value": .message(item.quoted),
                ]))
            }
            if let actual = item["@type"]?.stringValue {
                if let found, actual != found {
                    throw DecodeError(file: file, placeText: record.place,
                                      text: Message(.odptMixedTypes, ["actual": .text(actual), "found": .text(found)]))
                }
                guard types.contains(actual) else {
                    throw DecodeError(file: file, placeText: record.place, text: Message(.odptWrongType, [
                        "actual": .text(actual), "expected": .message(.joined(types.map(Message.verbatim), separator: Message(.odptOrSeparator))),
                    ]))
                }
                found = actual
            }
            records.append(record)
        }
        return (records, found ?? type)
    }

    /// A `JSONSyntaxError` as a `DecodeError`: the whole file for an empty file, an HTML page or
    /// plain text (quoting its start), else `file:line:col`.
    private static func decodeError(_ error: JSONSyntaxError, bytes: [UInt8], file: String, type: String) -> DecodeError {
        switch error.kind {
        case .empty:
            return DecodeError(file: file, text: Message(.odptEmptyFile, ["type": .text(type)]))
        case .html:
            return DecodeError(file: file, text: Message(.odptGotHTML, ["excerpt": .text(excerpt(bytes[error.offset...]))]))
        case .notJSON:
            return DecodeError(file: file, text: Message(.odptGotText, ["excerpt": .text(excerpt(bytes[error.offset...]))]))
        case .truncated, .syntax, .tooDeep:
            return DecodeError(file: file, line: error.line, column: error.column, text: error.text)
        }
    }

    /// The first characters of a non-JSON body, on one line, quoted.
    static func excerpt(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes.prefix(200), as: UTF8.self)
        let oneLine = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        let short = oneLine.count > 60 ? String(oneLine.prefix(60)) + "…" : oneLine
        return "\"" + short + "\""
    }

    /// A title in `language` from a string or a multilingual object (`{"ja": …, "en": …}`): the
    /// requested language, else Japanese, else English, else any.
    static func title(_ value: JSONValue?, language: String) -> String? {
        guard let value else { return nil }
        switch value {
        case .string(let text):
            return text.isEmpty ? nil : text
        case .object(let members, let keys):
            for key in [language, "ja", "en"] + keys {
                if let text = members[key]?.stringValue, !text.isEmpty { return text }
            }
            return nil
        default:
            return nil
        }
    }

    /// The last dot-separated component of an ODPT id: `odpt.Railway:TokyoMetro.Ginza` → `Ginza`.
    static func lastComponent(_ id: String) -> String {
        let name = id.split(separator: ":", maxSplits: 1).last.map(String.init) ?? id
        return name.split(separator: ".").last.map(String.init) ?? name
    }

    /// Whether an id matches a user's filter: the full id, or the id without its `odpt.X:` prefix.
    static func matches(_ id: String, filter: String) -> Bool {
        if id == filter { return true }
        guard !filter.contains(":"), let colon = id.firstIndex(of: ":") else { return false }
        return id[id.index(after: colon)...] == filter
    }
}
