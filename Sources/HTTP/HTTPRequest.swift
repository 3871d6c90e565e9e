import Foundation
import Secrets

/// One HTTP request: what to send and the limits the transfer must stay within.
///
/// Every limit has a default safe for a long-running worker: the transfer is bounded in time,
/// in size, and in redirects.
public struct HTTPRequest: Sendable {
    /// Whether and how far redirects are followed.
    public enum Redirects: Sendable, Equatable {
        /// A 3xx answer is returned as it is.
        case doNotFollow
        /// Up to `limit` redirects are followed (http and https only); one more fails with
        /// ``HTTPError/Code/tooManyRedirects``.
        case follow(limit: Int)
    }

    /// The method, `GET` by default.
    public var method: HTTPMethod
    /// The absolute `http` or `https` URL, query included. May contain secrets: errors show it
    /// through ``redaction`` only.
    public var url: String
    /// Extra request headers. `User-Agent` here overrides the client's.
    public var headers: HTTPHeaders
    /// The body to send, if any (copied by libcurl when the transfer is prepared).
    public var body: Data?
    /// The longest time to establish the connection (DNS, TCP, TLS).
    public var connectTimeout: Duration
    /// The longest time for the whole transfer, redirects included.
    public var timeout: Duration
    /// The largest decoded body accepted; a larger one aborts the transfer with
    /// ``HTTPError/Code/tooLarge``.
    public var maxResponseBytes: Int
    /// Validators of the copy already held: the server may answer 304 Not Modified.
    public var conditional: HTTPValidators?
    /// Redirect handling; follows up to 5 by default.
    public var redirects: Redirects
    /// Whether to ask for a compressed answer (`Accept-Encoding: deflate, gzip, br, zstd`) and
    /// decode it — true by default (feeds and timetables). A channel's short answers gain nothing
    /// from it, and the header costs libcurl a formatted line per request: false sends no
    /// `Accept-Encoding`, and the body is kept as it arrives.
    public var acceptsCompression: Bool
    /// How the URL is shown in errors and descriptions.
    public var redaction: URLRedaction

    /// A request with safe defaults: 10 s to connect, 30 s in total, 10 MiB, 5 redirects.
    public init(
        method: HTTPMethod = .get,
        url: String,
        headers: HTTPHeaders = [:],
        body: Data? = nil,
        connectTimeout: Duration = .seconds(10),
        timeout: Duration = .seconds(30),
        maxResponseBytes: Int = 10 * 1024 * 1024,
        conditional: HTTPValidators? = nil,
        redirects: Redirects = .follow(limit: 5),
        redaction: URLRedaction = .standard,
        acceptsCompression: Bool = true
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
        self.conditional = conditional
        self.redirects = redirects
        self.acceptsCompression = acceptsCompression
        // A URL's userinfo becomes an `Authorization: Basic` header: its every form is a secret.
        // Without an "@" there is none (and the parse costs more than the rest of a request).
        self.redaction = url.utf8.contains(UInt8(ascii: "@")) ? redaction.addingCredentials(ofURL: url) : redaction
    }

    /// The URL with secrets replaced, for logs and error messages.
    public var redactedURL: String { redaction.redact(url: url) }
}

extension HTTPRequest: CustomStringConvertible {
    /// `METHOD url` with secrets redacted.
    public var description: String { "\(method) \(redactedURL)" }
}
