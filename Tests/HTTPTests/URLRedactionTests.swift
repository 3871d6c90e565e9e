import XCTest
@testable import HTTP

final class URLRedactionTests: XCTestCase {
    let redaction = URLRedaction.standard

    func testOpenWeatherAppID() {
        XCTAssertEqual(
            redaction.redact(url: "https://api.openweathermap.org/data/3.0/onecall?lat=35.6&appid=0123abcd"),
            "https://api.openweathermap.org/data/3.0/onecall?lat=35.6&appid=REDACTED")
    }

    func testODPTConsumerKeyPlainAndPercentEncoded() {
        let plain = "https://api.odpt.org/api/v4/odpt:StationTimetable?odpt:operator=odpt.Operator:TokyoMetro&acl:consumerKey=KEY123"
        XCTAssertEqual(
            redaction.redact(url: plain),
            "https://api.odpt.org/api/v4/odpt:StationTimetable?odpt:operator=odpt.Operator:TokyoMetro&acl:consumerKey=REDACTED")
        let encoded = "https://api.odpt.org/api/v4/x?acl%3AconsumerKey=KEY123&odpt%3Astation=A"
        XCTAssertEqual(redaction.redact(url: encoded), "https://api.odpt.org/api/v4/x?acl%3AconsumerKey=REDACTED&odpt%3Astation=A")
    }

    func testEveryStandardKeyCaseInsensitively() {
        for key in ["appid", "APPID", "key", "token", "apikey", "api_key", "access_token", "secret", "Signature"] {
            let url = "https://h.example/p?a=1&\(key)=s3cr3t&b=2"
            XCTAssertEqual(redaction.redact(url: url), "https://h.example/p?a=1&\(key)=REDACTED&b=2", key)
        }
        // Keys merely containing a secret word are kept; empty values stay empty.
        XCTAssertEqual(redaction.redact(url: "https://h.example/?monkey=1&token="), "https://h.example/?monkey=1&token=")
    }

    func testUserinfoPasswordAndFragment() {
        XCTAssertEqual(
            redaction.redact(url: "https://user:hunter2@ntfy.example/topic?x=1#appid=frag"),
            "https://user:REDACTED@ntfy.example/topic?x=1#appid=frag")
        XCTAssertEqual(redaction.redact(url: "https://user@h.example/"), "https://user@h.example/")
        XCTAssertEqual(redaction.redact(url: "https://h.example/a@b"), "https://h.example/a@b")
    }

    func testKnownSecretsAnywhere() {
        let slack = redaction.adding(secrets: ["T000/B000/XXXX"])
        XCTAssertEqual(
            slack.redact(url: "https://hooks.slack.com/services/T000/B000/XXXX"),
            "https://hooks.slack.com/services/REDACTED")
        XCTAssertEqual(slack.redact(text: "posting to T000/B000/XXXX failed"), "posting to REDACTED failed")
        XCTAssertEqual(slack.redact(url: "https://h.example/?u=T000%2FB000%2FXXXX"), "https://h.example/?u=REDACTED")
    }

    func testFreeText() {
        XCTAssertEqual(
            redaction.redact(text: "Failed to GET 'https://h.example/x?appid=abc&q=1' (token=zzz)"),
            "Failed to GET 'https://h.example/x?appid=REDACTED&q=1' (token=REDACTED)")
    }

    func testRequestAndResponseDescriptionsAreRedacted() {
        let request = HTTPRequest(url: "https://h.example/x?appid=abc")
        XCTAssertEqual("\(request)", "GET https://h.example/x?appid=REDACTED")
        let response = HTTPResponse(status: 200, effectiveURL: request.url, receivedAt: Date(timeIntervalSince1970: 0))
        XCTAssertEqual("\(response)", "HTTP 200 from https://h.example/x?appid=REDACTED, 0 bytes")
        let error = HTTPError(.timeout, request: request, detail: "Operation timed out for https://h.example/x?appid=abc")
        XCTAssertFalse(error.description.contains("abc"), error.description)
        XCTAssertEqual(error.redactedURL, "https://h.example/x?appid=REDACTED")
    }
}
