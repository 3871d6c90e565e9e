import Config
import Facts
import Foundation
import Realtime
import XCTest

/// Recorded realtime snapshots in a fixtures directory (`realtime/<board>/<index>/<time>.pb`,
/// `odpt_trains/<id>/<time>.json`): several per source, each seen from its fetch time on; a broken
/// one is skipped with a warning and the previous one stays.
final class RealtimeFixtureTests: XCTestCase {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    var caltrain: URL { fixtures.appendingPathComponent("realtime/transitland-caltrain/ct-trip-updates.pb") }
    var soundTransit: URL { fixtures.appendingPathComponent("realtime/onebusaway-soundtransit/trip_update_1683740698.pb") }

    /// A rules directory with a board whose second source has `realtime:`, and `odpt: trains:`.
    func rulesDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-rtfix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        try """
        odpt:
          key_env: ODPT_CONSUMER_KEY
          trains:
            - {id: ginza-trains, operator: "odpt.Operator:TokyoMetro", railway: "odpt.Railway:TokyoMetro.Ginza"}
        boards:
          - id: caltrain-sf
            timezone: America/Los_Angeles
            sources:
              - csv: {weekday: none.csv}
              - gtfs: data/ct.zip
                stop_id: "70112"
                realtime: {gtfs_rt: "https://example.org/ct/trip-updates.pb"}
        """.write(to: directory.appendingPathComponent("boards.yaml"), atomically: true, encoding: .utf8)
        return directory
    }

    func put(_ source: URL?, bytes: [UInt8]? = nil, at path: String, in root: URL) throws {
        let target = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let source { try FileManager.default.copyItem(at: source, to: target) } else { try Data(bytes ?? []).write(to: target) }
    }

    func testSeveralSnapshotsPerFeedArePickedByFetchTime() throws {
        let rules = try rulesDirectory()
        let configuration = try Configuration.load(directory: rules.path)
        let root = rules.appendingPathComponent("fixtures")
        try put(caltrain, at: "realtime/caltrain-sf/1/2023-11-07T17:05:34-08:00.pb", in: root)
        try put(soundTransit, at: "realtime/caltrain-sf/1/2023-11-07T17:06:04-08:00.pb", in: root)
        let truncated = Array(try Data(contentsOf: caltrain).prefix(1000))
        try put(nil, bytes: truncated, at: "realtime/caltrain-sf/1/2023-11-07T17:06:34-08:00.pb", in: root)
        try put(caltrain, at: "realtime/caltrain-sf/0/2023-11-07T17:05:34-08:00.pb", in: root)

        let (timeline, warnings) = FixtureDirectory.load(root.path, configuration: configuration)
        let first: Int64 = 1_699_405_534  // 2023-11-07T17:05:34-08:00
        XCTAssertNil(timeline.facts(at: first - 1, boards: [:]).realtime["caltrain-sf"])
        let atFirst = try XCTUnwrap(timeline.facts(at: first + 10, boards: [:]).realtime["caltrain-sf"]?[1])
        XCTAssertEqual(atFirst.fetchedAt, first)
        XCTAssertEqual(atFirst.value.header.timestamp, 1_699_405_534)
        XCTAssertEqual(atFirst.value.entities.count, 19)
        let atSecond = try XCTUnwrap(timeline.facts(at: first + 30, boards: [:]).realtime["caltrain-sf"]?[1])
        XCTAssertEqual(atSecond.fetchedAt, first + 30)
        XCTAssertEqual(atSecond.value.header.timestamp, 1_683_740_698)
        // The truncated snapshot is skipped: the one before stays in force.
        let afterTruncated = try XCTUnwrap(timeline.facts(at: first + 3600, boards: [:]).realtime["caltrain-sf"]?[1])
        XCTAssertEqual(afterTruncated.fetchedAt, first + 30)
        XCTAssertEqual(timeline.sourcesUpdated(after: first, through: first + 30), ["caltrain-sf.1"])
        XCTAssertEqual(timeline.nextSnapshot(after: first), first + 30)

        XCTAssertEqual(warnings.count, 2, "\(warnings)")
        XCTAssertTrue(warnings.contains { $0.hasPrefix(root.path + "/realtime/caltrain-sf/1/2023-11-07T17:06:34-08:00.pb: not a GTFS-Realtime FeedMessage") && $0.hasSuffix("(snapshot skipped; the previous one stays in force)") }, "\(warnings)")
        XCTAssertTrue(warnings.contains(root.path + "/realtime/caltrain-sf/0: board \"caltrain-sf\" has no realtime: source with this index (known: 1; 0 is its first source)"), "\(warnings)")
    }

    func testODPTTrainSnapshotsAreCheckedAndKeptAsBytes() throws {
        let rules = try rulesDirectory()
        let configuration = try Configuration.load(directory: rules.path)
        let root = rules.appendingPathComponent("fixtures")
        let ginza = fixtures.appendingPathComponent("odpt/Train_TokyoMetro_Ginza_20171215_155042.json")
        try put(ginza, at: "odpt_trains/ginza-trains/2017-12-15T15:50:42+09:00.json", in: root)
        try put(fixtures.appendingPathComponent("odpt/TrainInformation_TokyoMetro.json"),
                at: "odpt_trains/ginza-trains/2017-12-15T15:51:12+09:00.json", in: root)
        let (timeline, warnings) = FixtureDirectory.load(root.path, configuration: configuration)
        let snapshot = try XCTUnwrap(timeline.facts(at: 1_513_320_700, boards: [:]).trains["ginza-trains"])
        XCTAssertEqual(snapshot.value.trainCount, 25)
        XCTAssertEqual(snapshot.value.bytes, Array(try Data(contentsOf: ginza)))
        XCTAssertEqual(warnings, [root.path + "/odpt_trains/ginza-trains/2017-12-15T15:51:12+09:00.json: [0]: expected \"@type\": \"odpt:Train\", found \"odpt:TrainInformation\" (snapshot skipped; the previous one stays in force)"])
    }

    func testTheDecodersRefuseWhatIsNotTheirKind() throws {
        let decoders = SourceDecoders.standard
        XCTAssertThrowsError(try decoders.decode(Array("{}".utf8), as: .odptTrain, label: "t.json")) {
            XCTAssertEqual("\($0)", "t.json: expected an odpt:Train JSON array, found an object")
        }
        XCTAssertThrowsError(try decoders.decode(Array("[1]".utf8), as: .odptTrain, label: "t.json")) {
            XCTAssertEqual("\($0)", "t.json: [0]: expected an odpt:Train object, found a number")
        }
        XCTAssertThrowsError(try decoders.decode([], as: .gtfsRealtime, label: "e.pb"))
        // The decoder's size cap applies through SourceDecoders, before unpacking.
        let huge = [UInt8](repeating: 0, count: RealtimeDecoder.defaultSizeLimit + 1)
        XCTAssertThrowsError(try decoders.decode(huge, as: .gtfsRealtime, label: "huge.pb")) {
            XCTAssertTrue("\($0)".hasPrefix("huge.pb: "), "\($0)")
        }
        XCTAssertThrowsError(try decoders.decodeResponse(Array("<!DOCTYPE html><html>".utf8), contentType: "text/html", as: .gtfsRealtime,
                                                         label: "u")) {
            XCTAssertEqual("\($0)", "u: the server answered with an HTML page (text/html, 21 bytes) instead of a GTFS-Realtime feed (protobuf)")
        }
    }
}
