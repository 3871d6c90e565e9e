import Foundation
import Timetable
import TestServers


/// A leave-now rule drawn at random from everything a rule can say, kept as plain fields so the
/// reference model reads them directly, and as the YAML a user would write.
public struct GeneratedLeaveNowRule: Sendable {
    public var id: String
    public var board: String
    public var lines: [String]?
    public var stops: [String]?
    public var destinations: [String]?
    public var days: [Weekday]?
    public var dayTypes: [DayType]?
    /// `between:` in seconds after midnight (end exclusive; wraps midnight when end < start).
    public var window: (start: Int, end: Int)?
    public var lastOnly = false
    public var pickFirst = false
    public var bufferMinutes = 0
    /// Distinct, at least one.
    public var headsUpMinutes: [Int] = [0]
    /// Quiet hours, active days and hours, cooldown, `max_per_day`, urgency.
    public var gates = ReferenceGates()
    /// The channel the rule sends through.
    public var channel = "sink"

    /// The labels a board's departures have, to draw filters from.
    public struct Labels: Sendable {
        public var lines: [String]
        public var stops: [String]
        public var destinations: [String]

        public init(lines: [String], stops: [String], destinations: [String]) {
            self.lines = lines
            self.stops = stops
            self.destinations = destinations
        }
    }

    public init(id: String, board: String) {
        self.id = id
        self.board = board
    }

    /// A rule for `board` with each feature present with some probability.
    public static func random(id: String, board: String, labels: Labels, using rng: inout SplitMix64) -> GeneratedLeaveNowRule {
        var rule = GeneratedLeaveNowRule(id: id, board: board)
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }
        func someOf<T>(_ all: [T], extra: T? = nil) -> [T] {
            var picked = all.filter { _ in chance(40) }
            if picked.isEmpty, let first = all.randomElement(using: &rng) { picked = [first] }
            if let extra, chance(15) { picked.append(extra) }
            return picked
        }
        func clockTime(step: Int) -> Int { Int.random(in: 0..<(86_400 / step), using: &rng) * step }
        func window(step: Int) -> (Int, Int) {
            let start = clockTime(step: step)
            var end = clockTime(step: step)
            while end == start { end = clockTime(step: step) }
            return (start, end)
        }
        if chance(25) { rule.lines = someOf(labels.lines, extra: "99系統") }
        if chance(30) { rule.stops = someOf(labels.stops, extra: "99") }
        if chance(25) { rule.destinations = someOf(labels.destinations) }
        if chance(35) { rule.days = someOf(Weekday.allCases) }
        if chance(25) { rule.dayTypes = someOf(DayType.allCases) }
        if chance(55) { rule.window = window(step: 900) }
        rule.lastOnly = chance(10)
        rule.pickFirst = chance(20)
        rule.bufferMinutes = [0, 0, 1, 2, 5].randomElement(using: &rng)!
        var headsUp = Set([0, 0, 0, 3, 5, 10, 15, 30, 60].filter { _ in chance(30) })
        if headsUp.isEmpty { headsUp = [[0, 10, 15].randomElement(using: &rng)!] }
        rule.headsUpMinutes = headsUp.sorted(by: >)
        rule.gates = ReferenceGates.random(using: &rng)
        return rule
    }

    private static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    private static func clock(_ seconds: Int) -> String {
        String(format: "%02d:%02d", seconds / 3600, seconds % 3600 / 60)
    }

    private static func list(_ items: [String]) -> String {
        "[" + items.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }

    /// The rule as YAML list item under `rules:` (two-space indentation).
    public var yaml: String {
        var lines = ["  - id: \(id)", "    kind: leave_now", "    board: \(board)", "    channels: [\(channel)]"]
        if let value = self.lines { lines.append("    lines: \(Self.list(value))") }
        if let stops { lines.append("    stops: \(Self.list(stops))") }
        if let destinations { lines.append("    destinations: \(Self.list(destinations))") }
        if let days { lines.append("    days: [\(days.map { Self.dayNames[$0.rawValue] }.joined(separator: ", "))]") }
        if let dayTypes { lines.append("    day_types: [\(dayTypes.map(\.rawValue).joined(separator: ", "))]") }
        if let window { lines.append("    between: \"\(Self.clock(window.start))-\(Self.clock(window.end))\"") }
        if lastOnly { lines.append("    last_only: true") }
        if pickFirst { lines.append("    pick: first") }
        if bufferMinutes > 0 { lines.append("    buffer: \(bufferMinutes)m") }
        lines.append("    heads_up: [\(headsUpMinutes.map { "\($0)m" }.joined(separator: ", "))]")
        lines += gates.yaml
        lines.append("    language: en")
        return lines.joined(separator: "\n")
    }
}
