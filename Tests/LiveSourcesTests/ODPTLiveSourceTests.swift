@testable import Config
import Foundation
@testable import LiveSources
@testable import Secrets
import Timetable
import XCTest

/// ODPT API sources: which live sources a configuration yields, their request URLs (key redacted),
/// body validation, and boards and service status facts built from a source cache (no network).
final class ODPTLiveSourceTests: XCTestCase {
    private var root = ""
    private let secrets = SecretSource(environment: ["ODPT_CONSUMER_KEY": "odpt-key-456"])
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static let yaml = """
    odpt:
      key_env: ODPT_CONSUMER_KEY
      timetable_refresh: 12h
      service_status:
        - {id: tokyo-metro, operator: "odpt.Operator:TokyoMetro", refresh: 3m}
    boards:
      - id: oshiage
        status: tokyo-metro
        sources:
          - odpt_api: {station: "odpt.Station:TokyoMetro.Hanzomon.Oshiage", direction: "odpt.RailDirection:TokyoMetro.Shibuya"}
            walk: 2m
          - csv: {everyday: extra.csv}
            line: 臨時
      - id: oshiage-all
        sources:
          - odpt_api: {station: "odpt.Station:TokyoMetro.Hanzomon.Oshiage"}
      - id: shinagawa-bus
        sources:
          - odpt_api_busstop_pole: {pole: "odpt.BusstopPole:Toei.Shinagawasougoufukushisenta-mae.2011.1"}
    """

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "leavenow-odpt-live-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/rules", withIntermediateDirectories: true)
        try Self.yaml.write(toFile: root + "/rules/sources.yaml", atomically: true, encoding: .utf8)
        try "# illustrative\n6,00,30\n".write(toFile: root + "/rules/extra.csv", atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
    }

    private var cache: SourceCache { SourceCache(stateDirectory: root + "/state") }

    private func configuration() throws -> Configuration { try Configuration.load(directory: root + "/rules") }

    private func fixture(_ name: String) throws -> Data { try Data(contentsOf: Self.fixtures.appendingPathComponent("odpt/" + name)) }

    /// Stores `body` in the cache as fetched at `date`.
    private func store(_ body: Data, for source: LiveSource, at date: Date) throws {
        try cache.store(body, metadata: SourceCacheMetadata(fetchedAt: date, url: "https://api.odpt.org/…", bytes: 0, checksum: ""), for: source)
    }

    func testAllSourcesIncludeServiceStatusAndOneTimetablePerStop() throws {
        let sources = LiveSource.all(in: try configuration())
        XCTAssertEqual(sources.map(\.cacheName), [
            "odpt-traininfo-tokyo-metro", "odpt-timetable-TokyoMetro.Hanzomon.Oshiage",
            "odpt-pole-timetable-Toei.Shinagawasougoufukushisenta-mae.2011.1",
        ])
        XCTAssertEqual(sources.map(\.refreshSeconds), [180, 43_200, 43_200])
        XCTAssertEqual(sources.map(\.key), Array(repeating: SecretReference(environmentVariable: "ODPT_CONSUMER_KEY"), count: 3))
        XCTAssertEqual(sources.map(\.kind), [.odptTrainInformation, .odptStationTimetable, .odptBusstopPoleTimetable])
        XCTAssertEqual(sources.map(\.description), [
            "ODPT train information \"tokyo-metro\"", "ODPT station timetable \"TokyoMetro.Hanzomon.Oshiage\"",
            "ODPT bus pole timetable \"Toei.Shinagawasougoufukushisenta-mae.2011.1\"",
        ])
        XCTAssertEqual(sources[2].timetable?.subject, "odpt.BusstopPole:Toei.Shinagawasougoufukushisenta-mae.2011.1")
        XCTAssertEqual(sources[1].timetable?.subject, "odpt.Station:TokyoMetro.Hanzomon.Oshiage")
    }

    func testRequestURLsHaveTheRealShapesAndHideTheKey() throws {
        let sources = LiveSource.all(in: try configuration())
        let endpoint = SourceEndpoint()
        let requests = try sources.map { try endpoint.request(for: $0, secrets: secrets) }
        XCTAssertEqual(requests.map(\.url), [
            "https://api.odpt.org/api/v4/odpt:TrainInformation?odpt:operator=odpt.Operator:TokyoMetro&acl:consumerKey=odpt-key-456",
            "https://api.odpt.org/api/v4/odpt:StationTimetable?odpt:operator=odpt.Operator:TokyoMetro&odpt:station=odpt.Station:TokyoMetro.Hanzomon.Oshiage&acl:consumerKey=odpt-key-456",
            "https://api.odpt.org/api/v4/odpt:BusstopPoleTimetable?odpt:operator=odpt.Operator:Toei&odpt:busstopPole=odpt.BusstopPole:Toei.Shinagawasougoufukushisenta-mae.2011.1&acl:consumerKey=odpt-key-456",
        ])
        XCTAssertEqual(requests[2].description,
                       "GET https://api.odpt.org/api/v4/odpt:BusstopPoleTimetable?odpt:operator=odpt.Operator:Toei&odpt:busstopPole=odpt.BusstopPole:Toei.Shinagawasougoufukushisenta-mae.2011.1&acl:consumerKey=REDACTED")
        for request in requests { XCTAssertFalse(request.description.contains("odpt-key-456"), request.description) }
        // Without the variable the request is refused, naming where the key was looked for.
        XCTAssertThrowsError(try endpoint.request(for: sources[2], secrets: SecretSource(environment: [:]))) { error in
            XCTAssertTrue("\(error)".contains("ODPT_CONSUMER_KEY"), "\(error)")
        }
    }

    func testBodiesAreValidatedWithTheirDecoders() throws {
        let sources = LiveSource.all(in: try configuration())
        XCTAssertNoThrow(try SourceBodyValidator.validate(try fixture("TrainInformation_TokyoMetro_2025-06-17.json"), contentType: "application/json",
                                                          source: sources[0], label: "traininfo"))
        XCTAssertNoThrow(try SourceBodyValidator.validate(try fixture("BusStopPoleTimetable_Toei_Chokkou01.json"), contentType: nil,
                                                          source: sources[2], label: "pole"))
        // A station timetable is not a TrainInformation response, nor the wrong pole's timetable.
        XCTAssertThrowsError(try SourceBodyValidator.validate(try fixture("StationTimetable_TokyoMetro_Hanzomon_Oshiage.json"), contentType: nil,
                                                              source: sources[0], label: "traininfo"))
        XCTAssertThrowsError(try SourceBodyValidator.validate(Data("[{\"@type\": \"odpt:TrainInformation\"}]".utf8), contentType: nil,
                                                              source: sources[0], label: "traininfo")) { error in
            XCTAssertTrue("\(error)".contains("odpt:railway"), "\(error)")
        }
    }

    func testBoardsAndServiceStatusFromTheCacheWithoutNetwork() throws {
        let configuration = try configuration()
        let sources = LiveSource.all(in: configuration)

        // Nothing cached yet: the boards load their other sources, with a warning per API source.
        let empty = CachedFacts.boards(configuration: configuration, cache: cache)
        XCTAssertEqual(empty.problems, [])
        XCTAssertEqual(empty.warnings.count, 3)
        XCTAssertTrue(empty.warnings[0].contains("board \"oshiage\": no cached timetable yet for the odpt:StationTimetable of odpt.Station:TokyoMetro.Hanzomon.Oshiage: run `leavenow fetch`"),
                      empty.warnings[0])
        XCTAssertEqual(empty.board(id: "oshiage")?.sources.count, 1)

        let fetched = Date(timeIntervalSince1970: 1_512_965_705)  // 2017-12-11T13:15:05+09:00
        try store(try fixture("TrainInformation_TokyoMetro.json"), for: sources[0], at: fetched)
        try store(try fixture("StationTimetable_TokyoMetro_Hanzomon_Oshiage.json"), for: sources[1], at: fetched)
        try store(try fixture("BusStopPoleTimetable_Toei_Chokkou01.json"), for: sources[2], at: fetched)

        let catalog = CachedFacts.boards(configuration: configuration, cache: cache)
        XCTAssertEqual(catalog.problems, [])
        XCTAssertEqual(catalog.warnings, [])
        // The direction is applied per board: one cached response serves both Oshiage boards.
        let oshiage = try XCTUnwrap(catalog.board(id: "oshiage"))
        let all = try XCTUnwrap(catalog.board(id: "oshiage-all"))
        XCTAssertEqual(oshiage.sources.count, 2)
        XCTAssertEqual(oshiage.sources[0].walkSeconds, 120)
        let tokyo = ZoneClock(identifier: "Asia/Tokyo")!
        let friday = tokyo.parseTimestamp("2017-04-07T23:55")!
        let shibuyaOnly = oshiage.next(at: friday, count: 3).filter { $0.line != "臨時" }
        XCTAssertFalse(shibuyaOnly.isEmpty)
        XCTAssertTrue(shibuyaOnly.allSatisfy { $0.line == "半蔵門線" }, "\(shibuyaOnly.map(\.line))")
        // The file holds the Shibuya direction only: both boards get the same trains, oshiage plus its two CSV departures.
        let day = LocalDate("2017-04-07")!
        XCTAssertEqual(oshiage.serviceDay(day).count, all.serviceDay(day).count + 2)
        XCTAssertGreaterThan(all.serviceDay(day).count, 100)
        XCTAssertFalse(try XCTUnwrap(catalog.board(id: "shinagawa-bus")).serviceDay(LocalDate("2017-12-11")!).isEmpty)

        // The service status fact, stamped with the cache's checkedAt.
        let (facts, warnings) = CachedFacts.facts(configuration: configuration, cache: cache, boards: catalog.boardsByID)
        XCTAssertEqual(warnings, [])
        let snapshot = try XCTUnwrap(facts.serviceStatus["tokyo-metro"])
        XCTAssertEqual(snapshot.fetchedAt, 1_512_965_705)
        XCTAssertEqual(snapshot.value.railway(matching: "半蔵門線")?.condition, nil)
        XCTAssertEqual(snapshot.value.railway(matching: "Hanzomon Line")?.railway, "odpt.Railway:TokyoMetro.Hanzomon")

        // A cached entry that no longer decodes is a problem of the board (its other sources stay).
        try store(Data("[]".utf8), for: sources[1], at: fetched)
        let broken = CachedFacts.boards(configuration: configuration, cache: cache)
        XCTAssertEqual(broken.problems.count, 2, broken.problems.joined(separator: "\n"))
        XCTAssertEqual(broken.board(id: "oshiage")?.sources.count, 1)
        try store(Data("not json".utf8), for: sources[0], at: fetched)
        let undecodable = CachedFacts.facts(configuration: configuration, cache: cache, boards: [:])
        XCTAssertNil(undecodable.facts.serviceStatus["tokyo-metro"])
        XCTAssertEqual(undecodable.warnings.count, 1)
        XCTAssertTrue(undecodable.warnings[0].hasPrefix("ODPT train information \"tokyo-metro\": the cached response does not decode"), undecodable.warnings[0])
    }
}
