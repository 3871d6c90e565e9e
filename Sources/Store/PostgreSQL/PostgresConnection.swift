import Messages
import CLibPQ
import Foundation
import Secrets

/// One libpq connection to a PostgreSQL database, for `PostgresStore`:
///
/// - statements with parameters are prepared once per connection (`PQprepare`) and run with
///   `PQexecPrepared`; parameters travel as values, never written into the SQL text;
/// - a lost connection (the server restarted) is reset with backoff (``reconnectDelays``) before the
///   next statement outside a transaction; a read, `BEGIN` or an idempotent write that found the
///   connection lost is run again once on the new connection. Any other write, and everything
///   inside a transaction, fails instead: whether it happened is the caller's to find out;
/// - a server still down after that backoff is tried again at most once per ``downRetryDelays``
///   step (1 s, doubling to 30 s): statements in between fail at once — on every connection of the
///   process to the same URL (`PostgresServerHealth`) — so a stopped server costs one backoff, not
///   one per statement, connection and pass;
/// - errors name the URL without its password (``PostgresURL/redacted``), what was being done and
///   PostgreSQL's message; the password is never in one.
///
/// A connection is confined to the thread (or actor) that uses it: it is deliberately not `Sendable`.
public final class PostgresConnection {
    /// Where it connects; printed only as ``PostgresURL/redacted``.
    public let url: PostgresURL
    /// The waits before each attempt to reconnect after the connection was lost (the first at once).
    public var reconnectDelays = PostgresConnection.defaultReconnectDelays
    private var connection: OpaquePointer?
    /// Prepared statement names by SQL text, for the life of one session (cleared on reconnect).
    private var prepared: [String: String] = [:]
    private var transactionDepth = 0
    private let redaction: URLRedaction
    /// Statements sent to the server so far (each a round trip; a first `PQprepare` is one more):
    /// what the benchmarks count per notification.
    public private(set) var roundTrips = 0
    /// The waits between attempts once the reconnect backoff gave up (the last one repeats).
    public var downRetryDelays: [Duration] = [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(15), .seconds(30)]

