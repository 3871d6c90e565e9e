import Foundation
import Timetable
import XCTest

/// GTFS departures carry their trip_id, and a stop timetable keeps the stop times of the trips
/// departing from it for realtime (`GTFSTripSchedules`).
final class GTFSTripSchedulesTests: XCTestCase {
    private var directory: URL?

    override func tearDown() {
        if let directory { try? FileManager.default.removeItem(at: directory) }
        super.tearDown()
    }

    /// A feed whose stop_times interleave two trips' rows (out of stop_sequence order too).
    private func feed() throws -> GTFSFeed {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gtfs-trips-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.directory = directory
        let files = [
            "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nA,Agency,http://example.com,Asia/Tokyo\n",
            "stops.txt": "stop_id,stop_name\nS1,一の橋\nS2,二の橋\nS3,三の橋\nS9,九の橋\n",
            "routes.txt": "route_id,route_short_name,route_long_name\nR1,鷹56,\n",
            "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20241201,20241231\n",
            "trips.txt": "route_id,service_id,trip_id\nR1,WK,T1\nR1,WK,T2\nR1,WK,T3\n",
            "stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n"
                + "T1,6:00:00,6:00:00,S1,1\nT2,7:00:00,7:00:00,S1,1\nT1,6:20:00,6:20:00,S3,3\nT1,6:09:30,6:10:00,S2,2\n"
                + "T2,7:10:00,7:10:00,S2,2\nT3,8:00:00,8:00:00,S2,1\nT3,8:05:00,8:05:00,S3,2\n",
        ]
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return try GTFSFeed.load(path: directory.path)
    }

    func testDeparturesCarryTheirTripAndTheTimetableKeepsTheTripsStopTimes() throws {
        let timetable = try feed().timetable(stopID: "S2", stopName: nil, route: nil)
        let day = try XCTUnwrap(timetable.departures(on: LocalDate("2024-12-02")!, dayType: .weekday))
        XCTAssertEqual(day.departures.map(\.trip), ["T1", "T3"])  // T2 ends at S2

        let schedules = timetable.tripSchedules
        XCTAssertEqual(schedules.tripCount, 2)
        guard case .serves(let t1) = schedules.lookup("T1") else { return XCTFail("T1 departs from S2") }
        XCTAssertEqual(t1.stopTimes.map(\.stopSequence), [1, 2, 3])
        XCTAssertEqual(t1.stopTimes.map(\.stopID), ["S1", "S2", "S3"])
        XCTAssertEqual(t1.stopTimes[1].arrival, 6 * 3600 + 570)
        XCTAssertEqual(t1.stopTimes[1].departure, 6 * 3600 + 600)
        XCTAssertEqual(t1.stopTimes.map(\.isBoardDeparture), [false, true, false])
        XCTAssertEqual(t1.firstDeparture, 6 * 3600)
        XCTAssertFalse(t1.isFrequencyBased)
        XCTAssertTrue(schedules.runs(t1, on: LocalDate("2024-12-02")!))
        XCTAssertFalse(schedules.runs(t1, on: LocalDate("2024-12-01")!))
        guard case .elsewhere = schedules.lookup("T2") else { return XCTFail("T2 does not depart from S2") }
        guard case .unknown = schedules.lookup("other-agency") else { return XCTFail("not in trips.txt") }
        XCTAssertEqual(schedules.feedServiceDates, LocalDate("2024-12-01")!...LocalDate("2024-12-31")!)
        XCTAssertTrue(schedules.isBoardStop("S2"))
        XCTAssertFalse(schedules.isBoardStop("S1"))
        XCTAssertEqual(schedules.stopLabel("S3"), "三の橋")
        XCTAssertEqual(schedules.routeLabel("R1"), "鷹56")
        XCTAssertTrue(schedules.allowsRoute(nil))
        XCTAssertEqual(timetable.departure(ofTrip: "T3", at: 8 * 3600)?.line, "鷹56")
    }
}
