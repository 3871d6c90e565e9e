import Messages

/// Why an HTTP transfer failed, with the request it was for (secrets redacted).
///
/// A status such as 404 or 503 is not an error of the transfer: it comes back as an
/// ``HTTPResponse``; ``HTTPResponse/requireSuccess()`` turns it into ``Code/unexpectedStatus``.
///
/// What went wrong is said in the reader's language when shown (``reasonText``); libcurl's own
/// words (``detail``) are quoted as they are.
public struct HTTPError: MessageError, Sendable, Equatable {
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

    /// `GET https://host/path?appid=REDACTED: timed out: <detail>`, kept for the reader's language.
    public var descriptionMessage: Message { .verbatim("\(method) \(redactedURL): ") + reasonText }

    /// What went wrong, without the request: `timed out: <detail> (curl error 28)` (redacted), in English.
    public var reason: String { reasonText.english }

    /// ``reason`` kept for the reader's language (libcurl's ``detail`` as it is).
    public var reasonText: Message {
        var text = summary
        if !detail.isEmpty { text = text + .verbatim(": \(detail)") }
        if let curlCode { text = text + Message(.httpCurlError, ["code": .number(curlCode)]) }
        return text
    }

    private var summary: Message {
        switch code {
        case .timeout: Message(.httpTimedOut)
        case .connectFailed: Message(.httpCouldNotConnect)
        case .dns: Message(.httpCouldNotResolve)
        case .tls: Message(.httpTLSFailed)
        case .tooLarge: Message(.httpTooLarge)
        case .tooManyRedirects: Message(.httpTooManyRedirects)
        case .truncatedBody: Message(.httpTruncatedBody)
        case .malformedResponse: Message(.httpMalformedResponse)
        case .network: Message(.httpNetwork)
        case .cancelled: Message(.httpCancelled)
        case .invalidRequest: Message(.httpInvalidRequest)
        case .unexpectedStatus: Message(.httpUnexpectedStatus, ["status": .text(status.map(String.init) ?? "?")])
        case .other: Message(.httpTransferFailed)
        }
    }
}
