import Foundation
import XCTest
@testable import HTTP

/// Every input the http-headers fuzz target ever found (`Fuzz/regressions/http-headers/`): its lines
/// go through `CurlResponseSink` as libcurl's header callback would, then the response's header
/// readers run, and nothing traps.
final class FuzzRegressionTests: XCTestCase {
    func testResponseHeaderRegressions() throws {
        let directory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/regressions/http-headers")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
            let sink = CurlResponseSink()
            sink.reset(maxBytes: 1 << 20)
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
                bytes[start..<end].withUnsafeBytes { sink.appendHeaderLine($0) }
                start = end
            }
            let response = HTTPResponse(status: 429, headers: sink.headers, effectiveURL: "https://example.com/hook",
                                         receivedAt: Date(timeIntervalSince1970: 1_767_600_000))
            _ = response.validators
            if let delay = response.retryAfterDelay { XCTAssertGreaterThanOrEqual(delay, .zero, name) }
        }
    }
}
