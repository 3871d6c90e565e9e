import Messages

extension PostgresConnection: SchemaMigrating {
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
        try applyMigrations(migrations)
    }

    /// The advisory lock key of migrations (any constant all leavenow workers agree on).
    static let migrationLock: Int64 = 0x6C65_6176_656E_6F77  // "leavenow"

    var migrationPlace: String { url.redacted }

    var newerSchemaKey: MessageKey { .storeNewerSchemaDatabase }

    func executeStep(_ sql: String) throws {
        try execute(sql)
    }

    /// One migrating worker at a time: a transaction-level advisory lock.
    func migrationTransaction(_ body: () throws -> Void) throws {
        try transaction {
            _ = try query("SELECT pg_advisory_xact_lock(\(Self.migrationLock))")
            try execute("CREATE TABLE IF NOT EXISTS leavenow_schema (version integer NOT NULL)")
            try body()
        }
    }

    func checkMigration(_ migrations: [SchemaMigration]) throws {}

    func setSchemaVersion(_ version: Int) throws {
        try run("DELETE FROM leavenow_schema")
        try run("INSERT INTO leavenow_schema (version) VALUES ($1::integer)", [String(version)])
    }
}
