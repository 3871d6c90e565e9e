import Facts
import Foundation
import Timetable
import XCTest

/// Boards mixing good and broken sources: every broken one is named with its place, the rest load.
final class BoardCatalogTests: XCTestCase {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    func writeRules(_ yaml: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try yaml.write(to: directory.appendingPathComponent("boards.yaml"), atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    func testBrokenSourcesAreNamedAndTheOthersStillLoad() throws {
        let f = fixtures.path
        let broken: [(yaml: String, mustMention: [String])] = [
            ("odpt: \(f)/odpt-broken/truncated.json\n        station: odpt.Station:TokyoMetro.Hanzomon.Oshiage", ["truncated.json:1:", "truncated"]),
            ("odpt: \(f)/odpt-broken/html-error-page.json", ["html-error-page.json", "HTML"]),
            ("csv:\n          weekday: \(f)/buscsv/broken/weekday.csv", ["weekday.csv:", "not a number"]),
            ("gtfs: \(f)/gtfs/transitfeed-tests/utf16\n        stop_id: STAGECOACH", ["utf16/", "UTF-16"]),
            ("gtfs: \(f)/gtfs/transitfeed-tests/bad_utf8\n        stop_id: STAGECOACH", ["bad_utf8/", "row "]),
            ("gtfs: \(f)/gtfs/transitfeed-tests/contains_null\n        stop_id: STAGECOACH", ["contains_null/", "row "]),
            ("gtfs: \(f)/gtfs/transitfeed-tests/extra_row_cells\n        stop_id: STAGECOACH", ["extra_row_cells/", "row "]),
            ("gtfs: \(f)/gtfs/transitfeed-tests/missing_row_cells\n        stop_id: STAGECOACH", ["missing_row_cells/", "row "]),
            ("gtfs: \(f)/gtfs/transitfeed-tests/good_feed\n        stop_id: NO_SUCH_STOP", ["good_feed", "NO_SUCH_STOP"]),
            ("odpt: \(f)/odpt/does-not-exist.json", ["does-not-exist.json", "no such file"]),
        ]
        var yaml = """
        boards:
          - id: mixed
            title: good and broken sources
            timezone: America/Los_Angeles
            sources:
              - csv:
                  sunday_holiday: \(f)/buscsv/鷹56_調布駅北口_三鷹駅_乗り場12_日祝.csv
                walk: 4m
              - gtfs: \(f)/gtfs/transitfeed-tests/good_feed
                stop_id: STAGECOACH
                walk: 2m

        """
        for entry in broken { yaml += "      - \(entry.yaml)\n" }
        let directory = try writeRules(yaml)
        let catalog = try BoardCatalog.load(directory: directory.path)
        let board = try XCTUnwrap(catalog.board(id: "mixed"))
        XCTAssertEqual(board.sources.count, 2, "the two good sources load")
        XCTAssertFalse(board.calendar.nationalHolidays, "Japanese holidays do not apply in Los Angeles")
        XCTAssertEqual(board.calendar.dayType(of: LocalDate("2025-01-13")!), .weekday)
        XCTAssertEqual(catalog.problems.count, broken.count, catalog.problems.joined(separator: "\n"))
        for (problem, entry) in zip(catalog.problems, broken) {
            XCTAssertTrue(problem.contains("boards.yaml:"), problem)
            XCTAssertTrue(problem.contains("not loaded"), problem)
            for needle in entry.mustMention {
                XCTAssertTrue(problem.contains(needle), "\(problem) should mention \(needle)")
            }
        }
        // The good sources answer.
        XCTAssertFalse(board.serviceDay(LocalDate("2024-12-22")!).isEmpty)
    }

    func testAGTFSFeedInAnotherTimezoneThanTheBoardIsRefusedWithTheFix() throws {
        let directory = try writeRules("""
        boards:
          - id: wrong-zone
            sources:
              - gtfs: \(fixtures.path)/gtfs/transitfeed-tests/good_feed
                stop_id: STAGECOACH
        """)
        let catalog = try BoardCatalog.load(directory: directory.path)
        XCTAssertEqual(catalog.problems.count, 1)
        XCTAssertTrue(catalog.problems[0].contains("America/Los_Angeles"), catalog.problems[0])
        XCTAssertTrue(catalog.problems[0].contains("timezone: America/Los_Angeles"), catalog.problems[0])
    }

    func testConfigurationMistakesStopTheLoadWithEveryProblem() throws {
        let directory = try writeRules("""
        boards:
          - id: Bad_ID
            sorces: []
          - id: ok
            sources:
              - csv: somewhere
                walk: 4
        """)
        XCTAssertThrowsError(try BoardCatalog.load(directory: directory.path)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("boards.yaml:2:"), text)
            XCTAssertTrue(text.contains("unknown key \"sorces\""), text)
            XCTAssertTrue(text.contains("boards.yaml:7:"), text)
        }
    }

    func testTheExampleRulesLoadWithoutProblems() throws {
        let rules = fixtures.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("rules")
        let catalog = try BoardCatalog.load(directory: rules.path)
        XCTAssertEqual(catalog.problems, [])
        XCTAssertEqual(catalog.boards.map(\.id), ["chofu-to-mitaka", "mitaka-to-chofu", "ginza", "ginza-live", "oshiage", "kawasaki-west"])
        // ginza-live reads the ODPT API timetable from the source cache: without one it is empty, with a warning.
        XCTAssertEqual(catalog.board(id: "ginza-live")?.sources.count, 0)
        XCTAssertEqual(catalog.warnings.count, 1)
        XCTAssertEqual(catalog.board(id: "chofu-to-mitaka")?.sources.count, 3)
        XCTAssertEqual(catalog.board(id: "chofu-to-mitaka")?.calendar.dayType(of: LocalDate("2025-01-13")!), .holiday)
        XCTAssertEqual(catalog.board(id: "kawasaki-west")?.calendar.dayType(of: LocalDate("2016-12-30")!), .holiday)
    }
}
