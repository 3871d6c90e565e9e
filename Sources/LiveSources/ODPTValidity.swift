import Foundation
import JSONText

/// What an ODPT response says about its own freshness: `dc:date` (when the data was made) and
/// `dct:valid` (when it stops being valid) of its records.
///
/// `odpt:TrainInformation` records carry `dct:valid` a few minutes after `dc:date`; a timetable may
/// carry one for its validity end. Only `dct:valid` sets a deadline: `dc:date` says when the data
/// was made, not when it expires, and is kept for display.
public struct ODPTValidity: Sendable, Equatable, Codable {
    /// The latest `dc:date` of the records, seconds since the epoch.
    public var latestDate: Int64?
    /// Every distinct `dct:valid` of the records, ascending, seconds since the epoch.
    public var validityEnds: [Int64]

    /// A validity from its parts.
    public init(latestDate: Int64? = nil, validityEnds: [Int64] = []) {
        self.latestDate = latestDate
        self.validityEnds = Array(Set(validityEnds)).sorted()
    }

    /// The validity of an ODPT JSON body (an array of records or one record); nil when the body
    /// is not JSON or carries neither field. Unparsable timestamps are skipped.
    public init?(body: Data) {
        guard let value = try? JSONParser.parse(Array(body)) else { return nil }
        let records: [JSONValue]
        if let array = value.arrayValue {
            records = array.filter { $0.objectValue != nil }
        } else if value.objectValue != nil {
            records = [value]
        } else {
            return nil
        }
        var dates: [Int64] = []
        var ends: [Int64] = []
        for record in records {
            if let text = record["dc:date"]?.stringValue, let date = Self.parseTimestamp(text) { dates.append(date) }
            if let text = record["dct:valid"]?.stringValue, let end = Self.parseTimestamp(text) { ends.append(end) }
        }
        guard !dates.isEmpty || !ends.isEmpty else { return nil }
        self.init(latestDate: dates.max(), validityEnds: ends)
    }

    /// The first validity end strictly after `instant`: the data confirmed at `instant` expires
    /// then. Ends at or before it are ignored (the server confirmed the data after they passed,
    /// so it has nothing newer yet).
    public func firstEnd(after instant: Int64) -> Int64? {
        validityEnds.first { $0 > instant }
    }

    /// Parses the ISO 8601 timestamps ODPT uses: `2017-12-11T13:20:05+09:00`, also with `Z`,
    /// fractional seconds or without seconds. Nil for anything else.
    public static func parseTimestamp(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        var position = 0
        func number(_ digits: Int) -> Int? {
            guard position + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<position + digits] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            position += digits
            return value
        }
        func expect(_ character: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == character else { return false }
            position += 1
            return true
        }
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
              let day = number(2), expect(UInt8(ascii: "T")), let hour = number(2), expect(UInt8(ascii: ":")),
              let minute = number(2) else { return nil }
        var second = 0
        if expect(UInt8(ascii: ":")) {
            guard let value = number(2) else { return nil }
            second = value
            if expect(UInt8(ascii: ".")) {
                while position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 { position += 1 }
            }
        }
        var offset = 0
        if expect(UInt8(ascii: "Z")) {
            offset = 0
        } else if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
            let sign = bytes[position] == UInt8(ascii: "-") ? -1 : 1
            position += 1
            guard let hours = number(2) else { return nil }
            _ = expect(UInt8(ascii: ":"))
            guard let minutes = number(2) else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard position == bytes.count, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60,
              second < 61 else { return nil }
        // Days from the civil date (H. Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)
    }
}
