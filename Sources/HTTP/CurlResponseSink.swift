import Foundation

/// Collects what libcurl's callbacks deliver for one transfer: the body (within its cap),
/// the header fields of the last response, and whether the transfer was aborted on purpose.
///
/// Reached from C callbacks through an unretained pointer; the owning ``CurlTransfer`` keeps it
/// alive for as long as libcurl may call back.
final class CurlResponseSink {
    private(set) var body = Data()
    private(set) var headers = HTTPHeaders()
    private(set) var exceededLimit = false
    private(set) var cancelled = false
    private var maxBytes = Int.max

    func reset(maxBytes: Int) {
        body = Data()
        headers = HTTPHeaders()
        exceededLimit = false
        cancelled = false
        self.maxBytes = max(0, maxBytes)
    }

    /// Appends body bytes; false (abort the transfer) when they would exceed the cap.
    func appendBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count <= maxBytes - body.count else {
            exceededLimit = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// Takes one header line. A status line starts a new response (after a redirect or a
    /// `100 Continue`), so only the final response's fields are kept.
    func appendHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        var length = bytes.count
        while length > 0, bytes[length - 1] == UInt8(ascii: "\n") || bytes[length - 1] == UInt8(ascii: "\r") {
            length -= 1
        }
        let line = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<length]), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            headers = HTTPHeaders()
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return }
        headers.add(name, value)
    }

    /// Whether the transfer should stop because its task was cancelled.
    func shouldCancel() -> Bool {
        if Task.isCancelled { cancelled = true }
        return cancelled
    }
}
