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
/// libcurl is touched at the first transfer, not before: making a client (a worker's dispatcher, its
/// source fetcher) loads nothing, so a process that never fetches or sends never loads libcurl and
/// the ~8 MB of libraries it brings (OpenSSL, GnuTLS, Kerberos, LDAP, …; see `Sources/CLazyLibraries`).
/// Waiting in ``collect(waitMilliseconds:wakeDescriptor:)`` before then is a `poll` on the wake-up
/// descriptor.
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
    /// The multi handle, made by ``multiHandle()`` at the first transfer; nil before then, or when
    /// libcurl could not make one.
    private var multi: UnsafeMutableRawPointer?
    /// Whether ``multiHandle()`` has run (once: a libcurl that failed is not asked again).
    private var multiAttempted = false
    /// The multi handle's epoll; nil when none could be made (then `curl_multi_perform` + `curl_multi_poll`).
    private var loop: CurlEventLoop?
    /// The caps of ``limitConnections(_:perHost:)``, applied to the multi handle when it is made.
    private var connectionCaps: (total: Int, perHost: Int)?
    private var idleTransfers: [CurlTransfer] = []
    /// The transfers started with ``start(_:tag:)`` and not collected yet, by easy handle.
    private var started: [UnsafeMutableRawPointer: (tag: Int, transfer: CurlTransfer)] = [:]

    /// A client with its own connection cache. libcurl is initialised at the first transfer.
    public init(configuration: HTTPClientConfiguration = HTTPClientConfiguration()) {
        self.configuration = configuration
    }

    /// Whether libcurl has been asked for the multi handle yet: false until the first transfer.
    public var hasAskedLibcurl: Bool { multiAttempted }

    /// The multi handle, made on the first call (with its event loop and the connection caps set so
    /// far); nil when libcurl cannot initialise or make one.
    private func multiHandle() -> UnsafeMutableRawPointer? {
        guard !multiAttempted else { return multi }
        multiAttempted = true
        guard CurlGlobal.ensureInitialized() == nil, let made = curl_multi_init() else { return nil }
        multi = made
        loop = try? CurlEventLoop(multi: made)
        if let connectionCaps { apply(connectionCaps, to: made) }
        return made
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
        guard !requests.isEmpty else { return [] }
        guard let multi = multiHandle() else {
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
    /// Before the first transfer the caps are kept and set when the multi handle is made.
    public func limitConnections(_ maxConnections: Int, perHost maxConnectionsPerHost: Int? = nil) {
        let connections = max(1, maxConnections)
        let caps = (total: connections, perHost: max(1, maxConnectionsPerHost ?? connections))
        connectionCaps = caps
        if let multi { apply(caps, to: multi) }
    }

    private func apply(_ caps: (total: Int, perHost: Int), to multi: UnsafeMutableRawPointer) {
        _ = leavenow_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, caps.total)
        _ = leavenow_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, caps.perHost)
        _ = leavenow_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, caps.total)
    }

    /// Transfers started with ``start(_:tag:)`` and not yet handed back by ``collect(waitMilliseconds:wakeDescriptor:)``.
    public var runningCount: Int { started.count }

    /// Starts `request` in the background, identified by `tag` in what ``collect(waitMilliseconds:wakeDescriptor:)``
    /// returns. The request's timeout runs from now. Returns the error when it could not be started
    /// (nothing is then running for `tag`).
    public func start(_ request: HTTPRequest, tag: Int) -> HTTPError? {
        guard let multi = multiHandle() else { return CurlTransfer.unavailableError(for: request) }
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
        // No multi handle: nothing was ever started (or libcurl is missing). Wait without libcurl.
        guard let multi else { return Self.waitWithoutTransfers(waitMilliseconds, wakeDescriptor: wakeDescriptor) }
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

    /// Waits at most `milliseconds`, less when `wakeDescriptor` becomes readable (not read).
    private static func waitWithoutTransfers(_ milliseconds: Int32, wakeDescriptor: Int32?) -> [(tag: Int, result: Result<HTTPResponse, HTTPError>)] {
        var descriptor = pollfd(fd: wakeDescriptor ?? -1, events: Int16(POLLIN), revents: 0)
        // A signal (EINTR) ends the wait early, as a wake-up would: the caller looks again.
        _ = poll(&descriptor, 1, max(0, milliseconds))
        return []
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
