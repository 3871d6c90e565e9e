import Config
import Facts
import Foundation
import Timetable
import XCTest
import Messages

/// `BoardRealtime.evaluate` on the boards of `Fixtures/realtime-boards/boards.yaml`: the real
/// Caltrain TripUpdates capture on a Hillsdale board (one source with `realtime:`, one without),
/// and the real JR East `odpt:Train` capture joined to the SYNTHETIC Shinjuku timetable through
/// the `odpt: trains:` entry of its railway.
final class BoardRealtimeTests: XCTestCase {
    static let rules = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/realtime-boards").path
    /// 2023-11-07 17:05:34 PST, the Caltrain capture's header time.
    let caltrainObserved: Int64 = 1_699_405_534
    /// 2017-12-27T15:53:33+09:00, the JR East capture's dc:date.
    let chuoObserved: Int64 = 1_514_357_613

    struct Loaded {
        var configuration: Configuration
        var boards: [String: Board]
        func spec(_ id: String) -> BoardSpec { configuration.boards.first { $0.id == id }! }
    }

    func load() throws -> Loaded {
        let configuration = try Configuration.loadBoards(directory: Self.rules)
        let catalog = BoardCatalog.build(configuration.boards)
        XCTAssertEqual(catalog.problems, [])
        return Loaded(configuration: configuration, boards: Dictionary(uniqueKeysWithValues: catalog.boards.map { ($0.id, $0) }))
    }

    func caltrainFacts(_ loaded: Loaded) throws -> FactSet {
        let feed = try RealtimeFixtures.feed("transitland-caltrain/ct-trip-updates.pb")
        return FactSet(boards: loaded.boards, realtime: ["caltrain-hillsdale": [0: Snapshot(value: feed, fetchedAt: caltrainObserved + 6)]])
    }

    func chuoFacts(_ loaded: Loaded, status: Bool = false) throws -> FactSet {
        let trains = try ODPTTrainResponse(checking: try ODPTTrainJoinTests.bytes(ODPTTrainJoinTests.trainFile), label: "chuo")
        var facts = FactSet(boards: loaded.boards, trains: ["chuo-trains": Snapshot(value: trains, fetchedAt: chuoObserved + 5)])
        if status {
            let name = "SYNTHETIC_TrainInformation_JR-East_ChuoRapid_PartlySuspended.json"
            let report = try ServiceStatusReport.decode(try ODPTTrainJoinTests.bytes(name), file: name)
            facts.serviceStatus["jr-east"] = Snapshot(value: report, fetchedAt: chuoObserved)
        }
        return facts
    }

    func testCaltrainTrip310AtHillsdaleIsLiveAt1650AndOnlyTheSourceWithRealtimeIsPredicted() throws {
        let loaded = try load()
        let board = try XCTUnwrap(loaded.boards["caltrain-hillsdale"])
        let at = RealtimeFixtures.instant("2023-11-07", "16:50:00")
        let realtime = BoardRealtime.evaluate(board: board, spec: loaded.spec("caltrain-hillsdale"), facts: try caltrainFacts(loaded),
                                              odpt: loaded.configuration.odpt, now: at)
        XCTAssertEqual(realtime.sources, [RealtimeSourceStatus(id: "caltrain-hillsdale.0", kind: .gtfsRealtime, status: .live(age: 0),
                                                               maxAgeSeconds: 90, observedAt: caltrainObserved, sourceIndices: [0])])
        XCTAssertEqual(realtime.status, .live(age: 0), "data observed after --at counts as 0 s old")
        XCTAssertEqual(realtime.predictions.warnings, [])
        let departure = try XCTUnwrap(board.serviceDay(LocalDate("2023-11-07")!).first { $0.sourceIndex == 0 && $0.info.trip == "310" })
        let prediction = try XCTUnwrap(realtime.prediction(for: departure))
        XCTAssertEqual(prediction.scheduled, RealtimeFixtures.instant("2023-11-07", "16:55:00"))
        XCTAssertEqual(prediction.predicted, RealtimeFixtures.instant("2023-11-07", "17:09:38"))
        XCTAssertEqual(prediction.delaySeconds, 878)
        XCTAssertEqual(prediction.source, "caltrain-hillsdale.0")
        XCTAssertTrue(realtime.predictions.byDeparture.keys.allSatisfy { $0.source == 0 }, "source 1 (70111) has no realtime:")
        XCTAssertTrue(realtime.suspensions.isEmpty)
    }

    func testCaltrainAnHourLaterIsStaleAndPredictsNothing() throws {
        let loaded = try load()
        let board = try XCTUnwrap(loaded.boards["caltrain-hillsdale"])
        let at = RealtimeFixtures.instant("2023-11-07", "17:50:00")
        let realtime = BoardRealtime.evaluate(board: board, spec: loaded.spec("caltrain-hillsdale"), facts: try caltrainFacts(loaded),
                                              odpt: loaded.configuration.odpt, now: at)
        XCTAssertEqual(realtime.status, .stale(age: at - caltrainObserved))
        XCTAssertEqual(realtime.deciding?.maxAgeSeconds, 90)
        XCTAssertTrue(realtime.predictions.byDeparture.isEmpty)
        XCTAssertTrue(realtime.predictions.stale)
        XCTAssertEqual(realtime.predictions.warnings.count, 1)
        XCTAssertTrue(realtime.predictions.warnings[0].hasPrefix("caltrain-hillsdale.0: the feed is 2666 s old"), realtime.predictions.warnings[0])
    }

