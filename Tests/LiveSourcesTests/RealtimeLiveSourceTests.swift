@testable import Config
import Facts
import Foundation
import HTTP
@testable import LiveSources
@testable import Secrets
import XCTest

/// Realtime feeds as live sources: GTFS-Realtime `realtime:` URLs and files and `odpt: trains:`,
/// fetched from `scripts/test-source-server.py` (the real Caltrain TripUpdates capture), cached as
/// last good data, and polled only inside the windows the board's leave-now rules need them.
final class RealtimeLiveSourceTests: XCTestCase {
    private static let key = "rt-Sekrit-77"
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    private static let caltrain = fixtures.appendingPathComponent("realtime/transitland-caltrain/ct-trip-updates.pb")
    private var root = ""
    private var server: TestSourceServer!

    static let yaml = """
    odpt:
      key_env: ODPT_CONSUMER_KEY
      trains:
        - {id: ginza-trains, operator: "odpt.Operator:TokyoMetro", railway: "odpt.Railway:TokyoMetro.Ginza"}
    boards:
      - id: caltrain-sf
        sources:
          - gtfs: data/ct.zip
            stop_id: "70112"
            realtime: {gtfs_rt: "https://transit.example.org/gtfs-rt/caltrain/trip-updates.pb"}
          - gtfs: data/ct.zip
            stop_id: "70111"
            realtime: {gtfs_rt: "https://transit.example.org/gtfs-rt/keyed/trip-updates.pb?agency=CT", key_env: RT_KEY, key_parameter: api_key}
          - gtfs: data/ct.zip
            stop_id: "70012"
            realtime: {gtfs_rt: recorded/tu.pb, refresh: 10s}
    channels:
      - {id: c, type: desktop}
    rules:
      - {id: leave, kind: leave_now, board: caltrain-sf, between: "16:30-17:30", heads_up: [10m], channels: [c]}
    """

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "leavenow-rt-live-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/rules/recorded", withIntermediateDirectories: true)
        try Self.yaml.write(toFile: root + "/rules/boards.yaml", atomically: true, encoding: .utf8)
        server = try TestSourceServer(key: Self.key)
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    private var cache: SourceCache { SourceCache(stateDirectory: root + "/state") }

    private func configuration() throws -> Configuration { try Configuration.load(directory: root + "/rules") }

    private func source(_ id: String) throws -> LiveSource {
        try XCTUnwrap(LiveSource.all(in: configuration()).first { $0.id == id }, "no source \(id)")
    }

    private func fetcher(key: String = RealtimeLiveSourceTests.key, maxBytes: Int = 10 << 20) -> SourceFetcher {
        SourceFetcher(endpoint: SourceEndpoint(baseURL: server.baseURL, timeout: .seconds(10), maxResponseBytes: maxBytes),
                      secrets: SecretSource(environment: ["RT_KEY": key, "ODPT_CONSUMER_KEY": key]),
                      cache: cache, client: HTTPMultiClient(configuration: TestSourceServer.configuration),
                      now: { Date(timeIntervalSince1970: 1_699_405_540) })
    }

    private func entities(_ result: SourceFetchResult) -> Int? {
        if case .realtime(let message) = result.fact { return message.entities.count }
        return nil
    }

    func testEveryFeedIsALiveSourceWithItsRequest() throws {
        let sources = LiveSource.all(in: try configuration())
        XCTAssertEqual(sources.map(\.id), ["ginza-trains", "caltrain-sf.0", "caltrain-sf.1", "caltrain-sf.2"])
        XCTAssertEqual(sources.map(\.kind), [.odptTrain, .gtfsRealtime, .gtfsRealtime, .gtfsRealtime])
        XCTAssertEqual(sources.map(\.cacheName), ["odpt-train-ginza-trains", "gtfs-rt-caltrain-sf.0", "gtfs-rt-caltrain-sf.1", "gtfs-rt-caltrain-sf.2"])
        XCTAssertEqual(sources[3].file, root + "/rules/recorded/tu.pb")
        XCTAssertEqual(sources[1].description, "GTFS-Realtime feed \"caltrain-sf.0\"")
        let endpoint = SourceEndpoint()
        let secrets = SecretSource(environment: ["RT_KEY": "abc123", "ODPT_CONSUMER_KEY": "odpt-key"])
        let trains = try endpoint.request(for: sources[0], secrets: secrets)
        XCTAssertEqual(trains.url, "https://api.odpt.org/api/v4/odpt:Train?odpt:operator=odpt.Operator:TokyoMetro&odpt:railway=odpt.Railway:TokyoMetro.Ginza&acl:consumerKey=odpt-key")
        XCTAssertFalse(trains.redactedURL.contains("odpt-key"))
        let keyed = try endpoint.request(for: sources[2], secrets: secrets)
        XCTAssertEqual(keyed.url, "https://transit.example.org/gtfs-rt/keyed/trip-updates.pb?agency=CT&api_key=abc123")
        XCTAssertFalse(keyed.redactedURL.contains("abc123"), keyed.redactedURL)
        XCTAssertEqual(try endpoint.request(for: sources[1], secrets: secrets).url, "https://transit.example.org/gtfs-rt/caltrain/trip-updates.pb")
    }

    func testA200ThenA304AndTheFactsFromTheCache() throws {
        let feed = try source("caltrain-sf.0")
        let first = fetcher().fetch(feed)
        XCTAssertEqual(first.outcome, .updated(bytes: 7_813), "\(first)")
        XCTAssertEqual(entities(first), 19)
        let second = fetcher().fetch(feed)
        XCTAssertEqual(second.outcome, .notModified(bytesSaved: 7_813), "\(second)")
        let requests = try server.requests()
        XCTAssertEqual(requests.count, 2)
        XCTAssertNotNil(requests[1]["if_none_match"])
        let facts = CachedFacts.facts(configuration: try configuration(), cache: cache, boards: [:]).facts
        XCTAssertEqual(facts.realtime["caltrain-sf"]?[0]?.value.entities.count, 19)
        XCTAssertEqual(facts.realtime["caltrain-sf"]?[0]?.fetchedAt, 1_699_405_540)
    }

    func testATruncatedBodyKeepsTheLastGoodSnapshot() throws {
        let feed = try source("caltrain-sf.0")
        XCTAssertEqual(fetcher().fetch(feed).outcome, .updated(bytes: 7_813))
        try server.setFault("truncated")
        let result = fetcher().fetch(feed)
        guard case .failed(let error) = result.outcome else { return XCTFail("\(result)") }
        XCTAssertEqual(error.reason, .invalidBody)
        XCTAssertTrue(error.message.hasPrefix("the response is not valid: http://127.0.0.1:\(server.port)/gtfs-rt/caltrain/trip-updates.pb: not a GTFS-Realtime FeedMessage"),
                      error.message)
        XCTAssertEqual(try cache.load(feed)?.body, try Data(contentsOf: Self.caltrain))
    }

    func testABodyOverTheCapIsStoppedAndNothingIsCached() throws {
        let feed = try source("caltrain-sf.0")
        let result = fetcher(maxBytes: 4_096).fetch(feed)
        guard case .failed(let error) = result.outcome else { return XCTFail("\(result)") }
        XCTAssertEqual(error.reason, .transfer)
        XCTAssertTrue(error.message.hasSuffix("the transfer was stopped at the 4 KiB limit"), error.message)
        XCTAssertNil(try cache.load(feed))
    }

    func testAKeyedFeedSendsItsKeyAndNeverShowsIt() throws {
        let feed = try source("caltrain-sf.1")
        XCTAssertEqual(fetcher().fetch(feed).outcome, .updated(bytes: 7_813))
        let refused = fetcher(key: "wrong-key-9").fetch(feed)
        guard case .failed(let error) = refused.outcome else { return XCTFail("\(refused)") }
        XCTAssertEqual(error.reason, .keyRefused)
        XCTAssertEqual(error.message, "the API key was refused (HTTP 401); check \(feed.key!.hint)")
        XCTAssertFalse("\(error)".contains("wrong-key-9"), "\(error)")
        XCTAssertFalse("\(error)".contains(Self.key), "\(error)")
    }

    func testAFileFeedIsReadNotFetchedAndKeepsItsLastGoodData() throws {
        let feed = try source("caltrain-sf.2")
        let path = root + "/rules/recorded/tu.pb"
        let missing = fetcher().fetch(feed)
        guard case .failed(let absent) = missing.outcome else { return XCTFail("\(missing)") }
        XCTAssertEqual(absent.reason, .unreadableFile)
        XCTAssertEqual(absent.message, "the file could not be read: \(path): no such file")
        try FileManager.default.copyItem(atPath: Self.caltrain.path, toPath: path)
        let read = fetcher().fetch(feed)
        XCTAssertEqual(read.outcome, .updated(bytes: 7_813))
        XCTAssertEqual(entities(read), 19)
        XCTAssertEqual(fetcher().fetch(feed).outcome, .notModified(bytesSaved: 0))
        try Data(try Data(contentsOf: Self.caltrain).prefix(1_000)).write(to: URL(fileURLWithPath: path))
        let corrupt = fetcher().fetch(feed)
        guard case .failed(let error) = corrupt.outcome else { return XCTFail("\(corrupt)") }
        XCTAssertEqual(error.reason, .invalidBody)
        XCTAssertTrue(error.message.hasPrefix("the file is not valid: \(path): not a GTFS-Realtime FeedMessage"), error.message)
        XCTAssertEqual(try cache.load(feed)?.body, try Data(contentsOf: Self.caltrain))
        XCTAssertEqual(try server.requests().count, 0, "a file is never requested")
    }

    func testODPTTrainsAreFetchedAndChecked() throws {
        let result = fetcher().fetch(try source("ginza-trains"))
        XCTAssertEqual(result.outcome, .updated(bytes: 19_766), "\(result)")
        guard case .trains(let response) = result.fact else { return XCTFail("\(String(describing: result.fact))") }
        XCTAssertEqual(response.trainCount, 25)
        XCTAssertEqual(try server.requests().first?["path"],
                       "/api/v4/odpt:Train?odpt:operator=odpt.Operator:TokyoMetro&odpt:railway=odpt.Railway:TokyoMetro.Ginza&acl:consumerKey=\(Self.key)")
    }

    func testARealtimeFeedIsPolledOnlyInsideTheRuleWindow() throws {
        let configuration = try configuration()
        let feed = try source("caltrain-sf.0")
        let need = WeatherNeed(realtimeOf: ["caltrain-sf"], rules: configuration.rules, refreshSeconds: 30)
        let day: Int64 = 1_735_657_200  // 2025-01-01T00:00+09:00 (the rule's zone, Asia/Tokyo)
        let windows = need.ranges(from: day, to: day + 2 * 86_400 - 1)
        // 16:30-17:30, from 10 min heads-up + 30 min walk allowance + one refresh before: 15:49:30-17:30, every day.
        XCTAssertEqual(windows, [(day + 56_970)...(day + 63_000), (day + 86_400 + 56_970)...(day + 86_400 + 63_000)])
        let policy = SourceRefreshPolicy()
        func next(_ base: Int64, _ given: [ClosedRange<Int64>]) -> SourceRefreshSchedule {
            policy.schedule(for: feed, state: SourceRefreshState(lastSuccess: base, lastAttempt: base), now: base, needWindows: given)
        }
        let start = windows[0].lowerBound, end = windows[0].upperBound
        XCTAssertEqual(next(day + 3_600, windows), SourceRefreshSchedule(at: start - 30, reason: .windowAhead), "not polled before the window")
        XCTAssertEqual(next(start, windows), SourceRefreshSchedule(at: start + 30, reason: .needWindow))
        XCTAssertEqual(next(end - 40, windows), SourceRefreshSchedule(at: end - 10, reason: .needWindow))
        XCTAssertEqual(next(end - 10, windows), SourceRefreshSchedule(at: windows[1].lowerBound - 30, reason: .windowAhead),
                       "after the window: nothing until the next day's window")
        XCTAssertEqual(next(end + 10, [windows[0]]), SourceRefreshSchedule(at: end + 10 + SourceRefreshPolicy.realtimeIdleCheck, reason: .idle),
                       "no window ahead: looked at again a day later, not hourly")
        XCTAssertEqual(policy.interval(of: try source("caltrain-sf.2")), 10)
        XCTAssertEqual(policy.interval(of: try source("ginza-trains")), 60)
    }
}
