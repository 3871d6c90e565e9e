import Config
import Facts
import Foundation
import HTTP
import LiveSources
import Secrets
import TestServers
import Worker
import XCTest

/// ``LiveFacts`` decodes each body once: a fetched body is decoded when the fetcher validates it and
/// only that source's fact changes; on start each cached body is decoded once.
final class LiveFactsDecodingTests: XCTestCase {
    /// Every decode the registry ran, by kind.
    private final class DecodeLog: @unchecked Sendable {
        private let lock = NSLock()
        private var kinds: [SourceBodyKind] = []

        var decoders: SourceDecoders {
            SourceDecoders { [self] kind, _ in lock.withLock { kinds.append(kind) } }
        }

        func count(_ kind: SourceBodyKind) -> Int { lock.withLock { kinds.filter { $0 == kind }.count } }
        func reset() { lock.withLock { kinds.removeAll() } }
    }

    /// The fetcher's clock, moved by the test.
    private final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Int64
        init(_ value: Int64) { self.value = value }
        var now: Int64 {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
    }

    private static let feedKind = SourceBodyKind.feed
    private static let weatherKind = SourceBodyKind.weather(.openMeteo)

    private var root = ""
    private var server: ScriptServer?

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "leavenow-livefacts-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/config", withIntermediateDirectories: true)
        server = try ScriptServer(script: "test-source-server.py", arguments: ["--key", "unused-key-7"])
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Feed `often` every minute, the Open-Meteo source `rarely` (no rule needs it: hourly).
    private func configuration() throws -> Configuration {
        let port = try XCTUnwrap(server).port
        try """
        weather:
          - id: rarely
            provider: open_meteo
            lat: 35.65146
            lon: 139.63678
        feeds:
          - id: often
            url: http://127.0.0.1:\(port)/advent-calendar/2024/ios/feed
            refresh: 1m

        """.write(toFile: root + "/config/sources.yaml", atomically: true, encoding: .utf8)
        return try Configuration.load(directory: root + "/config")
    }

    private func liveFacts(_ configuration: Configuration, log: DecodeLog, clock: Clock, conditional: Bool = false) throws -> LiveFacts {
        let fetcher = SourceFetcher(endpoint: SourceEndpoint(baseURL: "http://127.0.0.1:\(try XCTUnwrap(server).port)", timeout: .seconds(10)),
                                    secrets: SecretSource(environment: [:]), cache: SourceCache(stateDirectory: root + "/state"),
                                    client: HTTPMultiClient(configuration: HTTPClientConfiguration(proxy: .direct)),
                                    decoders: log.decoders, now: { Date(timeIntervalSince1970: TimeInterval(clock.now)) })
        // Unconditional: a new body every time (no 304), every fetch of `often` is an update.
        fetcher.conditionalRequests = conditional
        return LiveFacts(configuration: configuration, boards: [:], fetcher: fetcher, now: clock.now) { _, _ in }
    }

    func testOnlyTheFetchedSourceIsDecodedAndEachCachedSourceOnceOnStart() throws {
        let configuration = try configuration()
        let log = DecodeLog()
        let start: Int64 = 1_734_825_600
        let clock = Clock(start)
        let facts = try liveFacts(configuration, log: log, clock: clock)
        XCTAssertEqual(log.count(Self.feedKind) + log.count(Self.weatherKind), 0, "nothing cached yet: nothing decoded")

        XCTAssertEqual(facts.refresh(now: clock.now), ["often", "rarely"])
        XCTAssertEqual(log.count(Self.weatherKind), 1)
        XCTAssertEqual(log.count(Self.feedKind), 1)
        let forecast = try XCTUnwrap(facts.facts(at: clock.now).forecasts["rarely"])

        let fetches = 5
        for minute in 1...fetches {
            clock.now = start + Int64(minute) * 60
            XCTAssertEqual(facts.refresh(now: clock.now), ["often"], "minute \(minute)")
            XCTAssertEqual(facts.facts(at: clock.now).feeds["often"]?.fetchedAt, clock.now, "the new feed is in force")
        }
        XCTAssertEqual(log.count(Self.feedKind), 1 + fetches, "each fetched feed body is decoded once, when validated")
        XCTAssertEqual(log.count(Self.weatherKind), 1, "the forecast was decoded once, not again whenever the feed changed")
        let current = facts.facts(at: clock.now)
        XCTAssertEqual(current.forecasts["rarely"]?.value, forecast.value)
        XCTAssertEqual(current.forecasts["rarely"]?.fetchedAt, start)

        // A restart decodes each cached body once.
        log.reset()
        let restarted = try liveFacts(configuration, log: log, clock: clock)
        XCTAssertEqual(log.count(Self.feedKind), 1)
        XCTAssertEqual(log.count(Self.weatherKind), 1)
        XCTAssertEqual(restarted.facts(at: clock.now).feeds["often"]?.fetchedAt, clock.now)
        XCTAssertEqual(restarted.facts(at: clock.now).forecasts["rarely"]?.value, forecast.value)
    }

    func testABodyThatDoesNotDecodeKeepsTheLastGoodFact() throws {
        let configuration = try configuration()
        let log = DecodeLog()
        let start: Int64 = 1_734_825_600
        let clock = Clock(start)
        let facts = try liveFacts(configuration, log: log, clock: clock)
        XCTAssertEqual(facts.refresh(now: clock.now), ["often", "rarely"])
        let feed = try XCTUnwrap(facts.facts(at: clock.now).feeds["often"])

        let port = try XCTUnwrap(server).port
        _ = try HTTPClient(configuration: HTTPClientConfiguration(proxy: .direct))
            .perform(HTTPRequest(url: "http://127.0.0.1:\(port)/_fault?mode=truncated"))
        clock.now = start + 120
        XCTAssertEqual(facts.refresh(now: clock.now), [], "the broken body is no update")
        XCTAssertEqual(log.count(Self.feedKind), 2, "the broken body was decoded (and refused) once")
        XCTAssertEqual(facts.facts(at: clock.now).feeds["often"]?.value, feed.value)
        XCTAssertEqual(facts.facts(at: clock.now).feeds["often"]?.fetchedAt, start, "the last good feed and its age stay")
    }

    func testANotModifiedAnswerKeepsTheFactYoungWithoutDecoding() throws {
        let configuration = try configuration()
        let log = DecodeLog()
        let start: Int64 = 1_734_825_600
        let clock = Clock(start)
        let facts = try liveFacts(configuration, log: log, clock: clock, conditional: true)
        XCTAssertEqual(facts.refresh(now: clock.now), ["often", "rarely"])
        let feed = try XCTUnwrap(facts.facts(at: clock.now).feeds["often"])

        clock.now = start + 120
        XCTAssertEqual(facts.refresh(now: clock.now), [], "a 304 is no update")
        XCTAssertEqual(log.count(Self.feedKind), 1, "the confirmed body is not decoded again")
        XCTAssertEqual(facts.facts(at: clock.now).feeds["often"]?.value, feed.value)
        XCTAssertEqual(facts.facts(at: clock.now).feeds["often"]?.fetchedAt, clock.now, "the server confirmed it: it is young")
        XCTAssertEqual(facts.facts(at: clock.now).forecasts["rarely"]?.fetchedAt, start)
    }
}
