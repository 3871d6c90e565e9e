internal import CSQLite
import Foundation
import Synchronization

/// Runs the WAL checkpoints of one database file on a thread of its own, off the writers' path.
///
/// SQLite's own auto-checkpoint runs inside the commit that takes the WAL past 1,000 pages: that
/// commit copies the pages into the database file and waits for two `fdatasync`s (~4 ms each on
/// this machine's disk) — a stall of the thread that committed (the outbox's sender recording an
/// answer: every connection of its pool waits), about once per thousand pages written. Here the
/// commit only asks (``request()``): this thread, with a connection of its own, runs a `PASSIVE`
/// checkpoint (it never blocks a writer or a reader) while the writers go on.
///
/// Nothing about durability changes: a commit is in the WAL when it returns, as before
/// (`synchronous=NORMAL`); a checkpoint only decides when the WAL's pages are copied into the
/// database file. One checkpointer per file in a process, shared by its connections (the worker's
/// deciding and sending threads), ended with the last of them.
final class SQLiteCheckpointer: Sendable {
    /// The WAL size (pages) at which a commit asks for a checkpoint: SQLite's default auto-checkpoint.
    static let requestPages: Int32 = 1_000
    /// The WAL size (pages) at which a commit checkpoints itself, as SQLite would: the background
    /// checkpoints let the WAL grow while writers keep appending (it restarts from its beginning
    /// only once a checkpoint has caught up); this bounds it (~64 MiB with 4 KiB pages).
    static let inlinePages: Int32 = 16_000

    let path: String
    private struct State {
        var requested = false
        var stopping = false
        var users = 0
    }
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    private static let registry = Mutex<[String: SQLiteCheckpointer]>([:])

    private init(path: String) {
        self.path = path
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "leavenow-checkpoint"
        thread.start()
    }

    /// The checkpointer of `path`, counted as used once more (``release()`` when the connection closes).
    static func acquire(path: String) -> SQLiteCheckpointer {
        registry.withLock { registry in
            let checkpointer = registry[path] ?? SQLiteCheckpointer(path: path)
            registry[path] = checkpointer
            checkpointer.state.withLock { $0.users += 1 }
            return checkpointer
        }
    }

    /// One user fewer; the last one stops the thread and waits for it (its connection closed).
    func release() {
        let last = Self.registry.withLock { registry in
            let remaining = state.withLock { state in
                state.users -= 1
                if state.users == 0 { state.stopping = true }
                return state.users
            }
            if remaining == 0 { registry[path] = nil }
            return remaining == 0
        }
        guard last else { return }
        wake.signal()
        finished.wait()
    }

    /// Asks for a checkpoint soon (requests made while one is pending are one).
    func request() {
        let signal = state.withLock { state in
            defer { state.requested = true }
            return !state.requested
        }
        if signal { wake.signal() }
    }

    private func run() {
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        while true {
            wake.wait()
            let stopping = state.withLock { state in
                state.requested = false
                return state.stopping
            }
            if stopping { return }
            if connection == nil {
                var opened: OpaquePointer?
                guard sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK else {
                    // The writers' own inline checkpoint (``inlinePages``) still bounds the WAL.
                    sqlite3_close_v2(opened)
                    continue
                }
                // A new connection is not in WAL mode until it has read the file (a checkpoint
                // before that does nothing).
                guard sqlite3_exec(opened, "PRAGMA journal_mode; PRAGMA synchronous = NORMAL;", nil, nil, nil) == SQLITE_OK else {
                    sqlite3_close_v2(opened)
                    continue
                }
                connection = opened
            }
            _ = sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        }
    }

    /// The `sqlite3_wal_hook` of a connection whose context is its checkpointer: called after each
    /// commit with the WAL's size in pages.
    static let hook: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32 = {
        context, connection, database, pages in
        guard let context else { return SQLITE_OK }
        if pages >= inlinePages {
            _ = sqlite3_wal_checkpoint_v2(connection, database, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        } else if pages >= requestPages {
            Unmanaged<SQLiteCheckpointer>.fromOpaque(context).takeUnretainedValue().request()
        }
        return SQLITE_OK
    }
}
