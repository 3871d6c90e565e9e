import Feeds
import Foundation
import HTTP
@testable import LiveSources
@testable import Secrets
import XCTest

/// Fetches through the real curl client from `scripts/test-source-server.py`.
final class SourceFetcherTests: XCTestCase {
    private static let key = "k3y-Sekrit-0w1"
    private var fixture: LiveSourcesFixture!
    private var server: TestSourceServer!

    override func setUpWithError() throws {
        fixture = try LiveSourcesFixture()
        server = try TestSourceServer(key: Self.key)
    }

    override func tearDown() {
        server?.stop()
        fixture?.remove()
    }

    private func fetcher(key: String = SourceFetcherTests.key, now: Date = Date(timeIntervalSince1970: 1_734_825_600)) -> SourceFetcher {
        SourceFetcher(endpoint: SourceEndpoint(baseURL: server.baseURL, timeout: .seconds(10)),
                      secrets: SecretSource(environment: ["OPENWEATHER_API_KEY": key, "ODPT_CONSUMER_KEY": key]),
                      cache: fixture.cache, client: HTTPMultiClient(configuration: TestSourceServer.configuration),
                      now: { now })
    }

    private func fetchable() throws -> [LiveSource] {
        try ["chofu", "chofu-meteo", "tokyo-jma", "qiita-ios-2024"].map(fixture.source)
            + [LiveSourcesFixture.odptTimetable, LiveSourcesFixture.odptStatus]
    }

