import Foundation
import XCTest
@testable import Timetable

/// Station and bus-pole timetables keep the run each departure belongs to (`Departure.trip`), what
/// `odpt:Train` / `odpt:Bus` realtime data is joined on.
final class ODPTTimetableTripTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    private func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(path)))
    }

    func testTrainNumberFromTheSyntheticShinjukuTimetable() throws {
        let name = "odpt-realtime/SYNTHETIC_StationTimetable_JR-East_ChuoRapid_Shinjuku_Weekday.json"
        let timetable = try ODPTTimetableDecoder.stationTimetable(try bytes(name), file: name,
                                                                  direction: "odpt.RailDirection:Inbound")
        let weekday = try XCTUnwrap(timetable.days[.weekday])
        XCTAssertEqual(weekday.map(\.trip), ["1570T", "1552T", "1484T", "1468T", "1536T", "1428T", "1506H", "1526T",
                                             "1550T", "1580T", "1600T", nil])
        XCTAssertEqual(weekday[6].clockText, "16:13")
        XCTAssertEqual(weekday[6].stop, "新宿")
    }

    func testTrainNumberFromTheTrainIdWhenNoNumberIsGiven() throws {
        let text = #"""
        [{"@type":"odpt:StationTimetable","odpt:station":"odpt.Station:TokyoMetro.Ginza.Ginza","odpt:calendar":"odpt.Calendar:Weekday",
          "odpt:stationTimetableObject":[{"odpt:departureTime":"10:00","odpt:train":"odpt.Train:TokyoMetro.Ginza.A1001"},
                                         {"odpt:departureTime":"10:05","odpt:trainNumber":"A1005","odpt:train":"odpt.Train:TokyoMetro.Ginza.X"},
                                         {"odpt:departureTime":"10:10"}]}]
        """#
        let timetable = try ODPTTimetableDecoder.stationTimetable(Array(text.utf8), file: "g.json")
        XCTAssertEqual(timetable.days[.weekday]?.map(\.trip), ["A1001", "A1005", nil])
        XCTAssertThrowsError(try ODPTTimetableDecoder.stationTimetable(Array(text.replacingOccurrences(
            of: #""odpt:trainNumber":"A1005""#, with: #""odpt:trainNumber":5"#).utf8), file: "g.json")) { error in
            XCTAssertEqual(String(describing: error), "g.json: record 1 of 1, departure 2: odpt:trainNumber must be a string, got 5")
        }
    }

    func test2017DataHasNoTrip() throws {
        let name = "odpt/StationTimetable_TokyoMetro_Hanzomon_Oshiage.json"
        let timetable = try ODPTTimetableDecoder.stationTimetable(try bytes(name), file: name,
                                                                  station: "odpt.Station:TokyoMetro.Hanzomon.Oshiage")
        XCTAssertTrue(timetable.days.values.allSatisfy { $0.allSatisfy { $0.trip == nil } })
        let pole = "odpt/BusStopPoleTimetable_Toei_Chokkou01.json"
        let bus = try ODPTTimetableDecoder.busstopPoleTimetable(try bytes(pole), file: pole,
                                                               pole: "odpt.BusstopPole:Toei.Shinagawasougoufukushisenta-mae.2011.1")
        XCTAssertTrue(bus.days.values.allSatisfy { $0.allSatisfy { $0.trip == nil } })
    }

    func testBusTimetableIdIsTheBusTrip() throws {
        let text = #"""
        [{"@type":"odpt:BusstopPoleTimetable","odpt:busstopPole":"odpt.BusstopPole:Toei.X.1.1","odpt:calendar":"odpt.Calendar:Weekday",
          "odpt:busstopPoleTimetableObject":[{"odpt:departureTime":"07:27","odpt:busTimetable":"odpt.BusTimetable:Toei.Chokkou01.1"}]}]
        """#
        let timetable = try ODPTTimetableDecoder.busstopPoleTimetable(Array(text.utf8), file: "p.json")
        XCTAssertEqual(timetable.days[.weekday]?.map(\.trip), ["odpt.BusTimetable:Toei.Chokkou01.1"])
    }
}
