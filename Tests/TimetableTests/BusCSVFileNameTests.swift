import XCTest
@testable import Timetable

final class BusCSVFileNameTests: XCTestCase {
    func testTheArticlesExample() throws {
        let name = try XCTUnwrap(BusCSVFileName(fileName: "鷹56_調布駅北口_三鷹駅_乗り場12_日祝.csv"))
        XCTAssertEqual(name.route, "鷹56")
        XCTAssertEqual(name.origin, "調布駅北口")
        XCTAssertEqual(name.destination, "三鷹駅")
        XCTAssertEqual(name.stop, "12")
        XCTAssertEqual(name.dayType, .sundayHoliday)
    }

    func testDayTypeWords() {
        let cases: [(String, DayTypeKey)] = [
            ("平日", .weekday), ("土曜", .saturday), ("土曜日", .saturday), ("日祝", .sundayHoliday),
            ("日祝日", .sundayHoliday), ("土休日", .saturdayHoliday), ("土日祝", .saturdayHoliday),
            ("毎日", .everyday), ("日曜", .sunday), ("祝日", .holiday),
        ]
        for (word, key) in cases {
            XCTAssertEqual(BusCSVFileName(fileName: "鷹66_調布駅北口_三鷹駅_乗り場11_\(word).csv")?.dayType, key, word)
        }
    }

    func testPlatformSpellingsPathsAndExtension() {
        XCTAssertEqual(BusCSVFileName(fileName: "timetables/taka51/鷹51_調布駅北口_三鷹駅_のりば14_平日.CSV")?.stop, "14")
        XCTAssertEqual(BusCSVFileName(fileName: "鷹51_調布駅北口_三鷹駅_14番のりば_平日.csv")?.stop, "14")
        XCTAssertEqual(BusCSVFileName(fileName: "鷹51_調布駅北口_三鷹駅_乗場14_平日.csv")?.stop, "14")
        XCTAssertEqual(BusCSVFileName(fileName: "鷹51_調布駅北口_三鷹駅_A_平日.csv")?.stop, "A")
    }

    func testNamesOutsideThePattern() {
        for name in ["README.md", "鷹56_調布駅北口_三鷹駅_乗り場12_日祝.txt", "鷹56_調布駅北口_三鷹駅_日祝.csv",
                     "鷹56_調布駅北口_三鷹駅_乗り場12_月曜.csv", "鷹56_調布駅北口__乗り場12_平日.csv",
                     "鷹56_調布駅北口_三鷹駅_乗り場_平日.csv", "a_b_c_d_e_平日.csv", ".csv", "weekday.csv"] {
            XCTAssertNil(BusCSVFileName(fileName: name), name)
        }
    }
}
