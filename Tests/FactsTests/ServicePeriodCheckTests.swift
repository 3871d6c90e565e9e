import Config
import Facts
import Foundation
import Timetable
import XCTest

/// A source's validity on a loaded board (an explicit `valid_from` / `valid_until` wins over the
/// data's ODPT `dct:issued` / `dct:valid`, each end on its own) and what `check` says about the
/// dates of the boards' sources.
final class ServicePeriodCheckTests: XCTestCase {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    let tokyo = ZoneClock(identifier: "Asia/Tokyo")!

    func load(_ yaml: String) throws -> (Configuration, BoardCatalog, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-periods-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        try yaml.write(to: directory.appendingPathComponent("boards.yaml"), atomically: true, encoding: .utf8)
        try "10,06,20\n".write(to: directory.appendingPathComponent("a.csv"), atomically: true, encoding: .utf8)
        let configuration = try Configuration.load(directory: directory.path)
        return (configuration, BoardCatalog.build(configuration.boards), directory.path)
    }

    var odakyu: String { fixtures.appendingPathComponent("odpt/BusTimetable_OdakyuBus_Kichi06_Weekday01_2records.json").path }
    var rinkobus: String { fixtures.appendingPathComponent("gtfs/gtfs-jp-rinkobus").path }

    func testTheDataStatesTheValidityAndAnExplicitSettingWins() throws {
        func source(_ extra: String) throws -> BoardTimetable {
            let (_, catalog, _) = try load("""
                boards:
                  - id: b
                    sources:
                      - odpt_busstop_pole: \(odakyu)
                        pole: odpt.BusstopPole:OdakyuBus.Choufuekikitaguchi.10225.13\(extra)
                """)
            XCTAssertEqual(catalog.problems, [])
            return try XCTUnwrap(catalog.board(id: "b")?.sources.first)
        }
        let plain = try source("")
        XCTAssertEqual(plain.validUntil, LocalDate("2018-01-15"), "dct:valid")
        XCTAssertNil(plain.validFrom)
        XCTAssertEqual(plain.lastServiceDate?.limit, .validity("dct:valid"))
        let started = try source("\n        valid_from: 2017-12-20")
        XCTAssertEqual(started.validFrom, LocalDate("2017-12-20"))
        XCTAssertEqual(started.validUntil, LocalDate("2018-01-15"), "valid_from alone leaves dct:valid in force")
        let extended = try source("\n        valid_until: 2018-03-31")
        XCTAssertEqual(extended.validUntil, LocalDate("2018-03-31"), "valid_until wins over dct:valid")
        XCTAssertEqual(extended.lastServiceDate?.limit, .validity("valid_until"))
    }

    func testAGapOfTheNextTwoWeeksIsOneWarningNamingWhy() throws {
        let (configuration, catalog, directory) = try load("""
            boards:
              - id: revision
                sources:
                  - csv: {weekday: a.csv}
                    line: 鷹56
                    valid_until: 2025-03-14
            """)
        let march10 = try XCTUnwrap(tokyo.parseTimestamp("2025-03-10T12:00"))
        XCTAssertEqual(ServicePeriodCheck.warnings(specs: configuration.boards, catalog: catalog, now: march10), [
            "\(directory)/boards.yaml:4:9: board \"revision\": 鷹56: the timetable's validity ends on 2025-03-14, in 4 days (valid_until); no source runs after it: add the next timetable",
        ], "the gap after it is said on the ending source's line")
        XCTAssertEqual(ServicePeriodCheck.endingServices(catalog: catalog, now: march10), [
            "\(directory)/boards.yaml:4:9: board \"revision\": 鷹56: the timetable's validity ends on 2025-03-14, in 4 days (valid_until)",
        ], "status and the worker still hear it")
        let march20 = try XCTUnwrap(tokyo.parseTimestamp("2025-03-20T12:00"))
        XCTAssertEqual(ServicePeriodCheck.warnings(specs: configuration.boards, catalog: catalog, now: march20), [
            "\(directory)/boards.yaml:4:9: board \"revision\": 鷹56: the timetable's validity ended on 2025-03-14 (valid_until)",
        ], "after the end: the ended source, no gap of a board that has ended for good")
        let february20 = try XCTUnwrap(tokyo.parseTimestamp("2025-02-20T12:00"))
        XCTAssertEqual(ServicePeriodCheck.warnings(specs: configuration.boards, catalog: catalog, now: february20), [], "more than 14 days ahead")
    }

    func testAGapBetweenTwoTimetablesNamesBoth() throws {
        let (configuration, catalog, directory) = try load("""
            boards:
              - id: gap
                sources:
                  - {csv: {weekday: a.csv}, line: old, valid_until: 2025-03-09}
                  - {csv: {weekday: a.csv}, line: new, valid_from: 2025-03-15}
            """)
        let march10 = try XCTUnwrap(tokyo.parseTimestamp("2025-03-10T12:00"))
        XCTAssertEqual(ServicePeriodCheck.warnings(specs: configuration.boards, catalog: catalog, now: march10), [
            "\(directory)/boards.yaml:2:5: board \"gap\": no source is valid on 2025-03-10 (old: the timetable's validity ended on 2025-03-09 (valid_until); new: the timetable is valid from 2025-03-15 (valid_from)): add the next timetable",
        ], "the ended source is named in the gap, not once more")
    }

