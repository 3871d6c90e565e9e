@testable import Config
import Foundation
import Timetable
import XCTest

final class BoardConfigParserTests: XCTestCase {
    private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path

    func testCompleteValidDirectoryWithEverySourceKind() throws {
        let directory = fixtures + "/rules-valid"
        let boards = try loadBoardSpecs(directory: directory)
        // boards.yaml before more.yml; tests/ (which holds an invalid file) and notes.txt are not read.
        XCTAssertEqual(boards.map(\.id), ["chofu-to-mitaka", "ginza", "rinko-by-id"])

        let chofu = boards[0]
        XCTAssertEqual(chofu.title, "調布駅北口 → 三鷹駅")
        XCTAssertEqual(chofu.timeZone.identifier, "Asia/Tokyo")
        XCTAssertEqual(chofu.location, ConfigLocation(file: directory + "/boards.yaml", line: 4, column: 5))
        let yearEnd = ["2024-12-30", "2024-12-31", "2025-01-01", "2025-01-02", "2025-01-03", "2025-08-13"]
        XCTAssertEqual(chofu.extraHolidays, yearEnd.compactMap { LocalDate($0) })
        XCTAssertEqual(chofu.sources.count, 2)
        XCTAssertEqual(chofu.sources[0], TimetableSpec(
            kind: .csv(files: [
                .weekday: directory + "/timetables/taka56/weekday.csv",
                .saturday: directory + "/timetables/taka56/saturday.csv",
                .sundayHoliday: directory + "/timetables/taka56/sunday_holiday.csv",
            ]),
            line: "鷹56", stop: "12", destination: "三鷹駅", walkSeconds: 240,
            location: ConfigLocation(file: directory + "/boards.yaml", line: 11, column: 9)))
        // `stop: 11` (plain) reads as the string "11", like `stop: "12"`.
        XCTAssertEqual(chofu.sources[1], TimetableSpec(
            kind: .csvDirectory(path: directory + "/timetables/chofu-north"), stop: "11", walkSeconds: 90,
            location: ConfigLocation(file: directory + "/boards.yaml", line: 19, column: 9)))

        let ginza = boards[1]
        XCTAssertEqual(ginza.title, "ginza")  // defaults to the id
        XCTAssertEqual(ginza.timeZone.identifier, "Asia/Tokyo")  // the default
        XCTAssertEqual(ginza.extraHolidays, [])
        XCTAssertEqual(ginza.sources.map(\.kind), [
            .odpt(path: fixtures + "/odpt/StationTimetable_TokyoMetro_Hanzomon_Oshiage.json",
                  station: "odpt.Station:TokyoMetro.Hanzomon.Oshiage",
                  direction: "odpt.RailDirection:TokyoMetro.Shibuya"),
            .busstopPole(path: fixtures + "/odpt/BusStopPoleTimetable_Toei_Chokkou01.json",
                         pole: "odpt.BusstopPole:Toei.Shinagawasougoufukushisenta-mae.2011.1"),
            .gtfs(path: fixtures + "/gtfs/gtfs-jp-rinkobus", stopID: nil, stopName: "川崎駅西口", route: "10"),
        ])
        XCTAssertEqual(ginza.sources.map(\.walkSeconds), [180, 0, 5400])
        XCTAssertEqual(ginza.sources.map(\.line), [nil, nil, nil])
        // `..` is resolved against the YAML file's directory: these are the repository's real fixtures.
        for source in ginza.sources {
            let kind = source.kind
            if let path = kind.settings(as: ODPTFileFormat.self)?.path ?? kind.settings(as: ODPTBusstopPoleFileFormat.self)?.path
                ?? kind.settings(as: GTFSFormat.self)?.path {
                XCTAssertTrue(FileManager.default.fileExists(atPath: path), path)
            } else {
                XCTFail("unexpected kind \(source.kind)")
            }
        }

        let rinko = boards[2]
        XCTAssertEqual(rinko.timeZone.secondsFromGMT(), 0)  // "UTC" (Foundation may call it "GMT")
        XCTAssertEqual(rinko.sources.map(\.kind), [.gtfs(path: "/srv/feeds/rinko.zip", stopID: "S1", stopName: nil, route: nil)])
        XCTAssertEqual(rinko.location.file, directory + "/more.yml")
    }

