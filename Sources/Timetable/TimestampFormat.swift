/// ISO 8601 timestamps with the offset of a board's timezone, and their parsing.
extension ZoneClock {
    /// `2024-12-22T10:32:00+09:00`: the instant as the zone's wall clock with its offset.
    public func iso8601(_ epoch: Int64) -> String {
        let offset = self.offset(at: epoch)
        let (date, seconds) = localTime(at: epoch)
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        return "\(date)T\(Self.two(seconds / 3600)):\(Self.two(seconds % 3600 / 60)):\(Self.two(seconds % 60))"
            + "\(sign)\(Self.two(magnitude / 3600)):\(Self.two(magnitude % 3600 / 60))"
    }

    /// `HH:MM` on the zone's wall clock.
    public func clockText(_ epoch: Int64) -> String {
        let seconds = localTime(at: epoch).seconds
        return "\(Self.two(seconds / 3600)):\(Self.two(seconds % 3600 / 60))"
    }

    /// Parses `YYYY-MM-DDTHH:MM[:SS]` followed by `Z`, `±HH:MM` or `±HHMM` (an absolute instant), or by
    /// nothing (a wall time in this zone). Also accepts a space instead of `T`, and a bare date (midnight).
    public func parseTimestamp(_ text: String) -> Int64? {
        let chars = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= chars.count else { return nil }
            var value = 0
            for index in range {
                let c = chars[index]
                guard c >= 48, c <= 57 else { return nil }
                value = value * 10 + Int(c - 48)
            }
            return value
        }
        guard chars.count >= 10, chars[4] == 45, chars[7] == 45,
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let date = LocalDate(year: year, month: month, day: day) else { return nil }
        if chars.count == 10 { return instant(date: date, seconds: 0) }
        guard chars.count >= 16, chars[10] == 84 || chars[10] == 32, chars[13] == 58,
              let hour = number(11..<13), let minute = number(14..<16), hour < 24, minute < 60 else { return nil }
        var index = 16
        var second = 0
        if index < chars.count, chars[index] == 58 {
            guard let s = number(17..<19), s < 60 else { return nil }
            second = s
            index = 19
            if index < chars.count, chars[index] == 46 {  // fractional seconds are ignored
                index += 1
                while index < chars.count, chars[index] >= 48, chars[index] <= 57 { index += 1 }
            }
        }
        let wall = hour * 3600 + minute * 60 + second
        if index == chars.count { return instant(date: date, seconds: wall) }
        let utcWall = Int64(date.dayNumber) * 86_400 + Int64(wall)
        if chars[index] == 90, index + 1 == chars.count { return utcWall }  // Z
        guard chars[index] == 43 || chars[index] == 45, let oh = number(index + 1..<index + 3) else { return nil }
        var rest = index + 3
        if rest < chars.count, chars[rest] == 58 { rest += 1 }
        guard let om = number(rest..<rest + 2), rest + 2 == chars.count, oh < 24, om < 60 else { return nil }
        let offset = Int64(oh * 3600 + om * 60) * (chars[index] == 45 ? -1 : 1)
        return utcWall - offset
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
