/// GTFS times of day: `HH:MM:SS` measured from the start of the service day ("noon minus 12 h"),
/// which may pass 24:00:00 for trips after midnight (`25:35:00`). Hours may be one digit (`6:28:00`,
/// as GTFS-JP feeds write them) and surrounding spaces are ignored.
public enum GTFSTime {
    /// Seconds since the service-day start, or nil when `text` is not a GTFS time.
    public static func seconds(_ text: String) -> Int32? {
        var text = text
        return text.withUTF8 { seconds($0) }
    }

    /// Seconds since the service-day start, parsed straight from a cell's bytes; nil when malformed.
    @inline(__always)
    static func seconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        var start = 0, end = bytes.count
        while start < end, bytes[start] == 0x20 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 { end -= 1 }
        let length = end - start
        // H:MM:SS, HH:MM:SS or HHH:MM:SS
        guard length >= 7, length <= 9, bytes[end - 3] == 0x3A, bytes[end - 6] == 0x3A else { return nil }
        var hours: Int32 = 0
        for index in start..<(end - 6) {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { return nil }
            hours = hours * 10 + Int32(digit)
        }
        let m1 = bytes[end - 5] &- 0x30, m2 = bytes[end - 4] &- 0x30
        let s1 = bytes[end - 2] &- 0x30, s2 = bytes[end - 1] &- 0x30
        guard m1 < 6, m2 < 10, s1 < 6, s2 < 10 else { return nil }
        return hours * 3600 + Int32(m1 * 10 + m2) * 60 + Int32(s1 * 10 + s2)
    }

    /// `HH:MM:SS` with hours past 24 kept.
    public static func text(seconds: Int32) -> String {
        let h = seconds / 3600, m = seconds / 60 % 60, s = seconds % 60
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(h)):\(two(m)):\(two(s))"
    }
}
