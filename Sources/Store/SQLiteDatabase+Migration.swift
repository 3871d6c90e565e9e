import Messages

extension SQLiteDatabase: SchemaMigrating {
    /// The file's schema version (`PRAGMA user_version`; 0 for a new file).
    public func schemaVersion() throws -> Int {
        Int(try query("PRAGMA user_version") { row in try row.int64(0) }.first ?? 0)
    }

    /// Brings the file to the last version of `migrations`, applying the missing steps in order in one
    /// transaction (a failing step leaves the file as it was). A file from a newer program — a version
    /// above the last step — is refused with a `.newerSchema` error naming the file and both versions.
    ///
    /// The steps run with foreign keys off, so a step may rebuild a parent table (create the new
    /// table, copy, drop the old one, rename: dropping it would otherwise delete its children's
    /// rows through `ON DELETE CASCADE`); before the commit, `PRAGMA foreign_key_check` must find
    /// nothing, or the whole migration is undone.
    public func migrate(_ migrations: [SchemaMigration]) throws {
        try applyMigrations(migrations)
    }

    var migrationPlace: String { path }

    var newerSchemaKey: MessageKey { .storeNewerSchema }

    func executeStep(_ sql: String) throws {
        try execute(sql)
    }

    /// Another process waits for the write lock (`BEGIN IMMEDIATE`).
    func migrationTransaction(_ body: () throws -> Void) throws {
        // A no-op inside a transaction: set before it begins, restored after it ends.
        try execute("PRAGMA foreign_keys = OFF")
        defer { try? execute("PRAGMA foreign_keys = ON") }
        try transaction(body)
    }

    func checkMigration(_ migrations: [SchemaMigration]) throws {
        let broken = try query("PRAGMA foreign_key_check") { row in
            "\(try row.text(0)) row \(row.optionalInt64(1).map(String.init) ?? "?") refers to a missing \(try row.text(2)) row"
        }
        if let first = broken.first, let last = migrations.last {
            throw StoreError(path: path, operation: Message(.storeMigratingTo, ["version": .number(migrations.count), "summary": .text(last.summary)]),
                             message: .verbatim("PRAGMA foreign_key_check: \(first)\(broken.count > 1 ? " (and \(broken.count - 1) more)" : "")"),
                             code: .badValue)
        }
    }

    func setSchemaVersion(_ version: Int) throws {
        try execute("PRAGMA user_version = \(version)")
    }
}
