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
    /// `100 Continue`), so only the final response's fields are kept. Parsed on the bytes: a name
    /// and a value with spaces and tabs trimmed (a line without a colon, or with an empty name, is
    /// ignored); invalid UTF-8 is repaired.
    func appendHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        var end = bytes.count
        while end > 0, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        if end >= 5, bytes[0] == UInt8(ascii: "H"), bytes[1] == UInt8(ascii: "T"), bytes[2] == UInt8(ascii: "T"),
           bytes[3] == UInt8(ascii: "P"), bytes[4] == UInt8(ascii: "/") {
            headers = HTTPHeaders()
            return
        }
        guard let colon = bytes[0..<end].firstIndex(of: UInt8(ascii: ":")) else { return }
        func trimmed(_ lower: Int, _ upper: Int) -> UnsafeRawBufferPointer {
            var lower = lower, upper = upper
            while lower < upper, bytes[lower] == space || bytes[lower] == tab { lower += 1 }
            while upper > lower, bytes[upper - 1] == space || bytes[upper - 1] == tab { upper -= 1 }
            return UnsafeRawBufferPointer(rebasing: bytes[lower..<upper])
        }
        let name = trimmed(0, colon)
        guard !name.isEmpty else { return }
        let value = trimmed(colon + 1, end)
        headers.add(String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    /// Whether the transfer should stop because its task was cancelled.
    func shouldCancel() -> Bool {
        if Task.isCancelled { cancelled = true }
        return cancelled
    }
}
