import Messages
import XCTest
@testable import Timetable

/// A service date whose timetable could not be loaded is unknown, not a day without departures:
/// which dates a failed day-type file or source makes unknown, which dates a source out of its
/// validity makes unknown, and until when an unknown date matters.
final class UnknownServiceDateTests: XCTestCase {
    let tokyo = ZoneClock(identifier: "Asia/Tokyo")!

    func date(_ text: String) -> LocalDate { LocalDate(text)! }

    /// A bus CSV route with `days` loaded (06:05 and 06:35 each).
    func route(_ days: [DayTypeKey], line: String = "X1", validFrom: String? = nil, validUntil: String? = nil) -> BoardTimetable {
        var timetable = DayTypeTimetable(days: Dictionary(uniqueKeysWithValues: days.map { key in
            (key, [Departure(time: 6 * 3600 + 300, line: line, stop: "1", destination: "D"), Departure(time: 6 * 3600 + 2100, line: line, stop: "1", destination: "D")])
        }))
        timetable.serviceSpanSeconds = UnknownService.busCSVSpanSeconds
        var source = BoardTimetable(name: line, timetable: timetable, line: line, stop: "1")
        source.validFrom = validFrom.map(date)
        source.validUntil = validUntil.map(date)
        return source
    }

    /// The weekday file of route X1 failed; saturday and sunday_holiday loaded.
    func brokenWeekday(configured: Set<DayTypeKey> = [.weekday, .saturday, .sundayHoliday]) -> UnknownService {
        UnknownService(source: .verbatim("X1 (platform 1), weekday"), origin: "boards.yaml:5:9", reason: .verbatim("bad.csv:1:3: minute \"O5\" is not a number"),
                       dates: .dayType(.weekday, configured: configured), spanSeconds: UnknownService.busCSVSpanSeconds, line: "X1", stop: "1")
    }

    func testABrokenWeekdayFileMakesWeekdaysUnknownAndLeavesTheOtherDaysKnown() throws {
        let board = Board(id: "x1", title: "X1", clock: tokyo, sources: [route([.saturday, .sundayHoliday])], unknownServices: [brokenWeekday()])
        // Mon 2025-01-06 … Fri 01-10 are unknown; Sat 11, Sun 12 and Mon 13 (成人の日, a holiday) are known.
        XCTAssertEqual((6...10).map { board.unknownDate(date("2025-01-\($0 < 10 ? "0" : "")\($0)")) != nil }, [true, true, true, true, true])
        XCTAssertNil(board.unknownDate(date("2025-01-11")))
        XCTAssertNil(board.unknownDate(date("2025-01-12")))
        XCTAssertNil(board.unknownDate(date("2025-01-13")), "a holiday Monday runs the sunday_holiday timetable")
        let monday = try XCTUnwrap(board.unknownDate(date("2025-01-06")))
        XCTAssertEqual(monday.dayType, .weekday)
        XCTAssertEqual(monday.causes.map(\.source), ["X1 (platform 1), weekday"])
        XCTAssertEqual(monday.from, tokyo.parseTimestamp("2025-01-06T00:00")!)
        // A bus CSV's hours go up to 29: Monday's buses may leave until Tuesday 06:00.
        XCTAssertEqual(monday.until, tokyo.parseTimestamp("2025-01-07T06:00")!)
    }

    func testTheFirstUnknownDateIsTheFirstWhoseServiceIsStillAhead() throws {
        let board = Board(id: "x1", title: "X1", clock: tokyo, sources: [route([.saturday, .sundayHoliday])], unknownServices: [brokenWeekday()])
        func first(_ at: String) -> LocalDate? {
            let instant = tokyo.parseTimestamp(at)!
            return board.firstUnknownDate(after: instant, through: tokyo.localTime(at: instant).date.adding(days: 7))?.date
        }
        XCTAssertEqual(first("2025-01-05T22:00"), date("2025-01-06"), "Sunday night: Monday is next")
        XCTAssertEqual(first("2025-01-06T06:00"), date("2025-01-06"))
        XCTAssertEqual(first("2025-01-11T05:59"), date("2025-01-10"), "Friday's service may still run at 29:59")
        XCTAssertEqual(first("2025-01-11T06:00"), date("2025-01-14"), "then the holiday Monday is known, Tuesday is not")
        // A filter that wants only Saturdays finds none within the week.
        let instant = tokyo.parseTimestamp("2025-01-06T06:00")!
        XCTAssertNil(board.firstUnknownDate(after: instant, through: date("2025-01-13")) { _, unknown in unknown.date.weekday == .saturday })
    }

