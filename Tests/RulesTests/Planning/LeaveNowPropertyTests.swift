import Foundation
import Rules
import RuleTestSupport
import TestServers
import Timetable
import XCTest

/// Generated leave-now rules over weeks (year end, national holidays, a feed that ends) on the
/// example boards and the real ODPT / GTFS / CSV fixtures: the engine's dry run (the `Simulation`
/// that `leavenow dry-run` runs) sends exactly what the naive `ReferenceLeaveNow` model sends.
final class LeaveNowPropertyTests: XCTestCase {
    static let repository = PropertyBoards.repository
    static func path(_ relative: String) -> String { PropertyBoards.path(relative) }
    static var tokyoBoards: String { PropertyBoards.tokyo }
    static var gtfsBoards: String { PropertyBoards.gtfs }

    let tokyo = ZoneClock(identifier: "Asia/Tokyo")!

    /// A rules directory of `boards` and `rules`, written to a temporary folder.
    func workspace(boards: String, rules: [GeneratedLeaveNowRule]) throws -> (Workspace, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-property-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let text = boards + "\nchannels:\n  - {id: sink, type: desktop}\n"
            + (rules.isEmpty ? "rules: []\n" : "rules:\n" + rules.map(\.yaml).joined(separator: "\n") + "\n")
        try text.write(to: directory.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
        return (try Workspace.load(directory: directory.path), text)
    }

    /// Labels of each board's departures over a span, to draw filters from.
    func labels(_ board: Board, from: Int64, to: Int64) -> GeneratedLeaveNowRule.Labels {
        let days = ReferenceLeaveNow.BoardDays(board: board, from: from, to: to).departures
        return GeneratedLeaveNowRule.Labels(lines: Array(Set(days.map(\.line))).sorted(),
                                            stops: Array(Set(days.map(\.stop))).sorted(),
                                            destinations: Array(Set(days.map(\.destination))).sorted())
    }

    /// Draws `perBoard` rules for each board, runs the engine over the span once with all of them,
    /// and compares every rule with the reference. Returns (rules, notifications) checked.
    @discardableResult
    func check(boards: String, from: String, to: String, perBoard: Int, seed: UInt64) throws -> (rules: Int, sent: Int) {
        let start = tokyo.parseTimestamp(from)!, end = tokyo.parseTimestamp(to)!
        let (plain, _) = try workspace(boards: boards, rules: [])
        XCTAssertTrue(plain.warnings.isEmpty, "\(plain.warnings)")
        var rng = SplitMix64(seed: seed)
        var generated: [GeneratedLeaveNowRule] = []
        for board in plain.configuration.boards.map(\.id) {
            let labels = labels(plain.boards[board]!, from: start, to: end)
            XCTAssertFalse(labels.lines.isEmpty, "board \(board) has departures")
            for n in 0..<perBoard {
                generated.append(GeneratedLeaveNowRule.random(id: "\(board)-r\(n)", board: board, labels: labels, using: &rng))
            }
        }
        let (workspace, text) = try workspace(boards: boards, rules: generated)
        XCTAssertEqual(workspace.engine.rules.count, generated.count, "every generated rule parses:\n\(text)")
        let deliveries = workspace.simulation.run(from: start, to: end).deliveries
        var byRule: [String: [ReferenceLeaveNow.Sent]] = [:]
        for delivery in deliveries {
            byRule[delivery.notification.rule, default: []].append(.init(at: delivery.at, key: delivery.notification.key))
        }
        var days: [String: ReferenceLeaveNow.BoardDays] = [:]
        var failures = 0
        var total = 0
        for rule in generated {
            let boardDays = days[rule.board] ?? ReferenceLeaveNow.BoardDays(board: workspace.boards[rule.board]!, from: start, to: end)
            days[rule.board] = boardDays
            let expected = ReferenceLeaveNow(rule: rule, days: boardDays).run(from: start, to: end)
            let actual = byRule[rule.id] ?? []
            total += expected.count
            if expected != actual, failures < 5 {
                failures += 1
                let missing = expected.filter { !actual.contains($0) }.prefix(5)
                let extra = actual.filter { !expected.contains($0) }.prefix(5)
                XCTFail("""
                rule \(rule.id) (seed \(seed)): engine sent \(actual.count), reference \(expected.count)
                missing from the engine: \(missing.map { "\(tokyo.iso8601($0.at)) \($0.key)" })
                extra in the engine: \(extra.map { "\(tokyo.iso8601($0.at)) \($0.key)" })
                \(rule.yaml)
                """)
            }
        }
        return (generated.count, total)
    }

    /// 8 weeks over the year end (12/30–1/3 schedule on Ginza), 元日, 成人の日 and 建国記念の日:
    /// 6 boards × 35 rules.
    func testGeneratedRulesOverEightWeeksOfYearEndMatchTheReference() throws {
        let checked = try check(boards: Self.tokyoBoards, from: "2024-12-21T00:00", to: "2025-02-15T00:00", perBoard: 35, seed: 20_261_201)
        XCTAssertEqual(checked.rules, 210)
        XCTAssertGreaterThan(checked.sent, 5_000, "the generated rules send something")
    }

    /// A GTFS-JP feed whose service runs in April 2017 only (Golden Week included): rules fire
    /// inside it and fall silent, rightly, after it ends; 40 rules over 9 weeks.
    func testGeneratedRulesOnAFeedThatEndsMatchTheReference() throws {
        let checked = try check(boards: Self.gtfsBoards, from: "2017-03-20T00:00", to: "2017-05-22T00:00", perBoard: 40, seed: 2017)
        XCTAssertGreaterThan(checked.sent, 100)
    }

    /// A run that starts in the middle of things (17:43 on a Saturday) over four weeks: catch-up
    /// at the start and held notifications agree too.
    func testARunStartingMidEveningMatchesTheReference() throws {
        try check(boards: Self.tokyoBoards, from: "2025-03-15T17:43", to: "2025-04-12T17:43", perBoard: 6, seed: 7)
    }
}
