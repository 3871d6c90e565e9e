import Facts
import Foundation
import Realtime
import Timetable
import XCTest

/// The realtime captures and their static feeds (Tests/Fixtures/realtime, see its SOURCES.md), as
/// boards and decoded feeds.
enum RealtimeFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/realtime")
    static let caltrainZip = directory.appendingPathComponent("transitland-caltrain/ct.zip").path
    static let soundTransitZip = directory.appendingPathComponent("onebusaway-soundtransit/st.zip").path
    static let pacific = ZoneClock(identifier: "America/Los_Angeles")!

    /// The bytes of a capture (`transitland-caltrain/ct-trip-updates.pb`).
    static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(relative)))
    }

    /// A capture decoded.
    static func feed(_ relative: String) throws -> FeedMessage {
        try RealtimeDecoder.decode(try bytes(relative), source: relative)
    }

    /// A board with one GTFS source per stop_id of `feed` (Pacific time), in that order.
    static func board(_ feed: String, stops: [String]) throws -> Board {
        let gtfs = try GTFSFeed.load(path: feed)
        let sources = try stops.map { stop in
            BoardTimetable(name: "\(feed) \(stop)", timetable: try gtfs.timetable(stopID: stop, stopName: nil, route: nil), walkSeconds: 300)
        }
        return Board(id: "rt", title: "rt", clock: pacific, calendar: ServiceCalendar(nationalHolidays: false), sources: sources)
    }

    /// The instant of a Pacific wall-clock time (`2023-11-07`, `16:55:00`).
    static func instant(_ date: String, _ time: String) -> Int64 {
        let parts = time.split(separator: ":").map { Int($0)! }
        return pacific.instant(date: LocalDate(date)!, seconds: parts[0] * 3600 + parts[1] * 60 + parts[2])
    }

    /// The prediction of `trip` on `date` at board source `source`, failing the test when there is none.
    static func prediction(_ predictions: BoardPredictions, source: Int, date: String, trip: String,
                           file: StaticString = #filePath, line: UInt = #line) throws -> DeparturePrediction {
        try XCTUnwrap(predictions.byDeparture[DepartureKey(source: source, serviceDate: LocalDate(date)!, trip: trip)],
                      "no prediction for trip \(trip) on \(date) at source \(source)", file: file, line: line)
    }
}
