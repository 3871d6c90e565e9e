import Messages

extension SQLiteDatabase {
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
        for (index, migration) in migrations.enumerated() where migration.version != index + 1 {
            throw StoreError(path: path, operation: Message(.storeMigrating),
                             message: Message(.storeBadMigrationVersion, ["summary": .text("\"\(migration.summary)\""), "version": .number(migration.version),
                                                                         "expected": .number(index + 1)]),
                             code: .badValue)
        }
        let latest = migrations.count
        let found = try schemaVersion()
        try refuseNewer(found, latest: latest)
        guard found < latest else { return }
        // A no-op inside a transaction: set before it begins, restored after it ends.
        try execute("PRAGMA foreign_keys = OFF")
        defer { try? execute("PRAGMA foreign_keys = ON") }
        try transaction {
            // Read again under the write lock: another process may have migrated meanwhile.
            let current = try schemaVersion()
            try refuseNewer(current, latest: latest)
            for migration in migrations where migration.version > current {
                do {
                    try execute(migration.sql)
                } catch let error as StoreError {
                    throw StoreError(path: path, operation: Message(.storeMigratingTo, ["version": .number(migration.version), "summary": .text(migration.summary)]),
                                     message: error.messageText, code: error.code)
                }
            }
            let broken = try query("PRAGMA foreign_key_check") { row in
                "\(try row.text(0)) row \(row.optionalInt64(1).map(String.init) ?? "?") refers to a missing \(try row.text(2)) row"
            }
            if let first = broken.first {
                throw StoreError(path: path, operation: Message(.storeMigratingTo, ["version": .number(latest), "summary": .text(migrations[latest - 1].summary)]),
                                 message: .verbatim("PRAGMA foreign_key_check: \(first)\(broken.count > 1 ? " (and \(broken.count - 1) more)" : "")"),
                                 code: .badValue)
            }
            if current < latest {
                try execute("PRAGMA user_version = \(latest)")
            }
        }
    }

    private func refuseNewer(_ found: Int, latest: Int) throws(StoreError) {
        guard found > latest else { return }
        throw StoreError(path: path, operation: Message(.storeOpening),
                         message: Message(.storeNewerSchema, ["found": .number(found), "latest": .number(latest)]),
                         code: .newerSchema(found: found, supported: latest))
    }
}
