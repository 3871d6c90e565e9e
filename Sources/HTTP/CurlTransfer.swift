internal import CCurl
import Foundation

/// One libcurl easy handle, set up for one request at a time, and what its callbacks collect.
///
/// The handle is reused across requests, and freed in `deinit`. A request with the same URL,
/// method, limits and redirect policy as the handle's last one keeps every setting and sets only
/// its headers and body (the worker sends to a few channels over and over); any other request
/// starts from `curl_easy_reset` (which keeps the connection and DNS cache). Neither allocates
/// per request once warm: the header list and the body live in buffers the transfer reuses.
/// Confined to one thread at a time.
final class CurlTransfer {
    let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private let headerList = CurlHeaderList()
    /// The body of the current request (`CURLOPT_POSTFIELDS` points here until the transfer ends).
    private var bodyBuffer: UnsafeMutableRawPointer
    private var bodyCapacity = 1024
    private let sink = CurlResponseSink()
    private let configuration: HTTPClientConfiguration
    private(set) var request: HTTPRequest?
    /// What the handle's settings were made for; nil after a failed setup (the next one resets).
    private var setUpFor: Setup?
    /// The last effective URL read back, reused while libcurl reports the same one.
    private var lastEffectiveURL = ""
    /// The event loop of the multi handle this transfer runs on: it opens and closes the sockets.
    private let loop: CurlEventLoop?
    /// `User-Agent: …` of the configuration, as bytes (appended to every request without its own).
    private let userAgentLine: [UInt8]
    /// The header list of a CONNECT to a proxy (the User-Agent), made on first use.
    private var proxyHeaderList: CurlHeaderList?

    /// Everything of a request the handle's settings depend on, apart from its headers and body.
    private struct Setup: Equatable {
        var url: String
        var method: HTTPMethod
        var hasBody: Bool
        var connectTimeout: Duration
        var timeout: Duration
        var maxResponseBytes: Int
        var redirects: HTTPRequest.Redirects
        var acceptsCompression: Bool

        init(_ request: HTTPRequest) {
            url = request.url
            method = request.method
            hasBody = request.body != nil
            connectTimeout = request.connectTimeout
            timeout = request.timeout
            maxResponseBytes = request.maxResponseBytes
            redirects = request.redirects
            acceptsCompression = request.acceptsCompression
        }
    }

    /// Whether libcurl's progress callback checks for the calling task's cancellation during the
    /// transfer (a blocking ``HTTPClient``); a multi handle's owner checks between its waits instead.
    private let checksCancellation: Bool

    /// A new easy handle; nil when libcurl cannot initialise or allocate one.
    init?(configuration: HTTPClientConfiguration, loop: CurlEventLoop? = nil, checksCancellation: Bool = true) {
        guard CurlGlobal.ensureInitialized() == nil, let handle = curl_easy_init() else { return nil }
        self.handle = handle
        self.configuration = configuration
        self.loop = loop
        self.checksCancellation = checksCancellation
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        bodyBuffer = .allocate(byteCount: bodyCapacity, alignment: 1)
        userAgentLine = Array(CurlHeaderList.line(name: "User-Agent", value: configuration.userAgent).utf8)
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
        bodyBuffer.deallocate()
    }

    /// The error for a request when no easy handle could be made.
    static func unavailableError(for request: HTTPRequest) -> HTTPError {
        HTTPError(.other, request: request, detail: CurlGlobal.ensureInitialized() ?? "curl_easy_init failed")
    }

    /// Sets the handle up for `request`, replacing everything set for the previous one.
    func prepare(_ request: HTTPRequest) throws(HTTPError) {
        self.request = request
        errorBuffer[0] = 0
        sink.reset(maxBytes: request.maxResponseBytes)
        if sink.shouldCancel() {
            throw HTTPError(.cancelled, request: request, detail: "cancelled before the transfer started")
        }
        let setup = Setup(request)
        if setup != setUpFor {
            setUpFor = nil
            curl_easy_reset(handle)
            try setCommonOptions(for: request)
            setUpFor = setup
        }
        do {
            try setHeaders(for: request)
            try setBody(for: request)
        } catch {
            setUpFor = nil
            throw error
        }
    }

