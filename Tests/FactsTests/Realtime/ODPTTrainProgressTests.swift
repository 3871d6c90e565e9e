import Facts
import Foundation
import Timetable
import XCTest

/// The real Tokyo Metro Ginza `odpt:Train` capture (2017-12-15 15:50:42 JST, every delay 0) with the
/// real Ginza station order (`Fixtures/odpt/Railway_TokyoMetro.json`), joined to a SYNTHETIC Ginza
/// station timetable written here (invented times for the captured train numbers toward Shibuya).
final class ODPTTrainProgressTests: XCTestCase {
    let clock = ZoneClock(identifier: "Asia/Tokyo")!
    static let ginza = "odpt.Station:TokyoMetro.Ginza.Ginza"

    func trains() throws -> ODPTTrainSnapshot {
        let name = "Train_TokyoMetro_Ginza_20171215_155042.json"
        let bytes = [UInt8](try Data(contentsOf: ODPTTrainJoinTests.fixtures.appendingPathComponent(name)))
        return ODPTTrainSnapshot(trains: try ODPTTimetableDecoder.trains(bytes, file: name), fetchedAt: 0)
    }

    func ginzaLine() throws -> ODPTRailway {
        let url = ODPTTrainJoinTests.fixtures.deletingLastPathComponent().appendingPathComponent("odpt/Railway_TokyoMetro.json")
        return try XCTUnwrap(try ODPTTimetableDecoder.railways([UInt8](try Data(contentsOf: url)), file: "Railway_TokyoMetro.json")
            .first { $0.id == "odpt.Railway:TokyoMetro.Ginza" })
    }

    /// SYNTHETIC: Ginza toward Shibuya, times invented to fit where each train stands at 15:50:42.
    func board() throws -> Board {
        let entries = [("15:50", "A1517"), ("15:51", "A1565"), ("15:52", "A1515"), ("15:53", "A1511"), ("15:55", "A1553"),
                       ("15:58", "A1543"), ("16:00", "A1549"), ("16:05", "A1551")]
            .map { #"{"odpt:departureTime":"\#($0.0)","odpt:trainNumber":"\#($0.1)"}"# }.joined(separator: ",")
        let json = #"[{"@type":"odpt:StationTimetable","odpt:station":"\#(Self.ginza)","odpt:railway":"odpt.Railway:TokyoMetro.Ginza","#
            + #""odpt:railDirection":"odpt.RailDirection:TokyoMetro.Shibuya","odpt:calendar":"odpt.Calendar:Weekday","#
            + #""odpt:stationTimetableObject":[\#(entries)]}]"#
        let timetable = try ODPTTimetableDecoder.stationTimetable(Array(json.utf8), file: "SYNTHETIC-ginza.json")
        return Board(id: "ginza", title: "銀座", clock: clock, sources: [BoardTimetable(name: "ginza", timetable: timetable, vehicle: .train)])
    }

    func testProgressOnTheGinzaLine() throws {
        let snapshot = try trains()
        let target = ODPTRealtimeTarget(sourceIndex: 0, station: Self.ginza, stationOrder: try ginzaLine())
        func progress(_ number: String) -> ODPTTrainProgress? {
            snapshot.trains.first { $0.trainNumber == number }.map { ODPTTrainProgress.of($0, toward: target) }
        }
        XCTAssertEqual(progress("A1551"), .notReached)  // standing at Asakusa, toward Shibuya
        XCTAssertEqual(progress("A1517"), .notReached)  // Nihombashi → Kyobashi
        XCTAssertEqual(progress("A1565"), .left)        // Ginza → Shimbashi
        XCTAssertEqual(progress("A1515"), .left)        // Shimbashi → Toranomon
        XCTAssertEqual(progress("A1563"), .left)        // Omote-sando → Shibuya
        XCTAssertEqual(progress("B1569"), .atStation)   // standing at Ginza toward Asakusa
        XCTAssertEqual(progress("B1523"), .notReached)  // standing at Shimbashi toward Asakusa
        XCTAssertEqual(progress("B1521"), .left)        // standing at Nihombashi toward Asakusa
        let noOrder = ODPTRealtimeTarget(sourceIndex: 0, station: Self.ginza)
        XCTAssertEqual(snapshot.trains.first { $0.trainNumber == "A1517" }.map { ODPTTrainProgress.of($0, toward: noOrder) }, .unknown)
    }

    func testStationOrderDecidesWhatTheTimesCannot() throws {
        let board = try board()
        let snapshot = try trains()
        let observedAt = snapshot.observedAt
        func rendered(_ result: ODPTTrainPredictions) -> [String: String] {
            var lines: [String: String] = [:]
            for (key, prediction) in result.predictions {
                lines[key.trip] = clock.clockText(prediction.scheduled) + " → " + (prediction.predicted.map(clock.clockText) ?? "?")
            }
            return lines
        }
        let direction = "odpt.RailDirection:TokyoMetro.Shibuya"
        let withOrder = ODPTTrainJoin.predictions(
            board: board, targets: [ODPTRealtimeTarget(sourceIndex: 0, station: Self.ginza, direction: direction, stationOrder: try ginzaLine())],
            snapshot: snapshot, now: observedAt, maxAge: 60, source: "odpt-train")
        // A1517 (Nihombashi → Kyobashi) is still coming although 15:50 + 0 s is before 15:50:42;
        // A1515 (Shimbashi → Toranomon) has gone although 15:52 is after it.
        XCTAssertEqual(rendered(withOrder), ["A1517": "15:50 → 15:50", "A1511": "15:53 → 15:53", "A1553": "15:55 → 15:55",
                                             "A1543": "15:58 → 15:58", "A1549": "16:00 → 16:00", "A1551": "16:05 → 16:05"])
        XCTAssertEqual(Set(withOrder.passed), ["A1565", "A1515"])
        XCTAssertEqual(withOrder.notInTimetable.count, 4)  // A1537, A1501, A1513, A1563 (not listed)

        // Without the order only the times tell: the other way round for those two.
        let withoutOrder = ODPTTrainJoin.predictions(
            board: board, targets: [ODPTRealtimeTarget(sourceIndex: 0, station: Self.ginza, direction: direction)],
            snapshot: snapshot, now: observedAt, maxAge: 60, source: "odpt-train")
        XCTAssertEqual(rendered(withoutOrder)["A1515"], "15:52 → 15:52")
        XCTAssertNil(rendered(withoutOrder)["A1517"])
        XCTAssertEqual(Set(withoutOrder.passed), ["A1565", "A1517"])
    }
}
