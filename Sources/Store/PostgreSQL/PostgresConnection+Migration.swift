import Messages
extension PostgresConnection {
    /// The database's schema version (the one row of `leavenow_schema`; 0 for a new database).
    public func schemaVersion() throws(StoreError) -> Int {
        let exists = try query("SELECT to_regclass('leavenow_schema') IS NOT NULL").first?.values.first == "t"
        guard exists else { return 0 }
        return Int(try query("SELECT COALESCE(MAX(version), 0) FROM leavenow_schema").first?.int64(0) ?? 0)
    }

    /// Brings the database to the last version of `migrations`, applying the missing steps in order in
    /// one transaction (a failing step leaves it as it was). Several workers starting together take
    /// turns (a transaction-level advisory lock). A database from a newer program — a version above
    /// the last step — is refused with a `.newerSchema` error naming both versions.
    public func migrate(_ migrations: [SchemaMigration]) throws {
        for (index, migration) in migrations.enumerated() where migration.version != index + 1 {
            throw StoreError(path: url.redacted, operation: Message(.storeMigrating),
                             message: Message(.storeBadMigrationVersion, ["summary": .inQuotes(migration.summary), "version": .number(migration.version),
                                                                          "expected": .number(index + 1)]),
                             code: .badValue)
        }
        let latest = migrations.count
        let found = try schemaVersion()
        try refuseNewer(found, latest: latest)
        guard found < latest else { return }
        try transaction {
            // One migrating worker at a time; read again under the lock: another may have migrated meanwhile.
            _ = try query("SELECT pg_advisory_xact_lock(\(Self.migrationLock))")
            try execute("CREATE TABLE IF NOT EXISTS leavenow_schema (version integer NOT NULL)")
            let current = try schemaVersion()
            try refuseNewer(current, latest: latest)
            for migration in migrations where migration.version > current {
                do throws(StoreError) {
                    try execute(migration.sql)
                } catch {
                    throw StoreError(path: url.redacted,
                                     operation: Message(.storeMigratingTo, ["version": .number(migration.version), "summary": .text(migration.summary)]),
                                     message: error.messageText, code: error.code)
                }
            }
            if current < latest {
                try run("DELETE FROM leavenow_schema")
                try run("INSERT INTO leavenow_schema (version) VALUES ($1::integer)", [String(latest)])
            }
        }
    }

    /// The advisory lock key of migrations (any constant all leavenow workers agree on).
    static let migrationLock: Int64 = 0x6C65_6176_656E_6F77  // "leavenow"

    private func refuseNewer(_ found: Int, latest: Int) throws(StoreError) {
        guard found > latest else { return }
        throw StoreError(path: url.redacted, operation: Message(.storeOpening),
                         message: Message(.storeNewerSchemaDatabase, ["found": .number(found), "latest": .number(latest)]),
                         code: .newerSchema(found: found, supported: latest))
    }
}