    func testRelativeFileNamesGiveRelativePaths() {
        let source = YAMLSource(name: "rules/boards.yaml", text: """
            boards:
              - id: relative
                sources:
                  - csv: {weekday: ../data/weekday.csv, everyday: ./all.csv}
                  - odpt: /abs/odpt.json
            """)
        let (file, diagnostics) = ConfigFileParser().parse(source, baseDirectory: "rules")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(file.boards.first?.sources.map(\.kind), [
            .csv(files: [.weekday: "data/weekday.csv", .everyday: "rules/all.csv"]),
            .odpt(path: "/abs/odpt.json", station: nil, direction: nil),
        ])
        XCTAssertEqual(ConfigFileContext.join(".", "a.csv"), "a.csv")
        XCTAssertEqual(ConfigFileContext.join("/srv/rules", "../feeds/x.zip"), "/srv/feeds/x.zip")
        XCTAssertEqual(ConfigFileContext.join("rules", "../../x"), "../x")
        XCTAssertEqual(ConfigFileContext.directory(of: "rules/boards.yaml"), "rules")
        XCTAssertEqual(ConfigFileContext.directory(of: "boards.yaml"), ".")
    }

    func testEmptyFileAndEmptyBoardListAreFine() {
        for text in ["", "# only a comment\n", "boards: []\n"] {
            let (file, diagnostics) = ConfigFileParser().parse(YAMLSource(name: "x.yaml", text: text), baseDirectory: ".")
            XCTAssertEqual(diagnostics, [], text)
            XCTAssertEqual(file.boards, [], text)
        }
    }

    func testOtherTopLevelKeysAreUnknown() {
        let text = "boards: []\nrules: []\nroutes: []\n"
        let (_, diagnostics) = ConfigFileParser().parse(YAMLSource(name: "x.yaml", text: text), baseDirectory: ".")
        XCTAssertEqual(diagnostics.map(\.description),
                       ["x.yaml:3:1: unknown key \"routes\" (expected one of: boards, weather, feeds, channels, odpt, rules, state, health, history)"])
    }

    func testMoreShapeProblems() {
        let text = """
            boards:
              - id: shapes
                holidays: [2025-01-03..2024-12-30, 2024-01-01..2025-12-31, [2024-01-01]]
                sources:
                  - csv: {}
                  - csv: {weekday: a.csv, monday: b.csv}
                  - gtfs: feed.zip
                  - odpt: ""
                  - just a string
                  - csv: [a.csv]
                    walk: -4m
              - 42
            boards: []
            """
        let (file, diagnostics) = ConfigFileParser().parse(YAMLSource(name: "x.yaml", text: text), baseDirectory: ".")
        XCTAssertEqual(file.boards, [])
        XCTAssertEqual(diagnostics.map(\.description), [
            "x.yaml:3:16: holiday range \"2025-01-03..2024-12-30\" ends before it starts",
            "x.yaml:3:40: holiday range \"2024-01-01..2025-12-31\" spans 731 days; at most 366 are allowed",
            "x.yaml:3:64: expected a date like 2024-12-30 or a range like 2024-12-30..2025-01-03, found a list",
            "x.yaml:5:14: csv needs at least one day type: weekday, saturday, sunday, sunday_holiday, saturday_holiday, holiday, everyday",
            "x.yaml:6:31: unknown key \"monday\" (expected one of: weekday, saturday, sunday, sunday_holiday, saturday_holiday, holiday, everyday)",
            "x.yaml:7:9: a gtfs source needs stop_id or stop_name",
            "x.yaml:8:15: expected a path, found an empty string",
            "x.yaml:9:9: expected a mapping (source), found \"just a string\"",
            "x.yaml:10:14: expected a string, found a list",
            "x.yaml:11:15: duration \"-4m\" must not be negative",
            "x.yaml:12:5: expected a mapping (board), found \"42\"",
            "x.yaml:13:1: duplicate key \"boards\" (first given at 1:1)",
        ])
    }

    func testDuplicateBoardIDsNameTheFirstOne() {
        let spec = { (id: String, line: Int) in
            BoardSpec(id: id, title: id, timeZone: TimeZone(identifier: "UTC") ?? .current, extraHolidays: [],
                      sources: [], location: ConfigLocation(file: "a.yaml", line: line, column: 5))
        }
        let problems = duplicateBoardIDs(in: [spec("x", 2), spec("y", 6), spec("x", 10), spec("x", 14)])
        XCTAssertEqual(problems.map(\.location.line), [10, 14])
        XCTAssertEqual(problems.map(\.message), Array(repeating: "duplicate board id \"x\" (first defined at a.yaml:2:5)", count: 2))
    }
}
