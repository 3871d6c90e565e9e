import Config
import Facts
import Foundation
import Timetable
import XCTest

/// The catalog's per-board list of sources that could not be loaded, and the service-period warnings.
final class BoardFailureTests: XCTestCase {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-failures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    func writeRules(_ yaml: String) throws -> URL {
        let directory = try temporaryDirectory()
        try yaml.write(to: directory.appendingPathComponent("boards.yaml"), atomically: true, encoding: .utf8)
        return directory
    }

    /// A copy of the 鷹56 fixtures (weekday, Saturday, Sunday) whose weekday file has `1O` for `10` on line 4.
    func taka56WithABrokenWeekdayCell() throws -> URL {
        let directory = try temporaryDirectory().appendingPathComponent("taka56")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for day in ["平日", "土曜", "日祝"] {
            let name = "鷹56_調布駅北口_三鷹駅_乗り場12_\(day).csv"
            var text = try String(contentsOf: fixtures.appendingPathComponent("buscsv/" + name), encoding: .utf8)
            if day == "平日" { text += "\n23,1O\n" }
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return directory
    }

    func testACatalogKeepsEachBoardsFailedSourcesWithLabelsAndPlaces() throws {
        let f = fixtures.path
        let directory = try writeRules("""
        boards:
          - id: half
            sources:
              - csv:
                  sunday_holiday: \(f)/buscsv/鷹56_調布駅北口_三鷹駅_乗り場12_日祝.csv
              - odpt: \(f)/odpt/does-not-exist.json
                line: 半蔵門線
                stop: "3"
          - id: none
            sources:
              - csv: \(f)/buscsv-typo
          - id: whole
            sources:
              - csv: \(f)/buscsv
        """)
        let catalog = try BoardCatalog.load(directory: directory.path)
        let file = directory.path + "/boards.yaml"
        XCTAssertEqual(catalog.failures(ofBoard: "half"), [
            TimetableFailure(board: "half", source: "半蔵門線 (platform 3)", location: ConfigLocation(file: file, line: 6, column: 9),
                          message: "\(f)/odpt/does-not-exist.json: no such file"),
        ])
        XCTAssertEqual(catalog.completeness(ofBoard: "half").name, "incomplete")
        XCTAssertEqual(catalog.completeness(ofBoard: "none"), .unloadable([
            TimetableFailure(board: "none", source: "buscsv-typo", location: ConfigLocation(file: file, line: 11, column: 9),
                          message: "\(f)/buscsv-typo: cannot list the directory (no such directory)"),
        ]))
        XCTAssertEqual(catalog.completeness(ofBoard: "whole"), .complete)
        XCTAssertEqual(catalog.failures(ofBoard: "whole"), [])
        XCTAssertEqual(catalog.impairedBoards.map(\.board.id), ["half", "none"])
        XCTAssertEqual(catalog.completeness(ofBoard: "none").lines(board: "none"), [
            "board \"none\" has no loadable source: buscsv-typo: \(f)/buscsv-typo: cannot list the directory (no such directory)",
        ])
        XCTAssertEqual(catalog.failures(ofBoard: "half").first?.description,
                       "\(file):6:9: board \"half\": 半蔵門線 (platform 3) could not be loaded: \(f)/odpt/does-not-exist.json: no such file")
    }

    func testABrokenWeekdayFileCostsOnlyTheWeekday() throws {
        let taka56 = try taka56WithABrokenWeekdayCell()
        let directory = try writeRules("""
        boards:
          - id: taka56
            sources:
              - csv: \(taka56.path)
                walk: 4m
        """)
        let catalog = try BoardCatalog.load(directory: directory.path)
        let board = try XCTUnwrap(catalog.board(id: "taka56"))
        let weekdayFile = taka56.path + "/鷹56_調布駅北口_三鷹駅_乗り場12_平日.csv"
        XCTAssertEqual(catalog.failures(ofBoard: "taka56").map(\.source), ["鷹56 (platform 12), weekday"])
        XCTAssertEqual(catalog.failures(ofBoard: "taka56").map(\.message), ["\(weekdayFile):24:4: minute \"1O\" is not a number"])
        XCTAssertEqual(catalog.completeness(ofBoard: "taka56").name, "incomplete")
        XCTAssertEqual(catalog.problems, ["\(directory.path)/boards.yaml:4:9: the weekday timetable of board \"taka56\" not loaded: \(weekdayFile):24:4: minute \"1O\" is not a number"])
        // Saturday and Sunday still answer; Monday has nothing.
        XCTAssertEqual(board.serviceDay(LocalDate("2024-12-21")!).first?.dayTypeLabel, "saturday")
        XCTAssertEqual(board.serviceDay(LocalDate("2024-12-22")!).first?.dayTypeLabel, "sunday_holiday")
        XCTAssertEqual(board.serviceDay(LocalDate("2024-12-23")!).count, 0)
    }

    func testEndedAndEndingFeedsAreNamedAgainstTheInjectedNow() throws {
        let rules = fixtures.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("rules")
        let configuration = try Configuration.load(directory: rules.path)
        let catalog = BoardCatalog.build(configuration.boards)
        let tokyo = ZoneClock(identifier: "Asia/Tokyo")!
        let april20 = try XCTUnwrap(tokyo.parseTimestamp("2017-04-20T12:00"))
        XCTAssertEqual(ServicePeriodCheck.endingServices(catalog: catalog, now: april20), [
            "\(rules.path)/boards.yaml:73:9: board \"kawasaki-west\": gtfs-jp-rinkobus stop 1510-57: the feed's service ends on 2017-04-30 (in 10 days)",
        ])
        let april10 = try XCTUnwrap(tokyo.parseTimestamp("2017-04-10T12:00"))
        XCTAssertEqual(ServicePeriodCheck.endingServices(catalog: catalog, now: april10), [], "20 days ahead is not yet a warning")
        let may1 = try XCTUnwrap(tokyo.parseTimestamp("2017-05-01T00:30"))
        XCTAssertEqual(ServicePeriodCheck.endingServices(catalog: catalog, now: may1), [
            "\(rules.path)/boards.yaml:73:9: board \"kawasaki-west\": gtfs-jp-rinkobus stop 1510-57: the feed's service ended on 2017-04-30",
        ])
    }

    func testHolidaysOutsideEverySourcesServiceAreNamed() throws {
        let rules = fixtures.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("rules")
        let directory = try writeRules("""
        boards:
          - id: kawasaki
            holidays: [2016-12-30..2017-01-03, 2017-04-29..2017-05-02, 2017-04-10]
            sources:
              - gtfs: \(rules.path)/data/gtfs-jp-rinkobus
                stop_id: "1510-57"
          - id: csv-has-no-end
            holidays: [2016-12-30]
            sources:
              - csv: \(fixtures.path)/buscsv
        """)
        let configuration = try Configuration.load(directory: directory.path)
        let catalog = BoardCatalog.build(configuration.boards)
        let file = directory.path + "/boards.yaml"
        XCTAssertEqual(ServicePeriodCheck.holidaysOutsideService(specs: configuration.boards, catalog: catalog), [
            "\(file):3:16: board \"kawasaki\": holidays 2016-12-30..2017-01-03 lie outside the service of every source (gtfs-jp-rinkobus stop 1510-57: 2017-04-01..2017-04-30); they have no effect",
            "\(file):3:40: board \"kawasaki\": holidays 2017-05-01..2017-05-02 of 2017-04-29..2017-05-02 lie outside the service of every source (gtfs-jp-rinkobus stop 1510-57: 2017-04-01..2017-04-30); they have no effect",
        ])
    }

    /// What could not be loaded is kept on the board as unknown dates: a broken day-type file the
    /// dates it serves (with the route's labels), a broken ODPT file or GTFS feed every date.
    func testWhatCouldNotBeLoadedBecomesUnknownDatesOfTheBoard() throws {
        let f = fixtures.path
        let taka56 = try taka56WithABrokenWeekdayCell()
        let directory = try writeRules("""
        boards:
          - id: mixed
            sources:
              - csv: \(taka56.path)
              - odpt: \(f)/odpt-broken/truncated.json
                station: odpt.Station:TokyoMetro.Hanzomon.Oshiage
              - gtfs: \(f)/gtfs/does-not-exist.zip
                stop_id: S1
                valid_until: 2025-03-31
        """)
        let catalog = try BoardCatalog.load(directory: directory.path)
        let board = try XCTUnwrap(catalog.board(id: "mixed"))
        let file = directory.path + "/boards.yaml"
        XCTAssertEqual(board.unknownServices.map(\.source), ["鷹56 (platform 12), weekday", "TokyoMetro.Hanzomon.Oshiage", "does-not-exist.zip stop S1"])
        XCTAssertEqual(board.unknownServices.map(\.origin), ["\(file):4:9", "\(file):5:9", "\(file):7:9"])
        let weekday = board.unknownServices[0]
        XCTAssertEqual(weekday.dates, .dayType(.weekday, configured: [.weekday, .saturday, .sundayHoliday]))
        XCTAssertEqual([weekday.line, weekday.stop, weekday.destination], ["鷹56", "12", "三鷹駅"])
        XCTAssertEqual(weekday.spanSeconds, 30 * 3600)
        XCTAssertTrue(weekday.reason.english.hasSuffix("平日.csv:24:4: minute \"1O\" is not a number"), weekday.reason.english)
        XCTAssertEqual(board.unknownServices[1].dates, .all)
        XCTAssertEqual(board.unknownServices[2].timeBase, .noonMinusTwelveHours)
        XCTAssertEqual(board.unknownServices[2].validUntil, LocalDate("2025-03-31"))
        // Every date is unknown (the station and the feed), each with the sources that make it so.
        let sunday = try XCTUnwrap(board.unknownDate(LocalDate("2024-12-22")!))
        XCTAssertEqual(sunday.causes.map(\.source), ["TokyoMetro.Hanzomon.Oshiage", "does-not-exist.zip stop S1"])
        let monday = try XCTUnwrap(board.unknownDate(LocalDate("2024-12-23")!))
        XCTAssertEqual(monday.causes.map(\.source), ["鷹56 (platform 12), weekday", "TokyoMetro.Hanzomon.Oshiage", "does-not-exist.zip stop S1"])
        XCTAssertEqual(board.unknownDate(LocalDate("2025-04-05")!)?.causes.map(\.source), ["TokyoMetro.Hanzomon.Oshiage"])
    }

    /// An ODPT API timetable not fetched yet: its dates are unknown, waiting for data.
    func testAnAPITimetableNotFetchedYetIsUnknownAndPending() throws {
        let directory = try writeRules("""
        odpt:
          key_env: ODPT_CONSUMER_KEY
        boards:
          - id: live
            sources:
              - odpt_api: {station: odpt.Station:TokyoMetro.Ginza.Ginza}
        """)
        let catalog = try BoardCatalog.load(directory: directory.path)
        let board = try XCTUnwrap(catalog.board(id: "live"))
        XCTAssertEqual(board.unknownServices.map(\.isPending), [true])
        XCTAssertEqual(board.unknownDate(LocalDate("2024-12-22")!)?.isPending, true)
    }
}