    private func snapshot(_ sources: [LiveSource]) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for source in sources {
            for path in [fixture.cache.bodyPath(for: source), fixture.cache.metadataPath(for: source)] {
                files[path] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return files
    }

    func testFetchThenConditionalRefetchSavesBytes() throws {
        let sources = try fetchable()
        let first = fetcher().fetch(sources)
        for result in first {
            guard case .updated(let bytes) = result.outcome else { return XCTFail("\(result)") }
            XCTAssertGreaterThan(bytes, 0)
            XCTAssertEqual(result.cached?.bytes, bytes)
            XCTAssertEqual(result.cached?.fetchedAt, Date(timeIntervalSince1970: 1_734_825_600))
            XCTAssertNotNil(result.cached?.etag)
        }
        let later = Date(timeIntervalSince1970: 1_734_827_400)
        let second = fetcher(now: later).fetch(sources)
        for (result, earlier) in zip(second, first) {
            guard case .notModified(let saved) = result.outcome, case .updated(let bytes) = earlier.outcome else {
                return XCTFail("\(result)")
            }
            XCTAssertEqual(saved, bytes)
            XCTAssertGreaterThan(saved, 0)
            XCTAssertEqual(result.cached?.bytesSaved, bytes)
            XCTAssertEqual(result.cached?.checkedAt, later)
            XCTAssertEqual(result.cached?.fetchedAt, Date(timeIntervalSince1970: 1_734_825_600))
        }
        let requests = try server.requests()
        XCTAssertEqual(requests.count, 2 * sources.count)
        XCTAssertEqual(requests.suffix(sources.count).filter { $0["if_none_match"] != nil }.count, sources.count,
                       "the second round is conditional")
        XCTAssertTrue(requests.contains { $0["path"] == "/data/3.0/onecall?lat=35.65146&lon=139.63678&units=metric&exclude=current,daily&lang=ja&appid=\(Self.key)" })
    }

    func testFaultsKeepTheLastGoodData() throws {
        let sources = try fetchable()
        XCTAssertTrue(fetcher().fetch(sources).allSatisfy { if case .updated = $0.outcome { true } else { false } })
        let before = try snapshot(sources)
        for (mode, expected) in [("html", "the server answered with an HTML page"), ("truncated", "the response is not valid"),
                                 ("status", "HTTP 500 (text/html; charset=utf-8"), ("cut", "response body truncated")] {
            try server.setFault(mode)
            for result in fetcher().fetch(sources) {
                let error = try XCTUnwrap(result.error, "\(mode): \(result)")
                let text = result.description
                XCTAssertTrue(text.contains(expected), "\(mode): \(text)")
                XCTAssertTrue(text.hasPrefix(result.source.description + ": "), text)
                XCTAssertTrue(text.contains("127.0.0.1:\(server.port)/"), "names the URL: \(text)")
                XCTAssertTrue(text.contains("keeping the last good data fetched at 2024-12-22T00:00:00Z"), text)
                XCTAssertEqual(result.cached?.fetchedAt, Date(timeIntervalSince1970: 1_734_825_600))
                XCTAssertNotNil(error.redactedURL)
            }
            XCTAssertEqual(try snapshot(sources), before, "\(mode) changed the cache")
        }
        try server.setFault("status", code: 503)
        let result = fetcher().fetch(try fixture.source("tokyo-jma"))
        XCTAssertEqual(result.error?.status, 503)
        XCTAssertEqual(result.error?.reason, .unexpectedStatus)
    }

    func testTruncatedJSONNamesTheSourceAndRedactedURL() throws {
        try server.setFault("truncated")
        let result = fetcher().fetch(try fixture.source("chofu"))
        XCTAssertEqual(result.error?.reason, .invalidBody)
        XCTAssertTrue(result.description.hasPrefix("weather source \"chofu\": the response is not valid: "), result.description)
        XCTAssertTrue(result.description.contains("appid=REDACTED: byte 9654: truncated JSON: the string starting here is never closed"), result.description)
        XCTAssertTrue(result.description.hasSuffix("; no earlier data"), result.description)
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.cache.bodyPath(for: try fixture.source("chofu"))))
    }

    func testMissingCalendar() throws {
        let result = fetcher().fetch(try fixture.source("qiita-missing"))
        XCTAssertEqual(result.error?.reason, .calendarNotFound)
        XCTAssertEqual(result.error?.description,
                       "feed \"qiita-missing\": the calendar 2099/nope does not exist (404) (GET \(server.baseURL)/advent-calendar/2099/nope/feed)")
    }

    func testRefusedKeySaysWhichToCheckWithoutTheKey() throws {
        let wrong = "wr0ng-Key-Value-77"
        let results = fetcher(key: wrong).fetch([try fixture.source("chofu"), LiveSourcesFixture.odptStatus])
        XCTAssertEqual(results[0].error?.message, "the API key was refused (HTTP 401); check OPENWEATHER_API_KEY")
        XCTAssertEqual(results[1].error?.message, "the API key was refused (HTTP 401); check ODPT_CONSUMER_KEY")
        for result in results {
            XCTAssertFalse(result.description.contains(wrong), result.description)
            XCTAssertEqual(result.error?.reason, .keyRefused)
        }
    }

    func testMissingSecretFailsWithoutARequest() throws {
        let fetcher = SourceFetcher(endpoint: SourceEndpoint(baseURL: server.baseURL), secrets: SecretSource(environment: [:]),
                                    cache: fixture.cache, client: HTTPMultiClient(configuration: TestSourceServer.configuration))
        let result = fetcher.fetch(try fixture.source("chofu"))
        XCTAssertEqual(result.error?.description, "weather source \"chofu\": the environment variable OPENWEATHER_API_KEY is not set")
        XCTAssertEqual(try server.requests().count, 0)
    }

    /// Fails if a secret appears in any string this module produces: results, errors, warnings,
    /// request descriptions, cache sidecars.
    func testNoSecretInAnyOutput() throws {
        let sources = try fetchable()
        var texts: [String] = []
        func record(_ results: [SourceFetchResult]) {
            for result in results {
                texts.append(result.description)
                texts.append(String(describing: result))
                texts += result.warnings
                if let error = result.error {
                    texts += [error.description, error.message, error.redactedURL ?? "", String(reflecting: error)]
                }
                if let cached = result.cached { texts += [cached.url, String(reflecting: cached)] }
            }
        }
        record(fetcher().fetch(sources))
        record(fetcher().fetch(sources))
        for mode in ["html", "truncated", "status", "cut"] {
            try server.setFault(mode)
            record(fetcher().fetch(sources))
        }
        try server.setFault("none")
        record(fetcher(key: "an0ther-Sekrit-9").fetch(sources))
        let endpoint = SourceEndpoint(baseURL: server.baseURL)
        let secrets = SecretSource(environment: ["OPENWEATHER_API_KEY": Self.key, "ODPT_CONSUMER_KEY": Self.key])
        for source in sources {
            let request = try endpoint.request(for: source, secrets: secrets)
            texts += [request.description, request.redactedURL]
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: fixture.cache.directory) where name.hasSuffix(".json") {
            texts.append(try String(contentsOfFile: fixture.cache.directory + "/" + name, encoding: .utf8))
        }
        XCTAssertGreaterThan(texts.count, 50)
        for text in texts {
            for secret in [Self.key, "an0ther-Sekrit-9"] {
                XCTAssertFalse(text.contains(secret), "secret leaked in: \(text)")
            }
        }
    }

    func testFactsFromTheCacheWithoutNetwork() throws {
        _ = fetcher().fetch(try ["chofu-meteo", "tokyo-jma", "qiita-ios-2024"].map(fixture.source))
        server.stop()
        server = nil
        let (timeline, warnings) = CachedFacts.timeline(configuration: fixture.configuration, cache: fixture.cache)
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(Set(timeline.weather.keys), ["chofu-meteo", "tokyo-jma"])
        XCTAssertEqual(Set(timeline.feeds.keys), ["qiita-ios-2024"])
        let facts = timeline.facts(at: 1_734_825_600, boards: [:])
        XCTAssertFalse(try XCTUnwrap(facts.forecasts["chofu-meteo"]).value.hourly.isEmpty)
        XCTAssertFalse(try XCTUnwrap(facts.feeds["qiita-ios-2024"]).value.entries.isEmpty)
        XCTAssertNil(timeline.facts(at: 1_734_825_599, boards: [:]).forecasts["tokyo-jma"], "not before its fetch time")
        let latest = CachedFacts.facts(configuration: fixture.configuration, cache: fixture.cache, boards: [:]).facts
        XCTAssertEqual(latest.forecasts["tokyo-jma"]?.fetchedAt, 1_734_825_600)
    }

    func testCachedStationTimetable() throws {
        XCTAssertNil(try CachedFacts.fetchedTimetable(LiveSourcesFixture.odptTimetable, cache: fixture.cache))
        _ = fetcher().fetch(LiveSourcesFixture.odptTimetable)
        let timetable = try XCTUnwrap(try CachedFacts.fetchedTimetable(LiveSourcesFixture.odptTimetable, cache: fixture.cache))
        XCTAssertFalse(timetable.days.isEmpty)
    }
}
