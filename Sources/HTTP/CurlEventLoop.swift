internal import CCurl
import Glibc

/// Drives a libcurl multi handle with `curl_multi_socket_action` on an epoll descriptor of its own:
/// libcurl says which sockets to watch (`CURLMOPT_SOCKETFUNCTION`) and when its next timeout is due
/// (`CURLMOPT_TIMERFUNCTION`); a wait is one `epoll_wait` and each ready socket is handed back to
/// libcurl alone — no `curl_multi_perform` over every transfer, no `poll` array rebuilt per wait.
///
/// A socket libcurl stops watching between two requests on a kept-alive connection stays on the
/// epoll, parked: the next request on it usually wants the same events, so a request costs no
/// `epoll_ctl` at all. Only connection sockets are parked — those opened through
/// `CURLOPT_OPENSOCKETFUNCTION` and closed through `CURLOPT_CLOSESOCKETFUNCTION` (``openSocket``,
/// ``closeSocket``, set on every easy handle of the multi), so the loop knows when one is closed and
/// a new socket with the same number is added again; libcurl's other sockets (a resolver's) leave
/// the epoll when libcurl stops watching them. A parked socket that reports an event (the server
/// closed the connection) is taken off. A caller's wake-up descriptor (an `eventfd`) can sit on the same epoll: its
/// readability ends a wait. Confined to the thread of its multi handle; the callbacks reach it through an unretained
/// pointer, valid while the owner (``HTTPMultiClient``) keeps it — the owner calls
/// `curl_multi_cleanup` before it lets the loop go.
final class CurlEventLoop {
    private let multi: UnsafeMutableRawPointer
    /// The epoll descriptor; -1 when it could not be made (then ``wait(milliseconds:wakeDescriptor:)`` only sleeps).
    private let epoll: Int32
    /// When libcurl wants `CURL_SOCKET_TIMEOUT`, in monotonic microseconds; nil: no timeout pending.
    private var deadline: Int64?
    /// The wake-up descriptor registered on the epoll, if any.
    private var registeredWake: Int32?
    /// The last `curl_multi_socket_action` failure, for the owner to report (then cleared).
    private(set) var failure: CURLMcode?
    /// What each socket (by descriptor) is registered for on the epoll; absent: not on it.
    private var watched: [Int32: Watch] = [:]
    /// The connection sockets libcurl opened through ``openSocket`` and has not closed.
    private var connections = Set<Int32>()
    private var readyDescriptors = [Int32](repeating: 0, count: Int(LEAVENOW_EPOLL_BATCH))
    private var readyEvents = [UInt32](repeating: 0, count: Int(LEAVENOW_EPOLL_BATCH))

    /// A socket on the epoll: the events registered, and whether libcurl still wants them.
    private struct Watch {
        var events: UInt32
        var parked: Bool
    }

