internal import CCurl
import Foundation

/// One libcurl easy handle, set up for one request at a time, and what its callbacks collect.
///
/// The handle is reused across requests (`curl_easy_reset` keeps its connection and DNS cache),
/// and freed in `deinit`. Confined to one thread at a time.
final class CurlTransfer {
    let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let sink = CurlResponseSink()
    private let configuration: HTTPClientConfiguration
    private(set) var request: HTTPRequest?

    /// A new easy handle; nil when libcurl cannot initialise or allocate one.
    init?(configuration: HTTPClientConfiguration) {
        guard CurlGlobal.ensureInitialized() == nil, let handle = curl_easy_init() else { return nil }
        self.handle = handle
        self.configuration = configuration
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// The error for a request when no easy handle could be made.
    static func unavailableError(for request: HTTPRequest) -> HTTPError {
        HTTPError(.other, request: request, detail: CurlGlobal.ensureInitialized() ?? "curl_easy_init failed")
    }

    /// Sets the handle up for `request`, replacing everything set for the previous one.
    func prepare(_ request: HTTPRequest) throws(HTTPError) {
        self.request = request
        curl_easy_reset(handle)
        curl_slist_free_all(headerList)
        headerList = nil
        errorBuffer[0] = 0
        sink.reset(maxBytes: request.maxResponseBytes)
        if sink.shouldCancel() {
            throw HTTPError(.cancelled, request: request, detail: "cancelled before the transfer started")
        }

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
        try set(CURLOPT_ACCEPT_ENCODING, string: "")
        // TLS is always verified; these are libcurl's defaults, stated so a reset cannot lose them.
        try set(CURLOPT_SSL_VERIFYPEER, 1)
        try set(CURLOPT_SSL_VERIFYHOST, 2)
        try set(CURLOPT_USERAGENT, string: configuration.userAgent)
        switch configuration.proxy {
        case .environment: break
        case .direct: try set(CURLOPT_PROXY, string: "")
        case .url(let proxy): try set(CURLOPT_PROXY, string: proxy)
        }
        try check(leavenow_easy_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxResponseBytes)))
        try setHeaders(for: request)
        try setMethodAndBody(for: request)
        try setCallbacks()
    }

    /// The outcome of the transfer libcurl finished with `code`.
    func finish(_ code: CURLcode) -> Result<HTTPResponse, HTTPError> {
        guard let request else {
            return .failure(HTTPError(.other, request: HTTPRequest(url: ""), detail: "no request prepared"))
        }
        defer {
            curl_slist_free_all(headerList)
            headerList = nil
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
            effectiveURL: infoString(CURLINFO_EFFECTIVE_URL) ?? request.url,
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
        var lines: [String] = []
        for field in request.headers {
            guard Self.isSafeHeader(field.name, field.value) else {
                throw HTTPError(.invalidRequest, request: request, detail: "header \(field.name) contains a line break")
            }
            // "Name:" alone would remove the header in libcurl; "Name;" sends it empty.
            lines.append(field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)")
        }
        if let conditional = request.conditional {
            if let etag = conditional.etag, Self.isSafeHeader("If-None-Match", etag), !request.headers.contains("If-None-Match") {
                lines.append("If-None-Match: \(etag)")
            }
            if let date = conditional.lastModified, Self.isSafeHeader("If-Modified-Since", date),
                !request.headers.contains("If-Modified-Since")
            {
                lines.append("If-Modified-Since: \(date)")
            }
        }
        // No "Expect: 100-continue" round trip before a body.
        if !request.headers.contains("Expect") { lines.append("Expect:") }
        for line in lines {
            guard let appended = curl_slist_append(headerList, line) else {
                throw HTTPError(.other, request: request, detail: "out of memory building headers")
            }
            headerList = appended
        }
        try check(leavenow_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList))
    }

    private func setMethodAndBody(for request: HTTPRequest) throws(HTTPError) {
        switch request.method {
        case .get where request.body == nil:
            try set(CURLOPT_HTTPGET, 1)
        case .head:
            try set(CURLOPT_NOBODY, 1)
        default:
            if let body = request.body {
                try check(leavenow_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
                let code = body.withUnsafeBytes { bytes -> CURLcode in
                    guard let base = bytes.baseAddress else {
                        return leavenow_easy_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, "")
                    }
                    return leavenow_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base))
                }
                try check(code)
            } else if request.method == .post {
                try check(leavenow_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, 0))
                try set(CURLOPT_COPYPOSTFIELDS, string: "")
            }
            if request.method != .post {
                try set(CURLOPT_CUSTOMREQUEST, string: request.method.rawValue)
            }
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
        try set(CURLOPT_NOPROGRESS, 0)
        try check(leavenow_easy_setopt_xferinfo_callback(handle, CURLOPT_XFERINFOFUNCTION) { context, _, _, _, _ in
            guard let context else { return 0 }
            let sink = Unmanaged<CurlResponseSink>.fromOpaque(context).takeUnretainedValue()
            return sink.shouldCancel() ? 1 : 0
        })
        try set(CURLOPT_XFERINFODATA, pointer: context)
    }

    private static func isSafeHeader(_ name: String, _ value: String) -> Bool {
        !name.isEmpty && !name.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == UInt8(ascii: ":") || $0 == 0 })
            && !value.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 })
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

    private func infoString(_ info: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard leavenow_easy_getinfo_string(handle, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }
}
