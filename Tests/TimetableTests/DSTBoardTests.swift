import XCTest
@testable import Timetable

/// Wall-clock timetables (bus CSV, ODPT) on the days the clocks change: a time in the spring-forward
/// gap departs at the wall time it would show with the offset before the gap (02:30 → 03:30 EDT), a
/// time in the repeated fall-back hour at its earlier occurrence; 24:xx is that wall time on the next
/// calendar day. GTFS keeps counting from noon minus 12 h.
final class DSTBoardTests: XCTestCase {
    let newYork = ZoneClock(identifier: "America/New_York")!
    let london = ZoneClock(identifier: "Europe/London")!

    /// An every-day wall-clock timetable with departures at `hm` (hours past 24 allowed).
    func board(_ clock: ZoneClock, _ hm: [(Int, Int)]) -> Board {
        let departures = hm.map { Departure(time: Int32($0.0 * 3600 + $0.1 * 60), line: "L", stop: "1", destination: "D") }
        return Board(id: "dst", title: "DST", clock: clock,
                     sources: [BoardTimetable(name: "csv", timetable: DayTypeTimetable(days: [.everyday: departures]))])
    }

    /// The departures of a service date as ISO 8601 instants in the board's zone.
    func instants(_ board: Board, _ date: String) -> [String] {
        board.serviceDay(LocalDate(date)!).map { board.clock.iso8601($0.departure) }
    }

    func testNewYorkSpringForwardGapDepartsAnHourLater() {
        // 2025-03-09: 02:00 EST → 03:00 EDT. 02:30 does not exist: it departs at 03:30 EDT.
        let board = board(newYork, [(1, 30), (2, 30), (3, 30)])
        XCTAssertEqual(instants(board, "2025-03-09"),
                       ["2025-03-09T01:30:00-05:00", "2025-03-09T03:30:00-04:00", "2025-03-09T03:30:00-04:00"])
        // `next` from midnight answers the same instants (not 00:30 / 01:30 / 03:30).
        let midnight = newYork.instant(date: LocalDate("2025-03-09")!, seconds: 0)
        XCTAssertEqual(board.next(at: midnight, count: 3).map { newYork.iso8601($0.departure) },
                       ["2025-03-09T01:30:00-05:00", "2025-03-09T03:30:00-04:00", "2025-03-09T03:30:00-04:00"])
        // The timetable's time is kept (the leave-now window compares it).
        XCTAssertEqual(board.serviceDay(LocalDate("2025-03-09")!).map(\.info.clockText), ["01:30", "02:30", "03:30"])
    }

    func testNewYorkFallBackRepeatedHourTakesTheEarlierOccurrence() {
        // 2025-11-02: 02:00 EDT → 01:00 EST; 01:30 happens twice, the EDT one counts.
        let board = board(newYork, [(0, 30), (1, 30), (2, 30)])
        XCTAssertEqual(instants(board, "2025-11-02"),
                       ["2025-11-02T00:30:00-04:00", "2025-11-02T01:30:00-04:00", "2025-11-02T02:30:00-05:00"])
        // Between the two 01:30s, the 01:30 departure is gone: next is 02:30 EST.
        let secondOneThirty = newYork.instant(date: LocalDate("2025-11-02")!, seconds: 5400) + 3600
        XCTAssertEqual(newYork.iso8601(secondOneThirty), "2025-11-02T01:30:00-05:00")
        XCTAssertEqual(board.next(at: secondOneThirty, count: 1).map { newYork.iso8601($0.departure) },
                       ["2025-11-02T02:30:00-05:00"])
    }

    func testNewYork24xxTimesAcrossTheChangeAreWallTimesOfTheNextDay() {
        // Saturday 2025-03-08's service runs into Sunday's spring-forward night.
        let spring = board(newYork, [(23, 30), (24, 30), (25, 30), (26, 30), (27, 30)])
        XCTAssertEqual(instants(spring, "2025-03-08"),
                       ["2025-03-08T23:30:00-05:00", "2025-03-09T00:30:00-05:00", "2025-03-09T01:30:00-05:00",
                        "2025-03-09T03:30:00-04:00", "2025-03-09T03:30:00-04:00"])
        // Saturday 2025-11-01's service runs into Sunday's fall-back night: 25:30 is the first 01:30.
        let fall = board(newYork, [(24, 30), (25, 30), (26, 30)])
        XCTAssertEqual(instants(fall, "2025-11-01"),
                       ["2025-11-02T00:30:00-04:00", "2025-11-02T01:30:00-04:00", "2025-11-02T02:30:00-05:00"])
        XCTAssertEqual(fall.serviceDay(LocalDate("2025-11-01")!).map(\.serviceDate.description),
                       ["2025-11-01", "2025-11-01", "2025-11-01"])
    }

