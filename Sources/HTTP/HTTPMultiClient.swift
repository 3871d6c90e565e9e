internal import CCurl
import Glibc

/// Performs many requests concurrently on one thread with the libcurl multi interface, within a
/// cap on open connections (a burst of a thousand requests never opens a thousand sockets).
///
/// The multi handle runs on an epoll descriptor of its own (`curl_multi_socket_action`, see
/// ``CurlEventLoop``): a wait is one `epoll_wait`, and only the sockets that are ready are handed to
/// libcurl. Easy handles are pooled and reused with their settings (see ``CurlTransfer``), so a
/// request to the same URL as the last one on a handle sets only its headers and body.
///
/// Not `Sendable`: confine it to one thread or actor. ``perform(_:maxConnections:maxConnectionsPerHost:)``
/// blocks until every request has finished; connections stay cached for the next call. The
/// incremental interface — ``start(_:tag:)`` and ``collect(waitMilliseconds:wakeDescriptor:)`` —
/// keeps transfers running across calls and hands back each one as it completes (a caller can
/// record an answer, or start the next request, without waiting for the slowest of a batch). Use
/// one interface at a time: `perform` while incremental transfers run is a programming error.
public final class HTTPMultiClient {
    /// The settings every request uses.
    public let configuration: HTTPClientConfiguration
    private let multi: UnsafeMutableRawPointer?
    /// The multi handle's epoll; nil when none could be made (then `curl_multi_perform` + `curl_multi_poll`).
    private let loop: CurlEventLoop?
    private var idleTransfers: [CurlTransfer] = []
    /// The transfers started with ``start(_:tag:)`` and not collected yet, by easy handle.
    private var started: [UnsafeMutableRawPointer: (tag: Int, transfer: CurlTransfer)] = [:]

    /// A client with its own connection cache.
    public init(configuration: HTTPClientConfiguration = HTTPClientConfiguration()) {
        self.configuration = configuration
        let multi = CurlGlobal.ensureInitialized() == nil ? curl_multi_init() : nil
        self.multi = multi
        loop = multi.flatMap { try? CurlEventLoop(multi: $0) }
    }

    deinit {
        if let multi {
            for handle in started.keys { curl_multi_remove_handle(multi, handle) }
        }
        started.removeAll()
        idleTransfers.removeAll()
        // Before the event loop goes: libcurl calls its socket callback while it closes the connections.
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
        limitConnections(connections, perHost: maxConnectionsPerHost)

        // At most `connections` transfers are added at once, so a huge batch does not allocate a
        // handle per request up front and no transfer's timeout runs while it waits in a queue.
        var next = requests.startIndex
        func startMore() {
            while started.count < connections, next < requests.endIndex {
                let index = next
                next += 1
                if let error = start(requests[index], tag: index) { results[index] = .failure(error) }
            }
        }

        startMore()
        while !started.isEmpty {
            let (completed, multiFailed, _) = step(multi, waitMilliseconds: 200, wakeDescriptor: nil)
            for (tag, result) in completed { results[tag] = result }
            if multiFailed { break }
            if Task.isCancelled {
                for handle in Array(started.keys) {
                    if let done = finishStarted(handle, multi, { transfer in
                        .failure(HTTPError(.cancelled, request: transfer.request ?? HTTPRequest(url: ""), detail: "the task was cancelled"))
                    }) { results[done.tag] = done.result }
                }
            }
            startMore()
        }

        return results.enumerated().map { index, result in
            result ?? .failure(HTTPError(.other, request: requests[index], detail: "the transfer did not finish"))
        }
    }
}

