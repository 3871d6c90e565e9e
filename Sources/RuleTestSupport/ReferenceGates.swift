import Timetable
import TestServers

/// The gates every notification passes, written out naively for the reference models: in time
/// order, held notifications first at an instant; expiry; active days and hours; quiet hours (held
/// until they end unless expired by then; `critical` ignores them); cooldown; `max_per_day` — all
/// in Asia/Tokyo.
public struct ReferenceGates: Sendable {
    public var quietHours: (start: Int, end: Int)?
    public var activeDays: [Weekday]?
    public var activeHours: (start: Int, end: Int)?
    public var cooldownMinutes = 0
    public var maxPerDay: Int?
    public var critical = false

    /// One notification the rule decided to send at `at`; `order` breaks ties at one instant.
    public struct Candidate: Sendable {
        public var at: Int64
        public var order: Int
        public var key: String
        public var expires: Int64?

        public init(at: Int64, order: Int, key: String, expires: Int64?) {
            self.at = at
            self.order = order
            self.key = key
            self.expires = expires
        }
    }

    public init() {}

    /// One notification that passes.
    public struct Sent: Equatable, Hashable, Sendable, CustomStringConvertible {
        public var at: Int64
        public var key: String
        public var description: String { "\(at) \(key)" }

        public init(at: Int64, key: String) {
            self.at = at
            self.key = key
        }
    }

    public static func inside(_ window: (start: Int, end: Int), _ seconds: Int) -> Bool {
        window.start < window.end ? (seconds >= window.start && seconds < window.end) : (seconds >= window.start || seconds < window.end)
    }

    /// What passes of `candidates` up to `to`.
    public func apply(_ candidates: [Candidate], to: Int64) -> [Sent] {
        let tokyo = ZoneClock(identifier: "Asia/Tokyo")!
        let sorted = candidates.sorted { ($0.at, $0.order) < ($1.at, $1.order) }
        var next = 0
        var held: [Candidate] = []
        var heldCount = 0
        var sent: [Sent] = []
        var lastSent: Int64?
        var dayCount: (day: Int, count: Int)?
        while next < sorted.count || !held.isEmpty {
            let candidate: Candidate
            // At the same instant, held ones come first, in the order they were held.
            if let first = held.first, next >= sorted.count || first.at <= sorted[next].at {
                candidate = held.removeFirst()
            } else {
                candidate = sorted[next]
                next += 1
            }
            let now = candidate.at
            guard now <= to else { continue }
            let local = tokyo.localTime(at: now)
            if let expires = candidate.expires, expires <= now { continue }
            if let days = activeDays, !days.contains(local.date.weekday) { continue }
            if let hours = activeHours, !Self.inside(hours, local.seconds) { continue }
            if let quiet = quietHours, Self.inside(quiet, local.seconds), !critical {
                let wait = quiet.end > local.seconds ? quiet.end - local.seconds : quiet.end + 86_400 - local.seconds
                let end = now + Int64(wait)
                if candidate.expires.map({ $0 > end }) ?? true {
                    var later = candidate
                    later.at = end
                    later.order = heldCount
                    heldCount += 1
                    held.append(later)
                    held.sort { ($0.at, $0.order) < ($1.at, $1.order) }
                }
                continue
            }
            if let lastSent, cooldownMinutes > 0, now - lastSent < Int64(cooldownMinutes * 60) { continue }
            let count = dayCount?.day == local.date.dayNumber ? dayCount!.count : 0
            if let limit = maxPerDay, count >= limit { continue }
            dayCount = (local.date.dayNumber, count + 1)
            lastSent = now
            sent.append(Sent(at: now, key: candidate.key))
        }
        return sent
    }

    /// Draws gates at random (each present with some probability).
    public static func random(using rng: inout SplitMix64) -> ReferenceGates {
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }
        func window(step: Int) -> (Int, Int) {
            let start = Int.random(in: 0..<(86_400 / step), using: &rng) * step
            var end = start
            while end == start { end = Int.random(in: 0..<(86_400 / step), using: &rng) * step }
            return (start, end)
        }
        var gates = ReferenceGates()
        if chance(25) { gates.quietHours = window(step: 1800) }
        if chance(10) {
            let days = Weekday.allCases.filter { _ in chance(60) }
            gates.activeDays = days.isEmpty ? [.monday] : days
        }
        if chance(10) { gates.activeHours = window(step: 3600) }
        if chance(20) { gates.cooldownMinutes = [5, 15, 30, 90].randomElement(using: &rng)! }
        if chance(20) { gates.maxPerDay = Int.random(in: 1...4, using: &rng) }
        gates.critical = chance(10)
        return gates
    }

    private static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    private static func clock(_ seconds: Int) -> String {
        (seconds / 3600 < 10 ? "0" : "") + "\(seconds / 3600):" + (seconds % 3600 / 60 < 10 ? "0" : "") + "\(seconds % 3600 / 60)"
    }

    /// The gates as YAML lines of a rule (four-space indentation).
    public var yaml: [String] {
        var lines: [String] = []
        if let quietHours { lines.append("    quiet_hours: \"\(Self.clock(quietHours.start))-\(Self.clock(quietHours.end))\"") }
        if activeDays != nil || activeHours != nil {
            lines.append("    active:")
            if let activeDays { lines.append("      days: [\(activeDays.map { Self.dayNames[$0.rawValue] }.joined(separator: ", "))]") }
            if let activeHours { lines.append("      hours: \"\(Self.clock(activeHours.start))-\(Self.clock(activeHours.end))\"") }
        }
        if cooldownMinutes > 0 { lines.append("    cooldown: \(cooldownMinutes)m") }
        if let maxPerDay { lines.append("    max_per_day: \(maxPerDay)") }
        if critical { lines.append("    urgency: critical") }
        return lines
    }
}
