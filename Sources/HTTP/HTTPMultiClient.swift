internal import CCurl

/// Performs many requests concurrently on one thread with the libcurl multi interface, within a
/// cap on open connections (a burst of a thousand requests never opens a thousand sockets).
///
/// Not `Sendable`: confine it to one thread or actor. ``perform(_:maxConnections:maxConnectionsPerHost:)``
/// blocks until every request has finished; connections stay cached for the next call.
public final class HTTPMultiClient {
    /// The settings every request uses.
    public let configuration: HTTPClientConfiguration
    private let multi: UnsafeMutableRawPointer?
    private var idleTransfers: [CurlTransfer] = []

    /// A client with its own connection cache.
    public init(configuration: HTTPClientConfiguration = HTTPClientConfiguration()) {
        self.configuration = configuration
        multi = CurlGlobal.ensureInitialized() == nil ? curl_multi_init() : nil
    }

    deinit {
        idleTransfers.removeAll()
        if let multi { curl_multi_cleanup(multi) }
    }

    /// Performs `requests` with at most `maxConnections` open connections in total (and
    /// `maxConnectionsPerHost` to one host, by default the same) and returns one result per
    /// request, in the order given.
    ///
    /// At most `maxConnections` transfers run at once; the rest wait here, not inside libcurl,
    /// so a request's timeout starts when it starts. With a smaller per-host cap, transfers to
    /// one host may wait inside libcurl for a connection, with their timeout running.
    public func perform(
        _ requests: [HTTPRequest], maxConnections: Int, maxConnectionsPerHost: Int? = nil
    ) -> [Result<HTTPResponse, HTTPError>] {
        var results = [Result<HTTPResponse, HTTPError>?](repeating: nil, count: requests.count)
        guard let multi else {
            return requests.map { .failure(CurlTransfer.unavailableError(for: $0)) }
        }
        let connections = max(1, maxConnections)
        _ = leavenow_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, connections)
        _ = leavenow_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, max(1, maxConnectionsPerHost ?? connections))
        _ = leavenow_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, connections)

        var next = requests.startIndex
        var active: [UnsafeMutableRawPointer: (index: Int, transfer: CurlTransfer)] = [:]

        // At most `connections` transfers are added at once, so a huge batch does not allocate a
        // handle per request up front and no transfer's timeout runs while it waits in a queue.
        func startMore() {
            while active.count < connections, next < requests.endIndex {
                let index = next
                next += 1
                guard let transfer = idleTransfers.popLast() ?? CurlTransfer(configuration: configuration) else {
                    results[index] = .failure(CurlTransfer.unavailableError(for: requests[index]))
                    continue
                }
                do {
                    try transfer.prepare(requests[index])
                } catch {
                    results[index] = .failure(error)
                    idleTransfers.append(transfer)
                    continue
                }
                let added = curl_multi_add_handle(multi, transfer.handle)
                guard added == CURLM_OK else {
                    let detail = "curl_multi_add_handle: " + String(cString: curl_multi_strerror(added))
                    results[index] = .failure(HTTPError(.other, request: requests[index], detail: detail))
                    idleTransfers.append(transfer)
                    continue
                }
                active[transfer.handle] = (index, transfer)
            }
        }

        func complete(_ handle: UnsafeMutableRawPointer, _ outcome: (CurlTransfer) -> Result<HTTPResponse, HTTPError>) {
            guard let entry = active.removeValue(forKey: handle) else { return }
            curl_multi_remove_handle(multi, handle)
            results[entry.index] = outcome(entry.transfer)
            idleTransfers.append(entry.transfer)
        }

        startMore()
        while !active.isEmpty {
            var running: Int32 = 0
            let performed = curl_multi_perform(multi, &running)
            if performed != CURLM_OK {
                let detail = "curl_multi_perform: " + String(cString: curl_multi_strerror(performed))
                for handle in Array(active.keys) {
                    complete(handle) { transfer in
                        .failure(HTTPError(.other, request: transfer.request ?? HTTPRequest(url: ""), detail: detail))
                    }
                }
                break
            }
            var remaining: Int32 = 0
            while let message = curl_multi_info_read(multi, &remaining) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
                let code = message.pointee.data.result
                complete(handle) { $0.finish(code) }
            }
            if Task.isCancelled {
                for handle in Array(active.keys) {
                    complete(handle) { transfer in
                        .failure(HTTPError(.cancelled, request: transfer.request ?? HTTPRequest(url: ""), detail: "the task was cancelled"))
                    }
                }
            }
            startMore()
            if active.isEmpty { break }
            _ = curl_multi_poll(multi, nil, 0, 200, nil)
        }

        return results.enumerated().map { index, result in
            result ?? .failure(HTTPError(.other, request: requests[index], detail: "the transfer did not finish"))
        }
    }
}

@available(*, unavailable, message: "HTTPMultiClient owns a libcurl multi handle: confine it to one thread or actor")
extension HTTPMultiClient: Sendable {}
