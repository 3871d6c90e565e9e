import XCTest
@testable import HTTP

final class RetryPolicyTests: XCTestCase {
    private let epoch = Date(timeIntervalSince1970: 1_700_000_000)

    private func response(_ status: Int, _ headers: HTTPHeaders = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, effectiveURL: "https://h.example/", receivedAt: epoch)
    }

    private func error(_ code: HTTPError.Code) -> HTTPError {
        HTTPError(code, request: HTTPRequest(url: "https://h.example/"), detail: "")
    }

    func testFullJitterBackoffDoublesUpToTheCeiling() {
        let half = RetryPolicy(maxAttempts: 10, baseDelay: .seconds(1), maxDelay: .seconds(8), random: { 0.5 })
        XCTAssertEqual(half.backoff(afterAttempt: 1), .milliseconds(500))
        XCTAssertEqual(half.backoff(afterAttempt: 2), .seconds(1))
        XCTAssertEqual(half.backoff(afterAttempt: 3), .seconds(2))
        XCTAssertEqual(half.backoff(afterAttempt: 4), .seconds(4))
        XCTAssertEqual(half.backoff(afterAttempt: 5), .seconds(4))
        XCTAssertEqual(half.backoff(afterAttempt: 500), .seconds(4))
        let zero = RetryPolicy(random: { 0 })
        XCTAssertEqual(zero.backoff(afterAttempt: 3), .zero)
    }

    func testStatusClassification() {
        for status in [408, 429, 500, 502, 503, 504] {
            XCTAssertEqual(RetryPolicy.verdict(response: response(status), error: nil), .retryable, "\(status)")
        }
        for status in [400, 401, 403, 404, 410, 422] {
            XCTAssertEqual(RetryPolicy.verdict(response: response(status), error: nil), .permanent, "\(status)")
        }
        for status in [200, 204, 304] {
            XCTAssertEqual(RetryPolicy.verdict(response: response(status), error: nil), .success, "\(status)")
        }
    }

    func testErrorClassification() {
        for code in [HTTPError.Code.timeout, .connectFailed, .dns, .network, .truncatedBody] {
            XCTAssertEqual(RetryPolicy.verdict(response: nil, error: error(code)), .retryable, "\(code)")
        }
        for code in [HTTPError.Code.tls, .tooLarge, .tooManyRedirects, .cancelled, .invalidRequest, .malformedResponse] {
            XCTAssertEqual(RetryPolicy.verdict(response: nil, error: error(code)), .permanent, "\(code)")
        }
    }

    func testDelayStopsAfterMaxAttemptsAndOnPermanentFailures() {
        let policy = RetryPolicy(maxAttempts: 3, baseDelay: .seconds(2), random: { 1 })
        XCTAssertEqual(policy.delay(afterAttempt: 1, response: response(500), error: nil), .seconds(2))
        XCTAssertEqual(policy.delay(afterAttempt: 2, response: nil, error: error(.timeout)), .seconds(4))
        XCTAssertNil(policy.delay(afterAttempt: 3, response: response(500), error: nil))
        XCTAssertNil(policy.delay(afterAttempt: 1, response: response(404), error: nil))
        XCTAssertNil(policy.delay(afterAttempt: 1, response: response(200), error: nil))
        XCTAssertNil(policy.delay(afterAttempt: 1, response: nil, error: error(.tls)))
    }

    func testRetryAfterIsHonouredFor429And503() {
        let policy = RetryPolicy(maxAttempts: 5, random: { 0 })
        XCTAssertEqual(policy.delay(afterAttempt: 1, response: response(429, ["Retry-After": "7"]), error: nil), .seconds(7))
        // An HTTP-date is measured from the server's Date header.
        let dated = response(503, ["Date": "Sun, 06 Nov 1994 08:49:37 GMT", "Retry-After": "Sun, 06 Nov 1994 08:50:07 GMT"])
        XCTAssertEqual(policy.delay(afterAttempt: 1, response: dated, error: nil), .seconds(30))
        // Too long a wait ends the retries.
        XCTAssertNil(policy.delay(afterAttempt: 1, response: response(429, ["Retry-After": "86400"]), error: nil))
        // Without Retry-After, the jittered backoff applies (zero here).
        XCTAssertEqual(policy.delay(afterAttempt: 1, response: response(429), error: nil), .zero)
    }

    func testRetryAfterParsing() {
        XCTAssertEqual(RetryAfter(headerValue: "120"), .seconds(120))
        XCTAssertEqual(RetryAfter(headerValue: " 0 "), .seconds(0))
        let instant = Date(timeIntervalSince1970: 784_111_777)  // 1994-11-06 08:49:37 UTC
        XCTAssertEqual(RetryAfter(headerValue: "Sun, 06 Nov 1994 08:49:37 GMT"), .date(instant))
        XCTAssertEqual(RetryAfter(headerValue: "Sunday, 06-Nov-94 08:49:37 GMT"), .date(instant))
        XCTAssertEqual(RetryAfter(headerValue: "Sun Nov  6 08:49:37 1994"), .date(instant))
        XCTAssertNil(RetryAfter(headerValue: "-5"))
        XCTAssertNil(RetryAfter(headerValue: "soon"))
        XCTAssertNil(RetryAfter(headerValue: ""))
        // A date in the past means no wait; without a Date header, receivedAt is the reference.
        XCTAssertEqual(RetryAfter.date(instant).delay(from: instant.addingTimeInterval(10)), .zero)
        let late = response(503, ["Retry-After": "Tue, 14 Nov 2023 22:13:40 GMT"])  // epoch + 20 s
        XCTAssertEqual(late.retryAfterDelay, .seconds(20))
    }

    func testHeadersAreCaseInsensitiveAndKeepRepeats() {
        var headers: HTTPHeaders = ["Set-Cookie": "a=1", "Content-Type": "text/html"]
        headers.add("set-cookie", "b=2")
        XCTAssertEqual(headers["content-type"], "text/html")
        XCTAssertEqual(headers["SET-COOKIE"], "a=1")
        XCTAssertEqual(headers.values(for: "Set-Cookie"), ["a=1", "b=2"])
        headers.set("SET-cookie", "c=3")
        XCTAssertEqual(headers.values(for: "set-cookie"), ["c=3"])
        XCTAssertNil(headers["Missing"])
        XCTAssertEqual(headers.count, 2)
    }
}