    /// Connects to `url`; `password`, when given, replaces the URL's (a password from a secret reference).
    public init(url: PostgresURL, password: String? = nil) throws(StoreError) {
        self.url = url
        redaction = URLRedaction.standard.adding(secrets: [url.password, password].compactMap { $0 })
        let (keywords, values) = url.connectionParameters(applicationName: "leavenow", password: password)
        let connection = Self.withCStrings(keywords) { keywords in
            Self.withCStrings(values) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let connection else {
            throw StoreError(path: url.redacted, operation: Message(.storeConnecting), message: Message(.storeOutOfMemory), code: .connection)
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.errorMessage(connection)
            PQfinish(connection)
            throw StoreError(path: url.redacted, operation: Message(.storeConnecting),
                             message: .verbatim(redaction.redact(text: message)) + Self.hint(forConnectionFailure: message), code: .connection)
        }
        Self.silenceNotices(connection)
        self.connection = connection
    }

    /// What to fix when the server refused the login or the database, in the words of libpq's
    /// message (`; check the password …`); empty when the message names no such cause.
    static func hint(forConnectionFailure message: String) -> Message {
        if message.contains("password authentication failed") || message.contains("no password supplied") {
            return Message(.storeHintPassword)
        }
        if message.contains("database \"") && message.contains("does not exist") {
            return Message(.storeHintCreateDatabase)
        }
        if message.contains("role \"") && message.contains("does not exist") {
            return Message(.storeHintCreateRole)
        }
        if message.contains("no pg_hba.conf entry") {
            return Message(.storeHintPgHba)
        }
        if message.contains("Connection refused") || message.contains("No such file or directory") {
            return Message(.storeHintServerRunning)
        }
        return .empty
    }

    deinit {
        if let connection { PQfinish(connection) }
    }

    /// Closes the connection. Later calls throw a `.closed` error.
    public func close() {
        if let connection { PQfinish(connection) }
        connection = nil
        prepared = [:]
    }

    /// True while a transaction is open on this connection.
    public var isInTransaction: Bool { transactionDepth > 0 }

    // MARK: Statements

    /// Runs one or more `;`-separated statements without parameters (schema, `BEGIN`, `COMMIT`).
    /// `idempotent`: safe to run again if the connection was lost on the way.
    public func execute(_ sql: String, idempotent: Bool = false) throws(StoreError) {
        _ = try perform(sql, idempotent: idempotent) { connection in PQexec(connection, sql) }
    }

    /// Runs one statement with `arguments` (text, or nil for NULL) bound to its `$1`, `$2`, …;
    /// returns the number of rows it inserted, updated or deleted.
    @discardableResult
    public func run(_ sql: String, _ arguments: [String?] = [], idempotent: Bool = false) throws(StoreError) -> Int {
        try prepared(sql, arguments, idempotent: idempotent).changes
    }

    /// Runs one query with `arguments` bound and returns its rows. Reads are always `idempotent`.
    public func query(_ sql: String, _ arguments: [String?] = [], idempotent: Bool = true) throws(StoreError) -> [PostgresRow] {
        try prepared(sql, arguments, idempotent: idempotent).rows
    }

    /// Runs `body` in a transaction: all of it is committed, or — when `body` throws, or the commit
    /// fails — none of it, and the error is rethrown. Inside another transaction it becomes a
    /// savepoint, so a failing inner part is undone on its own.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        if transactionDepth > 0 {
            transactionDepth += 1
            defer { transactionDepth -= 1 }
            let name = "leavenow_\(transactionDepth)"
            try execute("SAVEPOINT \(name)")
            do {
                let value = try body()
                try execute("RELEASE SAVEPOINT \(name)")
                return value
            } catch {
                try? execute("ROLLBACK TO SAVEPOINT \(name)")
                throw error
            }
        }
        try execute("BEGIN", idempotent: true)
        transactionDepth = 1
        do {
            let value = try body()
            try execute("COMMIT")
            transactionDepth = 0
            return value
        } catch {
            transactionDepth = 0
            if let connection, PQstatus(connection) == CONNECTION_OK, PQtransactionStatus(connection) != PQTRANS_IDLE {
                PQclear(PQexec(connection, "ROLLBACK"))
            }
            throw error
        }
    }

    // MARK: Internals

    /// The outcome of one statement.
    private struct Outcome {
        var rows: [PostgresRow] = []
        var changes = 0
    }

    private func prepared(_ sql: String, _ arguments: [String?], idempotent: Bool) throws(StoreError) -> Outcome {
        // A C string ends at its first NUL: refuse such a value rather than store a shortened one.
        if let index = arguments.firstIndex(where: { value in value.map { $0.withCString { strlen($0) } != $0.utf8.count } ?? false }) {
            throw StoreError(path: url.redacted, operation: operation(sql),
                             message: Message(.storeNulInParameter, ["index": .number(index + 1)]),
                             code: .badValue)
        }
        return try perform(sql, idempotent: idempotent) { connection in
            let name: String
            if let known = prepared[sql] {
                name = known
            } else {
                name = "leavenow_\(prepared.count + 1)"
                roundTrips += 1
                let result = PQprepare(connection, name, sql, 0, nil)
                guard PQresultStatus(result) == PGRES_COMMAND_OK else { return result }
                PQclear(result)
                prepared[sql] = name
            }
            return Self.withCStrings(arguments) { values in
                PQexecPrepared(connection, name, Int32(arguments.count), values, nil, nil, 0)
            }
        }
    }

    /// Runs `send` (which returns libpq's result), reconnecting first when the connection is known
    /// to be lost, and once more after a loss when `idempotent` and outside a transaction.
    private func perform(_ sql: String, idempotent: Bool,
                         _ send: (OpaquePointer) -> OpaquePointer?) throws(StoreError) -> Outcome {
        guard let connection else {
            throw StoreError(path: url.redacted, operation: operation(sql), message: Message(.storeConnectionClosed), code: .closed)
        }
        if PQstatus(connection) != CONNECTION_OK {
            guard transactionDepth == 0 else { throw lost(sql, PQerrorMessage(connection)) }
            try reconnect()
        }
        var retried = false
        while true {
            roundTrips += 1
            let result = send(connection)
            defer { PQclear(result) }
            switch PQresultStatus(result) {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
                return Outcome(rows: rows(result), changes: Int(String(cString: PQcmdTuples(result))) ?? 0)
            default:
                guard PQstatus(connection) != CONNECTION_OK else { throw failure(sql, result) }
                // The connection was lost (the server restarted or went away).
                guard idempotent, transactionDepth == 0, !retried else {
                    var error = lost(sql, result.map { PQresultErrorMessage($0) } ?? PQerrorMessage(connection))
                    if sql == "COMMIT" { error.message += " (the transaction may or may not have been committed)" }
                    throw error
                }
                retried = true
                try reconnect()
            }
        }
    }

    /// True while the server is known to be down (the reconnect backoff gave up; not tried again yet).
    public var isServerDown: Bool { PostgresServerHealth.down(url.string) != nil }

    /// Resets the lost connection, waiting ``reconnectDelays`` between attempts; once that gave up,
    /// one attempt per ``downRetryDelays`` step, failing at once in between.
    private func reconnect() throws(StoreError) {
        guard let connection else { return }
        prepared = [:]
        if let known = PostgresServerHealth.down(url.string) {
            let now = Self.monotonicNanoseconds()
            guard now >= known.retryAt else {
                let seconds = Double(known.retryAt - now) / 1e9
                throw StoreError(path: url.redacted, operation: Message(.storeReconnecting),
                                 message: Message(.storeStillUnreachableFor, ["error": .text(known.error), "seconds": .text(String(format: "%.1f", seconds))]),
                                 code: .connection)
            }
            PQreset(connection)
            if PQstatus(connection) == CONNECTION_OK {
                Self.silenceNotices(connection)
                PostgresServerHealth.set(url.string, nil)
                return
            }
            let step = min(known.step + 1, downRetryDelays.count - 1)
            let error = redaction.redact(text: Self.errorMessage(connection))
            PostgresServerHealth.set(url.string, .init(retryAt: now + Self.nanoseconds(downRetryDelays[step]), step: step, error: error))
            throw StoreError(path: url.redacted, operation: Message(.storeReconnecting),
                             message: Message(.storeStillUnreachable, ["error": .text(error), "delay": .text("\(downRetryDelays[step])")]),
                             code: .connection)
        }
        var attempts = 0
        var waited = Duration.zero
        for delay in reconnectDelays {
            if delay > .zero { Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18) }
            attempts += 1
            waited += delay
            PQreset(connection)
            if PQstatus(connection) == CONNECTION_OK {
                Self.silenceNotices(connection)
                PostgresServerHealth.set(url.string, nil)
                return
            }
            // Another connection gave up meanwhile: the server is down; no need to wait it out here too.
            if PostgresServerHealth.down(url.string) != nil { break }
        }
        let error = redaction.redact(text: Self.errorMessage(connection))
        if let first = downRetryDelays.first, PostgresServerHealth.down(url.string) == nil {
            PostgresServerHealth.set(url.string, .init(retryAt: Self.monotonicNanoseconds() + Self.nanoseconds(first), step: 0, error: error))
        }
        throw StoreError(path: url.redacted, operation: Message(.storeReconnecting),
                         message: Message(.storeGaveUpAfter, [
                             "attempts": .number(attempts), "waited": .text("\(waited)"), "error": .text(error),
                             "next": .message(downRetryDelays.first.map { Message(.storeNextAttemptIn, ["delay": .text("\($0)")]) } ?? .empty),
                         ]),
                         code: .connection)
    }

    private static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    private static func nanoseconds(_ duration: Duration) -> UInt64 {
        UInt64(max(0, duration.components.seconds)) * 1_000_000_000 + UInt64(max(0, duration.components.attoseconds) / 1_000_000_000)
    }

    private func rows(_ result: OpaquePointer?) -> [PostgresRow] {
        guard let result else { return [] }
        let count = PQntuples(result)
        let columns = PQnfields(result)
        guard count > 0 else { return [] }
        var rows: [PostgresRow] = []
        rows.reserveCapacity(Int(count))
        for row in 0..<count {
            var values: [String?] = []
            values.reserveCapacity(Int(columns))
            for column in 0..<columns {
                values.append(PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column)))
            }
            rows.append(PostgresRow(values: values, source: url.redacted))
        }
        return rows
    }

    private func failure(_ sql: String, _ result: OpaquePointer?) -> StoreError {
        guard let result else {
            return StoreError(path: url.redacted, operation: operation(sql),
                              message: connection.map { .verbatim(redaction.redact(text: Self.errorMessage($0))) } ?? Message(.storeNoResult), code: .connection)
        }
        let sqlState = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
        let message = String(cString: PQresultErrorMessage(result)).trimmingCharacters(in: .whitespacesAndNewlines)
        return StoreError(path: url.redacted, operation: operation(sql), message: .verbatim(redaction.redact(text: message)),
                          code: .postgres(sqlState: sqlState))
    }

    private func lost(_ sql: String, _ message: UnsafePointer<CChar>?) -> StoreError {
        let text = message.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return StoreError(path: url.redacted, operation: operation(sql),
                          message: Message(.storeConnectionLost, ["detail": .text(text.isEmpty ? "" : ": " + redaction.redact(text: text))]),
                          code: .connection)
    }

    /// `executing "UPDATE outbox SET …"`: the statement's start, on one line.
    private func operation(_ sql: String) -> Message {
        let words = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return Message(.storeExecuting, ["sql": .text("\"" + (words.count > 60 ? words.prefix(60) + "…" : words) + "\"")])
    }

    private static func errorMessage(_ connection: OpaquePointer) -> String {
        String(cString: PQerrorMessage(connection)).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// libpq prints server notices (`table … already exists, skipping`) on stderr by default.
    private static func silenceNotices(_ connection: OpaquePointer) {
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
    }

    /// `strings` as a NULL-terminated array of C strings (nil elements stay NULL) for `body`.
    private static func withCStrings<T>(_ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
        let copies = strings.map { $0.flatMap { strdup($0) } }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { $0.map { UnsafePointer($0) } } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

@available(*, unavailable)
extension PostgresConnection: Sendable {}

extension PostgresConnection {
    /// The waits before each attempt to reconnect after a connection was lost (the first at once).
    public static let defaultReconnectDelays: [Duration] = [.zero, .milliseconds(100), .milliseconds(200), .milliseconds(400),
                                                            .milliseconds(800), .milliseconds(1_600), .milliseconds(3_200)]
}

extension PostgresURL {
    /// The `PQconnectdbParams` keywords and values of a connection to this URL: defaults first (the
    /// URL, expanded from `dbname`, may override them; the encoding it may not), then `password`
    /// when given, else the one given beside the URL (``replacingPassword(_:)``): it replaces the URL's.
    func connectionParameters(applicationName: String, password: String?) -> (keywords: [String], values: [String]) {
        var keywords = ["connect_timeout", "application_name", "dbname", "client_encoding"]
        var values = ["10", applicationName, string, "UTF8"]
        if let password = password ?? separatePassword {
            keywords.append("password")
            values.append(password)
        }
        return (keywords, values)
    }
}
