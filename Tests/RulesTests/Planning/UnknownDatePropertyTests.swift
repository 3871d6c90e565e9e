import Foundation
@testable import Rules
import RuleTestSupport
import TestServers
import Timetable
import XCTest

/// Generated leave-now rules on boards with unknown service dates — a route whose Saturday file
/// is broken, a route whose validity ends with nothing replacing it — over four weeks with a
/// holiday Monday: the engine sends exactly what the naive `ReferenceLeaveNow` sends (no departure
/// on or after an unknown date the rule cares about while that date may still have departures),
/// and reports every such date it stops at (none other).
final class UnknownDatePropertyTests: XCTestCase {
    let tokyo = ZoneClock(identifier: "Asia/Tokyo")!

    /// The example 鷹56 directory with its Saturday file broken (a letter O for a zero).
    func brokenSaturday() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-unknown-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let source = PropertyBoards.path("rules/timetables/chofu-mitaka/taka56")
        for name in try FileManager.default.contentsOfDirectory(atPath: source) where name.hasSuffix(".csv") {
            var text = try String(contentsOfFile: source + "/" + name, encoding: .utf8)
            if name.contains("土曜") { text = text.replacingOccurrences(of: ",05", with: ",O5") }
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return directory.path
    }

    /// A rules directory of `boards` and `rules`, written to a temporary folder (as `LeaveNowPropertyTests` writes it).
    func workspace(boards: String, rules: [GeneratedLeaveNowRule]) throws -> (Workspace, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-unknown-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let text = boards + "\nchannels:\n  - {id: sink, type: desktop}\n"
            + (rules.isEmpty ? "rules: []\n" : "rules:\n" + rules.map(\.yaml).joined(separator: "\n") + "\n")
        try text.write(to: directory.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
        return (try Workspace.load(directory: directory.path), text)
    }

    /// The labels of a board's departures over a span, to draw filters from.
    func labels(_ board: Board, from: Int64, to: Int64) -> GeneratedLeaveNowRule.Labels {
        let days = ReferenceLeaveNow.BoardDays(board: board, from: from, to: to).departures
        return GeneratedLeaveNowRule.Labels(lines: Array(Set(days.map(\.line))).sorted(), stops: Array(Set(days.map(\.stop))).sorted(),
                                            destinations: Array(Set(days.map(\.destination))).sorted())
    }

    func boards() throws -> String {
        """
        boards:
          - id: broken
            sources:
              - {csv: \(try brokenSaturday()), walk: 4m}
              - {csv: \(PropertyBoards.path("rules/timetables/chofu-mitaka/taka66")), walk: 3m}
          - id: gap
            sources:
              - {csv: \(PropertyBoards.path("rules/timetables/chofu-mitaka/taka56")), walk: 4m, valid_until: 2025-01-15}
              - {csv: \(PropertyBoards.path("rules/timetables/chofu-mitaka/taka66")), walk: 3m}
              - {csv: \(PropertyBoards.path("rules/timetables/chofu-mitaka/taka51")), walk: 5m, valid_from: 2025-01-25}
        """
    }

    func testGeneratedRulesStopAtUnknownDatesAsTheReferenceDoes() throws {
        let text = try boards()
        let (plain, _) = try workspace(boards: text, rules: [])
        XCTAssertEqual(plain.warnings.count, 1, "the broken Saturday file: \(plain.warnings)")
        let start = tokyo.parseTimestamp("2025-01-04T00:00")!, end = tokyo.parseTimestamp("2025-02-01T00:00")!
        var rng = SplitMix64(seed: 23_001)
        var generated: [GeneratedLeaveNowRule] = []
        for board in ["broken", "gap"] {
            let labels = labels(plain.boards[board]!, from: start, to: end)
            for n in 0..<40 { generated.append(GeneratedLeaveNowRule.random(id: "\(board)-u\(n)", board: board, labels: labels, using: &rng)) }
        }
        let (workspace, yaml) = try workspace(boards: text, rules: generated)
        XCTAssertEqual(workspace.engine.rules.count, generated.count, "every generated rule parses:\n\(yaml)")
        let run = workspace.simulation.run(from: start, to: end)
        var byRule: [String: [ReferenceLeaveNow.Sent]] = [:]
        for delivery in run.deliveries {
            byRule[delivery.notification.rule, default: []].append(.init(at: delivery.at, key: delivery.notification.key))
        }
        var failures = 0, sent = 0, stopped = 0
        for rule in generated {
            let days = ReferenceLeaveNow.BoardDays(board: workspace.boards[rule.board]!, from: start, to: end)
            let reference = ReferenceLeaveNow(rule: rule, days: days)
            let expected = reference.run(from: start, to: end)
            let actual = byRule[rule.id] ?? []
            sent += expected.count
            if expected != actual, failures < 5 {
                failures += 1
                XCTFail("""
                rule \(rule.id): engine sent \(actual.count), reference \(expected.count)
                missing from the engine: \(expected.filter { !actual.contains($0) }.prefix(5).map { "\(tokyo.iso8601($0.at)) \($0.key)" })
                extra in the engine: \(actual.filter { !expected.contains($0) }.prefix(5).map { "\(tokyo.iso8601($0.at)) \($0.key)" })
                \(rule.yaml)
                """)
            }
            // Reported: only unknown dates the rule cares about, and each whose service starts in
            // the span (a day before its end, so that the rule has looked that far).
            let cared = reference.unknownDates()
            let reported = (run.unknown[rule.id] ?? []).map { $0.date }
            if !reported.isEmpty { stopped += 1 }
            XCTAssertTrue(Set(reported).isSubset(of: Set(cared.map { $0.date })), "rule \(rule.id) reported \(reported), cares about \(cared.map { $0.date })\n\(rule.yaml)")
            let mustReport = cared.filter { $0.from >= start && $0.from <= end - 86_400 }.map { $0.date }
            XCTAssertTrue(Set(mustReport).isSubset(of: Set(reported)), "rule \(rule.id) reported \(reported), must report \(mustReport)\n\(rule.yaml)")
        }
        XCTAssertGreaterThan(sent, 1_000, "the generated rules send something")
        XCTAssertGreaterThan(stopped, 20, "many rules stop at an unknown date")
    }

    /// The walk by kinds of date stops at the same unknown dates as the week-by-week walk.
    func testPlansByKindOfDateStopAtTheSameUnknownDates() throws {
        let text = try boards()
        let (plain, _) = try workspace(boards: text, rules: [])
        var rng = SplitMix64(seed: 23_002)
        let start = tokyo.parseTimestamp("2024-12-20T00:00")!
        var compared = 0, unknown = 0
        for board in ["broken", "gap"] {
            let labels = labels(plain.boards[board]!, from: start, to: start + 14 * 86_400)
            let rules = (0..<12).map { GeneratedLeaveNowRule.random(id: "\(board)-p\($0)", board: board, labels: labels, using: &rng) }
            let (workspace, _) = try workspace(boards: text, rules: rules)
            let groups = workspace.configuration.rules.enumerated().compactMap { index, rule -> LeaveNowGroup? in
                guard case .leaveNow(let spec) = rule.kind else { return nil }
                return LeaveNowGroup(index: index, spec: spec, status: nil, realtime: nil)
            }
            for _ in 0..<12 {
                let instant = start + Int64.random(in: 0..<(60 * 86_400), using: &rng)
                let walked = LeaveNowGroup.plans(groups, board: workspace.boards[board]!, after: instant, days: 90, byKindOfDate: false)
                let byKind = LeaveNowGroup.plans(groups, board: workspace.boards[board]!, after: instant, days: 90)
                XCTAssertEqual(walked, byKind, "board \(board) after \(tokyo.iso8601(instant))")
                compared += walked.count
                unknown += walked.filter { if case .unknown = $0 { return true } else { return false } }.count
            }
        }
        XCTAssertGreaterThan(unknown, 10, "of \(compared) plans")
    }
}
