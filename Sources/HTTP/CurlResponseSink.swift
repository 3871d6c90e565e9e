import Foundation

/// Collects what libcurl's callbacks deliver for one transfer: the body (within its cap),
/// the header fields of the last response, and whether the transfer was aborted on purpose.
///
/// Reached from C callbacks through an unretained pointer; the owning ``CurlTransfer`` keeps it
/// alive for as long as libcurl may call back.
final class CurlResponseSink {
    private(set) var body = Data()
    private(set) var exceededLimit = false
    private(set) var cancelled = false
    private var maxBytes = Int.max
    /// The header lines of the last response so far, each followed by `\n` (reused between transfers).
    private var headerLines: [UInt8] = []

    /// The header fields of the last response (read from its lines when asked for).
    var headers: HTTPHeaders { HTTPHeaders(receivedLines: headerLines) }

    func reset(maxBytes: Int) {
        body = Data()
        headerLines.removeAll(keepingCapacity: true)
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
    /// `100 Continue`), so only the final response's fields are kept. The line is kept as it came
    /// (without its line end; the blank line ending the block is dropped) and parsed only when a
    /// field is read (``HTTPHeaders``): a name and a value with spaces and tabs trimmed (a line
    /// without a colon, or with an empty name, is ignored); invalid UTF-8 is repaired.
    func appendHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        var end = bytes.count
        while end > 0, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        if end >= 5, bytes[0] == UInt8(ascii: "H"), bytes[1] == UInt8(ascii: "T"), bytes[2] == UInt8(ascii: "T"),
           bytes[3] == UInt8(ascii: "P"), bytes[4] == UInt8(ascii: "/") {
            headerLines.removeAll(keepingCapacity: true)
            return
        }
        guard end > 0 else { return }
        headerLines.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[0..<end]))
        headerLines.append(UInt8(ascii: "\n"))
    }

    /// Whether the transfer should stop because its task was cancelled.
    func shouldCancel() -> Bool {
        if Task.isCancelled { cancelled = true }
        return cancelled
    }
}
