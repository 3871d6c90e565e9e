import Foundation

/// A daily window of wall-clock time, `07:00-09:30`; may wrap past midnight (`23:00-06:00`).
public struct ClockWindow: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Seconds after midnight where the window starts (inclusive).
    public var start: Int
    /// Seconds after midnight where it ends (exclusive); less than `start` when it wraps.
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// Parses `HH:MM-HH:MM` (24:00 allowed as an end).
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = ClockWindow.seconds(parts[0]), let end = ClockWindow.seconds(parts[1]),
              start < 86_400, start != end else { return nil }
        self.start = start
        self.end = end
    }

    /// Whether a time of day (seconds after midnight) is inside.
    public func contains(_ secondsOfDay: Int) -> Bool {
        start < end ? (secondsOfDay >= start && secondsOfDay < end) : (secondsOfDay >= start || secondsOfDay < end)
    }

    /// Seconds from `secondsOfDay` until the window ends (0 when outside).
    public func secondsUntilEnd(from secondsOfDay: Int) -> Int {
        guard contains(secondsOfDay) else { return 0 }
        return end > secondsOfDay ? end - secondsOfDay : end + 86_400 - secondsOfDay
    }

    public var description: String { "\(ClockWindow.text(start))-\(ClockWindow.text(end))" }

    /// `HH:MM` → seconds after midnight.
    static func seconds(_ text: Substring) -> Int? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":")
        guard parts.count == 2, parts[1].count == 2, (1...2).contains(parts[0].count),
              let h = Int(parts[0]), let m = Int(parts[1]), (0...24).contains(h), (0..<60).contains(m),
              h < 24 || m == 0 else { return nil }
        return h * 3600 + m * 60
    }

    static func text(_ seconds: Int) -> String {
        let h = seconds / 3600, m = seconds % 3600 / 60
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }
}
