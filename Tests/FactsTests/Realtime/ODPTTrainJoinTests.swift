import Facts
import Foundation
import Timetable
import XCTest

/// The real JR East Chuo Rapid `odpt:Train` capture of 2017-12-27 15:53:33 JST joined to the
/// SYNTHETIC Shinjuku station timetable (`Fixtures/odpt-realtime/SOURCES.md`: invented times for
/// the captured train numbers, since no public timetable matches the capture).
final class ODPTTrainJoinTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/odpt-realtime")
    static let timetableFile = "SYNTHETIC_StationTimetable_JR-East_ChuoRapid_Shinjuku_Weekday.json"
    static let trainFile = "Train_JR-East_ChuoRapid_20171227_155333.json"
    static let shinjuku = "odpt.Station:JR-East.ChuoRapid.Shinjuku"
    let clock = ZoneClock(identifier: "Asia/Tokyo")!
    let date = LocalDate(year: 2017, month: 12, day: 27)!
    /// 2017-12-27T15:53:33+09:00, the capture's dc:date.
    let observedAt: Int64 = 1_514_357_613

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    func source(direction: String?) throws -> BoardTimetable {
        let timetable = try ODPTTimetableDecoder.stationTimetable(try Self.bytes(Self.timetableFile), file: Self.timetableFile,
                                                                  station: Self.shinjuku, direction: direction)
        return BoardTimetable(name: Self.timetableFile, timetable: timetable, vehicle: .train)
    }

    func snapshot() throws -> ODPTTrainSnapshot {
        ODPTTrainSnapshot(trains: try ODPTTimetableDecoder.trains(try Self.bytes(Self.trainFile), file: Self.trainFile),
                          fetchedAt: observedAt + 5)
    }

    /// "HH:MM → HH:MM (+N s)" per train number, for golden comparisons.
    func rendered(_ result: ODPTTrainPredictions, source: Int) -> [String: String] {
        var lines: [String: String] = [:]
        for (key, prediction) in result.predictions where key.source == source {
            let predicted = prediction.predicted.map(clock.clockText) ?? "?"
            lines[key.trip] = "\(clock.clockText(prediction.scheduled)) → \(predicted) (+\(prediction.delaySeconds.map(String.init) ?? "?") s)"
        }
        return lines
    }

    func testSnapshotKeepsOneRecordPerTrain() throws {
        let snapshot = try snapshot()
        XCTAssertEqual(snapshot.trains.count, 33)
        XCTAssertEqual(snapshot.repeatedRecords, 33)
        XCTAssertEqual(snapshot.observedAt, observedAt)
        XCTAssertEqual(snapshot.validUntil, observedAt + 56)  // 15:54:29
    }

    func testGoldenPredictionsAtShinjukuBothDirectionsInOneSource() throws {
        let board = Board(id: "shinjuku", title: "新宿", clock: clock, sources: [try source(direction: nil)])
        let result = ODPTTrainJoin.predictions(board: board, targets: [ODPTRealtimeTarget(sourceIndex: 0, station: Self.shinjuku)],
                                               snapshot: try snapshot(), now: observedAt + 20, maxAge: 90, source: "odpt-train")
        XCTAssertNil(result.stale)
        XCTAssertEqual(rendered(result, source: 0), [
            // Inbound (toward Tokyo)
            "1552T": "15:49 → 15:54 (+300 s)",  // standing at Shinjuku, 5 min late: not left yet
            "1484T": "15:52 → 15:57 (+300 s)",  // Nakano → Shinjuku
            "1468T": "15:55 → 15:59 (+240 s)",  // Koenji → Nakano
            "1536T": "15:58 → 16:01 (+180 s)",
            "1428T": "16:02 → 16:03 (+60 s)",
            "1506H": "16:13 → 16:18 (+300 s)",
            "1526T": "16:21 → 16:21 (+0 s)",    // delay 0: a prediction equal to the schedule
            "1550T": "16:28 → 16:30 (+120 s)",
            "1580T": "16:48 → 16:51 (+180 s)",
            // Outbound (toward Takao), all on time
            "1523H": "15:56 → 15:56 (+0 s)",
            "1567T": "15:59 → 15:59 (+0 s)",
            "1547T": "16:04 → 16:04 (+0 s)",
            "1583T": "16:09 → 16:09 (+0 s)",
        ])
        // 1570T: 15:44 + 60 s is before 15:53:33; 1519T: 15:35 + 180 s likewise; 1535T is listed at
        // 15:54 but the capture says Shinjuku → Nakano: its position wins.
        XCTAssertEqual(Set(result.passed), ["1570T", "1535T", "1519T"])
        XCTAssertEqual(result.notInTimetable.count, 17)
        XCTAssertTrue(result.notInTimetable.contains("1403H"))
        XCTAssertFalse(result.notInTimetable.contains("1600T"))  // in the timetable, not in the capture
        XCTAssertEqual(result.warnings.count, 1)
        XCTAssertTrue(result.warnings[0].hasPrefix("17 odpt:Train train number(s) not in the station timetable ("))

        let key = DepartureKey(source: 0, serviceDate: date, trip: "1506H")
        let prediction = try XCTUnwrap(result.predictions[key])
        XCTAssertEqual(prediction.scheduled, clock.instant(date: date, seconds: 16 * 3600 + 13 * 60))
        XCTAssertEqual(prediction.predicted, prediction.scheduled + 300)
        XCTAssertEqual(prediction.delaySeconds, 300)
        XCTAssertFalse(prediction.canceled)
        XCTAssertEqual(prediction.observedAt, observedAt)
        XCTAssertEqual(prediction.source, "odpt-train")

        // The keys match the board's own departures.
        let keyed = Set(board.serviceDay(date).compactMap(DepartureKey.init))
        XCTAssertTrue(Set(result.predictions.keys).isSubset(of: keyed))
    }

    func testTwoSourcesByDirection() throws {
        let board = Board(id: "shinjuku", title: "新宿", clock: clock, sources: [
            try source(direction: "odpt.RailDirection:Inbound"), try source(direction: "odpt.RailDirection:Outbound"),
        ])
        let targets = [
            ODPTRealtimeTarget(sourceIndex: 0, station: "JR-East.ChuoRapid.Shinjuku", direction: "odpt.RailDirection:Inbound"),
            ODPTRealtimeTarget(sourceIndex: 1, station: Self.shinjuku, railway: "odpt.Railway:JR-East.ChuoRapid",
                               direction: "odpt.RailDirection:Outbound"),
        ]
        XCTAssertEqual(targets[0].railway, "odpt.Railway:JR-East.ChuoRapid")
        let result = ODPTTrainJoin.predictions(board: board, targets: targets, snapshot: try snapshot(),
                                               now: observedAt, maxAge: 90, source: "odpt-train")
        XCTAssertEqual(rendered(result, source: 0).count, 9)
        XCTAssertEqual(rendered(result, source: 1), ["1523H": "15:56 → 15:56 (+0 s)", "1567T": "15:59 → 15:59 (+0 s)",
                                                    "1547T": "16:04 → 16:04 (+0 s)", "1583T": "16:09 → 16:09 (+0 s)"])
        XCTAssertEqual(rendered(result, source: 0)["1468T"], "15:55 → 15:59 (+240 s)")
        XCTAssertEqual(result.notInTimetable.count, 17)  // 8 inbound + 9 outbound
        XCTAssertEqual(Set(result.passed), ["1570T", "1535T", "1519T"])
    }

    func testStaleSnapshotGivesNoPredictions() throws {
        let board = Board(id: "shinjuku", title: "新宿", clock: clock, sources: [try source(direction: nil)])
        let targets = [ODPTRealtimeTarget(sourceIndex: 0, station: Self.shinjuku)]
        let old = ODPTTrainJoin.predictions(board: board, targets: targets, snapshot: try snapshot(),
                                            now: observedAt + 600, maxAge: 90, source: "odpt-train")
        XCTAssertEqual(old.predictions, [:])
        XCTAssertEqual(old.stale, "the odpt:Train data is 600 s old (observed at dc:date 1514357613), more than the maximum age 90 s")
        XCTAssertEqual(old.warnings.first?.hasPrefix("timetable only: the odpt:Train data is 600 s old"), true)

        // Past dct:valid + maxAge while dc:date is still young (constructed: valid before date).
        let odd = ODPTTrainSnapshot(trains: [ODPTTrain(trainNumber: "1506H", railway: "odpt.Railway:JR-East.ChuoRapid",
                                                       delaySeconds: 300, date: observedAt, validUntil: observedAt - 100)],
                                    fetchedAt: observedAt)
        XCTAssertEqual(odd.staleness(now: observedAt + 30, maxAge: 60),
                       "the odpt:Train data expired at dct:valid 1514357513, 130 s ago, more than the maximum age 60 s")
        XCTAssertNil(odd.staleness(now: observedAt + 30, maxAge: 200))

        // Without dc:date the fetch time is the data's time.
        let undated = ODPTTrainSnapshot(trains: [ODPTTrain(trainNumber: "1506H", railway: "odpt.Railway:JR-East.ChuoRapid")],
                                        fetchedAt: 1_000)
        XCTAssertEqual(undated.observedAt, 1_000)
        XCTAssertNil(undated.staleness(now: 1_090, maxAge: 90))
        XCTAssertNotNil(undated.staleness(now: 1_091, maxAge: 90))
    }

    func testNoDelayGivesTheTimetableMarkedRealtime() throws {
        let board = Board(id: "shinjuku", title: "新宿", clock: clock, sources: [try source(direction: nil)])
        let train = ODPTTrain(trainNumber: "1600T", railway: "odpt.Railway:JR-East.ChuoRapid",
                              direction: "odpt.RailwayDirection:Inbound", fromStation: "odpt.Station:JR-East.ChuoRapid.Mitaka",
                              date: observedAt)
        let result = ODPTTrainJoin.predictions(board: board, targets: [ODPTRealtimeTarget(sourceIndex: 0, station: Self.shinjuku)],
                                               snapshot: ODPTTrainSnapshot(trains: [train], fetchedAt: observedAt),
                                               now: observedAt, maxAge: 90, source: "odpt-train")
        let prediction = try XCTUnwrap(result.predictions[DepartureKey(source: 0, serviceDate: date, trip: "1600T")])
        XCTAssertNil(prediction.predicted)
        XCTAssertNil(prediction.delaySeconds)
        XCTAssertEqual(prediction.expected, prediction.scheduled)
    }

    func testOtherRailwayIsIgnoredAndTokyoMetroCaptureMatchesNothing() throws {
        let board = Board(id: "shinjuku", title: "新宿", clock: clock, sources: [try source(direction: nil)])
        let name = "Train_TokyoMetro_Tozai_20171227_162124.json"
        let tozai = ODPTTrainSnapshot(trains: try ODPTTimetableDecoder.trains(try Self.bytes(name), file: name), fetchedAt: 0)
        let result = ODPTTrainJoin.predictions(board: board, targets: [ODPTRealtimeTarget(sourceIndex: 0, station: Self.shinjuku)],
                                               snapshot: tozai, now: tozai.observedAt, maxAge: 90, source: "odpt-train")
        XCTAssertEqual(result, ODPTTrainPredictions())
    }

    func testAfterMidnightTrainBelongsToThePreviousServiceDate() throws {
        let timetable = #"""
        [{"@type":"odpt:StationTimetable","odpt:station":"odpt.Station:TokyoMetro.Ginza.Ginza","odpt:railway":"odpt.Railway:TokyoMetro.Ginza",
          "odpt:railDirection":"odpt.RailDirection:TokyoMetro.Asakusa","odpt:calendar":"odpt.Calendar:Weekday",
          "odpt:stationTimetableObject":[
            {"odpt:departureTime":"23:50","odpt:trainNumber":"B2350"},
            {"odpt:departureTime":"00:10","odpt:train":"odpt.Train:TokyoMetro.Ginza.B0010"}]}]
        """#
        let source = BoardTimetable(name: "ginza.json", timetable: try ODPTTimetableDecoder.stationTimetable(
            Array(timetable.utf8), file: "ginza.json"), vehicle: .train)
        let board = Board(id: "ginza", title: "銀座", clock: clock, sources: [source])
        let now = clock.instant(date: date.adding(days: 1), seconds: 5 * 60)  // 2017-12-28 00:05
        let trains = [ODPTTrain(trainNumber: "B0010", railway: "odpt.Railway:TokyoMetro.Ginza",
                                direction: "odpt.RailDirection:TokyoMetro.Asakusa", delaySeconds: 0,
                                fromStation: "odpt.Station:TokyoMetro.Ginza.Shimbashi", toStation: "odpt.Station:TokyoMetro.Ginza.Ginza",
                                date: now),
                      ODPTTrain(trainNumber: "B2350", railway: "odpt.Railway:TokyoMetro.Ginza", delaySeconds: 0,
                                fromStation: "odpt.Station:TokyoMetro.Ginza.Ueno", date: now)]
        let result = ODPTTrainJoin.predictions(board: board, targets: [ODPTRealtimeTarget(sourceIndex: 0, station: "TokyoMetro.Ginza.Ginza")],
                                               snapshot: ODPTTrainSnapshot(trains: trains, fetchedAt: now),
                                               now: now, maxAge: 90, source: "odpt-train")
        let prediction = try XCTUnwrap(result.predictions[DepartureKey(source: 0, serviceDate: date, trip: "B0010")])
        XCTAssertEqual(prediction.predicted, clock.instant(date: date.adding(days: 1), seconds: 10 * 60))
        XCTAssertEqual(result.predictions.count, 1)
        XCTAssertEqual(result.passed, ["B2350"])
    }
}
