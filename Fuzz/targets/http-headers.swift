// fuzz-modules: CCurl CLazyLibraries Messages Secrets HTTP
// fuzz-seeds: Fuzz/seeds/http-headers
// fuzz-dict: Fuzz/dicts/http.dict
//
// Webhook and source response headers: each line of the input is handed to `CurlResponseSink` as
// libcurl's header callback would (status lines reset the fields), then the response's header
// readers run (`validators`, `contentType`, `Retry-After` with the `Date` reference). A trap, a
// crash or a hang is a finding.
import Foundation
@testable import HTTP

let receivedAt = Date(timeIntervalSince1970: 1_767_600_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResponseHeaders(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let sink = CurlResponseSink()
    sink.reset(maxBytes: 1 << 20)
    var start = 0
    while start < bytes.count {
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        end = min(end + 1, bytes.count)
        bytes[start..<end].withUnsafeBytes { sink.appendHeaderLine($0) }
        start = end
    }
    let response = HTTPResponse(status: 429, headers: sink.headers, effectiveURL: "https://example.com/hook", receivedAt: receivedAt)
    _ = response.validators
    _ = response.contentType
    if let delay = response.retryAfterDelay { precondition(delay >= .zero, "a negative Retry-After delay") }
    for field in response.headers { _ = response.headers.values(for: field.name) }
    return 0
}
