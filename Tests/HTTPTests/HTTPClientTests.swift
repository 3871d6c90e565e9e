import Foundation
@testable import HTTP
@testable import Secrets
import XCTest

final class HTTPClientTests: XCTestCase {
    private var server: TestHTTPServer?
    private var client = HTTPClient(configuration: TestHTTPServer.configuration)

    override func setUpWithError() throws {
        server = try TestHTTPServer()
        client = HTTPClient(configuration: TestHTTPServer.configuration)
    }

    override func tearDown() {
        server?.stop()
        server = nil
    }

    private func url(_ path: String) throws -> String {
        try XCTUnwrap(server).url(path)
    }

    @discardableResult
    private func expectError(
        _ request: HTTPRequest, _ code: HTTPError.Code, file: StaticString = #filePath, line: UInt = #line
    ) -> HTTPError? {
        do {
            let response = try client.perform(request)
            XCTFail("expected \(code), got \(response)", file: file, line: line)
            return nil
        } catch {
            XCTAssertEqual(error.code, code, "\(error)", file: file, line: line)
            return error
        }
    }

    func testJSONWithValidatorsThenConditionalGetsAnswer304() throws {
        let first = try client.perform(HTTPRequest(url: try url("/data")))
        XCTAssertEqual(first.status, 200)
        XCTAssertFalse(first.notModified)
        XCTAssertEqual(first.contentType, "application/json")
        let json = try JSONSerialization.jsonObject(with: first.body) as? [String: Any]
        XCTAssertEqual(json?["station"] as? String, "Ginza")
        XCTAssertEqual(first.validators, HTTPValidators(etag: "\"v1\"", lastModified: "Wed, 21 Oct 2015 07:28:00 GMT"))
        XCTAssertGreaterThan(first.timing.total, .zero)
        XCTAssertEqual(first.effectiveURL, try url("/data"))

        let byETag = try client.perform(HTTPRequest(url: try url("/data"), conditional: first.validators))
        XCTAssertEqual(byETag.status, 304)
        XCTAssertTrue(byETag.notModified)
        XCTAssertTrue(byETag.body.isEmpty)
        XCTAssertEqual(RetryPolicy.verdict(response: byETag, error: nil), .success)

        let byDate = try client.perform(
            HTTPRequest(url: try url("/data"), conditional: HTTPValidators(lastModified: first.validators.lastModified)))
        XCTAssertTrue(byDate.notModified)

        let stale = try client.perform(HTTPRequest(url: try url("/data"), conditional: HTTPValidators(etag: "\"v0\"")))
        XCTAssertEqual(stale.status, 200)
    }

    func testClientErrorsAreResponsesAndPermanent() throws {
        for status in [404, 401] {
            let response = try client.perform(HTTPRequest(url: try url("/status/\(status)")))
            XCTAssertEqual(response.status, status)
            XCTAssertEqual(RetryPolicy.verdict(response: response, error: nil), .permanent)
            XCTAssertNil(RetryPolicy().delay(afterAttempt: 1, response: response, error: nil))
            XCTAssertThrowsError(try response.requireSuccess()) { error in
                let error = error as? HTTPError
                XCTAssertEqual(error?.code, .unexpectedStatus)
                XCTAssertEqual(error?.status, status)
                XCTAssertEqual(error?.isTransient, false)
                XCTAssertTrue(error?.description.contains("unexpected status code \(status)") ?? false, "\(String(describing: error))")
            }
        }
    }

    func testTooManyRequestsCarriesRetryAfter() throws {
        let response = try client.perform(HTTPRequest(url: try url("/status/429")))
        XCTAssertEqual(response.status, 429)
        XCTAssertEqual(response.retryAfter, .seconds(2))
        XCTAssertEqual(response.retryAfterDelay, .seconds(2))
        let policy = RetryPolicy(random: { 0.99 })
        XCTAssertEqual(policy.delay(afterAttempt: 1, response: response, error: nil), .seconds(2))
    }