    func testLondonSpringForwardAndFallBack() {
        // 2025-03-30: 01:00 GMT → 02:00 BST; 01:30 departs at 02:30 BST.
        let board = board(london, [(0, 30), (1, 30), (2, 30)])
        XCTAssertEqual(instants(board, "2025-03-30"),
                       ["2025-03-30T00:30:00Z", "2025-03-30T02:30:00+01:00", "2025-03-30T02:30:00+01:00"].map(normalise))
        // 2025-10-26: 02:00 BST → 01:00 GMT; 01:30 is the BST one.
        XCTAssertEqual(instants(board, "2025-10-26"),
                       ["2025-10-26T00:30:00+01:00", "2025-10-26T01:30:00+01:00", "2025-10-26T02:30:00Z"].map(normalise))
        // 24:xx of the day before over both changes.
        let late = self.board(london, [(24, 30), (25, 30), (26, 30)])
        XCTAssertEqual(instants(late, "2025-03-29"),
                       ["2025-03-30T00:30:00Z", "2025-03-30T02:30:00+01:00", "2025-03-30T02:30:00+01:00"].map(normalise))
        XCTAssertEqual(instants(late, "2025-10-25"),
                       ["2025-10-26T00:30:00+01:00", "2025-10-26T01:30:00+01:00", "2025-10-26T02:30:00Z"].map(normalise))
    }

    /// The same instant written the way `iso8601` writes it in London.
    func normalise(_ text: String) -> String {
        london.iso8601(london.parseTimestamp(text)!)
    }

    func testAnOrdinaryDayIsTheWallClock() {
        let board = board(newYork, [(5, 0), (23, 59), (24, 10)])
        XCTAssertEqual(instants(board, "2025-06-11"),
                       ["2025-06-11T05:00:00-04:00", "2025-06-11T23:59:00-04:00", "2025-06-12T00:10:00-04:00"])
    }

    func testTimetableTimeBases() {
        XCTAssertEqual(DayTypeTimetable().timeBase, .wallClock)
        XCTAssertEqual(NoonTimetable(departures: []).timeBase, .noonMinusTwelveHours)
    }

    func testGTFSTimesStillCountFromNoonMinusTwelveHours() {
        // On 2025-03-09 noon − 12 h is 23:00 EST of 03-08: GTFS 01:00 is 00:00 EST, 03:00 is 03:00 EDT.
        let departures = [Departure(time: 3600, line: "G", stop: "1", destination: "D"),
                          Departure(time: 3 * 3600, line: "G", stop: "1", destination: "D")]
        let board = Board(id: "gtfs", title: "GTFS", clock: newYork,
                          sources: [BoardTimetable(name: "gtfs", timetable: NoonTimetable(departures: departures))])
        XCTAssertEqual(instants(board, "2025-03-09"), ["2025-03-09T00:00:00-05:00", "2025-03-09T03:00:00-04:00"])
    }

    func testServiceDayClockFastPathAgreesWithTheLookupEveryQuarterHour() {
        let days = ["2025-03-07", "2025-03-08", "2025-03-09", "2025-03-10", "2025-10-31", "2025-11-01", "2025-11-02",
                    "2025-03-28", "2025-03-29", "2025-03-30", "2025-10-24", "2025-10-25", "2025-10-26", "2025-06-11"]
        for clock in [newYork, london, ZoneClock(identifier: "Asia/Tokyo")!] {
            for text in days {
                let date = LocalDate(text)!
                let day = ServiceDayClock(clock: clock, date: date, base: .wallClock)
                for seconds in stride(from: 0, to: 50 * 3600, by: 900) {
                    let expected = clock.instant(date: date.adding(days: seconds / 86_400), seconds: seconds % 86_400)
                    XCTAssertEqual(day.instant(seconds: seconds), expected, "\(clock.timeZone.identifier) \(text) +\(seconds)s")
                    XCTAssertEqual(clock.instant(serviceDate: date, seconds: seconds, base: .wallClock), expected)
                }
            }
        }
    }

    func testEveryExistingWallTimeRoundTrips() {
        // Except in a gap, the instant shows the timetable's wall time again.
        for (clock, date) in [(newYork, "2025-03-09"), (newYork, "2025-11-02"), (london, "2025-03-30"), (london, "2025-10-26")] {
            let day = LocalDate(date)!
            for seconds in stride(from: 0, to: 86_400, by: 600) {
                let instant = clock.instant(serviceDate: day, seconds: seconds, base: .wallClock)
                let local = clock.localTime(at: instant)
                let inGap = local.seconds != seconds
                if inGap {
                    // Only the hour skipped at the change, shifted by exactly that hour.
                    XCTAssertEqual(local.seconds - seconds, 3600, "\(date) \(seconds)")
                } else {
                    XCTAssertEqual(local.date, day)
                }
            }
        }
    }
}

/// A timetable whose times count from noon minus 12 h, as GTFS does.
private struct NoonTimetable: ServiceTimetable {
    var departures: [Departure]
    func departures(on date: LocalDate, dayType: DayType) -> ServiceDayDepartures? {
        ServiceDayDepartures(dayTypeLabel: "gtfs", departures: departures)
    }
    var timeBase: ServiceTimeBase { .noonMinusTwelveHours }
}
