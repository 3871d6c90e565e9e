import Foundation
import Secrets

/// A complete answer from a server, whatever its status.
public struct HTTPResponse: Sendable {
    /// The method of the request this answers.
    public var method: HTTPMethod
    /// The status code of the final response (after redirects).
    public var status: Int
    /// The headers of the final response.
    public var headers: HTTPHeaders
    /// The body, decoded from any `Content-Encoding` (gzip, deflate, br).
    public var body: Data
    /// The URL of the final response after redirects. May contain secrets: use
    /// ``redactedEffectiveURL`` to show it.
    public var effectiveURL: String
    /// How long the phases of the transfer took.
    public var timing: HTTPTiming
    /// When the response was received, by the client's clock.
    public var receivedAt: Date
    /// How the URL is shown in descriptions and errors.
    public var redaction: URLRedaction

    /// A response as received.
    public init(
        method: HTTPMethod = .get, status: Int, headers: HTTPHeaders = [:], body: Data = Data(), effectiveURL: String,
        timing: HTTPTiming = HTTPTiming(), receivedAt: Date, redaction: URLRedaction = .standard
    ) {
        self.method = method
        self.status = status
        self.headers = headers
        self.body = body
        self.effectiveURL = effectiveURL
        self.timing = timing
        self.receivedAt = receivedAt
        self.redaction = redaction
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// Whether the server answered 304: the copy sent as ``HTTPRequest/conditional`` is current.
    public var notModified: Bool { status == 304 }

    /// The `ETag` and `Last-Modified` to send as ``HTTPRequest/conditional`` next time.
    public var validators: HTTPValidators {
        HTTPValidators(etag: headers["ETag"], lastModified: headers["Last-Modified"])
    }

    /// The `Content-Type` header, if any.
    public var contentType: String? { headers["Content-Type"] }

    /// The parsed `Retry-After` header, if present and valid.
    public var retryAfter: RetryAfter? { headers["Retry-After"].flatMap(RetryAfter.init(headerValue:)) }

    /// How long `Retry-After` asks to wait. An HTTP-date is measured from the server's own `Date`
    /// header when present (no clock skew), otherwise from ``receivedAt``.
    public var retryAfterDelay: Duration? {
        guard let retryAfter else { return nil }
        let reference = headers["Date"].flatMap(RetryAfter.parseHTTPDate) ?? receivedAt
        return retryAfter.delay(from: reference)
    }

    /// The URL after redirects with secrets redacted.
    public var redactedEffectiveURL: String { redaction.redact(url: effectiveURL) }

    /// This response if the status is 2xx (or 304 when `allowNotModified`), otherwise an
    /// ``HTTPError/Code/unexpectedStatus`` naming the status and the content type.
    public func requireSuccess(allowNotModified: Bool = true) throws(HTTPError) -> HTTPResponse {
        if isSuccess || (allowNotModified && notModified) { return self }
        var detail = HTTPStatusText.reason(for: status)
        if let contentType { detail += " (\(contentType), \(body.count) bytes)" }
        let request = HTTPRequest(method: method, url: effectiveURL, redaction: redaction)
        throw HTTPError(.unexpectedStatus, request: request, detail: detail, status: status)
    }
}

extension HTTPResponse: CustomStringConvertible {
    /// `HTTP 200 from <url>, 1234 bytes` with secrets redacted.
    public var description: String { "HTTP \(status) from \(redactedEffectiveURL), \(body.count) bytes" }
}
