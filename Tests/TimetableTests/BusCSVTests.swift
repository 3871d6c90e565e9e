import Foundation
import XCTest
@testable import Timetable

final class BusCSVTests: XCTestCase {
    private static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/buscsv")

    private func path(_ name: String) -> String { Self.directory.appendingPathComponent(name).path }
    private func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent(name))) }

    private func minutes(_ times: [Int32], hour: Int32) -> [Int32] {
        times.filter { $0 / 3600 == hour }.map { ($0 % 3600) / 60 }
    }

    private func parseError(_ text: String, file: String = "weekday.csv") -> String {
        do {
            _ = try BusCSV.parse(Array(text.utf8), file: file)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    // MARK: parse

    func testUTF8File() throws {
        let times = try BusCSV.parse(try bytes("鷹56_調布駅北口_三鷹駅_乗り場12_日祝.csv"), file: "sunday.csv")
        XCTAssertEqual(minutes(times, hour: 10), [6, 20, 33, 47, 59])
        XCTAssertEqual(times.first, 6 * 3600 + 23 * 60)
        XCTAssertEqual(times, times.sorted())
        XCTAssertEqual(times.count, 53)
    }

    func testShiftJISWithCRLF() throws {
        let data = try bytes("鷹66_調布駅北口_三鷹駅_乗り場11_日祝.csv")
        XCTAssertNotNil(TextDecoding.firstInvalidUTF8Offset(data[...]), "the fixture really is not UTF-8")
        XCTAssertTrue(data.contains(0x0D), "the fixture really has CRLF")
        let times = try BusCSV.parse(data, file: "taka66.csv")
        XCTAssertEqual(minutes(times, hour: 10), [0, 20, 39, 58])
        XCTAssertEqual(times.count, 39)
    }

    func testByteOrderMarkBlankLinesAndTrailingCommas() throws {
        XCTAssertEqual(minutes(try BusCSV.parse(try bytes("鷹51_調布駅北口_三鷹駅_乗り場14_日祝.csv"), file: "t51.csv"), hour: 10), [22])
        let saturday = try BusCSV.parse(try bytes("鷹56_調布駅北口_三鷹駅_乗り場12_土曜.csv"), file: "sat.csv")
        XCTAssertEqual(minutes(saturday, hour: 10), [9, 27, 45])
        XCTAssertEqual(minutes(saturday, hour: 11), [3, 21, 39, 57])
    }

    func testHoursPastMidnight() throws {
        let weekday = try BusCSV.parse(try bytes("鷹56_調布駅北口_三鷹駅_乗り場12_平日.csv"), file: "weekday.csv")
        XCTAssertEqual(weekday.suffix(2), [86_700, 90_300])
        XCTAssertEqual(try BusCSV.parse(Array("25,5\n".utf8), file: "x.csv"), [90_300])
    }

    func testLenientSpacingOrderAndComments() throws {
        let text = "# comment\r\n  # indented comment\r\n\r\n8, 5 ,\t40\r\n7,30,10\r\n,,,\r\n7,55\r\n5\r\n"
        XCTAssertEqual(try BusCSV.parse(Array(text.utf8), file: "x.csv").map { Departure.clockText(seconds: Int($0)) },
                       ["07:10", "07:30", "07:55", "08:05", "08:40"])
        XCTAssertEqual(try BusCSV.parse([], file: "empty.csv"), [])
    }

    // MARK: errors

    /// A timetable typed with the Japanese input method still on: the message says what to type
    /// instead, in both languages (issue 23).
    func testFullWidthDigitsAndSeparatorsSayWhatToType() throws {
        func japanese(_ text: String) -> String {
            do {
                _ = try BusCSV.parse(Array(text.utf8), file: "weekday.csv")
                return "no error"
            } catch {
                return (error as? DecodeError)?.descriptionMessage.rendered(in: .japanese) ?? "\(error)"
            }
        }
        XCTAssertEqual(parseError("6,23,４２\n"), #"weekday.csv:1:6: minute "４２" is not a number (full-width characters: type "42" in half-width)"#)
        XCTAssertEqual(japanese("6,23,４２\n"), #"weekday.csv:1:6: 分の値 "４２" は数値ではありません（全角文字です。半角で "42" と書いてください）"#)
        XCTAssertEqual(parseError("6,23\n７，05，３０\n"),
                       #"weekday.csv:2:1: hour "７，05，３０" is not a number (full-width characters: type "7,05,30" in half-width)"#)
        XCTAssertEqual(parseError("１０：０６\n"), #"weekday.csv:1:1: hour "１０：０６" is not a number (full-width characters: type "10,06" in half-width)"#)
        XCTAssertEqual(japanese("１０：０６\n"), #"weekday.csv:1:1: 時の値 "１０：０６" は数値ではありません（全角文字です。半角で "10,06" と書いてください）"#)
        // A letter O for a zero is not full width: no such hint.
        XCTAssertEqual(parseError("6,O5\n"), #"weekday.csv:1:3: minute "O5" is not a number"#)
    }

    func testLetterInACell() throws {
        XCTAssertThrowsError(try BusCSV.parse(try bytes("broken/weekday.csv"), file: "weekday.csv")) { error in
            XCTAssertEqual("\(error)", #"weekday.csv:3:4: minute "2a" is not a number"#)
            XCTAssertEqual(error as? DecodeError, DecodeError(file: "weekday.csv", line: 3, column: 4, message: #"minute "2a" is not a number"#))
        }
        XCTAssertEqual(parseError("6,23\r\n7, 1O\r\n"), #"weekday.csv:2:4: minute "1O" is not a number"#)
        XCTAssertEqual(parseError("6:23\n"), #"weekday.csv:1:1: hour "6:23" is not a number (a header line is not allowed; start a comment line with #)"#)
        XCTAssertEqual(parseError("6,23\n7a,5\n"), #"weekday.csv:2:1: hour "7a" is not a number"#)
        XCTAssertEqual(parseError("6,23\n,5\n"), "weekday.csv:2:1: the hour is missing (the line starts with a comma)")
        XCTAssertEqual(parseError("6,-5\n"), #"weekday.csv:1:3: minute "-5" is not a number"#)
        // Three digits are a comma missing (`18,0,19` or `18,01,9`), not minute 19 (issue 10).
        XCTAssertEqual(parseError("6,23\n18,019\n"), #"weekday.csv:2:4: minute "019" has 3 digits; a minute has 1 or 2 (a comma missing?)"#)
        XCTAssertEqual(parseError("6,23,  1059\n"), #"weekday.csv:1:8: minute "1059" has 4 digits; a minute has 1 or 2 (a comma missing?)"#)
        XCTAssertEqual(parseError("007,5\n"), #"weekday.csv:1:1: hour "007" has 3 digits; an hour has 1 or 2 (a comma missing?)"#)
        let padded: [Int32] = try BusCSV.parse(Array("06,05,9\n".utf8), file: "weekday.csv")
        XCTAssertEqual(padded, [21_900, 22_140])
        XCTAssertEqual(parseError("鷹56,5\n"), #"weekday.csv:1:1: hour "鷹56" is not a number (a header line is not allowed; start a comment line with #)"#)
    }

    func testBrokenFixtures() throws {
        func message(_ name: String) throws -> String {
            do {
                _ = try BusCSV.parse(try bytes("broken/" + name), file: name)
                return "no error"
            } catch let error as DecodeError {
                return "\(error)"
            }
        }
        XCTAssertEqual(try message("header.csv"),
                       #"header.csv:1:1: hour "時" is not a number (a header line is not allowed; start a comment line with #)"#)
        XCTAssertEqual(try message("minute-out-of-range.csv"), #"minute-out-of-range.csv:1:6: minute "60" is out of range 0–59"#)
        XCTAssertEqual(try message("hour-out-of-range.csv"), #"hour-out-of-range.csv:2:1: hour "30" is out of range 0–29"#)
        XCTAssertEqual(try message("duplicate.csv"), "duplicate.csv:3:3: 07:20 is listed twice (first on line 1)")
        XCTAssertEqual(try message("binary.csv"),
                       "binary.csv: byte 2: the text is neither UTF-8 nor Shift_JIS (byte 0xFF is invalid UTF-8, and the file does not decode as Shift_JIS either)")
    }

    // MARK: files and directories

    func testTimetableFromFiles() throws {
        let timetable = try BusCSV.timetable(files: [
            .weekday: path("鷹56_調布駅北口_三鷹駅_乗り場12_平日.csv"),
            .saturday: path("鷹56_調布駅北口_三鷹駅_乗り場12_土曜.csv"),
            .sundayHoliday: path("鷹56_調布駅北口_三鷹駅_乗り場12_日祝.csv"),
        ], line: "鷹56", stop: "12", destination: "三鷹駅")
        XCTAssertEqual(Set(timetable.days.keys), [.weekday, .saturday, .sundayHoliday])
        let sunday = try XCTUnwrap(timetable.departures(on: LocalDate("2024-12-22")!, dayType: .sunday))
        XCTAssertEqual(sunday.dayTypeLabel, "sunday_holiday")
        let at1033 = try XCTUnwrap(sunday.departures.first { $0.time >= 10 * 3600 + 32 * 60 })
        XCTAssertEqual(at1033, Departure(time: 10 * 3600 + 33 * 60, line: "鷹56", stop: "12", destination: "三鷹駅"))
        for list in timetable.days.values {
            XCTAssertEqual(list.filter(\.isLast).count, 1)
            XCTAssertTrue(list.last?.isLast ?? false)
        }
        XCTAssertEqual(timetable.days[.weekday]?.last?.clockText, "25:05")
    }

    func testMissingFileNamesThePath() {
        XCTAssertThrowsError(try BusCSV.timetable(files: [.weekday: "nowhere/平日.csv"], line: "l", stop: "s", destination: "d")) { error in
            XCTAssertEqual("\(error)", "nowhere/平日.csv: no such file")
        }
    }

    func testDirectoryGroupsRoutesAndMergesTheStory() throws {
        let routes = try BusCSV.directory(Self.directory.path)
        XCTAssertEqual(routes.map(\.route), ["鷹51", "鷹56", "鷹66"])
        XCTAssertEqual(routes.map(\.stop), ["14", "12", "11"])
        XCTAssertEqual(Set(routes.map(\.origin)), ["調布駅北口"])
        XCTAssertEqual(Set(routes.map(\.destination)), ["三鷹駅"])
        XCTAssertEqual(routes[1].files.count, 3)
        XCTAssertTrue(routes[1].files.allSatisfy { $0.hasPrefix(Self.directory.path + "/") })
        XCTAssertEqual(Set(routes[1].timetable.days.keys), [.weekday, .saturday, .sundayHoliday])

        // Sunday 10:00–10:59, merged: 00(11) 06(12) 20(12) 20(11) 22(14) 33(12) 39(11) 47(12) 58(11) 59(12).
        let merged = routes.flatMap { $0.timetable.days[.sundayHoliday] ?? [] }
            .filter { $0.time / 3600 == 10 }
            .sorted { ($0.time, $0.line) < ($1.time, $1.line) }
        XCTAssertEqual(merged.map { "\(($0.time % 3600) / 60)(\($0.stop))" },
                       ["0(11)", "6(12)", "20(12)", "20(11)", "22(14)", "33(12)", "39(11)", "47(12)", "58(11)", "59(12)"])
    }

    func testDirectoryWithoutMatchingFiles() {
        let other = Self.directory.deletingLastPathComponent().appendingPathComponent("odpt-broken").path
        XCTAssertThrowsError(try BusCSV.directory(other)) { error in
            XCTAssertTrue("\(error)".hasPrefix(other + ": no bus timetable file named 路線名_出発地_目的地_乗り場_(平日|土曜|日祝).csv (found: README.md, "), "\(error)")
        }
        XCTAssertThrowsError(try BusCSV.directory(other + "/missing")) { error in
            XCTAssertEqual("\(error)", other + "/missing: cannot list the directory (no such directory)")
        }
    }

    func testDirectoryWithTwoFilesForOneDayType() throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("buscsv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        try Data("6,10\n".utf8).write(to: temporary.appendingPathComponent("鷹56_調布駅北口_三鷹駅_乗り場12_土曜.csv"))
        try Data("6,20\n".utf8).write(to: temporary.appendingPathComponent("鷹56_調布駅北口_三鷹駅_のりば12_土曜日.csv"))
        XCTAssertThrowsError(try BusCSV.directory(temporary.path)) { error in
            XCTAssertEqual("\(error)", temporary.path + "/鷹56_調布駅北口_三鷹駅_乗り場12_土曜.csv: this file and \"" + temporary.path
                           + "/鷹56_調布駅北口_三鷹駅_のりば12_土曜日.csv\" are both the saturday timetable of 鷹56 調布駅北口 → 三鷹駅, platform 12")
        }
    }
}

/// `BusCSV.readEach`: a broken day-type file costs only its day type.
final class BusCSVReadEachTests: XCTestCase {
    func testABrokenFileLosesOnlyItsDayType() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("buscsv-each-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let weekday = directory.appendingPathComponent("weekday.csv").path
        let saturday = directory.appendingPathComponent("saturday.csv").path
        try "6,10,40\n7,1O\n".write(toFile: weekday, atomically: true, encoding: .utf8)
        try "6,15\n".write(toFile: saturday, atomically: true, encoding: .utf8)
        let read = BusCSV.readEach(files: [.weekday: weekday, .saturday: saturday, .sundayHoliday: directory.path + "/nowhere.csv"],
                                   line: "l", stop: "s", destination: "d")
        XCTAssertEqual(Set(read.timetable.days.keys), [.saturday])
        XCTAssertEqual(read.failures.map(\.dayType), [.sundayHoliday, .weekday])
        XCTAssertEqual(read.failures.map { "\($0.error)" }, [directory.path + "/nowhere.csv: no such file",
                                                             weekday + ":2:3: minute \"1O\" is not a number"])
        // The throwing reader still refuses the whole set.
        XCTAssertThrowsError(try BusCSV.timetable(files: [.weekday: weekday, .saturday: saturday], line: "l", stop: "s", destination: "d"))
    }
}