    func testAnEverydayFileDoesNotStandInForABrokenWeekdayFile() throws {
        // weekday and everyday configured, the weekday file broken: the user's weekday timetable is unknown.
        let board = Board(id: "x1", title: "X1", clock: tokyo, sources: [route([.everyday])],
                          unknownServices: [brokenWeekday(configured: [.weekday, .everyday])])
        XCTAssertNotNil(board.unknownDate(date("2025-01-06")))
        XCTAssertNil(board.unknownDate(date("2025-01-11")), "Saturday runs the everyday timetable")
        // A broken everyday file behind a working weekday file costs only the other days.
        let other = UnknownService(source: .verbatim("X1, everyday"), origin: nil, reason: .verbatim("broken"),
                                   dates: .dayType(.everyday, configured: [.weekday, .everyday]))
        let weekdayLoaded = Board(id: "x1", title: "X1", clock: tokyo, sources: [route([.weekday])], unknownServices: [other])
        XCTAssertNil(weekdayLoaded.unknownDate(date("2025-01-06")))
        XCTAssertNotNil(weekdayLoaded.unknownDate(date("2025-01-11")))
    }

    func testAWholeSourceThatFailedIsUnknownWithinItsConfiguredDates() throws {
        let gtfs = UnknownService(source: .verbatim("feed stop S1"), origin: "boards.yaml:9:9", reason: .verbatim("feed.zip: not a zip archive"),
                                  dates: .all, validFrom: date("2025-03-01"), validUntil: date("2025-03-31"), timeBase: .noonMinusTwelveHours)
        let board = Board(id: "g", title: "G", clock: tokyo, sources: [route([.everyday])], unknownServices: [gtfs])
        XCTAssertNil(board.unknownDate(date("2025-02-28")))
        let first = try XCTUnwrap(board.unknownDate(date("2025-03-01")))
        XCTAssertEqual(first.causes.first?.reason, .notLoaded(.verbatim("feed.zip: not a zip archive")))
        XCTAssertEqual(first.until - first.from, 48 * 3600, "a GTFS day reaches 47:59:59")
        XCTAssertNil(board.unknownDate(date("2025-04-01")))
    }

    func testASourcePastItsValidityWithNothingReplacingItIsUnknown() throws {
        // X1 ends on 03-14 and nothing takes over; X2 runs on.
        let board = Board(id: "v", title: "V", clock: tokyo, sources: [route([.everyday], validUntil: "2025-03-14"), route([.everyday], line: "X2")])
        XCTAssertNil(board.unknownDate(date("2025-03-14")))
        let after = try XCTUnwrap(board.unknownDate(date("2025-03-15")))
        guard case .outOfValidity(let notice) = try XCTUnwrap(after.causes.first).reason else { return XCTFail("\(after)") }
        XCTAssertEqual(notice.kind, .ended(date("2025-03-14")))
        XCTAssertEqual(after.causes.first?.line, "X1")
        // A revision: the next timetable starts the day after, so no date is unknown.
        let revised = Board(id: "r", title: "R", clock: tokyo,
                            sources: [route([.everyday], validUntil: "2025-03-14"), route([.everyday], validFrom: "2025-03-15")])
        XCTAssertFalse((1...31).contains { revised.unknownDate(date("2025-03-\($0 < 10 ? "0" : "")\($0)")) != nil })
        // A source that starts later is unknown only on dates no source of the board runs.
        let later = Board(id: "l", title: "L", clock: tokyo, sources: [route([.everyday], validFrom: "2025-03-15"), route([.everyday], line: "X2")])
        XCTAssertNil(later.unknownDate(date("2025-03-10")))
        let alone = Board(id: "a", title: "A", clock: tokyo, sources: [route([.everyday], validFrom: "2025-03-15")])
        XCTAssertNotNil(alone.unknownDate(date("2025-03-10")))
        XCTAssertNil(alone.unknownDate(date("2025-03-15")))
    }

    func testAFeedWhoseCalendarEndedKnowsItRunsNothing() throws {
        struct Ended: ServiceTimetable {
            func departures(on date: LocalDate, dayType: DayType) -> ServiceDayDepartures? { nil }
            var serviceDates: ClosedRange<LocalDate>? { LocalDate("2017-04-01")!...LocalDate("2017-04-30")! }
        }
        let board = Board(id: "k", title: "K", clock: tokyo, sources: [BoardTimetable(name: "feed", timetable: Ended())])
        XCTAssertFalse(board.mayHaveUnknownDates)
        XCTAssertNil(board.unknownDate(date("2017-05-01")))
    }
}
