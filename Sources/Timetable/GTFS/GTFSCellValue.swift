/// Numbers and dates read straight from the bytes of GTFS cells (surrounding spaces ignored).
enum GTFSCellValue {
    /// A non-negative decimal integer below 2^31, or nil.
    @inline(__always)
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        var start = 0, end = bytes.count
        while start < end, bytes[start] == 0x20 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 { end -= 1 }
        guard start < end, end - start <= 9 else { return nil }
        var value: Int32 = 0
        for index in start..<end {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int32(digit)
        }
        return value
    }

    /// A `YYYYMMDD` date as its `LocalDate.dayNumber`, or nil when it is not a real date.
    static func dayNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var start = 0, end = bytes.count
        while start < end, bytes[start] == 0x20 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 { end -= 1 }
        guard end - start == 8 else { return nil }
        var digits: [Int] = []
        for index in start..<end {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { return nil }
            digits.append(Int(digit))
        }
        let year = digits[0] * 1000 + digits[1] * 100 + digits[2] * 10 + digits[3]
        let month = digits[4] * 10 + digits[5], day = digits[6] * 10 + digits[7]
        return LocalDate(year: year, month: month, day: day)?.dayNumber
    }
}
