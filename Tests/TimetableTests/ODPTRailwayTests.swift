import Foundation
import XCTest
@testable import Timetable

/// `odpt:Railway` station orders from the real 2017 and 2025 Tokyo Metro responses.
final class ODPTRailwayTests: XCTestCase {
    private static let odpt = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/odpt")

    private func decode(_ name: String) throws -> [ODPTRailway] {
        try ODPTTimetableDecoder.railways([UInt8](try Data(contentsOf: Self.odpt.appendingPathComponent(name))), file: name)
    }

    func testTokyoMetro2017() throws {
        let railways = try decode("Railway_TokyoMetro.json")
        XCTAssertEqual(railways.count, 10)
        let ginza = try XCTUnwrap(railways.first { $0.id == "odpt.Railway:TokyoMetro.Ginza" })
        XCTAssertEqual(ginza.stationOrder.count, 19)
        XCTAssertEqual(ginza.stationOrder.first, "odpt.Station:TokyoMetro.Ginza.Shibuya")
        XCTAssertEqual(ginza.stationOrder[8], "odpt.Station:TokyoMetro.Ginza.Ginza")
        XCTAssertEqual(ginza.stationOrder.last, "odpt.Station:TokyoMetro.Ginza.Asakusa")
        XCTAssertNil(ginza.ascendingDirection)
    }

    func testTokyoMetro2025Directions() throws {
        let ginza = try XCTUnwrap(try decode("Railway_TokyoMetro_2025.json").first { $0.id == "odpt.Railway:TokyoMetro.Ginza" })
        XCTAssertEqual(ginza.ascendingDirection, "odpt.RailDirection:TokyoMetro.Asakusa")
        XCTAssertEqual(ginza.descendingDirection, "odpt.RailDirection:TokyoMetro.Shibuya")
        XCTAssertEqual(ginza.stationOrder.first, "odpt.Station:TokyoMetro.Ginza.Shibuya")
    }

    func testIndexOrderAndErrors() throws {
        let text = #"[{"@type":"odpt:Railway","owl:sameAs":"odpt.Railway:X.Y","odpt:stationOrder":[{"odpt:index":2,"odpt:station":"B"},{"odpt:index":1,"odpt:station":"A"}]}]"#
        XCTAssertEqual(try ODPTTimetableDecoder.railways(Array(text.utf8), file: "r.json").first?.stationOrder, ["A", "B"])
        let bad = text.replacingOccurrences(of: #""odpt:index":1,"#, with: #""odpt:index":"1","#)
        XCTAssertThrowsError(try ODPTTimetableDecoder.railways(Array(bad.utf8), file: "r.json")) { error in
            XCTAssertEqual(String(describing: error), #"r.json: record 1 of 1 (odpt.Railway:X.Y), station 2: "odpt:index" must be a whole number, got "1""#)
        }
        XCTAssertThrowsError(try ODPTTimetableDecoder.railways(Array(#"[{"@type":"odpt:Railway","owl:sameAs":"odpt.Railway:X.Y"}]"#.utf8), file: "r.json")) { error in
            XCTAssertEqual(String(describing: error), #"r.json: record 1 of 1 (odpt.Railway:X.Y): missing "odpt:stationOrder""#)
        }
    }
}
