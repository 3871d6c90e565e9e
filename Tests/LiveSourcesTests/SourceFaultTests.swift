@testable import Config
import Foundation
import HTTP
@testable import LiveSources
@testable import Secrets
import XCTest

/// Every fault a provider can throw at the real ``SourceFetcher`` (libcurl against
/// `scripts/test-source-server.py` on 127.0.0.1): each gives a clear message, and the last good
/// data stays in the cache byte for byte while its age keeps growing.
final class SourceFaultTests: XCTestCase {
    private static let key = "f4ult-Key-Sekrit-31"
    private static let yaml = """
    weather:
      - id: chofu
        provider: openweather
        lat: 35.65146
        lon: 139.63678
        units: metric
        key_env: OPENWEATHER_API_KEY
      - id: chofu-meteo
        provider: open_meteo
        lat: 35.65146
        lon: 139.63678
    feeds:
      - id: qiita-ios-2024
        advent_calendar: 2024/ios
      - id: qiita-nope
        advent_calendar: 2024/nope

    """
    /// 2024-12-22T00:00:00Z, the first (good) fetch.
    private static let t0: Int64 = 1_734_825_600

    private var root = ""
    private var configuration: Configuration!
    private var server: TestSourceServer!

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "leavenow-faults-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/config", withIntermediateDirectories: true)
        try Self.yaml.write(toFile: root + "/config/sources.yaml", atomically: true, encoding: .utf8)
        configuration = try Configuration.load(directory: root + "/config")
        server = try TestSourceServer(key: Self.key)
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    private var cache: SourceCache { SourceCache(stateDirectory: root + "/state") }

    private func source(_ id: String) throws -> LiveSource {
        try XCTUnwrap(LiveSource.all(in: configuration).first { $0.id == id }, "no source \(id)")
    }

    private func fetch(_ source: LiveSource, at time: Int64, key: String = SourceFaultTests.key,
                       timeout: Duration = .seconds(10), maxBytes: Int = 10 * 1024 * 1024) -> SourceFetchResult {
        let fetcher = SourceFetcher(
            endpoint: SourceEndpoint(baseURL: server.baseURL, timeout: timeout, maxResponseBytes: maxBytes),
            secrets: SecretSource(environment: ["OPENWEATHER_API_KEY": key]), cache: cache,
            client: HTTPMultiClient(configuration: TestSourceServer.configuration),
            now: { Date(timeIntervalSince1970: TimeInterval(time)) })
        return fetcher.fetch(source)
    }

    /// Sends a control request (`/_fault?…`, `/_calendar?…`) to the server.
    private func control(_ pathAndQuery: String) throws {
        let response = try HTTPClient(configuration: TestSourceServer.configuration)
            .perform(HTTPRequest(url: server.baseURL + pathAndQuery))
        XCTAssertEqual(response.status, 200)
    }

    /// The data requests the server logged, with every field (numbers included).
    private func requestLog() throws -> [[String: Any]] {
        let response = try HTTPClient(configuration: TestSourceServer.configuration)
            .perform(HTTPRequest(url: server.baseURL + "/_requests"))
        return try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]] ?? []
    }

    private func files(of source: LiveSource) throws -> [Data] {
        try [cache.bodyPath(for: source), cache.metadataPath(for: source)].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
    }

    /// Fetches `source` well at ``t0``, then runs `fault` and fetches twice more (10 and 20 minutes
    /// later): both fail, the cache files do not change, the result keeps the ``t0`` snapshot and its
    /// age grows. Returns the two failed results.
    @discardableResult
    private func expectLastGoodKept(_ source: LiveSource, key: String = SourceFaultTests.key,
                                    timeout: Duration = .seconds(10), maxBytes: Int = 10 * 1024 * 1024,
                                    fault: () throws -> Void,
                                    file: StaticString = #filePath, line: UInt = #line) throws -> [SourceFetchResult] {
        let good = fetch(source, at: Self.t0)
        guard case .updated = good.outcome else {
            XCTFail("the first fetch failed: \(good)", file: file, line: line)
            return []
        }
        let snapshot = try files(of: source)
        let original = try XCTUnwrap(good.cached)
        try fault()
        var results: [SourceFetchResult] = []
        var ages: [Int64] = []
        for time in [Self.t0 + 600, Self.t0 + 1200] {
            let result = fetch(source, at: time, key: key, timeout: timeout, maxBytes: maxBytes)
            XCTAssertNotNil(result.error, "expected a failure: \(result)", file: file, line: line)
            XCTAssertEqual(result.cached, original, "the result keeps the last good snapshot", file: file, line: line)
            XCTAssertTrue(result.description.hasPrefix(source.description + ": "), result.description, file: file, line: line)
            XCTAssertTrue(result.description.hasSuffix("; keeping the last good data fetched at 2024-12-22T00:00:00Z"),
                          result.description, file: file, line: line)
            XCTAssertEqual(try files(of: source), snapshot, "the cache changed", file: file, line: line)
            XCTAssertEqual(result.attemptedAt, Date(timeIntervalSince1970: TimeInterval(time)), file: file, line: line)
            let loaded = try XCTUnwrap(try cache.load(source), file: file, line: line)
            ages.append(time - SourceRefreshState.seconds(loaded.metadata.checkedAt))
            results.append(result)
        }
        XCTAssertEqual(ages, [600, 1200], "the age of the kept data keeps growing", file: file, line: line)
        return results
    }

    // MARK: - Answers

    func testNotModifiedCountsTheBytesSaved() throws {
        let meteo = try source("chofu-meteo")
        guard case .updated(let bytes) = fetch(meteo, at: Self.t0).outcome else { return XCTFail("first fetch") }
        let body = try files(of: meteo)[0]
        for (round, time) in [Self.t0 + 600, Self.t0 + 1200].enumerated() {
            let result = fetch(meteo, at: time)
            XCTAssertEqual(result.outcome, .notModified(bytesSaved: bytes))
            XCTAssertEqual(result.cached?.bytesSaved, bytes * (round + 1), "bytes saved add up")
            XCTAssertEqual(result.cached?.checkedAt, Date(timeIntervalSince1970: TimeInterval(time)), "a 304 keeps the data young")
            XCTAssertEqual(result.cached?.fetchedAt, Date(timeIntervalSince1970: TimeInterval(Self.t0)))
            XCTAssertEqual(try files(of: meteo)[0], body)
        }
        let log = try requestLog()
        XCTAssertEqual(log.count, 3)
        XCTAssertEqual(log.compactMap { $0["if_none_match"] as? String }.count, 2, "the later requests are conditional")
    }

    func testCalendarThatNoLongerExists() throws {
        let nope = try source("qiita-nope")
        try control("/_calendar?add=2024/nope")
        let results = try expectLastGoodKept(nope) { try control("/_calendar?remove=2024/nope") }
        for result in results {
            XCTAssertEqual(result.error?.reason, .calendarNotFound)
            XCTAssertEqual(result.error?.status, 404)
            XCTAssertEqual(result.error?.message, "the calendar 2024/nope does not exist (404)")
            XCTAssertEqual(result.error?.isPermanent, true)
        }
    }

    func testRefusedKeyNamesTheVariableNeverTheKey() throws {
        let wrong = "wr0ng-F4ult-Key-88"
        let results = try expectLastGoodKept(try source("chofu"), key: wrong) {}
        for result in results {
            let error = try XCTUnwrap(result.error)
            XCTAssertEqual(error.reason, .keyRefused)
            XCTAssertEqual(error.message, "the API key was refused (HTTP 401); check OPENWEATHER_API_KEY")
            for text in [result.description, String(reflecting: result), error.description, error.message,
                         error.redactedURL ?? "", String(reflecting: result.cached)] {
                XCTAssertFalse(text.contains(wrong), "the refused key leaked: \(text)")
                XCTAssertFalse(text.contains(Self.key), "the good key leaked: \(text)")
            }
            XCTAssertTrue(error.redactedURL?.contains("appid=REDACTED") == true, error.redactedURL ?? "")
        }
    }

    func testTooManyRequestsCarriesRetryAfterAndTheNextRefreshHonoursIt() throws {
        let meteo = try source("chofu-meteo")
        let results = try expectLastGoodKept(meteo) { try control("/_fault?mode=status&code=429&retry_after=120") }
        let error = try XCTUnwrap(results[0].error)
        XCTAssertEqual(error.status, 429)
        XCTAssertEqual(error.retryAfter, .seconds(120))
        XCTAssertEqual(results[0].retryAfter, .seconds(120))
        XCTAssertTrue(error.message.hasPrefix("HTTP 429 (text/html; charset=utf-8"), error.message)
        XCTAssertTrue(error.message.hasSuffix("; retry after 120 s"), error.message)

        let policy = SourceRefreshPolicy(random: { 0 })
        var state = SourceRefreshState(lastSuccess: Self.t0, lastAttempt: Self.t0)
        let attempt = Self.t0 + 600
        state = policy.recording(results[0], in: state, at: attempt)
        let next = policy.schedule(for: meteo, state: state, now: attempt)
        XCTAssertEqual(next, SourceRefreshSchedule(at: attempt + 120, reason: .retryAfter), "30 s of backoff would be sooner")
    }

    func testServiceUnavailableWithAnHTTPDateRetryAfter() throws {
        let meteo = try source("chofu-meteo")
        let results = try expectLastGoodKept(meteo) { try control("/_fault?mode=status&code=503&retry_after=date:900") }
        let delay = try XCTUnwrap(results[1].retryAfter)
        XCTAssertGreaterThanOrEqual(delay, .seconds(898))
        XCTAssertLessThanOrEqual(delay, .seconds(901))
        XCTAssertEqual(results[1].error?.status, 503)
        let policy = SourceRefreshPolicy(random: { 0.99 })
        let attempt = Self.t0 + 1200
        let state = policy.recording(results[1], in: SourceRefreshState(lastSuccess: Self.t0, lastAttempt: Self.t0), at: attempt)
        let next = policy.schedule(for: meteo, state: state, now: attempt)
        XCTAssertEqual(next.reason, .retryAfter)
        XCTAssertGreaterThanOrEqual(next.at, attempt + 898)
    }

    func testHTMLErrorPageWithStatus200() throws {
        for result in try expectLastGoodKept(try source("chofu-meteo"), fault: { try control("/_fault?mode=html") }) {
            XCTAssertEqual(result.error?.reason, .invalidBody)
            XCTAssertTrue(result.description.contains("the server answered with an HTML page (text/html; charset=utf-8"), result.description)
        }
    }

    // MARK: - Transfers

    /// The byte that crashed FoundationXML (one invalid UTF-8 byte inside an element name), served
    /// over HTTP: the snapshot is refused with the place, the last good feed is kept.
    func testAFeedWithInvalidUTF8InAnElementNameIsRefusedNotACrash() throws {
        for result in try expectLastGoodKept(try source("qiita-ios-2024"), fault: { try control("/_fault?mode=badname") }) {
            XCTAssertTrue(result.description.contains("not well-formed XML"), result.description)
            XCTAssertTrue(result.description.contains("invalid UTF-8"), result.description)
        }
    }

    func testStalledResponseStopsAtTheTotalTimeout() throws {
        let start = Date()
        let results = try expectLastGoodKept(try source("chofu-meteo"), timeout: .seconds(1)) {
            try control("/_fault?mode=stall&seconds=20")
        }
        let elapsed = Date().timeIntervalSince(start)
        for result in results {
            XCTAssertEqual(result.error?.reason, .transfer)
            XCTAssertTrue(result.description.contains(": timed out: "), result.description)
            XCTAssertTrue(result.description.contains("; no complete answer within the 1 s limit"), result.description)
        }
        XCTAssertGreaterThanOrEqual(elapsed, 2 * 0.95, "each stalled fetch waits for its timeout")
        XCTAssertLessThan(elapsed, 6, "bounded by two 1 s timeouts, not the 20 s stall")
    }

    func testBodyShorterThanItsContentLength() throws {
        for result in try expectLastGoodKept(try source("chofu-meteo"), fault: { try control("/_fault?mode=cut") }) {
            XCTAssertEqual(result.error?.reason, .transfer)
            XCTAssertTrue(result.description.contains("response body truncated"), result.description)
            XCTAssertTrue(result.description.contains("the connection closed before the whole body arrived"), result.description)
        }
    }

    func testGzipBodyIsDecodedTransparently() throws {
        try control("/_fault?mode=gzip")
        let meteo = try source("chofu-meteo")
        let result = fetch(meteo, at: Self.t0)
        guard case .updated(let bytes) = result.outcome else { return XCTFail("\(result)") }
        let fixture = try Data(contentsOf: ScriptServerFixtures.file("weather/open-meteo_forecast_tokyo_SegaraRai.json"))
        XCTAssertEqual(bytes, fixture.count)
        XCTAssertEqual(try cache.load(meteo)?.body, fixture, "the cache holds the decoded body")
        let entry = try XCTUnwrap(try requestLog().last)
        XCTAssertTrue((entry["accept_encoding"] as? String ?? "").contains("gzip"), "\(entry)")
        let sent = try XCTUnwrap(entry["bytes_sent"] as? Int)
        XCTAssertLessThan(sent, fixture.count / 2, "the body really travelled compressed")
    }

    func testGzipBombStopsAtTheSizeCap() throws {
        let meteo = try source("chofu-meteo")
        let start = Date()
        let results = try expectLastGoodKept(meteo, maxBytes: 2 * 1024 * 1024) {
            try control("/_fault?mode=gzipbomb&length=67108864")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 8)
        for result in results {
            XCTAssertTrue(result.description.contains("response too large"), result.description)
            XCTAssertTrue(result.description.contains("the transfer was stopped at the 2 MiB limit"), result.description)
        }
        let sent = try XCTUnwrap(try requestLog().last?["bytes_sent"] as? Int)
        XCTAssertLessThan(sent, 2 * 1024 * 1024 / 10, "a small compressed body that would expand to 64 MiB")
    }

    func testHundredMegabytesStopAtTheSizeCapEarly() throws {
        let meteo = try source("chofu-meteo")
        for chunked in [false, true] {
            try control("/_fault?mode=none")
            try? FileManager.default.removeItem(atPath: cache.directory)
            let start = Date()
            var logged = 0
            let results = try expectLastGoodKept(meteo) {
                logged = try requestLog().count
                try control("/_fault?mode=huge&length=104857600" + (chunked ? "&chunked=1" : ""))
            }
            let elapsed = Date().timeIntervalSince(start)
            for result in results {
                XCTAssertEqual(result.error?.reason, .transfer)
                XCTAssertTrue(result.description.contains("response too large"), result.description)
                XCTAssertTrue(result.description.contains("the transfer was stopped at the 10 MiB limit"), result.description)
            }
            XCTAssertLessThan(elapsed, 6, "chunked \(chunked): aborted early")
            // The server notices the abort when its next write fails.
            var streamed: [[String: Any]] = []
            for _ in 0..<60 {
                streamed = try requestLog().dropFirst(logged).filter { $0["done"] != nil }
                if streamed.count == 2 { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
            XCTAssertEqual(streamed.count, 2, "both streams ended")
            for entry in streamed {
                let sent = try XCTUnwrap(entry["bytes_sent"] as? Int)
                XCTAssertLessThan(sent, 40 * 1024 * 1024, "chunked \(chunked): the server stopped long before 100 MiB")
                if chunked {
                    XCTAssertGreaterThanOrEqual(sent, 10 * 1024 * 1024, "without a length the cap is met while reading")
                }
            }
        }
    }

    func testRedirectLoopStopsAtTheLimit() throws {
        let meteo = try source("chofu-meteo")
        for result in try expectLastGoodKept(meteo, fault: { try control("/_fault?mode=redirectloop") }) {
            XCTAssertEqual(result.error?.reason, .transfer)
            XCTAssertTrue(result.description.contains("too many redirects"), result.description)
            XCTAssertTrue(result.description.contains("stopped after 5 redirects (a redirect loop?)"), result.description)
        }
        // One good request, then two rounds of the first request and its 5 redirects.
        XCTAssertEqual(try requestLog().count, 1 + 2 * 6)
    }
}

/// Files of `Tests/Fixtures`, located from this source file.
enum ScriptServerFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func file(_ relative: String) -> URL { directory.appendingPathComponent(relative) }
}
