import XCTest
@testable import Timetable

final class LocalDateTests: XCTestCase {
    func testDayNumberRoundTrip() {
        for n in stride(from: -40_000, through: 60_000, by: 7) {
            XCTAssertEqual(LocalDate(dayNumber: n).dayNumber, n)
        }
        XCTAssertEqual(LocalDate(dayNumber: 0).description, "1970-01-01")
        XCTAssertEqual(LocalDate("2024-02-29")?.adding(days: 1).description, "2024-03-01")
        XCTAssertNil(LocalDate("2025-02-29"))
        XCTAssertEqual(LocalDate("1955/1/15"), LocalDate(year: 1955, month: 1, day: 15))
    }

    func testWeekday() {
        XCTAssertEqual(LocalDate("2024-12-22")?.weekday, .sunday)
        XCTAssertEqual(LocalDate("1970-01-01")?.weekday, .thursday)
        XCTAssertEqual(LocalDate("1955-01-01")?.weekday, .saturday)
    }

    func testZoneClockUsesTheBoardsZoneNotTheMachines() {
        let tokyo = ZoneClock(identifier: "Asia/Tokyo")!
        // 2024-12-22T10:32:00+09:00
        let t = tokyo.instant(date: LocalDate("2024-12-22")!, seconds: 10 * 3600 + 32 * 60)
        XCTAssertEqual(t, 1_734_831_120)
        let local = tokyo.localTime(at: t)
        XCTAssertEqual(local.date, LocalDate("2024-12-22"))
        XCTAssertEqual(local.seconds, 10 * 3600 + 32 * 60)
    }

    func testServiceDayStartAcrossDST() {
        let ny = ZoneClock(identifier: "America/New_York")!
        // 2024-03-10: clocks jump 02:00 → 03:00. Noon is EDT (−4), so noon − 12 h is 23:00 of 03-09 EST.
        let start = ny.serviceDayStart(LocalDate("2024-03-10")!)
        XCTAssertEqual(start, ny.instant(date: LocalDate("2024-03-10")!, seconds: 12 * 3600) - 43_200)
        let midnight = ny.instant(date: LocalDate("2024-03-10")!, seconds: 0)
        XCTAssertEqual(midnight - start, 3600)
        // A skipped wall time lands after the jump.
        let skipped = ny.instant(date: LocalDate("2024-03-10")!, seconds: 2 * 3600 + 30 * 60)
        XCTAssertEqual(ny.localTime(at: skipped).seconds, 3 * 3600 + 30 * 60)
    }
}

final class TimestampFormatTests: XCTestCase {
    func testFormatsAndParses() {
        let tokyo = ZoneClock(identifier: "Asia/Tokyo")!
        XCTAssertEqual(tokyo.iso8601(1_734_831_120), "2024-12-22T10:32:00+09:00")
        XCTAssertEqual(tokyo.parseTimestamp("2024-12-22T10:32:00+09:00"), 1_734_831_120)
        XCTAssertEqual(tokyo.parseTimestamp("2024-12-22T10:32"), 1_734_831_120)
        XCTAssertEqual(tokyo.parseTimestamp("2024-12-22T01:32:00Z"), 1_734_831_120)
        XCTAssertEqual(tokyo.parseTimestamp("2024-12-21T20:32:00-0500"), 1_734_831_120)
        XCTAssertEqual(tokyo.parseTimestamp("2024-12-22 10:32:00.250+09:00"), 1_734_831_120)
        XCTAssertNil(tokyo.parseTimestamp("2024-12-22T25:00"))
        XCTAssertNil(tokyo.parseTimestamp("2024-02-30T10:00"))
        XCTAssertNil(tokyo.parseTimestamp("tomorrow"))
        let ny = ZoneClock(identifier: "America/New_York")!
        XCTAssertEqual(ny.iso8601(1_734_831_120), "2024-12-21T20:32:00-05:00")
    }
}
