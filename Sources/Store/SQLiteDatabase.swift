internal import CSQLite
import Foundation
import Messages
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One connection to an SQLite database file, configured for a long-running worker:
///
/// - a new file is created with mode 0600 before SQLite opens it (SQLite gives its `-wal` and `-shm`
///   files the database file's mode, so they are 0600 too). An existing file keeps its mode: the
///   owner may have chosen it; `leavenow` never widens or narrows it behind their back;
/// - `busy_timeout`: a writer that finds the file locked by another connection or process waits
///   (up to `busyTimeout`) instead of failing at once;
/// - `journal_mode=WAL`: readers never block the writer and the writer never blocks readers;
/// - `synchronous=NORMAL`: in WAL mode a commit is durable once it returns as far as a *process*
///   crash is concerned (the WAL is written before COMMIT returns, and the OS keeps it); only a power
///   loss or kernel crash may lose the last few commits (never corrupt the file), because the WAL is
///   synced at checkpoints rather than at every commit. That is the trade the outbox accepts: an
///   fsync per commit would cost more than the notifications are worth;
/// - checkpoints run on a thread of their own (`SQLiteCheckpointer`), not inside the commit that
///   takes the WAL past 1,000 pages;
/// - write transactions start with `BEGIN IMMEDIATE`, so they take the write lock (or wait for it)
///   up front instead of failing half-way when a read turns into a write.
///
/// Prepared statements are cached by SQL text for the life of the connection.
/// A connection is confined to the thread (or actor) that uses it: it is deliberately not `Sendable`.
public final class SQLiteDatabase {
    /// The file this connection opened (`:memory:` for an in-memory database).
    public let path: String
    private var handle: OpaquePointer?
    private var statements: [String: SQLiteStatement] = [:]
    private var savepointDepth = 0
    /// Runs this file's WAL checkpoints (nil in memory); released when the connection closes.
    private var checkpointer: SQLiteCheckpointer?

    private init(path: String, handle: OpaquePointer) {
        self.path = path
        self.handle = handle
    }

    deinit {
        close()
    }

