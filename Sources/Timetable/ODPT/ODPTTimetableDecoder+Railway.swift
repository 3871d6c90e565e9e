internal import JSONText
import Messages

extension ODPTTimetableDecoder {
    /// The railways of an `odpt:Railway` response with their station order, in file order.
    ///
    /// - Parameters:
    ///   - bytes: the response body (a JSON array of `odpt:Railway` records).
    ///   - file: the file name or URL, used in errors.
    /// - Returns: one `ODPTRailway` per record, stations sorted by `odpt:index` (file order when
    ///   an entry has none).
    /// - Throws: `DecodeError` naming the file and the record for unreadable input, a record without
    ///   `owl:sameAs` or `odpt:stationOrder`, or an entry without a string `odpt:station` or with an
    ///   `odpt:index` that is not a whole number.
    public static func railways(_ bytes: [UInt8], file: String) throws -> [ODPTRailway] {
        try ODPTDocument.records(bytes, file: file, type: "odpt:Railway").map { record in
            var stations: [(index: Int, position: Int, station: String)] = []
            for (position, entry) in try record.entries("odpt:stationOrder", file: file).enumerated() {
                func place() -> Message { Message(.odptStationPlace, ["record": .message(record.place), "index": .number(position + 1)]) }
                guard case .object = entry, let station = entry["odpt:station"]?.stringValue else {
                    throw DecodeError(file: file, placeText: place(), text: Message(.odptRailwayStation, ["value": .message(entry.quoted)]))
                }
                var index = position
                if let value = entry["odpt:index"], value != .null {
                    guard let number = value.numberValue, number == number.rounded(), abs(number) < 1e6 else {
                        throw DecodeError(file: file, placeText: place(), text: ODPTRecord.mustBe("\"odpt:index\"", .odptExpectedWholeNumber, got: value))
                    }
                    index = Int(number)
                }
                stations.append((index, position, station))
            }
            stations.sort { ($0.index, $0.position) < ($1.index, $1.position) }
            return ODPTRailway(id: try record.requiredString("owl:sameAs", file: file), stationOrder: stations.map(\.station),
                               ascendingDirection: try record.optionalString("odpt:ascendingRailDirection", file: file),
                               descendingDirection: try record.optionalString("odpt:descendingRailDirection", file: file))
        }
    }
}
