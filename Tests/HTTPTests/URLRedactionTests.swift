@testable import HTTP
@testable import Secrets
import XCTest

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

    // MARK: Derived forms

    func testTheBasicCredentialOfAURLWithUserinfoIsHidden() {
        let url = "https://hookuser:p%40ss-w0rd@hooks.example/in/abc"
        let redaction = URLRedaction.standard.adding(secrets: [url])
        let basic = Data("hookuser:p@ss-w0rd".utf8).base64EncodedString()
        let page = "POST /in/abc HTTP/1.1\nHost: hooks.example\nX-Forwarded-Auth: none\nEcho: \(basic)\n"
        XCTAssertFalse(redaction.redact(text: page).contains(basic), redaction.redact(text: page))
        XCTAssertEqual(redaction.redact(text: "creds hookuser:p@ss-w0rd and hookuser:p%40ss-w0rd"), "creds REDACTED and REDACTED")
        XCTAssertEqual(redaction.redact(text: "password p@ss-w0rd"), "password REDACTED")
        // A user name without a password: curl sends `user:` in base64.
        let tokenOnly = URLRedaction.standard.adding(secrets: ["https://tok3n-abcdef@h.example/x"])
        let tokenBasic = Data("tok3n-abcdef:".utf8).base64EncodedString()
        XCTAssertEqual(tokenOnly.redact(text: "got \(tokenBasic)"), "got REDACTED")
    }

    func testBase64AndPercentEncodedFormsOfASecretAreHidden() {
        let secret = "s3cr3t+/value=xyz"
        let redaction = URLRedaction(knownSecrets: [secret])
        let base64 = Data(secret.utf8).base64EncodedString()
        for form in [secret, base64, String(base64.prefix { $0 != "=" }),
                     secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!,
                     "s3cr3t%2b%2fvalue%3dxyz"] {
            XCTAssertFalse(redaction.redact(text: "[\(form)]").contains(form), form)
        }
        // Inside a longer base64 value (`user:secret` as a Basic credential), at any alignment.
        for prefix in ["a:", "ab:", "abc:"] {
            let combined = Data((prefix + secret).utf8).base64EncodedString()
            let redacted = redaction.redact(text: combined)
            XCTAssertTrue(redacted.contains("REDACTED"), "\(prefix): \(redacted)")
            XCTAssertLessThan(redacted.count - "REDACTED".count, 8, redacted)
        }
    }

    func testCredentialHeaderValuesInAnEchoedPageAreHidden() {
        let page = """
            POST /hook HTTP/1.1
            Host: h.example
            Authorization: Basic dXNlcjpwYXNzd29yZA==
            Proxy-Authorization: Bearer abc.def.ghi
            X-Leavenow-Signature: t=1700000000,v1=0123abcd
            Content-Type: application/json
            {"headers": {"Authorization": "Bearer tok-123", "X-Api-Key": "k-456"}}
            The Authorization header was fine.
            """
        XCTAssertEqual(URLRedaction.standard.redact(text: page), """
            POST /hook HTTP/1.1
            Host: h.example
            Authorization: Basic REDACTED
            Proxy-Authorization: Bearer REDACTED
            X-Leavenow-Signature: REDACTED
            Content-Type: application/json
            {"headers": {"Authorization": "Bearer REDACTED", "X-Api-Key": "REDACTED"}}
            The Authorization header was fine.
            """)
    }

    func testAddingSecretsMatchesBuildingWithThem() {
        let built = URLRedaction(knownSecrets: ["alpha-secret", "beta-secret-2"])
        let added = URLRedaction(knownSecrets: ["alpha-secret"]).adding(secrets: ["beta-secret-2", "alpha-secret", ""])
        XCTAssertEqual(built, added)
        let text = "alpha-secret " + Data("beta-secret-2".utf8).base64EncodedString()
        XCTAssertEqual(built.redact(text: text), added.redact(text: text))
        XCTAssertEqual(added.redact(text: text), "REDACTED REDACTED")
    }

    func testARequestToAURLWithUserinfoHidesItsBasicCredential() {
        let request = HTTPRequest(url: "https://feeduser:feed-pass-99@feeds.example/atom.xml?key=abc")
        let basic = Data("feeduser:feed-pass-99".utf8).base64EncodedString()
        XCTAssertEqual(request.redaction.redact(text: "echo: \(basic)"), "echo: REDACTED")
        XCTAssertEqual(request.redactedURL, "https://feeduser:REDACTED@feeds.example/atom.xml?key=REDACTED")
        XCTAssertEqual(HTTPRequest(url: "https://feeds.example/a").redaction, .standard)
    }

    func testRedactingTwiceChangesNothingMore() {
        let once = "GET https://h.example/p?appid=REDACTED: 401 (appid=REDACTED) Authorization: Basic REDACTED"
        XCTAssertEqual(redaction.redact(text: once), once)
        XCTAssertEqual(redaction.redact(text: "GET https://h.example/p?appid=k3y 401 (appid=k3y)"),
                       "GET https://h.example/p?appid=REDACTED 401 (appid=REDACTED)")
    }
}
