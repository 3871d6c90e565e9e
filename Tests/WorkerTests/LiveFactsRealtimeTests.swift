import Config
import Facts
import Foundation
import HTTP
import LiveSources
import Secrets
import TestServers
import Worker
import XCTest

/// ``LiveFacts`` with realtime feeds: each fetched (or read) snapshot lands in
/// `FactSet.realtime[board][index]`, only the feed that was due is decoded again, and a feed no
/// leave-now rule needs is not polled.
final class LiveFactsRealtimeTests: XCTestCase {
    /// Counts the GTFS-Realtime decodes.
    private final class DecodeCount: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var decoders: SourceDecoders {
            SourceDecoders { [self] kind, _ in if kind == .gtfsRealtime { lock.withLock { count += 1 } } }
        }
        var value: Int { lock.withLock { count } }
    }

    private static let capture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/realtime/transitland-caltrain/ct-trip-updates.pb")
    private var root = ""
    private var server: ScriptServer?

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "leavenow-livefacts-rt-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/config", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.capture.path, toPath: root + "/config/tu.pb")
        server = try ScriptServer(script: "test-source-server.py", arguments: ["--key", "unused-key-7"])
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Board `caltrain-sf`: source 0 a URL polled every 10 s, source 1 a file read every minute;
    /// `rule` (YAML) is the rules section.
    private func configuration(rules: String) throws -> Configuration {
        let port = try XCTUnwrap(server).port
        try """
        boards:
          - id: caltrain-sf
            sources:
              - gtfs: ct.zip
                stop_id: "70112"
                realtime: {gtfs_rt: "http://127.0.0.1:\(port)/gtfs-rt/caltrain/trip-updates.pb", refresh: 10s}
              - gtfs: ct.zip
                stop_id: "70111"
                realtime: {gtfs_rt: tu.pb, refresh: 1m}
        channels:
          - {id: c, type: desktop}
        \(rules)
        """.write(toFile: root + "/config/boards.yaml", atomically: true, encoding: .utf8)
        return try Configuration.load(directory: root + "/config")
    }

    private func liveFacts(_ configuration: Configuration, count: DecodeCount, now: @escaping @Sendable () -> Int64) throws -> LiveFacts {
        let fetcher = SourceFetcher(endpoint: SourceEndpoint(timeout: .seconds(10)), secrets: SecretSource(environment: [:]),
                                    cache: SourceCache(stateDirectory: root + "/state"),
                                    client: HTTPMultiClient(configuration: HTTPClientConfiguration(proxy: .direct)),
                                    decoders: count.decoders, now: { Date(timeIntervalSince1970: TimeInterval(now())) })
        fetcher.conditionalRequests = false
        return LiveFacts(configuration: configuration, boards: [:], fetcher: fetcher, now: now()) { _, _ in }
    }

    func testFetchedSnapshotsGoIntoTheFactSetAndOnlyTheDueFeedIsDecoded() throws {
        let configuration = try configuration(rules: "rules:\n  - {id: leave, kind: leave_now, board: caltrain-sf, heads_up: [10m], channels: [c]}")
        let count = DecodeCount()
        let start: Int64 = 1_699_405_540
        nonisolated(unsafe) var now = start
        let facts = try liveFacts(configuration, count: count, now: { now })
        XCTAssertEqual(facts.refresh(now: now), ["caltrain-sf.0", "caltrain-sf.1"])
        XCTAssertEqual(count.value, 2)
        let board = try XCTUnwrap(facts.facts(at: now).realtime["caltrain-sf"])
        XCTAssertEqual(board[0]?.value.entities.count, 19)
        XCTAssertEqual(board[1]?.value.entities.count, 19)
        XCTAssertEqual(facts.nextRefresh(after: now), start + 10)

        now = start + 10
        XCTAssertEqual(facts.refresh(now: now), ["caltrain-sf.0"], "only the URL is due")
        XCTAssertEqual(count.value, 3, "only the fetched body was decoded")
        XCTAssertEqual(facts.facts(at: now).realtime["caltrain-sf"]?[0]?.fetchedAt, start + 10)
        XCTAssertEqual(facts.facts(at: now).realtime["caltrain-sf"]?[1]?.fetchedAt, start, "the file's snapshot is untouched")

        now = start + 60
        XCTAssertEqual(facts.refresh(now: now), ["caltrain-sf.0"], "the unchanged file is confirmed, not an update")
        XCTAssertEqual(count.value, 4)
        XCTAssertEqual(facts.facts(at: now).realtime["caltrain-sf"]?[1]?.fetchedAt, start + 60, "confirmed: as young as the read")

        // A restart reads both from the cache, each decoded once.
        let restartCount = DecodeCount()
        let restarted = try liveFacts(configuration, count: restartCount, now: { now })
        XCTAssertEqual(restartCount.value, 2)
        XCTAssertEqual(restarted.facts(at: now).realtime["caltrain-sf"]?[0]?.fetchedAt, start + 60)
    }

    func testAFeedNoRuleNeedsIsNotPolled() throws {
        let configuration = try configuration(rules: "")
        let count = DecodeCount()
        let start: Int64 = 1_699_405_540
        let facts = try liveFacts(configuration, count: count, now: { start })
        XCTAssertEqual(facts.refresh(now: start).count, 2, "fetched once at start (nothing cached)")
        XCTAssertEqual(facts.nextRefresh(after: start), start + SourceRefreshPolicy.realtimeIdleCheck, "then not until a rule needs it")
    }
}
