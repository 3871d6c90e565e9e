@testable import HTTP
import XCTest

/// The headers of a response are kept as the lines received and read when asked for: they must read
/// exactly as fields parsed at once would.
final class HTTPHeadersTests: XCTestCase {
    /// What libcurl's header callback hands over for one transfer: a redirect, then the final answer.
    private func received(_ lines: [[UInt8]]) -> HTTPHeaders {
        let sink = CurlResponseSink()
        sink.reset(maxBytes: 1_000)
        for line in lines {
            line.withUnsafeBytes { sink.appendHeaderLine($0) }
        }
        return sink.headers
    }

    private func line(_ text: String) -> [UInt8] { Array(text.utf8) }

    func testReceivedLinesReadAsTheFinalResponsesFields() {
        let headers = received([
            line("HTTP/1.1 301 Moved Permanently\r\n"), line("Location: /elsewhere\r\n"), line("\r\n"),
            line("HTTP/1.1 429 Too Many Requests\r\n"),
            line("Retry-After: \t 120 \r\n"),
            line("no colon here\r\n"),
            line(": empty name\r\n"),
            line("Set-Cookie: a=1\r\n"),
            line("X-Empty:\r\n"),
            line("set-cookie:b=2\n"),
            [UInt8]("X-Bytes: caf".utf8) + [0xE9] + [UInt8]("\r\n".utf8),
            line("\r\n"),
        ])
        let expected = [HTTPHeaders.Field(name: "Retry-After", value: "120"), HTTPHeaders.Field(name: "Set-Cookie", value: "a=1"),
                        HTTPHeaders.Field(name: "X-Empty", value: ""), HTTPHeaders.Field(name: "set-cookie", value: "b=2"),
                        HTTPHeaders.Field(name: "X-Bytes", value: "caf\u{FFFD}")]
        XCTAssertEqual(headers.fields, expected)
        XCTAssertEqual(headers, HTTPHeaders(expected))
        XCTAssertEqual(headers.count, 5)
        XCTAssertEqual(headers["retry-after"], "120")
        XCTAssertEqual(headers["RETRY-AFTER"], "120")
        XCTAssertNil(headers["Location"], "the redirect's fields are gone")
        XCTAssertNil(headers["no colon here"])
        XCTAssertEqual(headers.values(for: "Set-Cookie"), ["a=1", "b=2"])
        XCTAssertEqual(headers["X-Empty"], "")
        XCTAssertTrue(headers.contains("x-bytes"))
        XCTAssertFalse(headers.contains("X-Byte"))
        XCTAssertEqual(headers.map(\.name), expected.map(\.name))
    }

    func testChangingReceivedHeadersKeepsTheOtherFields() {
        var headers = received([line("HTTP/1.1 200 OK\r\n"), line("A: 1\r\n"), line("B: 2\r\n"), line("a: 3\r\n")])
        headers.set("A", "9")
        XCTAssertEqual(headers.fields, [HTTPHeaders.Field(name: "B", value: "2"), HTTPHeaders.Field(name: "A", value: "9")])
        headers.add("C", "4")
        headers.remove("b")
        XCTAssertEqual(headers.map(\.name), ["A", "C"])
    }

    func testNamesCompareWithoutCaseOnlyForLetters() {
        let headers = received([line("HTTP/1.1 200 OK\r\n"), line("X-A_B: 1\r\n"), line("Ä-Name: 2\r\n")])
        XCTAssertEqual(headers["x-a_b"], "1")
        // "_" (0x5F) and DEL (0x7F) differ by the case bit; they are not the same name.
        XCTAssertNil(headers["X-A\u{7F}B"])
        XCTAssertEqual(headers["ä-name"], "2")
    }

    func testANewResponseStartsEmpty() {
        let sink = CurlResponseSink()
        sink.reset(maxBytes: 10)
        Array("X-Old: 1\r\n".utf8).withUnsafeBytes { sink.appendHeaderLine($0) }
        sink.reset(maxBytes: 10)
        XCTAssertEqual(sink.headers.count, 0)
        XCTAssertEqual(sink.headers, HTTPHeaders())
    }
}