    /// Everything but the headers and the body: what ``Setup`` decides.
    private func setCommonOptions(for request: HTTPRequest) throws(HTTPError) {
        try set(CURLOPT_ERRORBUFFER, pointer: UnsafeMutableRawPointer(errorBuffer))
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_URL, string: request.url)
        try set(CURLOPT_PROTOCOLS_STR, string: "http,https")
        try set(CURLOPT_REDIR_PROTOCOLS_STR, string: "http,https")
        switch request.redirects {
        case .doNotFollow:
            try set(CURLOPT_FOLLOWLOCATION, 0)
        case .follow(let limit):
            try set(CURLOPT_FOLLOWLOCATION, 1)
            try set(CURLOPT_MAXREDIRS, max(0, limit))
        }
        try set(CURLOPT_CONNECTTIMEOUT_MS, request.connectTimeout.curlMilliseconds)
        try set(CURLOPT_TIMEOUT_MS, request.timeout.curlMilliseconds)
        try set(CURLOPT_LOW_SPEED_LIMIT, max(1, configuration.lowSpeedLimit))
        try set(CURLOPT_LOW_SPEED_TIME, configuration.lowSpeedTime.curlSeconds)
        try set(CURLOPT_TCP_KEEPALIVE, 1)
        if request.acceptsCompression { try set(CURLOPT_ACCEPT_ENCODING, string: "") }
        // TLS is always verified; these are libcurl's defaults, stated so a reset cannot lose them.
        try set(CURLOPT_SSL_VERIFYPEER, 1)
        try set(CURLOPT_SSL_VERIFYHOST, 2)
        // The User-Agent goes with the request's own header lines (see `setHeaders`), not through
        // CURLOPT_USERAGENT, which libcurl formats into a new string and formats again, byte by
        // byte, on every request. A CONNECT to a proxy (an https URL) gets it from the proxy's
        // header list (libcurl keeps the two lists apart by default); a plain-http request through a
        // proxy carries the request's lines, User-Agent included.
        switch configuration.proxy {
        case .environment: break
        case .direct: try set(CURLOPT_PROXY, string: "")
        case .url(let proxy): try set(CURLOPT_PROXY, string: proxy)
        }
        if configuration.proxy != .direct, Self.isHTTPS(request.url) {
            try check(leavenow_easy_setopt_slist(handle, CURLOPT_PROXYHEADER, proxyHeaders()))
        }
        try check(leavenow_easy_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxResponseBytes)))
        try setMethod(for: request)
        try setCallbacks()
    }

    /// The outcome of the transfer libcurl finished with `code`.
    func finish(_ code: CURLcode) -> Result<HTTPResponse, HTTPError> {
        guard let request else {
            return .failure(HTTPError(.other, request: HTTPRequest(url: ""), detail: "no request prepared"))
        }
        if code != CURLE_OK {
            let message = errorBuffer[0] != 0 ? String(cString: errorBuffer) : String(cString: curl_easy_strerror(code))
            return .failure(HTTPError(errorCode(for: code), request: request, detail: message, curlCode: Int(code.rawValue)))
        }
        let response = HTTPResponse(
            method: request.method,
            status: infoLong(CURLINFO_RESPONSE_CODE),
            headers: sink.headers,
            body: sink.body,
            effectiveURL: effectiveURL() ?? request.url,
            timing: HTTPTiming(
                nameLookup: infoMicroseconds(CURLINFO_NAMELOOKUP_TIME_T),
                connect: infoMicroseconds(CURLINFO_CONNECT_TIME_T),
                tlsHandshake: infoMicroseconds(CURLINFO_APPCONNECT_TIME_T),
                firstByte: infoMicroseconds(CURLINFO_STARTTRANSFER_TIME_T),
                total: infoMicroseconds(CURLINFO_TOTAL_TIME_T),
                redirectCount: infoLong(CURLINFO_REDIRECT_COUNT)),
            receivedAt: configuration.now(),
            redaction: request.redaction)
        return .success(response)
    }

    // MARK: - Setup

    private func setHeaders(for request: HTTPRequest) throws(HTTPError) {
        headerList.removeAll()
        for field in request.headers {
            guard headerList.append(name: field.name, value: field.value) else {
                throw HTTPError(.invalidRequest, request: request, detail: "header \(field.name) contains a line break")
            }
        }
        if let conditional = request.conditional {
            if let etag = conditional.etag, !request.headers.contains("If-None-Match") {
                _ = headerList.append(name: "If-None-Match", value: etag)
            }
            if let date = conditional.lastModified, !request.headers.contains("If-Modified-Since") {
                _ = headerList.append(name: "If-Modified-Since", value: date)
            }
        }
        if !request.headers.contains("User-Agent") { headerList.append(bytes: userAgentLine) }
        // No "Expect: 100-continue" round trip before a body.
        if !request.headers.contains("Expect") { headerList.append(line: "Expect:") }
        try check(leavenow_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList.list()))
    }

    /// The list for `CURLOPT_PROXYHEADER`: the User-Agent line.
    private func proxyHeaders() -> UnsafeMutablePointer<curl_slist>? {
        if let proxyHeaderList { return proxyHeaderList.list() }
        let list = CurlHeaderList()
        list.append(bytes: userAgentLine)
        proxyHeaderList = list
        return list.list()
    }

    /// Whether `url` starts with `https:` (any case): a transfer through a proxy tunnels it with CONNECT.
    static func isHTTPS(_ url: String) -> Bool {
        let prefix = url.utf8.prefix(6)
        return prefix.count == 6 && zip(prefix, "https:".utf8).allSatisfy { $0 | 0x20 == $1 }
    }

    /// The method's options (part of the common setup: they do not change with the body).
    private func setMethod(for request: HTTPRequest) throws(HTTPError) {
        switch request.method {
        case .get where request.body == nil:
            try set(CURLOPT_HTTPGET, 1)
        case .head:
            try set(CURLOPT_NOBODY, 1)
        default:
            if request.method != .post {
                try set(CURLOPT_CUSTOMREQUEST, string: request.method.rawValue)
            }
        }
    }

    /// The body, copied into the transfer's own buffer (libcurl reads it from there until the
    /// transfer ends): a POST without one sends an empty body.
    private func setBody(for request: HTTPRequest) throws(HTTPError) {
        switch request.method {
        case .get where request.body == nil, .head:
            return
        default:
            guard request.body != nil || request.method == .post else { return }
            let body = request.body ?? Data()
            if body.count > bodyCapacity {
                bodyBuffer.deallocate()
                bodyCapacity = max(body.count, bodyCapacity * 2)
                bodyBuffer = .allocate(byteCount: bodyCapacity, alignment: 1)
            }
            body.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress { bodyBuffer.copyMemory(from: base, byteCount: bytes.count) }
            }
            try check(leavenow_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
            try check(leavenow_easy_setopt_pointer(handle, CURLOPT_POSTFIELDS, bodyBuffer))
        }
    }

    private func setCallbacks() throws(HTTPError) {
        let context = Unmanaged.passUnretained(sink).toOpaque()
        try check(leavenow_easy_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            guard let context else { return 0 }
            let sink = Unmanaged<CurlResponseSink>.fromOpaque(context).takeUnretainedValue()
            let length = size * count
            let accepted = sink.appendBody(UnsafeRawBufferPointer(start: data, count: length))
            return accepted ? length : 0
        })
        try set(CURLOPT_WRITEDATA, pointer: context)
        try check(leavenow_easy_setopt_write_callback(handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            guard let context else { return 0 }
            let sink = Unmanaged<CurlResponseSink>.fromOpaque(context).takeUnretainedValue()
            let length = size * count
            sink.appendHeaderLine(UnsafeRawBufferPointer(start: data, count: length))
            return length
        })
        try set(CURLOPT_HEADERDATA, pointer: context)
        if checksCancellation {
            try set(CURLOPT_NOPROGRESS, 0)
            try check(leavenow_easy_setopt_xferinfo_callback(handle, CURLOPT_XFERINFOFUNCTION) { context, _, _, _, _ in
                guard let context else { return 0 }
                let sink = Unmanaged<CurlResponseSink>.fromOpaque(context).takeUnretainedValue()
                return sink.shouldCancel() ? 1 : 0
            })
            try set(CURLOPT_XFERINFODATA, pointer: context)
        }
        if let loop {
            try check(leavenow_easy_setopt_opensocket_callback(handle, CurlEventLoop.openSocket))
            try set(CURLOPT_OPENSOCKETDATA, pointer: loop.socketContext)
            try check(leavenow_easy_setopt_closesocket_callback(handle, CurlEventLoop.closeSocket))
            try set(CURLOPT_CLOSESOCKETDATA, pointer: loop.socketContext)
        }
    }

    private func set(_ option: CURLoption, _ value: Int) throws(HTTPError) {
        try check(leavenow_easy_setopt_long(handle, option, value))
    }

    private func set(_ option: CURLoption, string value: String) throws(HTTPError) {
        try check(leavenow_easy_setopt_string(handle, option, value))
    }

    private func set(_ option: CURLoption, pointer value: UnsafeMutableRawPointer) throws(HTTPError) {
        try check(leavenow_easy_setopt_pointer(handle, option, value))
    }

    private func check(_ code: CURLcode) throws(HTTPError) {
        guard code != CURLE_OK else { return }
        let request = request ?? HTTPRequest(url: "")
        let kind: HTTPError.Code =
            code == CURLE_URL_MALFORMAT || code == CURLE_UNSUPPORTED_PROTOCOL ? .invalidRequest : .other
        throw HTTPError(kind, request: request, detail: String(cString: curl_easy_strerror(code)), curlCode: Int(code.rawValue))
    }

    // MARK: - Results

    private func errorCode(for code: CURLcode) -> HTTPError.Code {
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timeout
        case CURLE_COULDNT_CONNECT:
            return .connectFailed
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .dns
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
            CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR,
            CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED:
            return .tls
        case CURLE_FILESIZE_EXCEEDED:
            return .tooLarge
        case CURLE_WRITE_ERROR:
            return sink.exceededLimit ? .tooLarge : .other
        case CURLE_TOO_MANY_REDIRECTS:
            return .tooManyRedirects
        case CURLE_PARTIAL_FILE:
            return .truncatedBody
        case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING, CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_HTTP3:
            return .malformedResponse
        case CURLE_ABORTED_BY_CALLBACK:
            return sink.cancelled ? .cancelled : .other
        case CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR:
            return .network
        case CURLE_UNSUPPORTED_PROTOCOL where !(infoString(CURLINFO_PRIMARY_IP) ?? "").isEmpty:
            // After connecting, this is an answer that is not HTTP (“Received HTTP/0.9”).
            return .malformedResponse
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return .invalidRequest
        default:
            return .other
        }
    }

    private func infoLong(_ info: CURLINFO) -> Int {
        var value = 0
        return leavenow_easy_getinfo_long(handle, info, &value) == CURLE_OK ? value : 0
    }

    private func infoMicroseconds(_ info: CURLINFO) -> Duration {
        var value: curl_off_t = 0
        return leavenow_easy_getinfo_off_t(handle, info, &value) == CURLE_OK ? .microseconds(value) : .zero
    }

    /// `CURLINFO_EFFECTIVE_URL`, the same `String` as last time while it does not change.
    private func effectiveURL() -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard leavenow_easy_getinfo_string(handle, CURLINFO_EFFECTIVE_URL, &value) == CURLE_OK, let value else { return nil }
        if lastEffectiveURL.withCString({ strcmp($0, value) }) != 0 { lastEffectiveURL = String(cString: value) }
        return lastEffectiveURL
    }

    private func infoString(_ info: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard leavenow_easy_getinfo_string(handle, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }
}