extension HTTPMultiClient {
    /// Sets the connection caps of the incremental interface: at most `maxConnections` open in total
    /// and `maxConnectionsPerHost` to one host (by default the same). The caller keeps at most
    /// `maxConnections` transfers started (``runningCount``), so none waits inside libcurl.
    public func limitConnections(_ maxConnections: Int, perHost maxConnectionsPerHost: Int? = nil) {
        guard let multi else { return }
        let connections = max(1, maxConnections)
        _ = leavenow_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, connections)
        _ = leavenow_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, max(1, maxConnectionsPerHost ?? connections))
        _ = leavenow_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, connections)
    }

    /// Transfers started with ``start(_:tag:)`` and not yet handed back by ``collect(waitMilliseconds:wakeDescriptor:)``.
    public var runningCount: Int { started.count }

    /// Starts `request` in the background, identified by `tag` in what ``collect(waitMilliseconds:wakeDescriptor:)``
    /// returns. The request's timeout runs from now. Returns the error when it could not be started
    /// (nothing is then running for `tag`).
    public func start(_ request: HTTPRequest, tag: Int) -> HTTPError? {
        guard let multi else { return CurlTransfer.unavailableError(for: request) }
        // Cancellation is checked by `perform` between waits, not by a progress callback per transfer.
        guard let transfer = idleTransfers.popLast() ?? CurlTransfer(configuration: configuration, loop: loop, checksCancellation: false) else {
            return CurlTransfer.unavailableError(for: request)
        }
        do {
            try transfer.prepare(request)
        } catch {
            idleTransfers.append(transfer)
            return error
        }
        let added = curl_multi_add_handle(multi, transfer.handle)
        guard added == CURLM_OK else {
            idleTransfers.append(transfer)
            return HTTPError(.other, request: request, detail: "curl_multi_add_handle: " + String(cString: curl_multi_strerror(added)))
        }
        started[transfer.handle] = (tag, transfer)
        return nil
    }

    /// Drives the running transfers and returns those that completed, with their tags. When none has
    /// completed yet it waits — at most `waitMilliseconds`, less when a transfer makes progress or
    /// `wakeDescriptor` (an `eventfd`, a pipe) becomes readable — and looks again. Returns an empty
    /// list when nothing completed in that time. With nothing running it only waits (for the
    /// descriptor or the time). The descriptor is not read: its owner drains it.
    public func collect(waitMilliseconds: Int32, wakeDescriptor: Int32? = nil) -> [(tag: Int, result: Result<HTTPResponse, HTTPError>)] {
        guard let multi else { return [] }
        let wait = Int64(max(0, waitMilliseconds))
        let start = Self.monotonicMilliseconds()
        var remaining = wait
        while true {
            let (completed, _, woken) = step(multi, waitMilliseconds: Int32(remaining), wakeDescriptor: wakeDescriptor)
            if !completed.isEmpty || woken { return completed }
            remaining = wait - (Self.monotonicMilliseconds() - start)
            if remaining <= 0 { return [] }
        }
    }

    /// Lets libcurl make progress: waits at most `waitMilliseconds` (less when a socket is ready,
    /// libcurl's next timeout is due or `wakeDescriptor` is readable), acts on what is ready, and
    /// returns the transfers that completed. A failing multi handle fails them all (`multiFailed`).
    private func step(_ multi: UnsafeMutableRawPointer, waitMilliseconds: Int32, wakeDescriptor: Int32?)
        -> (completed: [(tag: Int, result: Result<HTTPResponse, HTTPError>)], multiFailed: Bool, woken: Bool) {
        var woken = false
        var failure: String?
        if let loop {
            woken = loop.wait(milliseconds: waitMilliseconds, wakeDescriptor: wakeDescriptor)
            if let code = loop.takeFailure() { failure = "curl_multi_socket_action: " + String(cString: curl_multi_strerror(code)) }
        } else {
            if waitMilliseconds > 0 {
                var extra = curl_waitfd(fd: wakeDescriptor ?? -1, events: Int16(CURL_WAIT_POLLIN), revents: 0)
                let polled = wakeDescriptor == nil
                    ? curl_multi_poll(multi, nil, 0, waitMilliseconds, nil)
                    : curl_multi_poll(multi, &extra, 1, waitMilliseconds, nil)
                // A poll that fails (EINVAL, out of memory) would spin: pause as the caller asked.
                if polled != CURLM_OK { usleep(UInt32(min(waitMilliseconds, 100)) * 1_000) }
                woken = extra.revents != 0
            }
            var running: Int32 = 0
            let performed = started.isEmpty ? CURLM_OK : curl_multi_perform(multi, &running)
            if performed != CURLM_OK { failure = "curl_multi_perform: " + String(cString: curl_multi_strerror(performed)) }
        }
        var completed: [(tag: Int, result: Result<HTTPResponse, HTTPError>)] = []
        if let failure {
            for handle in Array(started.keys) {
                if let done = finishStarted(handle, multi, { transfer in
                    .failure(HTTPError(.other, request: transfer.request ?? HTTPRequest(url: ""), detail: failure))
                }) { completed.append(done) }
            }
            return (completed, true, woken)
        }
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
            let code = message.pointee.data.result
            if let done = finishStarted(handle, multi, { $0.finish(code) }) { completed.append(done) }
        }
        return (completed, false, woken)
    }

    private static func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// Takes a started transfer off the multi handle, back to the idle ones, with its outcome.
    private func finishStarted(_ handle: UnsafeMutableRawPointer, _ multi: UnsafeMutableRawPointer,
                               _ outcome: (CurlTransfer) -> Result<HTTPResponse, HTTPError>) -> (tag: Int, result: Result<HTTPResponse, HTTPError>)? {
        guard let entry = started.removeValue(forKey: handle) else { return nil }
        curl_multi_remove_handle(multi, handle)
        let result = outcome(entry.transfer)
        idleTransfers.append(entry.transfer)
        return (entry.tag, result)
    }
}

@available(*, unavailable, message: "HTTPMultiClient owns a libcurl multi handle: confine it to one thread or actor")
extension HTTPMultiClient: Sendable {}