    /// Takes over `multi`'s socket and timer callbacks. nil with the reason when no epoll descriptor
    /// can be made.
    init(multi: UnsafeMutableRawPointer) throws(CurlEventLoopError) {
        self.multi = multi
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw CurlEventLoopError("epoll_create1: \(String(cString: strerror(errno)))") }
        let context = Unmanaged.passUnretained(self).toOpaque()
        var code = leavenow_multi_setopt_socket_callback(multi) { _, socket, what, context, _ in
            guard let context else { return -1 }
            Unmanaged<CurlEventLoop>.fromOpaque(context).takeUnretainedValue().watch(socket, what: what)
            return 0
        }
        if code == CURLM_OK { code = leavenow_multi_setopt_pointer(multi, CURLMOPT_SOCKETDATA, context) }
        if code == CURLM_OK {
            code = leavenow_multi_setopt_timer_callback(multi) { _, milliseconds, context in
                guard let context else { return -1 }
                Unmanaged<CurlEventLoop>.fromOpaque(context).takeUnretainedValue().setTimer(milliseconds)
                return 0
            }
        }
        if code == CURLM_OK { code = leavenow_multi_setopt_pointer(multi, CURLMOPT_TIMERDATA, context) }
        guard code == CURLM_OK else {
            close(epoll)
            throw CurlEventLoopError("curl_multi_setopt (socket and timer callbacks): " + String(cString: curl_multi_strerror(code)))
        }
    }

    /// The owner cleans the multi handle up first (libcurl calls back while it closes the sockets).
    deinit {
        close(epoll)
    }

    /// Lets libcurl act on whatever is due now — its timeout when it has passed (a transfer just
    /// added asks for one at once) and every socket already ready — without waiting.
    func runDue() {
        _ = dispatch(waitMilliseconds: 0, wakeDescriptor: nil)
    }

    /// Waits at most `milliseconds` (less when libcurl's next timeout comes first, a socket becomes
    /// ready or `wakeDescriptor` becomes readable), then lets libcurl act on what is ready and due.
    /// Returns whether the wake-up descriptor was readable (it is not read: its owner drains it).
    @discardableResult
    func wait(milliseconds: Int32, wakeDescriptor: Int32?) -> Bool {
        dispatch(waitMilliseconds: max(0, milliseconds), wakeDescriptor: wakeDescriptor)
    }

    /// Takes the failure of the last socket action, if any.
    func takeFailure() -> CURLMcode? {
        defer { failure = nil }
        return failure
    }

    // MARK: - The loop

    private func dispatch(waitMilliseconds: Int32, wakeDescriptor: Int32?) -> Bool {
        registerWake(wakeDescriptor)
        var timeout = waitMilliseconds
        if let deadline {
            let remaining = (deadline - Self.nowMicroseconds() + 999) / 1_000
            timeout = Int32(clamping: max(0, min(Int64(timeout), remaining)))
        }
        var woken = false
        let count = readyDescriptors.withUnsafeMutableBufferPointer { descriptors in
            readyEvents.withUnsafeMutableBufferPointer { events in
                leavenow_epoll_wait(epoll, descriptors.baseAddress, events.baseAddress, Int32(descriptors.count), timeout)
            }
        }
        if count < 0, errno != EINTR {
            // A broken epoll would spin: pause as asked, and let the timeouts run.
            usleep(UInt32(max(0, min(waitMilliseconds, 100))) * 1_000)
        }
        for index in 0..<max(0, Int(count)) {
            let descriptor = readyDescriptors[index], events = readyEvents[index]
            if descriptor == wakeDescriptor {
                woken = true
                continue
            }
            if watched[descriptor]?.parked ?? false {
                // libcurl does not watch it: an idle connection closed by its server. Off the epoll
                // (level-triggered, it would end every wait); libcurl finds it dead on reuse.
                _ = leavenow_epoll_ctl(epoll, EPOLL_CTL_DEL, descriptor, 0)
                watched[descriptor] = nil
                continue
            }
            var flags: Int32 = 0
            if events & UInt32(EPOLLIN.rawValue) != 0 { flags |= CURL_CSELECT_IN }
            if events & UInt32(EPOLLOUT.rawValue) != 0 { flags |= CURL_CSELECT_OUT }
            if events & (UInt32(EPOLLERR.rawValue) | UInt32(EPOLLHUP.rawValue)) != 0 { flags |= CURL_CSELECT_ERR }
            act(on: descriptor, flags)
        }
        if let deadline, deadline <= Self.nowMicroseconds() {
            self.deadline = nil
            act(on: CURL_SOCKET_TIMEOUT, 0)
        }
        return woken
    }

    private func act(on socket: curl_socket_t, _ flags: Int32) {
        var running: Int32 = 0
        let code = curl_multi_socket_action(multi, socket, flags, &running)
        if code != CURLM_OK { failure = code }
    }

    /// Keeps `descriptor` (and no other wake-up descriptor) on the epoll: a readable descriptor
    /// nobody waits for would end every wait at once.
    private func registerWake(_ descriptor: Int32?) {
        guard descriptor != registeredWake else { return }
        if let registeredWake { _ = leavenow_epoll_ctl(epoll, EPOLL_CTL_DEL, registeredWake, 0) }
        registeredWake = nil
        guard let descriptor, descriptor >= 0 else { return }
        if leavenow_epoll_ctl(epoll, EPOLL_CTL_ADD, descriptor, UInt32(EPOLLIN.rawValue)) == 0 || errno == EEXIST {
            registeredWake = descriptor
        }
    }

    // MARK: - libcurl's callbacks

    /// `CURLMOPT_SOCKETFUNCTION`: watch `socket` for what libcurl asks, or park it.
    private func watch(_ socket: curl_socket_t, what: Int32) {
        if what == CURL_POLL_REMOVE {
            if connections.contains(socket) {
                watched[socket]?.parked = true
            } else {
                _ = leavenow_epoll_ctl(epoll, EPOLL_CTL_DEL, socket, 0)
                watched[socket] = nil
            }
            return
        }
        var events: UInt32 = 0
        if what & CURL_POLL_IN != 0 { events |= UInt32(EPOLLIN.rawValue) }
        if what & CURL_POLL_OUT != 0 { events |= UInt32(EPOLLOUT.rawValue) }
        if let known = watched[socket] {
            if known.events != events, leavenow_epoll_ctl(epoll, EPOLL_CTL_MOD, socket, events) != 0, errno == ENOENT {
                _ = leavenow_epoll_ctl(epoll, EPOLL_CTL_ADD, socket, events)
            }
        } else if leavenow_epoll_ctl(epoll, EPOLL_CTL_ADD, socket, events) != 0, errno == EEXIST {
            _ = leavenow_epoll_ctl(epoll, EPOLL_CTL_MOD, socket, events)
        }
        watched[socket] = Watch(events: events, parked: false)
    }

    /// A connection socket libcurl is about to close: closing takes it off the epoll.
    private func forget(_ socket: curl_socket_t) {
        watched[socket] = nil
        connections.remove(socket)
    }

    /// The pointer to pass as `CURLOPT_OPENSOCKETDATA` and `CURLOPT_CLOSESOCKETDATA` with
    /// ``openSocket`` and ``closeSocket``.
    var socketContext: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// `CURLOPT_OPENSOCKETFUNCTION` for the easy handles of this loop's multi handle (data:
    /// ``socketContext``): opens the socket as libcurl would (close-on-exec), noted as a connection.
    static let openSocket: curl_opensocket_callback = { context, _, address in
        guard let address else { return CURL_SOCKET_BAD }
        let socket = Glibc.socket(address.pointee.family, address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue),
                                  address.pointee.protocol)
        if socket >= 0, let context {
            let loop = Unmanaged<CurlEventLoop>.fromOpaque(context).takeUnretainedValue()
            loop.forget(socket)
            loop.connections.insert(socket)
        }
        return socket
    }

    /// `CURLOPT_CLOSESOCKETFUNCTION` for the same handles: forgets the socket, then closes it.
    static let closeSocket: curl_closesocket_callback = { context, socket in
        if let context { Unmanaged<CurlEventLoop>.fromOpaque(context).takeUnretainedValue().forget(socket) }
        return close(socket)
    }

    /// `CURLMOPT_TIMERFUNCTION`: call `CURL_SOCKET_TIMEOUT` in `milliseconds` (-1: never).
    private func setTimer(_ milliseconds: Int) {
        deadline = milliseconds < 0 ? nil : Self.nowMicroseconds() + Int64(milliseconds) * 1_000
    }

    private static func nowMicroseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000
    }
}

/// Why the multi handle could not be put on an epoll descriptor.
struct CurlEventLoopError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
