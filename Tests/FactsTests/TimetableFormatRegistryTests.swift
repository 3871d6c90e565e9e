import Config
import Facts
import Foundation
import Messages
import Timetable
import XCTest

/// A timetable format is one file and one registry line: the tests add one of their own
/// (``TimesListFormat``) and use it end to end, from the YAML to a board's next departures; a
/// source whose key no registered format has is an error, never some other format.
final class TimetableFormatRegistryTests: XCTestCase {
    /// The standard formats and the tests' own: the one line that registers a format.
    static let formats = TimetableFormatRegistry.standard.adding(TimesListFormat())

    private func rules(_ yaml: String, files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        try yaml.write(to: directory.appendingPathComponent("boards.yaml"), atomically: true, encoding: .utf8)
        for (name, text) in files { try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return directory
    }

    private static let loop = """
        boards:
          - id: loop
            title: 循環バス
            sources:
              - times: loop.txt
                line: 循環
                stop: "2"
                walk: 3m
              - csv: {everyday: express.csv}
                line: 急行
                stop: "1"

        """
    /// Illustrative times.
    private static let files = ["loop.txt": "# illustrative\n10:35  # after the express\n10:05\n\n24:10\n", "express.csv": "10,20\n"]

    /// `HH:MM line stop, leave HH:MM` in the board's timezone.
    private func lines(_ departures: [BoardDeparture], clock: ZoneClock) -> [String] {
        departures.map { departure in
            let at = clock.localTime(at: departure.departure), leave = clock.localTime(at: departure.leaveAt)
            return "\(at.date) \(Departure.clockText(seconds: at.seconds)) \(departure.line) \(departure.stop)\(departure.isLast ? " last" : ""), "
                + "leave \(Departure.clockText(seconds: leave.seconds))"
        }
    }

    func testAFormatOfTheTestsIsReadLoadedAndMergedIntoTheNextDepartures() throws {
        let directory = try rules(Self.loop, files: Self.files)
        let configuration = try Configuration.loadBoards(directory: directory.path, formats: Self.formats)
        let sources = try XCTUnwrap(configuration.boards.first).sources
        XCTAssertEqual(sources.map(\.kind), [.times(path: directory.path + "/loop.txt"), .csv(files: [.everyday: directory.path + "/express.csv"])])
        XCTAssertEqual(sources[0].walkSeconds, 180)

        let catalog = BoardCatalog.build(configuration.boards)
        XCTAssertEqual(catalog.problems, [])
        XCTAssertEqual(catalog.warnings, [])
        let board = try XCTUnwrap(catalog.board(id: "loop"))
        XCTAssertEqual(board.sources.map(\.label), ["循環 (platform 2)", "急行 (platform 1)"])
        XCTAssertEqual(board.sources.map(\.vehicle), [.bus, .bus])
        // Sunday 2024-12-22, 10:00 in Tokyo: the tests' departures merged with the CSV's, walk applied,
        // 24:10 on the same service day, then the next day's first.
        let at = try XCTUnwrap(board.clock.parseTimestamp("2024-12-22T10:00"))
        XCTAssertEqual(lines(board.upcoming(at: at, count: 5).departures, clock: board.clock), [
            "2024-12-22 10:05 循環 2, leave 10:02",
            "2024-12-22 10:20 急行 1 last, leave 10:20",
            "2024-12-22 10:35 循環 2, leave 10:32",
            "2024-12-23 00:10 循環 2 last, leave 00:07",
            "2024-12-23 10:05 循環 2, leave 10:02",
        ])
    }

    func testABrokenFileOfTheFormatIsAProblemOfItsSourceWithItsPlace() throws {
        let directory = try rules(Self.loop, files: ["loop.txt": "10:05\n10:6O\n", "express.csv": "10,20\n"])
        let catalog = BoardCatalog.build(try Configuration.loadBoards(directory: directory.path, formats: Self.formats).boards)
        XCTAssertEqual(catalog.problems.count, 1)
        XCTAssertTrue(catalog.problems[0].contains("boards.yaml:5:9: source of board \"loop\" not loaded"), catalog.problems[0])
        XCTAssertTrue(catalog.problems[0].contains("loop.txt:2:1: \"10:6O\" is not HH:MM"), catalog.problems[0])
        XCTAssertEqual(catalog.failures(ofBoard: "loop").map(\.source), ["循環 (platform 2)"])
        XCTAssertEqual(catalog.board(id: "loop")?.sources.map(\.label), ["急行 (platform 1)"])
    }

    func testTheFormatsSettingsAreReadWithTheirPlaces() throws {
        let directory = try rules("""
            boards:
              - id: loop
                sources:
                  - times: loop.txt
                    days: someday

            """, files: [:])
        XCTAssertThrowsError(try Configuration.loadBoards(directory: directory.path, formats: Self.formats)) { error in
            XCTAssertEqual((error as? ConfigError)?.diagnostics.map(\.description),
                           ["\(directory.path)/boards.yaml:5:15: days: \"someday\" is not a day-type key"])
        }
    }

    /// Without its registry line the key is no format's: the source names no format, and `times`
    /// is an unknown key, in both languages — not read as some other format.
    func testAKeyNoRegisteredFormatHasIsAnError() throws {
        let directory = try rules(Self.loop, files: Self.files)
        XCTAssertThrowsError(try Configuration.loadBoards(directory: directory.path)) { error in
            let diagnostics = (error as? ConfigError)?.diagnostics ?? []
            XCTAssertEqual(diagnostics.map { $0.text.english }, [
                "a source needs one of: csv, odpt, odpt_busstop_pole, gtfs, odpt_api, odpt_api_busstop_pole",
                "unknown key \"times\" (expected one of: csv, odpt, odpt_busstop_pole, gtfs, odpt_api, odpt_api_busstop_pole, station, direction, pole, stop_id, stop_name, route, line, stop, destination, walk, valid_from, valid_until, realtime)",
            ])
            XCTAssertEqual(diagnostics.map { "\($0.line ?? 0):\($0.column ?? 0)" }, ["5:9", "5:9"])
            XCTAssertEqual(diagnostics.map { $0.text.rendered(in: .japanese) }, [
                "ソースには csv、odpt、odpt_busstop_pole、gtfs、odpt_api、odpt_api_busstop_pole のいずれかが必要です",
                "不明なキー \"times\" です（使えるキー: csv、odpt、odpt_busstop_pole、gtfs、odpt_api、odpt_api_busstop_pole、station、direction、pole、stop_id、stop_name、route、line、stop、destination、walk、valid_from、valid_until、realtime）",
            ])
        }
        // With the line, the same file is fine.
        XCTAssertNoThrow(try Configuration.loadBoards(directory: directory.path, formats: Self.formats))
    }

    func testTheRegistryKeepsTheFirstFormatOfAKey() {
        let twice = TimetableFormatRegistry.standard.adding(TimesListFormat()).adding(TimesListFormat())
        XCTAssertEqual(twice.keys, TimetableFormatRegistry.standard.keys + ["times"])
        XCTAssertEqual(TimetableFormatRegistry.standard.keys, ["csv", "odpt", "odpt_busstop_pole", "gtfs", "odpt_api", "odpt_api_busstop_pole"])
        XCTAssertNil(TimetableFormatRegistry.standard.format(forKey: "times"))
        XCTAssertEqual(Self.formats.format(forKey: "times")?.key, "times")
    }
}