    /// Opens (creating if needed, mode 0600) the database at `path` and configures it: busy timeout,
    /// WAL, `synchronous=NORMAL`, foreign keys. The directory must exist. A file or directory this
    /// process may not write fails with who owns it and what to do (``StateFileAccess``).
    ///
    /// `readOnly` opens an existing file for reading only (`status` run by another user on a state
    /// it may read): nothing is created or configured; when SQLite cannot share the WAL's index
    /// (no `-shm` file, and none may be created), the file is read as it is on disk (`immutable`):
    /// a worker that is not running has left everything in it.
    public static func open(path: String, busyTimeout: Duration = .seconds(5), readOnly: Bool = false) throws(StoreError) -> SQLiteDatabase {
        _ = configured
        let inMemory = path == ":memory:"
        if readOnly, !inMemory { return try openReadOnly(path: path, busyTimeout: busyTimeout) }
        if !inMemory {
            try createFile(path)
        }
        var raw: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &raw, flags, nil)
        guard rc == SQLITE_OK, let opened = raw else {
            let message = raw.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
                ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close_v2(raw)
            throw StoreError(path: path, operation: Message(.storeOpening),
                             message: StateFileAccess.writeProblem(path) ?? .verbatim(message), code: .sqlite(rc))
        }
        sqlite3_extended_result_codes(opened, 1)
        let database = SQLiteDatabase(path: path, handle: opened)
        database.busyTimeout = busyTimeout
        let (seconds, attoseconds) = busyTimeout.components
        let microseconds = max(0, min(Int64(Int32.max) * 1_000, seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
        sqlite3_busy_handler(opened, busyHandler, UnsafeMutableRawPointer(bitPattern: Int(microseconds)))
        do {
            let mode = try database.query("PRAGMA journal_mode = WAL") { row in try row.text(0) }.first ?? ""
            if !inMemory, mode.lowercased() != "wal" {
                throw StoreError(path: path, operation: Message(.storeEnablingWAL),
                                 message: Message(.storeJournalMode, ["mode": .text("\"\(mode)\"")]), code: .sqlite(SQLITE_CANTOPEN))
            }
            // A WAL past `journal_size_limit` is cut back to it when it restarts (see SQLiteCheckpointer).
            try database.execute("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA journal_size_limit = 16777216;")
        } catch var error as StoreError {
            // A read-only file, or a directory where the journal cannot be created: say whose it is.
            if case .sqlite(let rc) = error.code, [SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM].contains(rc & 0xff),
               let problem = StateFileAccess.writeProblem(path) {
                error = StoreError(path: path, operation: Message(.storeOpening), message: problem, code: error.code)
            }
            throw error
        } catch {
            throw StoreError(path: path, operation: Message(.storeConfiguring), message: .verbatim("\(error)"), code: .badValue)
        }
        if !inMemory {
            // Checkpoints on a thread of their own instead of inside a commit (replaces the auto-checkpoint).
            let checkpointer = SQLiteCheckpointer.acquire(path: path)
            database.checkpointer = checkpointer
            sqlite3_wal_hook(opened, SQLiteCheckpointer.hook, Unmanaged.passUnretained(checkpointer).toOpaque())
        }
        return database
    }

    /// ``open(path:busyTimeout:readOnly:)`` for reading: `mode=ro`, else `immutable=1` when the WAL
    /// index cannot be opened; the first read is tried here so that a failure says why.
    private static func openReadOnly(path: String, busyTimeout: Duration) throws(StoreError) -> SQLiteDatabase {
        var lastError: StoreError?
        for parameter in ["mode=ro", "immutable=1"] {
            var raw: OpaquePointer?
            let rc = sqlite3_open_v2("file:" + uriPath(path) + "?" + parameter, &raw, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
            guard rc == SQLITE_OK, let opened = raw else {
                let message = raw.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
                sqlite3_close_v2(raw)
                throw StoreError(path: path, operation: Message(.storeOpening), message: StateFileAccess.readProblem(path) ?? .verbatim(message),
                                 code: .sqlite(rc))
            }
            sqlite3_extended_result_codes(opened, 1)
            let database = SQLiteDatabase(path: path, handle: opened)
            database.busyTimeout = busyTimeout
            let (seconds, attoseconds) = busyTimeout.components
            let microseconds = max(0, min(Int64(Int32.max) * 1_000, seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
            sqlite3_busy_handler(opened, busyHandler, UnsafeMutableRawPointer(bitPattern: Int(microseconds)))
            do {
                _ = try database.query("SELECT count(*) FROM sqlite_master") { row in try row.int64(0) }
                return database
            } catch let error as StoreError {
                lastError = error
                database.close()
            } catch {
                database.close()
            }
        }
        throw StoreError(path: path, operation: Message(.storeOpening),
                         message: StateFileAccess.readProblem(path) ?? lastError?.messageText ?? .verbatim("cannot read"), code: lastError?.code ?? .badValue)
    }

    /// `path` for a `file:` URI: `%`, `?` and `#` escaped.
    private static func uriPath(_ path: String) -> String {
        var result = ""
        for character in path {
            switch character {
            case "%": result += "%25"
            case "?": result += "%3f"
            case "#": result += "%23"
            default: result.append(character)
            }
        }
        return result
    }

    /// How long a writer waits for another connection's write lock before it fails (`SQLITE_BUSY`).
    public private(set) var busyTimeout: Duration = .zero

    /// The busy handler (context: the busy timeout in microseconds, as the pointer's bits): waits
    /// 50 µs, then twice as long each time up to 1 ms, until the timeout has passed in all. SQLite's
    /// own (`sqlite3_busy_timeout`) sleeps 1, 2, 5, 10, 15, 20, 25 ms…: a writer that finds another
    /// connection committing (the worker's deciding thread, for a fraction of a millisecond) would
    /// sleep a millisecond or more — the outbox's sender, with every request of its pool waiting.
    private static let busyHandler: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32 = { context, count in
        let timeout = Int64(Int(bitPattern: context))
        let attempt = Int64(max(0, count))
        // Waited so far: 50 + 100 + 200 + 400 + 800 µs for the first five, then 1 ms each.
        let waited = attempt <= 5 ? 50 * ((1 << attempt) - 1) : 1_550 + (attempt - 5) * 1_000
        guard waited < timeout else { return 0 }
        let delay = attempt < 5 ? 50 << attempt : 1_000
        usleep(UInt32(min(Int64(delay), timeout - waited)))
        return 1
    }

    /// SQLite's process-wide settings, made once before the first connection: no memory statistics
    /// (nothing reads them, and they cost a global mutex per allocation).
    private static let configured: Void = {
        _ = leavenow_sqlite_disable_memory_statistics()
    }()

    /// Creates `path` with mode 0600 unless it exists (another process may create it at the same time).
    private static func createFile(_ path: String) throws(StoreError) {
        let descriptor = openFile(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            // The umask may have removed bits; 0600 is exactly what we want.
            let failed = fchmod(descriptor, 0o600) != 0
            let savedErrno = errno
            _ = closeFile(descriptor)
            if failed { throw fileError(path, Message(.storeSettingMode), savedErrno) }
        } else if errno != EEXIST {
            let number = errno
            if let problem = StateFileAccess.writeProblem(path) {
                throw StoreError(path: path, operation: Message(.storeCreatingFile), message: problem, code: .file(errno: number))
            }
            throw fileError(path, Message(.storeCreatingFile), number)
        }
    }

    private static func fileError(_ path: String, _ operation: Message, _ number: Int32) -> StoreError {
        StoreError(path: path, operation: operation, message: .verbatim(String(cString: strerror(number))), code: .file(errno: number))
    }

    /// Finalizes the cached statements and closes the connection. Later calls throw a `.closed` error.
    public func close() {
        statements.removeAll()
        if let handle {
            sqlite3_close_v2(handle)
        }
        handle = nil
        // After the connection: its WAL hook may not call a checkpointer that stopped.
        checkpointer?.release()
        checkpointer = nil
    }

    // MARK: Statements

    /// Runs one or more `;`-separated statements without parameters (schema, pragmas).
    public func execute(_ sql: String) throws {
        let connection = try live(Message(.storeExecuting, ["sql": .text(Self.quoted(sql))]))
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(connection, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard rc == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            throw StoreError(path: path, operation: Message(.storeExecuting, ["sql": .text(Self.quoted(sql))]), message: .verbatim(text), code: .sqlite(rc))
        }
    }

    /// Runs one statement with `arguments` bound to its `?` parameters, ignoring any rows;
    /// returns the number of rows it inserted, updated or deleted.
    @discardableResult
    public func run(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> Int {
        try withStatement(sql, arguments) { statement in
            while try step(statement) {}
            return Int(sqlite3_changes(statement.database))
        }
    }

    /// Runs one query with `arguments` bound and returns `row` applied to each result row.
    public func query<Row>(_ sql: String, _ arguments: [SQLiteValue] = [],
                           _ row: (SQLiteRow) throws -> Row) throws -> [Row] {
        try withStatement(sql, arguments) { statement in
            var rows: [Row] = []
            let current = SQLiteRow(statement: statement.handle, path: path, sql: sql)
            while try step(statement) {
                rows.append(try row(current))
            }
            return rows
        }
    }

    /// The rowid of the last row inserted through this connection.
    public var lastInsertRowID: Int64 {
        handle.map { sqlite3_last_insert_rowid($0) } ?? 0
    }

    // MARK: Transactions

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`): all of it is committed, or — when
    /// `body` throws, or the commit fails — none of it, and the error is rethrown. Inside another
    /// transaction it becomes a savepoint, so a failing inner part is undone on its own.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        let connection = try live(Message(.storeBeginning))
        if sqlite3_get_autocommit(connection) == 0 {
            let name = "leavenow_\(savepointDepth)"
            savepointDepth += 1
            defer { savepointDepth -= 1 }
            try execute("SAVEPOINT \(name)")
            do {
                let value = try body()
                try execute("RELEASE \(name)")
                return value
            } catch {
                try? execute("ROLLBACK TO \(name)")
                try? execute("RELEASE \(name)")
                throw error
            }
        }
        try run("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try run("COMMIT")
            return value
        } catch {
            if sqlite3_get_autocommit(connection) == 0 {
                _ = try? run("ROLLBACK")
            }
            throw error
        }
    }

    /// True while a transaction is open on this connection.
    public var isInTransaction: Bool {
        handle.map { sqlite3_get_autocommit($0) == 0 } ?? false
    }

    // MARK: Internals

    /// The cached statement for `sql` (prepared on first use), bound to `arguments`, for `body`;
    /// reset afterwards. A nested use of the same SQL gets a fresh statement.
    private func withStatement<T>(_ sql: String, _ arguments: [SQLiteValue],
                                  _ body: (SQLiteStatement) throws -> T) throws -> T {
        let statement: SQLiteStatement
        if let cached = statements[sql] {
            statement = cached.inUse ? try prepare(sql, persistent: false) : cached
        } else {
            statement = try prepare(sql, persistent: true)
            statements[sql] = statement
        }
        statement.inUse = true
        defer {
            statement.clear()
            statement.inUse = false
        }
        let rc = statement.bind(arguments)
        guard rc == SQLITE_OK else { throw error(rc, Message(.storeBinding, ["count": .number(arguments.count), "sql": .text(Self.quoted(sql))])) }
        return try body(statement)
    }

    private func prepare(_ sql: String, persistent: Bool) throws -> SQLiteStatement {
        let connection = try live(Message(.storePreparing, ["sql": .text(Self.quoted(sql))]))
        var raw: OpaquePointer?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let rc = sqlite3_prepare_v3(connection, sql, -1, flags, &raw, nil)
        guard rc == SQLITE_OK, let prepared = raw else {
            sqlite3_finalize(raw)
            throw error(rc == SQLITE_OK ? SQLITE_MISUSE : rc, Message(.storePreparing, ["sql": .text(Self.quoted(sql))]))
        }
        return SQLiteStatement(sql: sql, handle: prepared)
    }

    /// Steps `statement`: true for a row, false when done.
    private func step(_ statement: SQLiteStatement) throws(StoreError) -> Bool {
        switch sqlite3_step(statement.handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let rc: throw error(rc, Message(.storeExecuting, ["sql": .text(Self.quoted(statement.sql))]))
        }
    }

    private func live(_ operation: Message) throws(StoreError) -> OpaquePointer {
        guard let handle else {
            throw StoreError(path: path, operation: operation, message: Message(.storeClosed), code: .closed)
        }
        return handle
    }

    private func error(_ rc: Int32, _ operation: Message) -> StoreError {
        let message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
        return StoreError(path: path, operation: operation, message: .verbatim(message), code: .sqlite(rc))
    }

    /// SQL for messages: one line, whitespace collapsed, at most 80 characters, in quotes.
    static func quoted(_ sql: String) -> String {
        let flat = sql.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return "\"" + (flat.count > 80 ? flat.prefix(77) + "…" : flat) + "\""
    }
}

extension SQLiteStatement {
    /// The connection the statement belongs to.
    var database: OpaquePointer? { sqlite3_db_handle(handle) }
}

@available(*, unavailable)
extension SQLiteDatabase: Sendable {}

// `open` and `close` by their module: inside `SQLiteDatabase` the names are its own methods.
#if canImport(Glibc)
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Glibc.open(path, flags, mode) }
private func closeFile(_ descriptor: Int32) -> Int32 { Glibc.close(descriptor) }
#elseif canImport(Darwin)
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Darwin.open(path, flags, mode) }
private func closeFile(_ descriptor: Int32) -> Int32 { Darwin.close(descriptor) }
#endif
