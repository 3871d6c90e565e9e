internal import CCurl

/// A blocking HTTP client on one libcurl easy handle: one request at a time, the connection
/// kept open between requests to the same host.
///
/// Not `Sendable`: confine a client to one thread or one actor (a worker owns its client).
/// ``perform(_:)`` blocks the calling thread for the length of the transfer, bounded by the
/// request's timeouts; cancelling the calling task aborts the transfer with
/// ``HTTPError/Code/cancelled`` within about a second (libcurl's progress callback checks it).
public final class HTTPClient {
    /// The settings every request uses.
    public let configuration: HTTPClientConfiguration
    private var transfer: CurlTransfer?

    /// A client; the easy handle is made on the first request.
    public init(configuration: HTTPClientConfiguration = HTTPClientConfiguration()) {
        self.configuration = configuration
    }

    /// Performs `request` and returns the response whatever its status; throws when no complete
    /// response arrived (timeout, connection failure, size cap, truncation, ...).
    public func perform(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        guard let transfer = transfer ?? CurlTransfer(configuration: configuration) else {
            throw CurlTransfer.unavailableError(for: request)
        }
        self.transfer = transfer
        try transfer.prepare(request)
        _ = leavenow_easy_setopt_long(transfer.handle, CURLOPT_MAXCONNECTS, max(1, configuration.maxIdleConnections))
        let code = curl_easy_perform(transfer.handle)
        return try transfer.finish(code).get()
    }

    /// `GET url` with the default limits.
    public func get(_ url: String, headers: HTTPHeaders = [:]) throws(HTTPError) -> HTTPResponse {
        try perform(HTTPRequest(url: url, headers: headers))
    }
}

@available(*, unavailable, message: "HTTPClient owns a libcurl handle: confine it to one thread or actor")
extension HTTPClient: Sendable {}
