import Messages
import CLibPQ
import Foundation
import Glibc
import Secrets

/// A connection of its own that `LISTEN`s on ``PostgresStore/notifyChannel``: ``wait(milliseconds:wakeDescriptor:)``
/// blocks in `poll(2)` on the server's socket (`PQsocket`) — no polling loop — until a worker queues
/// something (its `NOTIFY`, sent at commit), another descriptor becomes readable, or the time is up.
///
/// A lost connection (the server restarted) is reset with backoff and `LISTEN` issued again; a wait
/// that found the connection lost answers ``Wake/notified`` once it is back (something may have been
/// queued meanwhile, unheard). Errors name the URL without its password.
///
/// Confined to one thread: deliberately not `Sendable`.
public final class PostgresListener {
    /// Why a wait ended.
    public enum Wake: Sendable, Equatable {
        /// At least one `NOTIFY` arrived (or the connection came back after a loss).
        case notified
        /// The other descriptor became readable.
        case woken
        /// The time was up.
        case timeout
    }

    /// Where it listens; printed only as ``PostgresURL/redacted``.
    public let url: PostgresURL
    /// The waits before each attempt to reconnect after the connection was lost.
    public var reconnectDelays = PostgresConnection.defaultReconnectDelays
    private var connection: OpaquePointer?
    private let keywords: [String]
    private let values: [String]
    private let redaction: URLRedaction

    /// Connects to `url` (`password` replaces the URL's) and listens.
    public init(url: PostgresURL, password: String? = nil) throws(StoreError) {
        self.url = url
        redaction = URLRedaction.standard.adding(secrets: [url.password, password].compactMap { $0 })
        (keywords, values) = url.connectionParameters(applicationName: "leavenow-listener", password: password)
        try connect()
    }

    deinit {
        if let connection { PQfinish(connection) }
    }

    /// Closes the connection; later waits throw.
    public func close() {
        if let connection { PQfinish(connection) }
        connection = nil
    }

    /// Waits until a notification, `wakeDescriptor` readable (not drained here), or `milliseconds`
    /// (-1: no limit).
    ///
    /// - Throws: `StoreError` when the connection is closed, or lost and not back after ``reconnectDelays``.
    public func wait(milliseconds: Int32, wakeDescriptor: Int32? = nil) throws(StoreError) -> Wake {
        guard let connection else {
            throw StoreError(path: url.redacted, operation: Message(.storeListening), message: Message(.storeListenerClosed), code: .closed)
        }
        if PQstatus(connection) != CONNECTION_OK {
            try reconnect()
            return .notified
        }
        if drainNotifications(connection) { return .notified }
        let deadline = milliseconds < 0 ? nil : monotonicMilliseconds() + Int64(milliseconds)
        // Input that is not a notification (a server's goodbye before it closes) waits on; ends by
        // the deadline, a notification, the other descriptor, or the connection found lost.
        while true {
            let left = deadline.map { Int32(clamping: max(0, $0 - monotonicMilliseconds())) } ?? -1
            var descriptors = [pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0)]
            if let wakeDescriptor { descriptors.append(pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)) }
            let ready = descriptors.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), left) }
            if ready < 0 {
                if errno == EINTR { continue }
                throw StoreError(path: url.redacted, operation: Message(.storeWaitingForNotifications), message: .verbatim(String(cString: strerror(errno))),
                                 code: .connection)
            }
            if descriptors[0].revents != 0 {
                if PQconsumeInput(connection) == 0 || PQstatus(connection) != CONNECTION_OK {
                    try reconnect()
                    return .notified
                }
                if drainNotifications(connection) { return .notified }
            }
            if descriptors.count > 1, descriptors[1].revents != 0 { return .woken }
            if ready == 0 || left == 0 { return .timeout }
        }
    }

    private func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// Takes every notification libpq has read; true when there was one.
    private func drainNotifications(_ connection: OpaquePointer) -> Bool {
        var any = false
        while let notification = PQnotifies(connection) {
            PQfreemem(notification)
            any = true
        }
        return any
    }

    private func connect() throws(StoreError) {
        let connection = Self.withCStrings(keywords) { keywords in
            Self.withCStrings(values) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let connection else {
            throw StoreError(path: url.redacted, operation: Message(.storeConnectingListener), message: Message(.storeOutOfMemory), code: .connection)
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.errorMessage(connection)
            PQfinish(connection)
            throw StoreError(path: url.redacted, operation: Message(.storeConnectingListener), message: .verbatim(redaction.redact(text: message)),
                             code: .connection)
        }
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        self.connection = connection
        try listen(connection)
    }

    private func listen(_ connection: OpaquePointer) throws(StoreError) {
        let result = PQexec(connection, "LISTEN \(PostgresStore.notifyChannel)")
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_COMMAND_OK else {
            throw StoreError(path: url.redacted, operation: "LISTEN \(PostgresStore.notifyChannel)",
                             message: redaction.redact(text: Self.errorMessage(connection)), code: .connection)
        }
    }

    /// Resets the lost connection (waiting ``reconnectDelays`` between attempts) and listens again.
    private func reconnect() throws(StoreError) {
        guard let connection else { return }
        for delay in reconnectDelays {
            if delay > .zero { Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18) }
            PQreset(connection)
            if PQstatus(connection) == CONNECTION_OK, (try? listen(connection)) != nil { return }
        }
        throw StoreError(path: url.redacted, operation: Message(.storeReconnectingListener),
                         message: Message(.storeListenerGaveUp, ["count": .number(reconnectDelays.count),
                                                                 "error": .text(redaction.redact(text: Self.errorMessage(connection)))]),
                         code: .connection)
    }

    private static func errorMessage(_ connection: OpaquePointer) -> String {
        String(cString: PQerrorMessage(connection)).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `strings` as a NULL-terminated array of C strings for `body`.
    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { $0.map { UnsafePointer($0) } } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

@available(*, unavailable)
extension PostgresListener: Sendable {}
