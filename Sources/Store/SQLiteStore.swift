import Foundation
import Messages

/// The default `NotificationStore`: one SQLite file (see `SQLiteDatabase` for how it is configured,
/// `StoreSchema` for the tables). Notifications and rule state are stored as JSON text, so the file
/// stays readable with the `sqlite3` shell.
///
/// Several processes may open the same file: writers take turns (each waits up to the busy timeout),
/// readers never wait. One `SQLiteStore` is used by one thread or actor at a time.
public final class SQLiteStore: NotificationStore {
    /// The connection, for queries the protocol does not cover (`status`, tests).
    public let database: SQLiteDatabase
    let encoder: JSONEncoder  // default formatting: sorted keys would cost a fifth of the encoding time
    let decoder = JSONDecoder()

    /// The schema version this program writes (`PRAGMA user_version`).
    public static var schemaVersion: Int { StoreSchema.migrations.count }

    /// Opens the store at `path`, creating the file (mode 0600) and missing parent directories (mode
    /// 0700), and migrates it to the current schema. A file written by a newer leavenow is refused.
    public convenience init(path: String, busyTimeout: Duration = .seconds(5)) throws {
        if path != ":memory:" {
            try StatePaths.createDirectory(containing: path)
        }
        self.init(database: try SQLiteDatabase.open(path: path, busyTimeout: busyTimeout))
        try database.migrate(StoreSchema.migrations)
    }

    private init(database: SQLiteDatabase) {
        self.database = database
        encoder = JSONEncoder()
    }

    /// Opens the existing store at `path` for reading: read-only when this process may not write it
    /// (`status` by another user on a state it may read), else as ``init(path:busyTimeout:)`` does
    /// (the owner's read migrates an older file as usual). A read-only file of an older schema is
    /// refused with what to do: it cannot be migrated.
    public convenience init(readingPath path: String, busyTimeout: Duration = .seconds(5)) throws {
        guard path != ":memory:", !StateFileAccess.isWritable(path) else {
            try self.init(path: path, busyTimeout: busyTimeout)
            return
        }
        self.init(database: try SQLiteDatabase.open(path: path, busyTimeout: busyTimeout, readOnly: true))
        let found = try database.schemaVersion(), latest = StoreSchema.migrations.count
        guard found == latest else {
            throw StoreError(path: path, operation: Message(.storeOpening),
                             message: found > latest ? Message(.storeNewerSchema, ["found": .number(found), "latest": .number(latest)])
                                 : Message(.storeOlderSchemaReadOnly, ["found": .number(found), "latest": .number(latest)]),
                             code: found > latest ? .newerSchema(found: found, supported: latest) : .badValue)
        }
    }

    /// The database file.
    public var path: String { database.path }

    /// Closes the connection; later calls throw.
    public func close() {
        database.close()
    }

    /// One file, one worker: nothing is shared.
    public var sharedFleet: (any SharedFleetStore)? { nil }
}

@available(*, unavailable)
extension SQLiteStore: Sendable {}
extension SQLiteStore: StoreJSONColumns {}
