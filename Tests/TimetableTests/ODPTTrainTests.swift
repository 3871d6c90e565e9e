import Foundation
import XCTest
@testable import Timetable

/// `odpt:Train` (train locations and delays) from the real 2017 Tokyo Metro and JR East captures,
/// the current spec's array shape, and broken input.
final class ODPTTrainTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/odpt-realtime")

    private func decode(_ name: String) throws -> [ODPTTrain] {
        let bytes = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
        return try ODPTTimetableDecoder.trains(bytes, file: name)
    }

    private func error(_ text: String, file: String = "train.json") -> String {
        do {
            _ = try ODPTTimetableDecoder.trains(Array(text.utf8), file: file)
        } catch let error as DecodeError {
            return error.description
        } catch {
            return "unexpected error \(error)"
        }
        return "decoded without an error"
    }

    // MARK: - Real captures

    func testTokyoMetroGinza2017ShapeAllOnTime() throws {
        let trains = try decode("Train_TokyoMetro_Ginza_20171215_155042.json")
        XCTAssertEqual(trains.count, 25)
        XCTAssertEqual(Set(trains.map(\.delaySeconds)), [0])
        let first = try XCTUnwrap(trains.first)
        XCTAssertEqual(first, ODPTTrain(
            id: "odpt.Train:TokyoMetro.Ginza.A1551", trainNumber: "A1551", railway: "odpt.Railway:TokyoMetro.Ginza",
            operator: "odpt.Operator:TokyoMetro", direction: "odpt.RailDirection:TokyoMetro.Shibuya", delaySeconds: 0,
            fromStation: "odpt.Station:TokyoMetro.Ginza.Asakusa", toStation: nil,
            originStations: ["odpt.Station:TokyoMetro.Ginza.Asakusa"],
            destinationStations: ["odpt.Station:TokyoMetro.Ginza.Shibuya"],
            trainType: "odpt.TrainType:TokyoMetro.Local", date: 1_513_320_642, validUntil: 1_513_320_672))
        XCTAssertTrue(first.isStanding(at: "odpt.Station:TokyoMetro.Ginza.Asakusa"))
        let a1565 = try XCTUnwrap(trains.first { $0.trainNumber == "A1565" })
        XCTAssertTrue(a1565.hasJustLeft("odpt.Station:TokyoMetro.Ginza.Ginza"))
        XCTAssertEqual(a1565.toStation, "odpt.Station:TokyoMetro.Ginza.Shimbashi")
        XCTAssertEqual(trains.filter { $0.direction == "odpt.RailDirection:TokyoMetro.Asakusa" }.count, 13)
    }

    func testTokyoMetroTozaiAllOnTime() throws {
        let trains = try decode("Train_TokyoMetro_Tozai_20171227_162124.json")
        XCTAssertEqual(trains.count, 25)
        XCTAssertEqual(Set(trains.map(\.delaySeconds)), [0])
        XCTAssertEqual(trains.first?.trainNumber, "A1685S")
        XCTAssertEqual(trains.last?.trainNumber, "B1587S")
        let b1631 = try XCTUnwrap(trains.first { $0.trainNumber == "B1631S" })
        XCTAssertEqual(b1631.originStations, ["odpt.Station:TokyoMetro.Tozai.Myoden"])
        // Through service onto JR East: the destination is a JR station.
        XCTAssertEqual(b1631.destinationStations, ["odpt.Station:JR-East.Chuo.Mitaka"])
    }

    func testJREastChuoRapidDelays() throws {
        let trains = try decode("Train_JR-East_ChuoRapid_20171227_155333.json")
        XCTAssertEqual(trains.count, 66)
        XCTAssertEqual(Set(trains.map(\.trainNumber)).count, 33)
        let delays = trains.compactMap(\.delaySeconds)
        XCTAssertEqual(delays.count, 66)
        XCTAssertEqual(delays.filter { $0 != 0 }.count, 24)
        XCTAssertEqual(Set(delays.filter { $0 != 0 }), [60, 120, 180, 240, 300])
        let t1552 = try XCTUnwrap(trains.first { $0.trainNumber == "1552T" })
        XCTAssertEqual(t1552.delaySeconds, 300)
        XCTAssertTrue(t1552.isStanding(at: "odpt.Station:JR-East.ChuoRapid.Shinjuku"))
        XCTAssertEqual(t1552.destinationStations, ["odpt.Station:JR-East.ChuoRapid.Tokyo"])
        XCTAssertEqual(t1552.originStations, [])
        XCTAssertEqual(t1552.direction, "odpt.RailwayDirection:Inbound")
        XCTAssertEqual(t1552.trainTypeTitle, "快速")
        XCTAssertEqual(t1552.index, 1)
        XCTAssertNil(t1552.trainType)
        let t1468 = try XCTUnwrap(trains.first { $0.trainNumber == "1468T" })
        XCTAssertEqual(t1468.delaySeconds, 240)
        XCTAssertEqual(t1468.fromStation, "odpt.Station:JR-East.ChuoRapid.Koenji")
        XCTAssertEqual(t1468.toStation, "odpt.Station:JR-East.ChuoRapid.Nakano")
        // 2017-12-27T15:53:33+09:00, valid until 15:54:28 / 15:54:29.
        XCTAssertEqual(Set(trains.compactMap(\.date)), [1_514_357_613])
        XCTAssertEqual(Set(trains.compactMap(\.validUntil)), [1_514_357_668, 1_514_357_669])
    }

    // MARK: - The current spec's shape

    func testCurrentSpecArraysAndMultilingualTitle() throws {
        let text = #"""
        [{"@type":"odpt:Train","owl:sameAs":"odpt.Train:TokyoMetro.Ginza.A1551","odpt:trainNumber":"A1551",
          "odpt:railway":"odpt.Railway:TokyoMetro.Ginza","odpt:delay":120,"odpt:fromStation":"odpt.Station:TokyoMetro.Ginza.Ueno",
          "odpt:toStation":"odpt.Station:TokyoMetro.Ginza.Inaricho",
          "odpt:originStation":["odpt.Station:TokyoMetro.Ginza.Shibuya"],
          "odpt:destinationStation":["odpt.Station:TokyoMetro.Ginza.Asakusa","odpt.Station:TokyoMetro.Ginza.Ueno"],
          "odpt:trainTypeTitle":{"en":"Local","ja":"各停"},"odpt:newField":{"x":1},"dc:date":"2025-06-17T08:00:00+09:00",
          "dct:valid":"2025-06-17T08:00:30"}]
        """#
        let trains = try ODPTTimetableDecoder.trains(Array(text.utf8), file: "train.json")
        XCTAssertEqual(trains, [ODPTTrain(
            id: "odpt.Train:TokyoMetro.Ginza.A1551", trainNumber: "A1551", railway: "odpt.Railway:TokyoMetro.Ginza",
            delaySeconds: 120, fromStation: "odpt.Station:TokyoMetro.Ginza.Ueno",
            toStation: "odpt.Station:TokyoMetro.Ginza.Inaricho", originStations: ["odpt.Station:TokyoMetro.Ginza.Shibuya"],
            destinationStations: ["odpt.Station:TokyoMetro.Ginza.Asakusa", "odpt.Station:TokyoMetro.Ginza.Ueno"],
            trainTypeTitle: "各停", date: 1_750_114_800, validUntil: 1_750_114_830)])
    }

    func testMissingOptionalFieldsAreTolerated() throws {
        let text = #"[{"@type":"odpt:Train","odpt:trainNumber":"1T","odpt:railway":"odpt.Railway:X.Y","odpt:delay":null}]"#
        let trains = try ODPTTimetableDecoder.trains(Array(text.utf8), file: "train.json")
        XCTAssertEqual(trains, [ODPTTrain(trainNumber: "1T", railway: "odpt.Railway:X.Y")])
        XCTAssertNil(trains[0].delaySeconds)
    }

    // MARK: - Errors

    func testTruncatedBody() throws {
        let name = "Train_JR-East_ChuoRapid_20171227_155333.json"
        let bytes = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
        XCTAssertThrowsError(try ODPTTimetableDecoder.trains(Array(bytes.prefix(1000)), file: name)) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.hasPrefix(name + ":1:"), text)
        }
    }

    func testWrongTypeNamesTheRecordAndField() {
        let record = #"{"@type":"odpt:Train","owl:sameAs":"odpt.Train:JR-East.ChuoRapid.1552T","odpt:trainNumber":"1552T","odpt:railway":"odpt.Railway:JR-East.ChuoRapid""#
        XCTAssertEqual(error("[" + record + #","odpt:delay":"300"}]"#),
                       #"train.json: record 1 of 1 (odpt.Train:JR-East.ChuoRapid.1552T): "odpt:delay" must be a whole number of seconds, got "300""#)
        XCTAssertEqual(error("[" + record + #","odpt:delay":1.5}]"#),
                       #"train.json: record 1 of 1 (odpt.Train:JR-East.ChuoRapid.1552T): "odpt:delay" must be a whole number of seconds, got 1.5"#)
        XCTAssertEqual(error("[" + record + #","odpt:fromStation":3}]"#),
                       #"train.json: record 1 of 1 (odpt.Train:JR-East.ChuoRapid.1552T): "odpt:fromStation" must be a string, got 3"#)
        XCTAssertEqual(error("[" + record + #","odpt:destinationStation":[1]}]"#),
                       #"train.json: record 1 of 1 (odpt.Train:JR-East.ChuoRapid.1552T): "odpt:destinationStation" must be a station id or an array of them, got 1"#)
        XCTAssertEqual(error("[" + record + #","dc:date":"yesterday"}]"#),
                       #"train.json: record 1 of 1 (odpt.Train:JR-East.ChuoRapid.1552T): "dc:date" is not an ISO 8601 time (2017-12-27T15:53:33+09:00), got "yesterday""#)
        XCTAssertEqual(error(#"[{"@type":"odpt:Train","odpt:railway":"odpt.Railway:X.Y"}]"#),
                       #"train.json: record 1 of 1: missing "odpt:trainNumber""#)
        XCTAssertEqual(error(#"[{"@type":"odpt:Train","odpt:trainNumber":1552,"odpt:railway":"odpt.Railway:X.Y"}]"#),
                       #"train.json: record 1 of 1: "odpt:trainNumber" must be a string, got 1552"#)
    }

    func testEmptyArrayAndOtherDocuments() {
        XCTAssertEqual(error("[]"), "train.json: the file holds no odpt:Train records (an empty array)")
        XCTAssertEqual(error(""), "train.json: the file is empty: expected a JSON array of odpt:Train records")
        XCTAssertEqual(error(#"[{"@type":"odpt:TrainInformation"}]"#),
                       "train.json: record 1 of 1: this is odpt:TrainInformation, not odpt:Train")
        XCTAssertTrue(error(#"{"title":"Unauthorized"}"#).contains("expected a JSON array of odpt:Train records"))
    }
}
