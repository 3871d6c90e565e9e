internal import JSONText
import Messages

extension ODPTTimetableDecoder {
    /// The trains of an `odpt:Train` response (train locations and delays), in file order.
    ///
    /// Required per record: `odpt:trainNumber` and `odpt:railway` (strings). Everything else is
    /// optional and may be null or absent; unknown members are ignored. Both origin/destination
    /// shapes are read (see `ODPTTrain`). `dc:date` and `dct:valid` are ISO 8601 timestamps; one
    /// without an offset is Japan time (+09:00), as ODPT publishes.
    ///
    /// - Parameters:
    ///   - bytes: the response body (a JSON array of `odpt:Train` records).
    ///   - file: the file name or URL, used in errors.
    /// - Returns: one `ODPTTrain` per record (JR East 2017 data lists a train twice; both are kept).
    /// - Throws: `DecodeError` naming the file and, for a bad record, its 1-based position and
    ///   `owl:sameAs`, for unreadable input (empty, HTML, truncated or invalid JSON, an empty array,
    ///   not an array of `odpt:Train`), a missing required member, or a member of the wrong kind
    ///   (`"odpt:delay" must be a whole number of seconds, got "60"`).
    public static func trains(_ bytes: [UInt8], file: String) throws -> [ODPTTrain] {
        try ODPTDocument.records(bytes, file: file, type: "odpt:Train").map { record in
            try train(record, file: file)
        }
    }

    private static func train(_ record: ODPTRecord, file: String) throws -> ODPTTrain {
        let fields = ODPTTrainFields(record: record, file: file)
        let destinations = try fields.stations("odpt:destinationStation")
        let terminal = try fields.stations("odpt:terminalStation")
        let origins = try fields.stations("odpt:originStation")
        let starting = try fields.stations("odpt:startingStation")
        return ODPTTrain(
            id: try record.optionalString("owl:sameAs", file: file),
            trainNumber: try record.requiredString("odpt:trainNumber", file: file),
            railway: try record.requiredString("odpt:railway", file: file),
            operator: try record.optionalString("odpt:operator", file: file),
            direction: try record.optionalString("odpt:railDirection", file: file),
            delaySeconds: try fields.wholeNumber("odpt:delay", what: .odptExpectedWholeSeconds),
            fromStation: try record.optionalString("odpt:fromStation", file: file),
            toStation: try record.optionalString("odpt:toStation", file: file),
            originStations: origins.isEmpty ? starting : origins,
            destinationStations: destinations.isEmpty ? terminal : destinations,
            trainType: try record.optionalString("odpt:trainType", file: file),
            trainTypeTitle: try fields.title("odpt:trainTypeTitle"),
            index: try fields.wholeNumber("odpt:index", what: .odptExpectedWholeNumber),
            date: try fields.timestamp("dc:date"),
            validUntil: try fields.timestamp("dct:valid"))
    }
}

/// Typed reading of the optional members of one `odpt:Train` record, with errors naming it.
private struct ODPTTrainFields {
    var record: ODPTRecord
    var file: String

    /// Japan time, for a timestamp without an offset.
    private static let japan = ZoneClock(identifier: "Asia/Tokyo")

    private func wrongKind(_ key: String, expected: MessageKey, got value: JSONValue) -> DecodeError {
        DecodeError(file: file, placeText: record.place, text: ODPTRecord.mustBe("\"\(key)\"", expected, got: value))
    }

    /// A whole number, or nil when absent or null.
    func wholeNumber(_ key: String, what: MessageKey) throws -> Int? {
        guard let value = record.value[key], value != .null else { return nil }
        guard case .number(let number) = value, number == number.rounded(), abs(number) < 1e9 else {
            throw wrongKind(key, expected: what, got: value)
        }
        return Int(number)
    }

    /// Station ids from a string or an array of strings; empty when absent or null.
    func stations(_ key: String) throws -> [String] {
        guard let value = record.value[key], value != .null else { return [] }
        if let id = value.stringValue { return [id] }
        if let items = value.arrayValue {
            return try items.map { item in
                guard let id = item.stringValue else {
                    throw wrongKind(key, expected: .odptExpectedStations, got: item)
                }
                return id
            }
        }
        throw wrongKind(key, expected: .odptExpectedStations, got: value)
    }

    /// A title given as a string or a multilingual object (Japanese preferred).
    func title(_ key: String) throws -> String? {
        guard let value = record.value[key], value != .null else { return nil }
        switch value {
        case .string, .object:
            return ODPTDocument.title(value, language: "ja")
        default:
            throw wrongKind(key, expected: .odptExpectedTitle, got: value)
        }
    }

    /// An ISO 8601 timestamp as seconds since the epoch; nil when absent or null.
    func timestamp(_ key: String) throws -> Int64? {
        guard let text = try record.optionalString(key, file: file) else { return nil }
        guard let clock = Self.japan, let instant = clock.parseTimestamp(text) else {
            throw DecodeError(file: file, placeText: record.place, text: Message(.odptNotISOTime, [
                "key": .text("\"\(key)\""), "example": .text("2017-12-27T15:53:33+09:00"), "value": .text("\"\(text)\""),
            ]))
        }
        return instant
    }
}