    func testCaltrainWithNothingFetchedIsMissingAndABoardWithoutRealtimeIsNotConfigured() throws {
        let loaded = try load()
        let board = try XCTUnwrap(loaded.boards["caltrain-hillsdale"])
        let realtime = BoardRealtime.evaluate(board: board, spec: loaded.spec("caltrain-hillsdale"), facts: FactSet(boards: loaded.boards),
                                              odpt: loaded.configuration.odpt, now: caltrainObserved)
        XCTAssertEqual(realtime.status, .missing)
        XCTAssertEqual(realtime.sources.map(\.status), [.missing])
        XCTAssertTrue(realtime.isConfigured)

        var spec = loaded.spec("caltrain-hillsdale")
        spec.sources[0].realtime = nil
        let none = BoardRealtime.evaluate(board: board, spec: spec, facts: try caltrainFacts(loaded), odpt: nil, now: caltrainObserved)
        XCTAssertEqual(none.status, .notConfigured)
        XCTAssertFalse(none.isConfigured)
        XCTAssertTrue(none.predictions.byDeparture.isEmpty)
    }

    func testShinjukuJoinsTheChuoRapidTrainsEntryAndSaysThePartialSuspension() throws {
        let loaded = try load()
        let board = try XCTUnwrap(loaded.boards["shinjuku-chuo"])
        let now = chuoObserved + 20
        let realtime = BoardRealtime.evaluate(board: board, spec: loaded.spec("shinjuku-chuo"), facts: try chuoFacts(loaded, status: true),
                                              odpt: loaded.configuration.odpt, now: now)
        XCTAssertEqual(realtime.sources, [RealtimeSourceStatus(id: "chuo-trains", kind: .odptTrains, status: .live(age: 20),
                                                               maxAgeSeconds: 180, observedAt: chuoObserved, sourceIndices: [0])])
        let date = LocalDate(year: 2017, month: 12, day: 27)!
        let train = try XCTUnwrap(realtime.predictions.byDeparture[DepartureKey(source: 0, serviceDate: date, trip: "1506H")])
        XCTAssertEqual(train.delaySeconds, 300)
        XCTAssertEqual(train.source, "chuo-trains")
        XCTAssertEqual(realtime.predictions.byDeparture.count, 13, "the 13 trains of ODPTTrainJoinTests' golden list")
        XCTAssertEqual(realtime.predictions.warnings.count, 1)
        XCTAssertTrue(realtime.predictions.warnings[0].hasPrefix("chuo-trains: 17 odpt:Train train number(s) not in the station timetable ("),
                      realtime.predictions.warnings[0])

        XCTAssertEqual(realtime.suspensions.count, 1)
        let suspension = try XCTUnwrap(realtime.suspensions.first)
        XCTAssertEqual(suspension.extent, .partial)
        XCTAssertEqual(suspension.summary(clock: board.clock).english, "中央線快速電車 一部運休 since 15:35: 中央線快速電車は、車両点検の影響で、一部列車が運休となっています。")
        XCTAssertEqual(suspension.summary(clock: board.clock).rendered(in: .japanese),
                       "中央線快速電車 一部運休（15:35 から）: 中央線快速電車は、車両点検の影響で、一部列車が運休となっています。")
    }

    func testShinjukuFiveMinutesAfterTheCaptureIsStaleWithTheEntrysMaxAge() throws {
        let loaded = try load()
        let board = try XCTUnwrap(loaded.boards["shinjuku-chuo"])
        let realtime = BoardRealtime.evaluate(board: board, spec: loaded.spec("shinjuku-chuo"), facts: try chuoFacts(loaded),
                                              odpt: loaded.configuration.odpt, now: chuoObserved + 300)
        XCTAssertEqual(realtime.status, .stale(age: 300))
        XCTAssertTrue(realtime.predictions.byDeparture.isEmpty)
        XCTAssertTrue(realtime.suspensions.isEmpty, "no status snapshot")
    }

    func testATrainsEntryOfAnotherRailwayIsNotTheBoards() throws {
        let loaded = try load()
        let board = try XCTUnwrap(loaded.boards["shinjuku-chuo"])
        var odpt = try XCTUnwrap(loaded.configuration.odpt)
        odpt.trains[0].railway = "odpt.Railway:JR-East.Yamanote"
        let realtime = BoardRealtime.evaluate(board: board, spec: loaded.spec("shinjuku-chuo"), facts: try chuoFacts(loaded),
                                              odpt: odpt, now: chuoObserved)
        XCTAssertEqual(realtime.status, .notConfigured)
    }
}