    func testAFutureTimetableWithNothingBeforeItIsAGap() throws {
        let (configuration, catalog, directory) = try load("""
            boards:
              - id: soon
                sources:
                  - csv: {weekday: a.csv}
                    valid_from: 2025-03-15
            """)
        let march10 = try XCTUnwrap(tokyo.parseTimestamp("2025-03-10T12:00"))
        XCTAssertEqual(ServicePeriodCheck.warnings(specs: configuration.boards, catalog: catalog, now: march10), [
            "\(directory)/boards.yaml:2:5: board \"soon\": no source is valid on 2025-03-10 (a.csv: the timetable is valid from 2025-03-15 (valid_from)): add the next timetable",
        ])
    }

    func testSpecialDatesOutsideEverySourceHaveNoEffect() throws {
        let (configuration, catalog, directory) = try load("""
            boards:
              - id: kawasaki
                special_days: [{dates: 2017-04-28..2017-05-03, as: sunday}]
                sources:
                  - gtfs: \(rinkobus)
                    stop_id: "1510-57"
            """)
        XCTAssertEqual(ServicePeriodCheck.holidaysOutsideService(specs: configuration.boards, catalog: catalog), [
            "\(directory)/boards.yaml:3:28: board \"kawasaki\": special days 2017-05-01..2017-05-03 of 2017-04-28..2017-05-03 lie outside the service of every source (gtfs-jp-rinkobus stop 1510-57: 2017-04-01..2017-04-30); they have no effect",
        ])
    }

    func testADeclaredHolidayTheFeedRunsAsAWeekdayIsNamed() throws {
        // The rinkobus feed runs 平日（月～金） on Monday 2017-04-10 (calendar_dates.txt adds it),
        // exactly as on Monday 2017-04-03; 2017-04-29 is 昭和の日, a holiday anyway.
        let (configuration, catalog, directory) = try load("""
            boards:
              - id: kawasaki
                holidays: [2017-04-10, 2017-04-29]
                special_days: [{dates: 2017-04-12, as: sunday}]
                sources:
                  - gtfs: \(rinkobus)
                    stop_id: "1510-57"
            """)
        let april5 = try XCTUnwrap(tokyo.parseTimestamp("2017-04-05T12:00"))
        XCTAssertEqual(ServicePeriodCheck.declaredDaysTheFeedIgnores(specs: configuration.boards, catalog: catalog, now: april5), [
            "\(directory)/boards.yaml:3:16: board \"kawasaki\": gtfs-jp-rinkobus stop 1510-57: the feed runs its usual weekday departures on 2017-04-10 (as on 2017-04-03), which holidays makes a holiday: rules' day_types see a holiday while the departures are the weekday ones (the feed's calendar_dates.txt has no exception for it); remove the date or check the feed",
            "\(directory)/boards.yaml:4:28: board \"kawasaki\": gtfs-jp-rinkobus stop 1510-57: the feed runs its usual weekday departures on 2017-04-12 (as on 2017-04-05), which special_days makes a sunday: rules' day_types see a sunday while the departures are the weekday ones (the feed's calendar_dates.txt has no exception for it); remove the date or check the feed",
        ])
        let april11 = try XCTUnwrap(tokyo.parseTimestamp("2017-04-11T12:00"))
        XCTAssertEqual(ServicePeriodCheck.declaredDaysTheFeedIgnores(specs: configuration.boards, catalog: catalog, now: april11).count, 1,
                       "a past date is not named")
        // A day-type timetable follows the board's day types by construction.
        let (csvConfiguration, csvCatalog, _) = try load("""
            boards:
              - id: csv
                holidays: [2017-04-10]
                sources:
                  - csv: {weekday: a.csv}
            """)
        XCTAssertEqual(ServicePeriodCheck.declaredDaysTheFeedIgnores(specs: csvConfiguration.boards, catalog: csvCatalog, now: april5), [])
    }

    func testDryRunNamesTheSourcesOutOfServiceOverTheRange() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-periods-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        try """
            boards:
              - id: kichi06
                sources:
                  - odpt_busstop_pole: \(odakyu)
                    pole: odpt.BusstopPole:OdakyuBus.Choufuekikitaguchi.10225.13
              - id: unused
                sources:
                  - {csv: {weekday: a.csv}, valid_until: 2018-01-01}
            channels:
              - {id: sink, type: webhook, url_env: HOOK}
            rules:
              - {id: leave, kind: leave_now, board: kichi06, channels: [sink]}
            """.write(to: directory.appendingPathComponent("all.yaml"), atomically: true, encoding: .utf8)
        try "10,06\n".write(to: directory.appendingPathComponent("a.csv"), atomically: true, encoding: .utf8)
        let configuration = try Configuration.load(directory: directory.path)
        let boards = BoardCatalog.build(configuration.boards).boardsByID
        func lines(_ from: String, _ to: String) throws -> [String] {
            ServicePeriodCheck.outOfService(configuration: configuration, boards: boards,
                                            from: try XCTUnwrap(tokyo.parseTimestamp(from)), to: try XCTUnwrap(tokyo.parseTimestamp(to))).map(\.line)
        }
        XCTAssertEqual(try lines("2018-01-10T00:00", "2018-01-15T23:00"), [])
        XCTAssertEqual(try lines("2018-01-14T00:00", "2018-01-17T00:00"), [
            "board \"kichi06\": OdakyuBus.Choufuekikitaguchi.10225.13: the timetable's validity ended on 2018-01-15 (dct:valid)",
        ], "the board no rule reads is not named")
    }
}
