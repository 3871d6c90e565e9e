import Facts
import Foundation
import Timetable
import XCTest

/// `next` reads only the service days its answer needs (`Board.upcoming`); the answer must be
/// the one of the ten-day schedule it replaced, departure for departure, tie-breaks and the
/// departure before the first included.
final class UpcomingDeparturesTests: XCTestCase {
    /// Every example board, and CSV boards in New York and London around their clock changes.
    private func boards() throws -> [Board] {
        let examples = try BoardCatalog.load(directory: CLIRunner.packageRoot.appendingPathComponent("rules").path).boards
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-upcoming-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try "0,0,30\n1,30\n2,30\n3,30\n23,59\n24,0,30\n25,30\n26,30\n".write(to: root.appendingPathComponent("night.csv"), atomically: true, encoding: .utf8)
        try """
        boards:
          - id: dst-ny
            timezone: America/New_York
            sources:
              - csv: {everyday: night.csv}
                walk: 5m
              - csv: {weekday: night.csv}
                line: W
          - id: dst-london
            timezone: Europe/London
            sources:
              - csv: {everyday: night.csv}
        """.write(to: root.appendingPathComponent("boards.yaml"), atomically: true, encoding: .utf8)
        let dst = try BoardCatalog.load(directory: root.path).boards
        return examples.filter { !$0.sources.isEmpty } + dst
    }

    func testTheAnswerIsTheTenDaySchedulesAtEveryInstant() throws {
        // Weekends, holidays, the year end, the GTFS and ODPT sample dates, the clock changes.
        let starts = ["2024-12-21", "2025-01-12", "2017-04-07", "2017-04-29", "2025-03-08", "2025-10-25"]
        var compared = 0
        for board in try boards() {
            for start in starts {
                let first = LocalDate(start)!
                var schedules: [LocalDate: BoardSchedule] = [:]
                // Every 17 minutes over 3 days from local midnight: after midnight, mid-day, the last departures.
                var at = board.clock.instant(date: first, seconds: 0)
                let end = at + 3 * 86_400
                while at < end {
                    let today = board.clock.localTime(at: at).date
                    let schedule = schedules[today] ?? board.schedule(around: at)
                    schedules[today] = schedule
                    for count in [0, 1, 5, 40] {
                        let upcoming = board.upcoming(at: at, count: count)
                        let expected = Array(schedule.next(at: at, count: count))
                        let index = schedule.firstIndex(atOrAfter: at)
                        let previous = index > 0 ? schedule.departures[index - 1] : nil
                        XCTAssertEqual(upcoming.departures, expected, "\(board.id) at \(board.clock.iso8601(at)) count \(count)")
                        XCTAssertEqual(upcoming.previous, previous, "\(board.id) at \(board.clock.iso8601(at)) count \(count): previous")
                        compared += 1
                    }
                    at += 17 * 60
                }
            }
        }
        XCTAssertGreaterThan(compared, 20_000)
    }
}
