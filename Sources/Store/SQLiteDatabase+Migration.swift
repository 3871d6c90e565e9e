import Messages

extension SQLiteDatabase {
    /// The file's schema version (`PRAGMA user_version`; 0 for a new file).
    public func schemaVersion() throws -> Int {
        Int(try query("PRAGMA user_version") { row in try row.int64(0) }.first ?? 0)
    }

    /// Brings the file to the last version of `migrations`, applying the missing steps in order in one
    /// transaction (a failing step leaves the file as it was). A file from a newer program — a version
    /// above the last step — is refused with a `.newerSchema` error naming the file and both versions.
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
