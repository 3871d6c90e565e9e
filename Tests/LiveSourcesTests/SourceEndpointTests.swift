import Config
@testable import LiveSources
@testable import Secrets
import XCTest

final class SourceEndpointTests: XCTestCase {
    private var fixture: LiveSourcesFixture!
    private let secrets = SecretSource(environment: ["OPENWEATHER_API_KEY": "owm-key-123", "ODPT_CONSUMER_KEY": "odpt-key-456"])

    override func setUpWithError() throws { fixture = try LiveSourcesFixture() }
    override func tearDown() { fixture.remove() }

    private func url(_ id: String, endpoint: SourceEndpoint = SourceEndpoint(), secrets: SecretSource? = nil) throws -> String {
        try endpoint.request(for: fixture.source(id), secrets: secrets ?? self.secrets).url
    }

    func testOpenWeatherOneCall30And25() throws {
        XCTAssertEqual(try url("chofu"), "https://api.openweathermap.org/data/3.0/onecall?lat=35.65146&lon=139.63678&units=metric&exclude=current,daily&lang=ja&appid=owm-key-123")
        let keyFile = fixture.root + "/config/secrets/owm.key"
        try FileManager.default.createDirectory(atPath: fixture.root + "/config/secrets", withIntermediateDirectories: true)
        try "  file-key-789\n".write(toFile: keyFile, atomically: true, encoding: .utf8)
        XCTAssertEqual(try url("chofu-25"), "https://api.openweathermap.org/data/2.5/onecall?lat=35.65146&lon=139.63678&units=metric&exclude=current,daily&lang=ja&appid=file-key-789")
    }

    func testOpenMeteoRequestsTheVariablesTheDecoderReads() throws {
        XCTAssertEqual(try url("chofu-meteo"), "https://api.open-meteo.com/v1/forecast?latitude=35.65146&longitude=139.63678&hourly=temperature_2m,precipitation_probability,precipitation,pressure_msl,weather_code&minutely_15=precipitation&timezone=Asia%2FTokyo")
    }

    func testJMAAndFeeds() throws {
        XCTAssertEqual(try url("tokyo-jma"), "https://www.jma.go.jp/bosai/forecast/data/forecast/130000.json")
        XCTAssertEqual(try url("qiita-ios-2024"), "https://qiita.com/advent-calendar/2024/ios/feed")
        XCTAssertEqual(try url("blog"), "https://example.com/blog/feed.atom?lang=ja")
        XCTAssertEqual(SourceEndpoint().adventCalendarURL(year: 2024, slug: "ios"), "https://qiita.com/advent-calendar/2024/ios/feed")
    }

    func testODPT() throws {
        let endpoint = SourceEndpoint()
        XCTAssertEqual(try endpoint.request(for: LiveSourcesFixture.odptTimetable, secrets: secrets).url,
                       "https://api.odpt.org/api/v4/odpt:StationTimetable?odpt:operator=odpt.Operator:TokyoMetro&odpt:station=odpt.Station:TokyoMetro.Hanzomon.Oshiage&acl:consumerKey=odpt-key-456")
        XCTAssertEqual(try endpoint.request(for: LiveSourcesFixture.odptStatus, secrets: secrets).url,
                       "https://api.odpt.org/api/v4/odpt:TrainInformation?odpt:operator=odpt.Operator:TokyoMetro&acl:consumerKey=odpt-key-456")
        let pole = LiveSource(id: "chokkou01", origin: .timetable(TimetableKind.odptAPIBusstopPole(pole: "odpt.BusstopPole:Toei.Shinbashi.1",
                                                                                                   operator: "odpt.Operator:Toei").fetched(odpt: nil)!),
                              key: SecretReference(environmentVariable: "ODPT_CONSUMER_KEY"))
        XCTAssertEqual(try endpoint.request(for: pole, secrets: secrets).url,
                       "https://api.odpt.org/api/v4/odpt:BusstopPoleTimetable?odpt:operator=odpt.Operator:Toei&odpt:busstopPole=odpt.BusstopPole:Toei.Shinbashi.1&acl:consumerKey=odpt-key-456")
        XCTAssertEqual(try endpoint.request(for: pole, secrets: secrets).description,
                       "GET https://api.odpt.org/api/v4/odpt:BusstopPoleTimetable?odpt:operator=odpt.Operator:Toei&odpt:busstopPole=odpt.BusstopPole:Toei.Shinbashi.1&acl:consumerKey=REDACTED")
        XCTAssertEqual(endpoint.odptTrainInformationURL(operator: "odpt.Operator:Toei", consumerKey: "a&b"),
                       "https://api.odpt.org/api/v4/odpt:TrainInformation?odpt:operator=odpt.Operator:Toei&acl:consumerKey=a%26b")
    }

    func testBaseURLReplacesSchemeAndHostOnly() throws {
        let endpoint = SourceEndpoint(baseURL: "http://127.0.0.1:8080/")
        XCTAssertEqual(try url("tokyo-jma", endpoint: endpoint), "http://127.0.0.1:8080/bosai/forecast/data/forecast/130000.json")
        XCTAssertEqual(try url("chofu", endpoint: endpoint), "http://127.0.0.1:8080/data/3.0/onecall?lat=35.65146&lon=139.63678&units=metric&exclude=current,daily&lang=ja&appid=owm-key-123")
        XCTAssertEqual(endpoint.rebased("https://example.com"), "http://127.0.0.1:8080")
    }

    func testRequestsRedactTheirSecret() throws {
        let request = try SourceEndpoint().request(for: fixture.source("chofu"), secrets: secrets)
        XCTAssertEqual(request.description, "GET https://api.openweathermap.org/data/3.0/onecall?lat=35.65146&lon=139.63678&units=metric&exclude=current,daily&lang=ja&appid=REDACTED")
        XCTAssertEqual(request.redaction.redact(text: "the key owm-key-123 was refused"), "the key REDACTED was refused")
        XCTAssertNil(try SourceEndpoint().request(for: fixture.source("tokyo-jma"), secrets: secrets).conditional)
    }
}
