import Messages

extension ODPTTimetableDecoder {
    /// The validity the chosen records state: `dct:issued` (the date the timetable takes effect,
    /// ダイヤ改正日) and `dct:valid` (until when the data is guaranteed). Several records (one per
    /// calendar and direction) give the latest `dct:issued` and the earliest `dct:valid`: the
    /// timetable as a whole holds from its last part's revision to its first part's end. Nil when no
    /// record has either.
    ///
    /// - Throws: `DecodeError` naming the record when a value is not a date or an ISO 8601 time.
    static func validity(of records: [ODPTRecord], file: String) throws -> PublishedValidity? {
        var from: LocalDate?
        var until: LocalDate?
        for record in records {
            if let text = try record.optionalString("dct:issued", file: file) {
                guard let date = firstValidDate(dctIssued: text) else {
                    throw DecodeError(file: file, placeText: record.place, text: Message(.odptBadDate, [
                        "key": .text("dct:issued"), "value": .text("\"\(text)\""), "example": .text("2025-03-15"),
                    ]))
                }
                from = max(from ?? date, date)
            }
            if let text = try record.optionalString("dct:valid", file: file) {
                guard let date = lastValidDate(dctValid: text) else {
                    throw DecodeError(file: file, placeText: record.place, text: Message(.odptBadDate, [
                        "key": .text("dct:valid"), "value": .text("\"\(text)\""), "example": .text("2025-03-14"),
                    ]))
                }
                until = min(until ?? date, date)
            }
        }
        return PublishedValidity(from: from, until: until, fromField: "dct:issued", untilField: "dct:valid")
    }

    /// The first service date of a `dct:issued`: the date as written (`2025-03-15`, or the date of
    /// `2025-03-15T04:00:00+09:00`).
    static func firstValidDate(dctIssued text: String) -> LocalDate? {
        guard let (date, _) = writtenDate(text) else { return nil }
        return date
    }

    /// The last service date of a `dct:valid`: a date as is (`2018-01-15`); a time ends the service
    /// day it falls in, and a service day runs past midnight until 04:00 as written, so
    /// `2025-03-15T00:00:00+09:00` and `2017-12-07T01:30:03+09:00` end the day before.
    static func lastValidDate(dctValid text: String) -> LocalDate? {
        guard let (date, hour) = writtenDate(text) else { return nil }
        guard let hour else { return date }
        return hour < 4 ? date.adding(days: -1) : date
    }

    /// `YYYY-MM-DD`, optionally followed by `THH:MM…` (the rest of the time is not checked here:
    /// only the date and the hour, as written, matter): the date and the hour (nil for a date).
    private static func writtenDate(_ text: String) -> (LocalDate, Int?)? {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = digits(0..<4), let month = digits(5..<7), let day = digits(8..<10),
              let date = LocalDate(year: year, month: month, day: day) else { return nil }
        if bytes.count == 10 { return (date, nil) }
        guard bytes.count >= 16, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
              let hour = digits(11..<13), hour < 24, let minute = digits(14..<16), minute < 60 else { return nil }
        return (date, hour)
    }
}
