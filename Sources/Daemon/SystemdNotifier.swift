import Glibc
internal import CLinuxEvents
import Messages

/// Tells systemd about the worker's state with the `sd_notify` protocol: one datagram of
/// `KEY=value` lines to the unix socket named by `$NOTIFY_SOCKET` (a path, or `@name` in the
/// abstract namespace). Every call is a no-op when the variable is unset (run from a terminal).
///
/// The protocol is implemented here rather than linking libsystemd: it is a stable, documented
/// wire format (`man sd_notify`, "interface portability and stability"), the worker needs five
/// messages, and the binary then runs unchanged in a container without libsystemd and is tested
/// against a real socket.
public struct SystemdNotifier: Sendable {
    /// The socket messages go to; nil when `$NOTIFY_SOCKET` is unset or empty.
    public var socket: String? { address?.text }
    /// `$WATCHDOG_USEC` when the watchdog is on for this process (`WATCHDOG_PID` unset or ours).
    public let watchdogInterval: Duration?
    private let address: NotifySocketAddress?

    /// Reads `NOTIFY_SOCKET`, `WATCHDOG_USEC` and `WATCHDOG_PID` from `environment`.
    ///
    /// - Parameters:
    ///   - environment: the process environment (`ProcessInfo.processInfo.environment`), or a test's.
    ///   - processID: this process (compared with `WATCHDOG_PID`).
    /// - Throws: ``DaemonError/invalidEnvironment(name:value:reason:)`` for a malformed socket name
    ///   or watchdog interval, rather than silently never pinging and being killed by the watchdog.
    public init(environment: [String: String], processID: Int32 = getpid()) throws(DaemonError) {
        if let socket = environment["NOTIFY_SOCKET"], !socket.isEmpty {
            address = try NotifySocketAddress(socket)
        } else {
            address = nil
        }
        var watchdog: Duration?
        if let text = environment["WATCHDOG_USEC"], !text.isEmpty {
            guard let microseconds = Int64(text), microseconds > 0 else {
                throw .invalidEnvironment(name: "WATCHDOG_USEC", value: text, reason: Message(.daemonWatchdogMicroseconds))
            }
            watchdog = .microseconds(microseconds)
            if let pidText = environment["WATCHDOG_PID"], !pidText.isEmpty {
                guard let pid = Int32(pidText), pid > 0 else {
                    throw .invalidEnvironment(name: "WATCHDOG_PID", value: pidText, reason: Message(.daemonWatchdogPID))
                }
                if pid != processID { watchdog = nil }  // meant for another process (our parent)
            }
        }
        watchdogInterval = watchdog
    }

    /// True when messages are sent (`$NOTIFY_SOCKET` is set).
    public var isEnabled: Bool { address != nil }

    /// How often to call ``watchdog()``: half of ``watchdogInterval``, as `sd_watchdog_enabled` advises.
    public var watchdogPingInterval: Duration? { watchdogInterval.map { $0 / 2 } }

    /// `READY=1`: start-up (or a reload) finished.
    @discardableResult
    public func ready(status text: String? = nil) throws(DaemonError) -> Bool {
        try send(["READY=1"] + (text.map { ["STATUS=" + Self.singleLine($0)] } ?? []))
    }

    /// `STATUS=…`: one line shown by `systemctl status` (newlines become spaces).
    @discardableResult
    public func status(_ text: String) throws(DaemonError) -> Bool {
        try send(["STATUS=" + Self.singleLine(text)])
    }

    /// `WATCHDOG=1`: the worker loop is alive. Call it every ``watchdogPingInterval``.
    @discardableResult
    public func watchdog() throws(DaemonError) -> Bool {
        try send(["WATCHDOG=1"])
    }

    /// `STOPPING=1`: draining before exit.
    @discardableResult
    public func stopping(status text: String? = nil) throws(DaemonError) -> Bool {
        try send(["STOPPING=1"] + (text.map { ["STATUS=" + Self.singleLine($0)] } ?? []))
    }

    /// `RELOADING=1` with `MONOTONIC_USEC=` (the reload's start on `CLOCK_MONOTONIC`, which systemd
    /// ≥ 253 requires to match the reload to its request). Send ``ready(status:)`` when done.
    ///
    /// - Parameter monotonicMicroseconds: the reload's start; nil reads `CLOCK_MONOTONIC` now.
    @discardableResult
    public func reloading(monotonicMicroseconds: Int64? = nil) throws(DaemonError) -> Bool {
        let start = monotonicMicroseconds ?? SystemClocks.read(CLOCK_MONOTONIC) / 1000
        return try send(["RELOADING=1", "MONOTONIC_USEC=\(start)"])
    }

    /// `EXTEND_TIMEOUT_USEC=…`: asks for more time to start, reload or drain.
    @discardableResult
    public func extendTimeout(by duration: Duration) throws(DaemonError) -> Bool {
        let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        return try send(["EXTEND_TIMEOUT_USEC=\(microseconds)"])
    }

    /// Sends `assignments` (`KEY=value`, one per line) as one datagram.
    ///
    /// - Returns: false when notifications are off (`$NOTIFY_SOCKET` unset), true when sent.
    /// - Throws: ``DaemonError`` naming `socket` or `sendto` and the socket (e.g. systemd went away).
    @discardableResult
    public func send(_ assignments: [String]) throws(DaemonError) -> Bool {
        guard let address else { return false }
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .lastSystemCall("socket", "AF_UNIX") }
        defer { close(descriptor) }
        let message = Array((assignments.joined(separator: "\n") + "\n").utf8)
        let sent = address.withSocketAddress { socketAddress, length -> Int in
            message.withUnsafeBytes { bytes in
                var result: Int
                repeat {
                    result = sendto(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), socketAddress, length)
                } while result < 0 && Glibc.errno == EINTR
                return result
            }
        }
        guard sent >= 0 else { throw .lastSystemCall("sendto", address.text) }
        return true
    }

    private static func singleLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
