import XCTest
@testable import Timetable

/// Golden cases for merged boards: service days past midnight, holidays, lookahead.
final class BoardTests: XCTestCase {
    let tokyo = ZoneClock(identifier: "Asia/Tokyo")!

    func at(_ date: String, _ h: Int, _ m: Int) -> Int64 {
        tokyo.instant(date: LocalDate(date)!, seconds: h * 3600 + m * 60)
    }

    func times(_ hm: [(Int, Int)], line: String = "L", stop: String = "1", destination: String = "D") -> [Departure] {
        var list = hm.map { Departure(time: Int32($0.0 * 3600 + $0.1 * 60), line: line, stop: stop, destination: destination) }
        list.markLastPerDestination()
        return list
    }

    /// A train line whose weekday service ends at 24:18 and weekend service at 23:53.
    func subwayBoard(extraHolidays: Set<LocalDate> = []) -> Board {
        var timetable = DayTypeTimetable()
        timetable.set(times([(5, 17), (12, 0), (23, 50), (24, 5), (24, 18)], line: "銀座線", destination: "W"), for: .weekday)
        timetable.set(times([(5, 35), (12, 30), (23, 53)], line: "銀座線", destination: "H"), for: .saturdayHoliday)
        return Board(id: "ginza", title: "Ginza", clock: tokyo, calendar: ServiceCalendar(extraHolidays: extraHolidays),
                     sources: [BoardTimetable(name: "t", timetable: timetable, walkSeconds: 180)])
    }

    func testFridayNightIntoSaturdayKeepsYesterdaysWeekdayTrains() {
        let board = subwayBoard()
        // 2025-01-17 is a Friday.
        let late = board.next(at: at("2025-01-17", 23, 50), count: 4)
        XCTAssertEqual(late.map { tokyo.localTime(at: $0.departure).seconds / 60 },
                       [23 * 60 + 50, 5, 18, 5 * 60 + 35])
        XCTAssertEqual(late.map(\.serviceDate.description), ["2025-01-17", "2025-01-17", "2025-01-17", "2025-01-18"])
        XCTAssertEqual(late.map(\.dayTypeLabel), ["weekday", "weekday", "weekday", "saturday_holiday"])
        XCTAssertTrue(late[2].isLast)
        // At 00:10 on Saturday the weekday timetable is still running (the original widget's bug).
        let afterMidnight = board.next(at: at("2025-01-18", 0, 10), count: 2)
        XCTAssertEqual(afterMidnight[0].serviceDate, LocalDate("2025-01-17"))
        XCTAssertEqual(afterMidnight[0].departure, at("2025-01-18", 0, 18))
        XCTAssertEqual(afterMidnight[0].leaveAt, at("2025-01-18", 0, 15))
        XCTAssertEqual(afterMidnight[1].departure, at("2025-01-18", 5, 35))
        // At 00:20 the weekday trains are gone: Saturday's first train.
        XCTAssertEqual(board.next(at: at("2025-01-18", 0, 20), count: 1).first?.departure, at("2025-01-18", 5, 35))
    }

    func testSundayNightBeforeAMondayHoliday() {
        let board = subwayBoard()
        // 2025-01-13 is 成人の日 (Monday): Sunday night runs the holiday timetable, Monday too.
        let next = board.next(at: at("2025-01-12", 23, 55), count: 2)
        XCTAssertEqual(next.map(\.serviceDate.description), ["2025-01-13", "2025-01-13"])
        XCTAssertEqual(next.map(\.dayTypeLabel), ["saturday_holiday", "saturday_holiday"])
        XCTAssertEqual(next[0].departure, at("2025-01-13", 5, 35))
        // Tuesday is a weekday again.
        XCTAssertEqual(board.next(at: at("2025-01-13", 23, 55), count: 1).first?.departure, at("2025-01-14", 5, 17))
    }

    func testNewYearsEveIntoNewYearsDay() {
        // 2025-12-31 is a Wednesday: a weekday unless the board declares the year-end schedule.
        let plain = subwayBoard()
        let wednesday = plain.next(at: at("2025-12-31", 23, 55), count: 2)
        XCTAssertEqual(wednesday.map(\.departure), [at("2026-01-01", 0, 5), at("2026-01-01", 0, 18)])
        XCTAssertEqual(wednesday[0].serviceDate, LocalDate("2025-12-31"))
        // Then 1/1 (元日) runs the holiday timetable.
        XCTAssertEqual(plain.next(at: at("2026-01-01", 0, 30), count: 1).first?.dayTypeLabel, "saturday_holiday")
        let yearEnd = subwayBoard(extraHolidays: [LocalDate("2025-12-31")!])
        XCTAssertEqual(yearEnd.next(at: at("2025-12-31", 23, 0), count: 1).first?.departure, at("2025-12-31", 23, 53))
    }

    func testBeforeFirstExactlyAtAndAfterLast() {
        let board = subwayBoard()
        // 2025-01-15 is a Wednesday.
        XCTAssertEqual(board.next(at: at("2025-01-15", 4, 0), count: 1).first?.departure, at("2025-01-15", 5, 17))
        XCTAssertEqual(board.next(at: at("2025-01-15", 12, 0), count: 1).first?.departure, at("2025-01-15", 12, 0))
        let after = board.next(at: at("2025-01-16", 0, 19), count: 1)
        XCTAssertEqual(after.first?.departure, at("2025-01-16", 5, 17))
        XCTAssertEqual(after.first?.serviceDate, LocalDate("2025-01-16"))
    }

    func testSameInstantOrderedByLineThenStop() {
        var a = DayTypeTimetable(), b = DayTypeTimetable()
        a.set(times([(10, 20)], line: "鷹66", stop: "11"), for: .everyday)
        b.set(times([(10, 20)], line: "鷹56", stop: "12"), for: .everyday)
        let board = Board(id: "x", title: "x", clock: tokyo, sources: [
            BoardTimetable(name: "a", timetable: a), BoardTimetable(name: "b", timetable: b)])
        XCTAssertEqual(board.next(at: at("2024-12-22", 10, 0), count: 2).map(\.stop), ["12", "11"])
    }

    func testNothingWithinTheLookaheadIsAnEmptyList() {
        var weekdaysOnly = DayTypeTimetable()
        weekdaysOnly.set(times([(8, 0)]), for: .weekday)
        let board = Board(id: "x", title: "x", clock: tokyo, sources: [BoardTimetable(name: "a", timetable: weekdaysOnly)])
        // Friday evening: next Monday is within 7 days.
        XCTAssertEqual(board.next(at: at("2025-01-17", 9, 0), count: 1).first?.departure, at("2025-01-20", 8, 0))
        let empty = Board(id: "x", title: "x", clock: tokyo, sources: [BoardTimetable(name: "a", timetable: DayTypeTimetable())])
        XCTAssertTrue(empty.next(at: at("2025-01-17", 9, 0), count: 5).isEmpty)
    }

    func testTheMachineTimezoneDoesNotMatter() {
        // Departures are computed in the board's zone whatever TZ says.
        let board = subwayBoard()
        let first = board.next(at: at("2025-01-15", 4, 0), count: 1).first!
        XCTAssertEqual(first.departure, 1_736_885_820) // 2025-01-15T05:17:00+09:00
    }
}
