import Foundation
import XCTest
@testable import HTTP

final class HTTPMultiClientTests: XCTestCase {
    private var server: TestHTTPServer?

    override func setUpWithError() throws {
        server = try TestHTTPServer()
    }

    override func tearDown() {
        server?.stop()
        server = nil
    }

    private func url(_ path: String) throws -> String {
        try XCTUnwrap(server).url(path)
    }

    private func stats() throws -> [String: Int] {
        let response = try HTTPClient(configuration: TestHTTPServer.configuration).perform(HTTPRequest(url: try url("/stats")))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: response.body) as? [String: Int])
    }

    func testFiftyRequestsWithinEightConnections() throws {
        let requests = try (0..<50).map { HTTPRequest(url: try url("/slow?ms=100&i=\($0)")) }
        let client = HTTPMultiClient(configuration: TestHTTPServer.configuration)
        let start = ContinuousClock.now
        let results = client.perform(requests, maxConnections: 8)
        let elapsed = ContinuousClock.now - start

        XCTAssertEqual(results.count, 50)
        for (index, result) in results.enumerated() {
            switch result {
            case .success(let response):
                XCTAssertEqual(response.status, 200)
                let json = try JSONSerialization.jsonObject(with: response.body) as? [String: Int]
                XCTAssertEqual(json?["i"], index, "results keep the order of the requests")
            case .failure(let error):
                XCTFail("request \(index): \(error)")
            }
        }
        let counters = try stats()
        // Never more than 8 requests at once, but really concurrent (serially this takes 5 s).
        XCTAssertLessThanOrEqual(try XCTUnwrap(counters["max_requests"]), 8)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(counters["max_requests"]), 4)
        XCTAssertLessThan(elapsed, .seconds(3))
        // Eight kept-alive connections serve all fifty requests (plus one for /stats).
        XCTAssertLessThanOrEqual(try XCTUnwrap(counters["opened"]), 9)
    }

    func testBurstReusesConnectionsAcrossCalls() throws {
        let client = HTTPMultiClient(configuration: TestHTTPServer.configuration)
        for _ in 0..<2 {
            let requests = try (0..<100).map { HTTPRequest(url: try url("/slow?ms=0&i=\($0)")) }
            let results = client.perform(requests, maxConnections: 4)
            XCTAssertEqual(results.filter { (try? $0.get().status) == 200 }.count, 100)
        }
        let counters = try stats()
        XCTAssertLessThanOrEqual(try XCTUnwrap(counters["max_requests"]), 4)
        XCTAssertLessThanOrEqual(try XCTUnwrap(counters["opened"]), 5)
    }

    func testMixedOutcomesComeBackInOrder() throws {
        let requests = [
            HTTPRequest(url: try url("/data")),
            HTTPRequest(url: try url("/status/404")),
            HTTPRequest(url: try url("/truncated")),
            HTTPRequest(url: try url("/stall?ms=3000&appid=SECRET123"), timeout: .seconds(1)),
            HTTPRequest(url: try url("/large?mb=20&chunked=1"), maxResponseBytes: 1 << 20),
            HTTPRequest(url: try url("/loop"), redirects: .follow(limit: 2)),
            HTTPRequest(url: "ftp://127.0.0.1/file"),
            HTTPRequest(url: try url("/gzip")),
        ]
        let results = HTTPMultiClient(configuration: TestHTTPServer.configuration).perform(requests, maxConnections: 3)
        XCTAssertEqual(try results[0].get().status, 200)
        XCTAssertEqual(try results[1].get().status, 404)
        func code(_ result: Result<HTTPResponse, HTTPError>) -> HTTPError.Code? {
            if case .failure(let error) = result { return error.code }
            return nil
        }
        XCTAssertEqual(code(results[2]), .truncatedBody)
        XCTAssertEqual(code(results[3]), .timeout)
        XCTAssertFalse("\(results[3])".contains("SECRET123"))
        XCTAssertEqual(code(results[4]), .tooLarge)
        XCTAssertEqual(code(results[5]), .tooManyRedirects)
        XCTAssertEqual(code(results[6]), .invalidRequest)
        XCTAssertEqual(try results[7].get().body.count, 54)
    }

    func testCancellingTheTaskStopsTheBatch() async throws {
        let requests = try (0..<6).map { HTTPRequest(url: try url("/stall?ms=5000&i=\($0)"), timeout: .seconds(10)) }
        let start = ContinuousClock.now
        let task = Task.detached { () -> [HTTPError.Code?] in
            HTTPMultiClient(configuration: TestHTTPServer.configuration).perform(requests, maxConnections: 2).map { result in
                if case .failure(let error) = result { return error.code }
                return nil
            }
        }
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        let codes = await task.value
        XCTAssertEqual(codes, Array(repeating: .cancelled, count: 6))
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(3))
    }

    func testLibcurlIsAskedAtTheFirstTransferWithTheCapsSetBefore() throws {
        let client = HTTPMultiClient(configuration: TestHTTPServer.configuration)
        client.limitConnections(2)
        // Waiting with nothing started is a poll on the wake-up descriptor: no libcurl yet.
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ends), 0)
        let wake = ends[0]
        defer { close(ends[0]); close(ends[1]) }
        var begun = ContinuousClock.now
        XCTAssertTrue(client.collect(waitMilliseconds: 60, wakeDescriptor: wake).isEmpty)
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - begun, .milliseconds(50), "the wait did not wait")
        var one: UInt8 = 1
        XCTAssertEqual(write(ends[1], &one, 1), 1)
        begun = .now
        XCTAssertTrue(client.collect(waitMilliseconds: 10_000, wakeDescriptor: wake).isEmpty)
        XCTAssertLessThan(ContinuousClock.now - begun, .seconds(2), "the wake-up did not end the wait")
        XCTAssertFalse(client.hasAskedLibcurl)
        XCTAssertTrue(client.perform([], maxConnections: 4).isEmpty)
        XCTAssertFalse(client.hasAskedLibcurl, "an empty batch needs no libcurl")

        // The first transfer makes the multi handle, with the caps asked for before it: six
        // requests started at once run two at a time.
        for index in 0..<6 {
            XCTAssertNil(client.start(HTTPRequest(url: try url("/slow?ms=100&i=\(index)")), tag: index))
        }
        XCTAssertTrue(client.hasAskedLibcurl)
        var done: [Int: Int] = [:]
        let deadline = ContinuousClock.now + .seconds(20)
        while done.count < 6, ContinuousClock.now < deadline {
            for (tag, result) in client.collect(waitMilliseconds: 200) { done[tag] = (try? result.get())?.status ?? -1 }
        }
        XCTAssertEqual(done, [0: 200, 1: 200, 2: 200, 3: 200, 4: 200, 5: 200])
        XCTAssertLessThanOrEqual(try XCTUnwrap(try stats()["max_requests"]), 2)
    }

    func testEmptyBatch() {
        XCTAssertTrue(HTTPMultiClient(configuration: TestHTTPServer.configuration).perform([], maxConnections: 8).isEmpty)
    }
}
