import Foundation
import Rules
import TestServers
import Timetable
import XCTest

/// Generated leave-now rules over weeks (year end, national holidays, a feed that ends) on the
/// example boards and the real ODPT / GTFS / CSV fixtures: the engine's dry run (the `Simulation`
/// that `leavenow dry-run` runs) sends exactly what the naive `ReferenceLeaveNow` model sends.
final class LeaveNowPropertyTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static func path(_ relative: String) -> String { repository.appendingPathComponent(relative).path }

    /// Boards in Japan: the example bus concierge both ways (CSV directories), the Ginza example
    /// with the year-end schedule as extra holidays (ODPT), Oshiage (real ODPT 2017), the article's
    /// 鷹56 files (CSV by day-type key) and a Toei bus pole (real ODPT).
    static var tokyoBoards: String {
        """
        boards:
          - id: chofu-to-mitaka
            sources:
              - {csv: \(path("rules/timetables/chofu-mitaka/taka56")), walk: 4m}
              - {csv: \(path("rules/timetables/chofu-mitaka/taka66")), walk: 3m}
              - {csv: \(path("rules/timetables/chofu-mitaka/taka51")), walk: 5m}
          - id: mitaka-to-chofu
            sources:
              - {csv: \(path("rules/timetables/mitaka-chofu/taka56")), walk: 6m}
              - {csv: \(path("rules/timetables/mitaka-chofu/taka66")), walk: 6m}
          - id: ginza
            holidays: [2024-12-30..2025-01-03]
            sources:
              - odpt: \(path("rules/data/StationTimetable_TokyoMetro_Ginza_EXAMPLE.json"))
                station: odpt.Station:TokyoMetro.Ginza.Ginza
                walk: 3m
          - id: oshiage
            sources:
              - odpt: \(path("Tests/Fixtures/odpt/StationTimetable_TokyoMetro_Hanzomon_Oshiage.json"))
                station: odpt.Station:TokyoMetro.Hanzomon.Oshiage
                walk: 2m
          - id: taka56-article
            sources:
              - csv:
                  weekday: \(path("Tests/Fixtures/buscsv/鷹56_調布駅北口_三鷹駅_乗り場12_平日.csv"))
                  saturday: \(path("Tests/Fixtures/buscsv/鷹56_調布駅北口_三鷹駅_乗り場12_土曜.csv"))
                  sunday_holiday: \(path("Tests/Fixtures/buscsv/鷹56_調布駅北口_三鷹駅_乗り場12_日祝.csv"))
                walk: 4m
          - id: toei-pole
            sources:
              - odpt_busstop_pole: \(path("Tests/Fixtures/odpt/BusStopPoleTimetable_Toei_Chokkou01.json"))
                pole: odpt.BusstopPole:Toei.Meiseigakuemmae.2046.1
                walk: 1m
        """
    }

    /// The real GTFS-JP sample, whose service runs only in April 2017 (with Golden Week holidays).
    static var gtfsBoards: String {
        """
        boards:
          - id: kawasaki-west
            sources:
              - gtfs: \(path("Tests/Fixtures/gtfs/gtfs-jp-rinkobus"))
                stop_id: "1510-57"
                walk: 2m
        """
    }

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
