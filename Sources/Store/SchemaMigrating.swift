import Messages

/// The database side of ``SchemaMigration``s: what an SQLite file and a PostgreSQL database do
/// differently — where the version lives, how processes migrating at once take turns, what is
/// checked before the commit. The steps themselves are applied by ``applyMigrations(_:)``, written
/// once for both.
protocol SchemaMigrating {
    /// The file, or the URL without its password, for errors.
    var migrationPlace: String { get }
    /// The version the database is at (0: a new one).
    func schemaVersion() throws -> Int
    /// Runs one step's statements.
    func executeStep(_ sql: String) throws
    /// Runs `body` as the one transaction of a migration, holding what makes processes migrating
    /// at once take turns.
    func migrationTransaction(_ body: () throws -> Void) throws
    /// Checks the steps' work before it is committed; throws to undo all of it.
    func checkMigration(_ migrations: [SchemaMigration]) throws
    /// Records `version` as the database's, inside the migration's transaction.
    func setSchemaVersion(_ version: Int) throws
    /// What a database written by a newer leavenow is called in the refusal (a file, a database).
    var newerSchemaKey: MessageKey { get }
}

extension SchemaMigrating {
    /// Brings the database to the last version of `migrations`, applying the missing steps in order in
    /// one transaction (a failing step leaves it as it was). A database from a newer program — a
    /// version above the last step — is refused with a `.newerSchema` error naming both versions.
    func applyMigrations(_ migrations: [SchemaMigration]) throws {
        for (index, migration) in migrations.enumerated() where migration.version != index + 1 {
            throw StoreError(path: migrationPlace, operation: Message(.storeMigrating),
                             message: Message(.storeBadMigrationVersion, ["summary": .inQuotes(migration.summary), "version": .number(migration.version),
                                                                          "expected": .number(index + 1)]),
                             code: .badValue)
        }
        let latest = migrations.count
        let found = try schemaVersion()
        try refuseNewer(found, latest: latest)
        guard found < latest else { return }
        try migrationTransaction {
            // Read again under the lock: another process may have migrated meanwhile.
            let current = try schemaVersion()
            try refuseNewer(current, latest: latest)
            for migration in migrations where migration.version > current {
                do {
                    try executeStep(migration.sql)
                } catch let error as StoreError {
                    throw StoreError(path: migrationPlace,
                                     operation: Message(.storeMigratingTo, ["version": .number(migration.version), "summary": .text(migration.summary)]),
                                     message: error.messageText, code: error.code)
                }
            }
            try checkMigration(migrations)
            if current < latest { try setSchemaVersion(latest) }
        }
    }

    private func refuseNewer(_ found: Int, latest: Int) throws(StoreError) {
        guard found > latest else { return }
        throw StoreError(path: migrationPlace, operation: Message(.storeOpening),
                         message: Message(newerSchemaKey, ["found": .number(found), "latest": .number(latest)]),
                         code: .newerSchema(found: found, supported: latest))
    }
}
