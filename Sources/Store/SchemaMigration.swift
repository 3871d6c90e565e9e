/// One step of a database schema: the SQL that takes a file from `version - 1` to `version`.
/// A file's version lives in `PRAGMA user_version` (0 for a new file).
public struct SchemaMigration: Sendable {
    /// The version this step produces; the steps of a schema are numbered 1, 2, 3, …
    public var version: Int
    /// What the step does, for error messages (`outbox, delivery log, rule state`).
    public var summary: String
    /// The statements, `;`-separated.
    public var sql: String

    /// A step to `version`.
    public init(version: Int, summary: String, sql: String) {
        self.version = version
        self.summary = summary
        self.sql = sql
    }
}