    func testStalledResponseTimesOut() throws {
        let start = ContinuousClock.now
        let request = HTTPRequest(url: try url("/stall?ms=4000"), timeout: .seconds(1))
        let error = expectError(request, .timeout)
        let elapsed = ContinuousClock.now - start
        XCTAssertLessThan(elapsed, .milliseconds(2500))
        XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(900))
        XCTAssertEqual(error?.isTransient, true)
    }

    func testTruncatedBodyIsAnError() throws {
        let error = expectError(HTTPRequest(url: try url("/truncated")), .truncatedBody)
        XCTAssertEqual(error?.curlCode, 18)
        XCTAssertEqual(error?.isTransient, true)
    }

    func testHTMLErrorPageWith503IsRetryableResponse() throws {
        let response = try client.perform(HTTPRequest(url: try url("/html-503")))
        XCTAssertEqual(response.status, 503)
        XCTAssertEqual(response.contentType, "text/html; charset=utf-8")
        XCTAssertEqual(RetryPolicy.verdict(response: response, error: nil), .retryable)
        XCTAssertThrowsError(try response.requireSuccess()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("unexpected status code 503"), text)
            XCTAssertTrue(text.contains("text/html"), text)
        }
    }

    func testGzipBodyIsDecoded() throws {
        let response = try client.perform(HTTPRequest(url: try url("/gzip")))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["content-encoding"], "gzip")
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), #"{"station": "Ginza", "departures": ["05:00", "05:03"]}"#)
    }

    func testLargeBodyStopsAtSizeCap() throws {
        let start = ContinuousClock.now
        // Content-Length announces 20 MiB: refused before the body is read.
        expectError(HTTPRequest(url: try url("/large?mb=20"), maxResponseBytes: 1 << 20), .tooLarge).map {
            XCTAssertTrue($0.description.contains("response too large"), "\($0)")
        }
        // Chunked, no length: the write callback aborts once 1 MiB is exceeded.
        expectError(HTTPRequest(url: try url("/large?mb=20&chunked=1"), maxResponseBytes: 1 << 20), .tooLarge)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))

        // Exactly at the cap is accepted.
        let exact = try client.perform(HTTPRequest(url: try url("/large?mb=1&chunked=1"), maxResponseBytes: 1 << 20))
        XCTAssertEqual(exact.body.count, 1 << 20)
    }

    func testRedirectsAreFollowedWithinTheLimit() throws {
        let followed = try client.perform(HTTPRequest(url: try url("/redirect")))
        XCTAssertEqual(followed.status, 200)
        XCTAssertEqual(followed.effectiveURL, try url("/data"))
        XCTAssertEqual(followed.timing.redirectCount, 1)
        XCTAssertEqual(followed.headers["ETag"], "\"v1\"")

        let notFollowed = try client.perform(HTTPRequest(url: try url("/redirect"), redirects: .doNotFollow))
        XCTAssertEqual(notFollowed.status, 302)
        XCTAssertEqual(notFollowed.headers["location"], "/data")

        let error = expectError(HTTPRequest(url: try url("/loop?appid=SECRET123"), redirects: .follow(limit: 3)), .tooManyRedirects)
        XCTAssertFalse(error?.description.contains("SECRET123") ?? true)
    }

    func testSecretsNeverAppearInErrors() throws {
        let refused = expectError(HTTPRequest(url: "http://127.0.0.1:1/data/3.0/onecall?lat=35.6&appid=SECRET123"), .connectFailed)
        let text = "\(String(describing: refused))"
        XCTAssertFalse(text.contains("SECRET123"), text)
        XCTAssertTrue(text.contains("http://127.0.0.1:1/data/3.0/onecall?lat=35.6&appid=REDACTED"), text)

        let stalled = expectError(HTTPRequest(url: try url("/stall?ms=3000&token=SECRET123"), timeout: .seconds(1)), .timeout)
        XCTAssertFalse("\(String(describing: stalled))".contains("SECRET123"))

        // A secret in the path, named by the caller.
        let redaction = URLRedaction.standard.adding(secrets: ["hook-SECRET123"])
        let truncated = expectError(HTTPRequest(url: try url("/truncated?x=hook-SECRET123"), redaction: redaction), .truncatedBody)
        let truncatedText = "\(String(describing: truncated))"
        XCTAssertFalse(truncatedText.contains("SECRET123"), truncatedText)
        XCTAssertTrue(truncatedText.contains("x=REDACTED"), truncatedText)
    }

    func testPostSendsBodyHeadersAndUserAgentWithoutExpect() throws {
        let body = Data(#"{"text":"leave now"}"#.utf8)
        let request = HTTPRequest(
            method: .post, url: try url("/echo"), headers: ["Content-Type": "application/json", "X-Trace": "42"], body: body)
        let response = try client.perform(request)
        let echo = try XCTUnwrap(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        XCTAssertEqual(echo["method"] as? String, "POST")
        XCTAssertEqual(echo["body"] as? String, #"{"text":"leave now"}"#)
        let headers = HTTPHeaders((echo["headers"] as? [[String]] ?? []).map { HTTPHeaders.Field(name: $0[0], value: $0[1]) })
        XCTAssertEqual(headers["content-type"], "application/json")
        XCTAssertEqual(headers["x-trace"], "42")
        XCTAssertEqual(headers["User-Agent"], HTTPClientConfiguration.defaultUserAgent)
        XCTAssertEqual(headers.values(for: "User-Agent").count, 1)
        XCTAssertNil(headers["Expect"])
        XCTAssertTrue(headers["Accept-Encoding"]?.contains("gzip") ?? false)

        // Without compression: no Accept-Encoding, everything else the same.
        var plain = request
        plain.acceptsCompression = false
        let plainEcho = try XCTUnwrap(try JSONSerialization.jsonObject(with: client.perform(plain).body) as? [String: Any])
        let plainHeaders = HTTPHeaders((plainEcho["headers"] as? [[String]] ?? []).map { HTTPHeaders.Field(name: $0[0], value: $0[1]) })
        XCTAssertNil(plainHeaders["Accept-Encoding"], "\(plainHeaders)")
        XCTAssertEqual(plainHeaders.values(for: "User-Agent"), [HTTPClientConfiguration.defaultUserAgent])
        XCTAssertEqual(plainHeaders["x-trace"], "42")
        // The handle set up without it asks for compression again for the next request that wants it.
        let again = try XCTUnwrap(try JSONSerialization.jsonObject(with: client.perform(request).body) as? [String: Any])
        let againHeaders = HTTPHeaders((again["headers"] as? [[String]] ?? []).map { HTTPHeaders.Field(name: $0[0], value: $0[1]) })
        XCTAssertTrue(againHeaders["Accept-Encoding"]?.contains("gzip") ?? false, "\(againHeaders)")

        let put = try client.perform(HTTPRequest(method: .put, url: try url("/echo"), headers: ["User-Agent": "custom/1"], body: Data("x".utf8)))
        let putEcho = try XCTUnwrap(try JSONSerialization.jsonObject(with: put.body) as? [String: Any])
        XCTAssertEqual(putEcho["method"] as? String, "PUT")
        XCTAssertEqual(putEcho["body"] as? String, "x")
        let putHeaders = (putEcho["headers"] as? [[String]] ?? []).filter { $0[0].lowercased() == "user-agent" }
        XCTAssertEqual(putHeaders, [["User-Agent", "custom/1"]])

        let head = try client.perform(HTTPRequest(method: .head, url: try url("/data")))
        XCTAssertEqual(head.status, 200)
        XCTAssertTrue(head.body.isEmpty)
    }

    func testConnectionIsReusedBetweenRequests() throws {
        func clientPort() throws -> Int {
            let response = try client.perform(HTTPRequest(url: try url("/whoami")))
            let json = try JSONSerialization.jsonObject(with: response.body) as? [String: Int]
            return try XCTUnwrap(json?["port"])
        }
        let first = try clientPort()
        XCTAssertEqual(try clientPort(), first)
        let other = try HTTPClient(configuration: TestHTTPServer.configuration).perform(HTTPRequest(url: try url("/whoami")))
        let otherPort = (try JSONSerialization.jsonObject(with: other.body) as? [String: Int])?["port"]
        XCTAssertNotNil(otherPort)
        XCTAssertNotEqual(otherPort, first)
    }

    func testBadRequestsAreRejectedBeforeSending() throws {
        expectError(HTTPRequest(url: try url("/echo"), headers: ["X-Injected": "a\r\nEvil: 1"]), .invalidRequest)
        expectError(HTTPRequest(url: "ftp://127.0.0.1/file"), .invalidRequest)
        expectError(HTTPRequest(url: "file:///etc/passwd"), .invalidRequest)
    }

    func testCancellingTheTaskAbortsTheTransfer() async throws {
        let target = try url("/stall?ms=5000")
        let start = ContinuousClock.now
        let task = Task.detached { () -> HTTPError.Code? in
            let client = HTTPClient(configuration: TestHTTPServer.configuration)
            do {
                _ = try client.perform(HTTPRequest(url: target, timeout: .seconds(10)))
                return nil
            } catch let error as HTTPError {
                return error.code
            } catch {
                return .other
            }
        }
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        let code = await task.value
        XCTAssertEqual(code, .cancelled)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(3))
    }
}

extension HTTPClientTests {
    func testAnswerThatIsNotHTTPIsMalformed() throws {
        expectError(HTTPRequest(url: try url("/garbage")), .malformedResponse)
        // The client stays usable afterwards.
        XCTAssertEqual(try client.perform(HTTPRequest(url: try url("/data"))).status, 200)
    }
}

extension HTTPClientTests {
    func testProxyFromTheEnvironmentOrConfiguration() throws {
        // The local server also answers proxy requests (absolute URLs in the request line).
        let proxy = try url("")
        func echoedHost(_ configuration: HTTPClientConfiguration) throws -> String? {
            let response = try HTTPClient(configuration: configuration).perform(HTTPRequest(url: "http://timetable.invalid/echo", timeout: .seconds(3)))
            let echo = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            let headers = (echo?["headers"] as? [[String]] ?? []).map { HTTPHeaders.Field(name: $0[0], value: $0[1]) }
            return HTTPHeaders(headers)["Host"]
        }
        XCTAssertEqual(try echoedHost(HTTPClientConfiguration(proxy: .url(proxy))), "timetable.invalid")
        // Through the proxy the request carries the User-Agent once (it is one of the request's lines).
        let proxied = try HTTPClient(configuration: HTTPClientConfiguration(proxy: .url(proxy)))
            .perform(HTTPRequest(url: "http://timetable.invalid/echo", timeout: .seconds(3)))
        let proxiedEcho = try JSONSerialization.jsonObject(with: proxied.body) as? [String: Any]
        let userAgents = (proxiedEcho?["headers"] as? [[String]] ?? []).filter { $0[0].lowercased() == "user-agent" }
        XCTAssertEqual(userAgents, [["User-Agent", HTTPClientConfiguration.defaultUserAgent]])

        setenv("http_proxy", proxy, 1)
        defer { unsetenv("http_proxy") }
        XCTAssertEqual(try echoedHost(HTTPClientConfiguration()), "timetable.invalid")
        // .direct ignores the environment: the made-up host does not resolve.
        XCTAssertThrowsError(try echoedHost(HTTPClientConfiguration(proxy: .direct)))
    }
}

extension HTTPClientTests {
    func testStallBelowTheLowSpeedLimitFailsBeforeTheTotalTimeout() throws {
        var configuration = TestHTTPServer.configuration
        configuration.lowSpeedTime = .seconds(1)
        client = HTTPClient(configuration: configuration)
        let start = ContinuousClock.now
        let error = expectError(HTTPRequest(url: try url("/stall?ms=4000"), timeout: .seconds(20)), .timeout)
        XCTAssertLessThan(ContinuousClock.now - start, .milliseconds(3000))
        XCTAssertTrue(error?.detail.contains("too slow") ?? false, "\(String(describing: error))")
    }
}

extension HTTPClientTests {
    /// An https URL through a proxy starts with `CONNECT`: the proxy sees the client's User-Agent
    /// there, once (it comes from the proxy's header list, not from the request's lines).
    func testAConnectToAProxyCarriesTheUserAgent() throws {
        let proxy = try OneShotProxy()
        let configuration = HTTPClientConfiguration(userAgent: "leavenow-test/1", proxy: .url("http://127.0.0.1:\(proxy.port)"))
        XCTAssertThrowsError(try HTTPClient(configuration: configuration).perform(
            HTTPRequest(url: "https://timetable.invalid/x", headers: ["X-Request": "1"], timeout: .seconds(5))))
        let head = try XCTUnwrap(proxy.received(), "the proxy saw no request")
        let lines = head.split(separator: "\r\n").map(String.init)
        XCTAssertTrue(lines.first?.hasPrefix("CONNECT timetable.invalid:443 ") ?? false, head)
        XCTAssertEqual(lines.filter { $0.lowercased().hasPrefix("user-agent:") }, ["User-Agent: leavenow-test/1"], head)
        // The request's own lines are for the server behind the tunnel, not for the proxy.
        XCTAssertFalse(head.contains("X-Request"), head)
    }
}

/// A listening socket on 127.0.0.1 that reads one request head, answers `403 Forbidden` and closes.
private final class OneShotProxy: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let done = DispatchSemaphore(value: 0)
    private var head: String?

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EMFILE) }
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in
            defer { done.signal() }
            var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 5_000) == 1 else { return }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            defer { close(connection) }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while bytes.count < 65_536, !bytes.ends(with: Array("\r\n\r\n".utf8)) {
                var readable = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
                guard poll(&readable, 1, 5_000) == 1 else { break }
                let count = read(connection, &buffer, buffer.count)
                guard count > 0 else { break }
                bytes += buffer[0..<count]
            }
            head = String(decoding: bytes, as: UTF8.self)
            let answer = Array("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
            _ = answer.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
        }
        thread.start()
    }

    /// The request head the proxy read (waits for its thread, at most 10 s).
    func received() -> String? {
        _ = done.wait(timeout: .now() + 10)
        close(listener)
        return head
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
