/// Why an HTTP transfer failed, with the request it was for (secrets redacted).
///
/// A status such as 404 or 503 is not an error of the transfer: it comes back as an
/// ``HTTPResponse``; ``HTTPResponse/requireSuccess()`` turns it into ``Code/unexpectedStatus``.
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: String, Sendable, Equatable, CaseIterable {
        /// The connect timeout, the total timeout or the low-speed limit was hit.
        case timeout
        /// The TCP connection was refused or could not be made.
        case connectFailed
        /// The host (or proxy) name could not be resolved.
        case dns
        /// The TLS handshake or certificate verification failed.
        case tls
        /// The body exceeded the request's `maxResponseBytes`; the transfer was aborted.
        case tooLarge
        /// More redirects than the request allows.
        case tooManyRedirects
        /// The connection closed before the announced body arrived.
        case truncatedBody
        /// The server's answer was not valid HTTP (or its content encoding was broken).
        case malformedResponse
        /// The connection broke while sending or receiving (reset, empty reply).
        case network
        /// The task was cancelled.
        case cancelled
        /// The request itself is unusable: a malformed URL or an unsupported scheme.
        case invalidRequest
        /// The server answered with a status the caller did not accept.
        case unexpectedStatus
        /// libcurl failed in a way not listed above (out of memory, internal error).
        case other
    }

    /// The kind of failure.
    public var code: Code
    /// The request method.
    public var method: HTTPMethod
    /// The URL with secrets redacted; the plain URL is never stored here.
    public var redactedURL: String
    /// What went wrong in words (libcurl's message or the status), secrets redacted.
    public var detail: String
    /// The libcurl result code, when libcurl reported the failure.
    public var curlCode: Int?
    /// The HTTP status, for ``Code/unexpectedStatus``.
    public var status: Int?

    /// An error for a request, redacting its URL and `detail` with the request's redaction.
    public init(
        _ code: Code, request: HTTPRequest, detail: String, curlCode: Int? = nil, status: Int? = nil
    ) {
        self.code = code
        self.method = request.method
        self.redactedURL = request.redactedURL
        self.detail = request.redaction.redact(text: detail)
        self.curlCode = curlCode
        self.status = status
    }

    /// Whether trying again later may succeed: timeouts and network failures, not a bad request.
    public var isTransient: Bool {
        switch code {
        case .timeout, .connectFailed, .dns, .truncatedBody, .network: true
        case .unexpectedStatus: status.map(RetryPolicy.isRetryableStatus) ?? false
        case .tls, .tooLarge, .tooManyRedirects, .malformedResponse, .cancelled, .invalidRequest, .other:
            false
        }
    }

    /// `GET https://host/path?appid=REDACTED: timed out: <detail>`.
    public var description: String { "\(method) \(redactedURL): \(reason)" }

    /// What went wrong, without the request: `timed out: <detail> (curl error 28)` (redacted).
    public var reason: String {
        var text = summary
        if !detail.isEmpty { text += ": \(detail)" }
        if let curlCode { text += " (curl error \(curlCode))" }
        return text
    }

    private var summary: String {
        switch code {
        case .timeout: "timed out"
        case .connectFailed: "could not connect"
        case .dns: "could not resolve the host name"
        case .tls: "TLS failed"
        case .tooLarge: "response too large"
        case .tooManyRedirects: "too many redirects"
        case .truncatedBody: "response body truncated"
        case .malformedResponse: "malformed response"
        case .network: "connection failed during the transfer"
        case .cancelled: "cancelled"
        case .invalidRequest: "invalid request"
        case .unexpectedStatus: "unexpected status code \(status.map(String.init) ?? "?")"
        case .other: "transfer failed"
        }
    }
}
