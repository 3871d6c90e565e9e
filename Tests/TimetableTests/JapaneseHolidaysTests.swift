import Foundation
import XCTest
@testable import Timetable

final class JapaneseHolidaysTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent("holidays")

    private func fixtureBytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
    }

    private func cabinetOfficeFixture() throws -> [Holiday] {
        try JapaneseHolidays.parseCabinetOfficeCSV(fixtureBytes("syukujitsu.csv"), file: "syukujitsu.csv")
    }

    private func date(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> LocalDate {
        guard let date = LocalDate(text) else {
            XCTFail("bad test date \(text)", file: file, line: line)
            return LocalDate(dayNumber: 0)
        }
        return date
    }

    private func lines(_ holidays: [Holiday]) -> [String] { holidays.map { "\($0.date) \($0.name)" } }

    // MARK: The rules prove themselves against the Cabinet Office list

    func testRulesReproduceTheCabinetOfficeListForEveryYear() throws {
        let list = try cabinetOfficeFixture()
        XCTAssertEqual(list.count, 1067)
        XCTAssertEqual(list.first?.date.year, 1955)
        XCTAssertEqual(list.last?.date.year, 2027)
        for year in 1955...2027 {
            let expected = lines(list.filter { $0.date.year == year })
            let computed = lines(JapaneseHolidays.computedByRules(year: year))
            let missing = expected.filter { !computed.contains($0) }, extra = computed.filter { !expected.contains($0) }
            XCTAssertEqual(computed, expected, "year \(year): rules miss \(missing), add \(extra)")
        }
    }

    func testEmbeddedListEqualsTheShiftJISFixture() throws {
        let data = Data(try fixtureBytes("syukujitsu.csv"))
        let decoded = try XCTUnwrap(String(data: data, encoding: .shiftJIS), "fixture is not Shift_JIS")
        XCTAssertTrue(decoded.contains("\r\n"), "the published file has CRLF line ends")
        let normalized = decoded.replacingOccurrences(of: "\r\n", with: "\n")
        func trimmed(_ text: String) -> Substring {
            text[..<(text.lastIndex { $0 != "\n" }.map { text.index(after: $0) } ?? text.endIndex)]
        }
        XCTAssertEqual(trimmed(CabinetOfficeHolidayList.text), trimmed(normalized),
                       "run scripts/generate-cabinet-office-holidays.py")
        XCTAssertEqual(JapaneseHolidays.cabinetOfficeList, try cabinetOfficeFixture())
        XCTAssertEqual(JapaneseHolidays.standard.authorityYears, 1955...2027)
    }

    func testShiftJISAndUTF8FixturesParseTheSame() throws {
        let utf8 = try JapaneseHolidays.parseCabinetOfficeCSV(fixtureBytes("syukujitsu.utf8.csv"), file: "syukujitsu.utf8.csv")
        XCTAssertEqual(utf8, try cabinetOfficeFixture())
    }

    func testHolidays2025MatchTheList() throws {
        let expected = try cabinetOfficeFixture().filter { $0.date.year == 2025 }
        let got = JapaneseHolidays.holidays(from: date("2025-01-01"), through: date("2025-12-31"))
        XCTAssertEqual(got, expected)
        XCTAssertEqual(lines(got), [
            "2025-01-01 元日", "2025-01-13 成人の日", "2025-02-11 建国記念の日", "2025-02-23 天皇誕生日",
            "2025-02-24 休日", "2025-03-20 春分の日", "2025-04-29 昭和の日", "2025-05-03 憲法記念日",
            "2025-05-04 みどりの日", "2025-05-05 こどもの日", "2025-05-06 休日", "2025-07-21 海の日",
            "2025-08-11 山の日", "2025-09-15 敬老の日", "2025-09-23 秋分の日", "2025-10-13 スポーツの日",
            "2025-11-03 文化の日", "2025-11-23 勤労感謝の日", "2025-11-24 休日",
        ])
    }

    func testNameOnAgreesWithTheListDayByDay() throws {
        var expected: [LocalDate: String] = [:]
        for holiday in try cabinetOfficeFixture() { expected[holiday.date] = holiday.name }
        var day = date("1955-01-01")
        let end = date("2027-12-31")
        while day <= end {
            XCTAssertEqual(JapaneseHolidays.name(on: day), expected[day], "\(day)")
            XCTAssertEqual(JapaneseHolidays.isHoliday(day), expected[day] != nil, "\(day)")
            day = day.adding(days: 1)
        }
    }

    // MARK: Historical changes and one-off days

    func testHistoricalChanges() {
        XCTAssertEqual(JapaneseHolidays.name(on: date("1999-01-15")), "成人の日")
        XCTAssertNil(JapaneseHolidays.name(on: date("2000-01-15")))
        XCTAssertEqual(JapaneseHolidays.name(on: date("2000-01-10")), "成人の日")
        XCTAssertEqual(JapaneseHolidays.name(on: date("1988-04-29")), "天皇誕生日")
        XCTAssertEqual(JapaneseHolidays.name(on: date("1989-04-29")), "みどりの日")
        XCTAssertEqual(JapaneseHolidays.name(on: date("2007-04-29")), "昭和の日")
        XCTAssertEqual(JapaneseHolidays.name(on: date("2018-12-23")), "天皇誕生日")
        XCTAssertNil(JapaneseHolidays.name(on: date("2019-12-23")))
        XCTAssertEqual(JapaneseHolidays.name(on: date("2020-02-23")), "天皇誕生日")
        XCTAssertNil(JapaneseHolidays.name(on: date("1966-02-11")))
        XCTAssertEqual(JapaneseHolidays.name(on: date("1967-02-11")), "建国記念の日")
        XCTAssertEqual(JapaneseHolidays.name(on: date("1996-07-20")), "海の日")
        XCTAssertEqual(JapaneseHolidays.name(on: date("2016-08-11")), "山の日")
        XCTAssertNil(JapaneseHolidays.name(on: date("2015-08-11")))
        XCTAssertEqual(JapaneseHolidays.name(on: date("1959-04-10")), "結婚の儀")
        XCTAssertEqual(JapaneseHolidays.name(on: date("1989-02-24")), "大喪の礼")
        XCTAssertEqual(JapaneseHolidays.name(on: date("1990-11-12")), "即位礼正殿の儀")
        XCTAssertEqual(JapaneseHolidays.name(on: date("1993-06-09")), "結婚の儀")
        XCTAssertEqual(lines(JapaneseHolidays.holidays(from: date("2019-04-27"), through: date("2019-05-06"))), [
            "2019-04-29 昭和の日", "2019-04-30 休日", "2019-05-01 休日（祝日扱い）", "2019-05-02 休日",
            "2019-05-03 憲法記念日", "2019-05-04 みどりの日", "2019-05-05 こどもの日", "2019-05-06 休日",
        ])
        XCTAssertEqual(JapaneseHolidays.name(on: date("2019-10-22")), "休日（祝日扱い）")
        // First substitute holiday (Act of 1973-04-12) and first in-between day (1988).
        XCTAssertNil(JapaneseHolidays.name(on: date("1973-02-12")))
        XCTAssertEqual(JapaneseHolidays.name(on: date("1973-04-30")), "休日")
        XCTAssertEqual(JapaneseHolidays.name(on: date("1988-05-04")), "休日")
        // Olympic moves.
        XCTAssertEqual(lines(JapaneseHolidays.holidays(from: date("2021-07-01"), through: date("2021-08-31"))), [
            "2021-07-22 海の日", "2021-07-23 スポーツの日", "2021-08-08 山の日", "2021-08-09 休日",
        ])
    }

    func testRulesBeforeTheListStartAtTheLaw() {
        XCTAssertEqual(lines(JapaneseHolidays.holidays(year: 1948)),
                       ["1948-09-23 秋分の日", "1948-11-03 文化の日", "1948-11-23 勤労感謝の日"])
        XCTAssertEqual(JapaneseHolidays.holidays(year: 1949).count, 9)
        XCTAssertNil(JapaneseHolidays.name(on: date("1948-01-01")))
        XCTAssertTrue(JapaneseHolidays.holidays(year: 1900).isEmpty)
    }

    // MARK: After the list: the rules

    func testYearsAfterTheList() {
        XCTAssertEqual(JapaneseHolidays.name(on: date("2028-03-20")), "春分の日")
        XCTAssertEqual(JapaneseHolidays.name(on: date("2028-09-22")), "秋分の日")
        XCTAssertEqual(lines(JapaneseHolidays.holidays(year: 2029)), [
            "2029-01-01 元日", "2029-01-08 成人の日", "2029-02-11 建国記念の日", "2029-02-12 休日",
            "2029-02-23 天皇誕生日", "2029-03-20 春分の日", "2029-04-29 昭和の日", "2029-04-30 休日",
            "2029-05-03 憲法記念日", "2029-05-04 みどりの日", "2029-05-05 こどもの日", "2029-07-16 海の日",
            "2029-08-11 山の日", "2029-09-17 敬老の日", "2029-09-23 秋分の日", "2029-09-24 休日",
            "2029-10-08 スポーツの日", "2029-11-03 文化の日", "2029-11-23 勤労感謝の日",
        ])
        // 2030: 5/5 is a Sunday, 5/3–5/5 are all holidays: the substitute is Monday 5/6.
        XCTAssertEqual(JapaneseHolidays.name(on: date("2030-05-06")), "休日")
        // 2032: 敬老の日 9/20 and 秋分の日 9/22 make 9/21 an in-between day (シルバーウィーク).
        XCTAssertEqual(JapaneseHolidays.name(on: date("2032-09-21")), "休日")
        // 2099 (NAOJ-derived days: 春分 3/20, 秋分 9/23).
        XCTAssertEqual(JapaneseHolidays.name(on: date("2099-03-20")), "春分の日")
        XCTAssertEqual(JapaneseHolidays.name(on: date("2099-09-23")), "秋分の日")
        XCTAssertEqual(JapaneseHolidays.holidays(year: 2099), JapaneseHolidays.computedByRules(year: 2099))
        // Past the precomputed table, the rules answer directly.
        let far = date("2300-01-01")
        XCTAssertEqual(JapaneseHolidays.name(on: far), "元日")
        XCTAssertEqual(JapaneseHolidays.holidays(year: 2300), JapaneseHolidays.computedByRules(year: 2300))
    }

    func testEquinoxFormulaAndMeeusAgree() {
        // The formula is used 1851–2150; Meeus' algorithm beyond. Where both apply they must agree
        // except when the equinox falls within minutes of midnight JST.
        var disagreements: [String] = []
        for year in 1900...2150 {
            for march in [true, false] where Equinox.formulaDay(year: year, march: march) != Equinox.meeusDay(year: year, march: march) {
                disagreements.append("\(year)-\(march ? "03" : "09")")
            }
        }
        XCTAssertLessThanOrEqual(disagreements.count, 3, "\(disagreements)")
        for year in 2151...2300 {
            XCTAssertTrue((19...22).contains(Equinox.vernalDay(year: year)), "\(year)")
            XCTAssertTrue((21...24).contains(Equinox.autumnalDay(year: year)), "\(year)")
        }
    }

    func testEveryYearIsWellFormed() {
        for year in 1949...2200 {
            let holidays = JapaneseHolidays.holidays(year: year)
            XCTAssertEqual(holidays.map(\.date), holidays.map(\.date).sorted(), "\(year)")
            XCTAssertEqual(Set(holidays.map(\.date)).count, holidays.count, "\(year)")
            XCTAssertTrue(holidays.allSatisfy { $0.date.year == year }, "\(year)")
            XCTAssertGreaterThanOrEqual(holidays.count, 9, "\(year)")
            // No Sunday holiday without a substitute from 2007 on.
            if year >= 2007 {
                let days = Set(holidays.map(\.date))
                for holiday in holidays where holiday.date.weekday == .sunday && holiday.name != "休日" {
                    var next = holiday.date.adding(days: 1)
                    while days.contains(next), JapaneseHolidays.name(on: next) != "休日" { next = next.adding(days: 1) }
                    XCTAssertEqual(JapaneseHolidays.name(on: next), "休日", "substitute for \(holiday.date)")
                }
            }
        }
    }

    func testRangeAcrossYearsAndEmptyRange() {
        let got = JapaneseHolidays.holidays(from: date("2027-12-01"), through: date("2028-01-10"))
        XCTAssertEqual(lines(got), ["2028-01-01 元日", "2028-01-10 成人の日"])
        XCTAssertTrue(JapaneseHolidays.holidays(from: date("2025-02-01"), through: date("2025-01-01")).isEmpty)
    }

    // MARK: A user's newer list

    func testANewerListOverridesTheRulesForItsYears() throws {
        let csv = "国民の祝日・休日月日,国民の祝日・休日名称\n2028/1/1,元日\n2028/6/1,テストの日\n"
        let list = try JapaneseHolidays.parseCabinetOfficeCSV(Array(csv.utf8), file: "new.csv")
        let calendar = JapaneseHolidayCalendar(authorityList: list)
        XCTAssertEqual(calendar.authorityYears, 2028...2028)
        XCTAssertEqual(calendar.name(on: date("2028-06-01")), "テストの日")
        XCTAssertNil(calendar.name(on: date("2028-03-20")))
        XCTAssertEqual(calendar.name(on: date("2029-03-20")), "春分の日")
        XCTAssertEqual(JapaneseHolidayCalendar().name(on: date("2025-02-24")), "休日")
    }

    func testParsesShiftJISWithCRLFAndLenientSpacing() throws {
        var bytes: [UInt8] = Array("2030/1/1,".utf8) + [0x8C, 0xB3, 0x93, 0xFA] + [0x0D, 0x0A]  // 元日
        bytes += Array("\r\n 2030/1/14 , \"".utf8) + [0x90, 0xAC, 0x90, 0x6C, 0x82, 0xCC, 0x93, 0xFA] + Array("\"\r\n".utf8)  // 成人の日
        let list = try JapaneseHolidays.parseCabinetOfficeCSV(Data(bytes), file: "sjis.csv")
        XCTAssertEqual(lines(list), ["2030-01-01 元日", "2030-01-14 成人の日"])
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("2030-01-01,元日\n".utf8)
        XCTAssertEqual(lines(try JapaneseHolidays.parseCabinetOfficeCSV(bom, file: "bom.csv")), ["2030-01-01 元日"])
    }

    // MARK: Malformed lists

    private func decodeError(_ text: String) -> DecodeError? {
        do {
            _ = try JapaneseHolidays.parseCabinetOfficeCSV(Array(text.utf8), file: "bad.csv")
            return nil
        } catch let error as DecodeError {
            return error
        } catch {
            XCTFail("unexpected error \(error)")
            return nil
        }
    }

    func testMalformedLinesNameTheLine() throws {
        let header = "国民の祝日・休日月日,国民の祝日・休日名称\r\n"
        let badDate = try XCTUnwrap(decodeError(header + "2025/1/1,元日\r\n2025/13/1,謎の日\r\n"))
        XCTAssertEqual(badDate.line, 3)
        XCTAssertEqual(badDate.description, "bad.csv:3:1: not a date (YYYY/M/D): \"2025/13/1\"")

        let missingName = try XCTUnwrap(decodeError(header + "2025/1/1\r\n"))
        XCTAssertEqual(missingName.line, 2)
        XCTAssertTrue(missingName.message.contains("2025/1/1"), missingName.description)

        let emptyName = try XCTUnwrap(decodeError("2025/1/1,元日\n2025/1/13,\n"))
        XCTAssertEqual(emptyName.line, 2)

        let duplicate = try XCTUnwrap(decodeError("2025/1/1,元日\n\n2025/1/1,元日\n"))
        XCTAssertEqual(duplicate.line, 3)
        XCTAssertTrue(duplicate.message.contains("first on line 1"), duplicate.description)

        let extra = try XCTUnwrap(decodeError("2025/1/1,元日,extra\n"))
        XCTAssertEqual(extra.line, 1)

        let empty = try XCTUnwrap(decodeError(header))
        XCTAssertNil(empty.line)

        var broken: [UInt8] = Array("2025/1/1,元日\n2025/1/13,".utf8)
        broken += [0x81, 0x0A]  // a Shift_JIS lead byte with no trail byte
        XCTAssertThrowsError(try JapaneseHolidays.parseCabinetOfficeCSV(broken, file: "broken.csv")) { error in
            XCTAssertEqual((error as? DecodeError)?.line, 2, "\(error)")
        }
    }

    func testHolidayEncodesAsDateAndName() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(Holiday(date: date("2025-01-13"), name: "成人の日"))
        XCTAssertEqual(String(decoding: json, as: UTF8.self), #"{"date":"2025-01-13","name":"成人の日"}"#)
        XCTAssertEqual(try JSONDecoder().decode(Holiday.self, from: json).date, date("2025-01-13"))
    }
}
