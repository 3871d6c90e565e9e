import Foundation
import Messages

/// `leavenow state migrate`: copies an SQLite state (outbox with its delivery log, rule state, source
/// index, meta, rule history) into an empty PostgreSQL store, in ONE PostgreSQL transaction, and verifies the row
/// count of every table before it commits: the target ends up with all of it, or with nothing.
///
/// Rows keep their ids (an outbox id printed by `leavenow outbox` stays valid); the identity
/// sequences continue after the largest id copied. The SQLite file is only read.
public enum StateMigration {
    /// One table's rows in the source and, after the copy, in the target.
    public struct TableCount: Sendable, Equatable {
        /// The table, e.g. `outbox`.
        public var table: String
        /// Rows in the SQLite file.
        public var source: Int
        /// Rows in the PostgreSQL database after the copy (equal to `source`, or the copy was undone).
        public var target: Int
    }

    /// One copied table: its columns in order, and the PostgreSQL type each is cast to.
    struct Table {
        var name: String
        var columns: [(name: String, type: String)]
        /// An identity `id` column: copied with `OVERRIDING SYSTEM VALUE`, then the sequence moved past it.
        var hasIdentity: Bool
    }

    /// The tables of `StoreSchema` (version 2) and their `PostgresSchema` counterparts, parents before children.
    static let tables: [Table] = [
        Table(name: "outbox", columns: [("id", "bigint"), ("key", "text"), ("channel", "text"), ("rule", "text"), ("fire_at", "bigint"),
                                        ("expires_at", "bigint"), ("status", "text"), ("attempts", "integer"),
                                        ("next_attempt_at", "bigint"), ("last_error", "text"), ("created_at", "bigint"),
                                        ("delivered_at", "bigint"), ("updated_at", "bigint"), ("notification", "text")],
              hasIdentity: true),
        Table(name: "delivery_log", columns: [("id", "bigint"), ("entry_id", "bigint"), ("key", "text"), ("channel", "text"), ("at", "bigint"),
                                              ("outcome", "text"), ("status_code", "integer"), ("detail", "text")],
              hasIdentity: true),
        Table(name: "rule_state", columns: [("rule", "text"), ("state", "text"), ("updated_at", "bigint")], hasIdentity: false),
        Table(name: "source_state", columns: [("name", "text"), ("fetched_at", "bigint"), ("checked_at", "bigint"), ("last_error", "text"),
                                              ("bytes_saved", "bigint"), ("next_refresh_at", "bigint")], hasIdentity: false),
        Table(name: "meta", columns: [("key", "text"), ("value", "text")], hasIdentity: false),
        Table(name: "rule_history", columns: [("id", "bigint"), ("rule", "text"), ("at", "bigint"), ("record", "text")], hasIdentity: true),
    ]

    /// Rows sent to PostgreSQL in one statement (one array parameter per column).
    static let batchSize = 1_000

    /// Copies every table of `source` into `target`, which must be empty (else nothing is written and
    /// the error says which tables hold rows); returns the counts per table, verified equal.
    ///
    /// - Throws: `StoreError` naming the database and the step that failed; the target is unchanged.
    public static func copy(from source: SQLiteStore, to target: PostgresStore) throws -> [TableCount] {
        let database = source.database
        let connection = target.connection
        // A read transaction on the file: one consistent snapshot even if a worker still writes to it.
        try database.execute("BEGIN")
        defer { try? database.execute("COMMIT") }
        return try connection.transaction {
            let occupied = try tables.compactMap { table -> Message? in
                let count = try connection.query("SELECT COUNT(*) FROM \(table.name)").first?.int64(0) ?? 0
                return count > 0 ? Message(.storeTableRows, ["table": .text(table.name), "count": .number(Int(count))]) : nil
            }
            guard occupied.isEmpty else {
                throw StoreError(path: target.path, operation: Message(.storeCheckingEmpty),
                                 message: Message(.storeTargetOccupied, ["tables": .message(.joined(occupied, separator: Message(.listSeparator)))]),
                                 code: .badValue)
            }
            var counts: [TableCount] = []
            for table in tables {
                let copied = try copy(table, from: database, to: connection, path: target.path)
                let stored = try connection.query("SELECT COUNT(*) FROM \(table.name)").first?.int64(0) ?? -1
                guard stored == Int64(copied) else {
                    throw StoreError(path: target.path, operation: Message(.storeVerifying, ["table": .text(table.name)]),
                                     message: Message(.storeVerifyMismatch, ["copied": .number(copied), "source": .text(source.path),
                                                                             "stored": .number(Int(stored))]),
                                     code: .badValue)
                }
                counts.append(TableCount(table: table.name, source: copied, target: Int(stored)))
            }
            return counts
        }
    }

    /// Copies one table in batches; returns how many rows it read.
    private static func copy(_ table: Table, from database: SQLiteDatabase, to connection: PostgresConnection, path: String) throws -> Int {
        let names = table.columns.map(\.name)
        let rows = try database.query("SELECT \(names.joined(separator: ", ")) FROM \(table.name) ORDER BY 1") { row in
            (0..<Int32(names.count)).map { row.optionalText($0) }
        }
        let aliases = names.indices.map { "c\($0)" }
        let casts = table.columns.indices.map { "u.c\($0)::\(table.columns[$0].type)" }
        let arrays = names.indices.map { "$\($0 + 1)::text[]" }
        let sql = "INSERT INTO \(table.name) (\(names.joined(separator: ", ")))\(table.hasIdentity ? " OVERRIDING SYSTEM VALUE" : "") "
            + "SELECT \(casts.joined(separator: ", ")) FROM unnest(\(arrays.joined(separator: ", "))) AS u(\(aliases.joined(separator: ", ")))"
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(start + batchSize, rows.count)]
            try connection.run(sql, names.indices.map { column in PostgresStore.textArray(nullable: chunk.map { $0[column] }) })
            start += batchSize
        }
        if table.hasIdentity {
            // The next id the server hands out follows the largest id copied.
            _ = try connection.query("SELECT setval(pg_get_serial_sequence('\(table.name)', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM \(table.name)",
                                 idempotent: false)
        }
        return rows.count
    }
}
