import Foundation
@testable import Store
import XCTest

/// Schema version 3 of the SQLite outbox (cheaper writes, the same rows) and the migrations to it
/// from version 1 and from main's version 2 (rule history).
final class OutboxSchemaTests: StoreTestCase {
    /// The opcodes SQLite runs for `sql`.
    private func opcodes(_ database: SQLiteDatabase, _ sql: String, _ arguments: [SQLiteValue] = []) throws -> [String] {
        try database.query("EXPLAIN " + sql, arguments) { try $0.text(1) }
    }

    func testWritingAnEntryBuildsNoTemporaryIndex() throws {
        // Schema 1's `CHECK (status IN (…4 values…))` made SQLite build a temporary index of the
        // four values for every row inserted or updated.
        let store = try openStore()
        let insert = try opcodes(store.database, """
            INSERT INTO outbox (key, channel, rule, fire_at, expires_at, status, attempts, next_attempt_at,
                                created_at, updated_at, notification)
            VALUES ('k', 'c', 'r', 1, 2, 'pending', 0, 1, 1, 1, '{}')
            """)
        XCTAssertTrue(insert.contains("Insert"), "\(insert)")
        XCTAssertFalse(insert.contains("OpenEphemeral"), "\(insert)")
        let deliver = try opcodes(store.database, "UPDATE outbox SET status = 'delivered', updated_at = 2 WHERE id = 1")
        XCTAssertFalse(deliver.contains("OpenEphemeral"), "\(deliver)")
        // The CHECK still holds.
        _ = try store.enqueue([notification("a")], now: 10)
        XCTAssertThrowsError(try store.database.run("UPDATE outbox SET status = 'sent'")) { error in
            XCTAssertTrue("\(error)".contains("CHECK constraint failed"), "\(error)")
        }
    }

    func testAnInsertWritesNoStatusIndexAndADeliveryOne() throws {
        let store = try openStore()
        let indexes = try store.database.query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'outbox' AND sql IS NOT NULL ORDER BY name") {
            try $0.text(0)
        }
        XCTAssertEqual(indexes, ["outbox_finished", "outbox_pending"])
        let plan = try store.database.query("EXPLAIN QUERY PLAN SELECT status, COUNT(*) FROM outbox WHERE status <> 'pending' GROUP BY status") {
            try $0.text(3)
        }
        XCTAssertTrue(plan.joined().contains("outbox_finished"), "\(plan)")
    }

    /// Every row of every table of the file at `path` (`rule_history` when `withHistory`), each
    /// column as text, in key order: what a migration must keep.
    private func rows(_ database: SQLiteDatabase, withHistory: Bool) throws -> [String: [[String?]]] {
        let tables: [(name: String, columns: Int32)] = [("outbox", 14), ("delivery_log", 8), ("rule_state", 3),
                                                        ("source_state", 6), ("meta", 2)]
            + (withHistory ? [("rule_history", 4)] : [])
        var rows: [String: [[String?]]] = [:]
        for table in tables {
            rows[table.name] = try database.query("SELECT * FROM \(table.name) ORDER BY 1") { row in
                (0..<table.columns).map { row.optionalText($0) }
            }
        }
        return rows
    }

    /// A state file as an earlier leavenow left it: the first `version` steps of the schema
    /// (version 1: before rule history; version 2: main's rule history, before the outbox step),
    /// rows of every status with their delivery log, rule states, a source, meta and — from
    /// version 2 — rule history.
    private func writeEarlierFile(version: Int) throws {
        let database = try SQLiteDatabase.open(path: file())
        try database.migrate(Array(StoreSchema.migrations.prefix(version)))
        let text = { (key: String) in SQLiteValue.text(NotificationJSON.encode(self.notification(key))) }
        try database.run("""
            INSERT INTO outbox (id, key, channel, rule, fire_at, expires_at, status, attempts, next_attempt_at, last_error,
                                created_at, delivered_at, updated_at, notification)
            VALUES (1, 'a', 'phone', 'commute', 100, NULL, 'pending', 0, 100, NULL, 90, NULL, 90, ?),
                   (2, 'b', 'phone', 'commute', 100, 200, 'delivered', 1, 100, NULL, 90, 101, 101, ?),
                   (3, 'c', 'phone', 'commute', 100, NULL, 'dead', 3, 100, 'HTTP 400', 90, NULL, 150, ?),
                   (7, 'd', 'desk', 'commute', 100, 120, 'expired', 0, 100, NULL, 90, NULL, 120, ?),
                   (8, 'f', 'desk', 'commute', 100, 300, 'pending', 2, 160, 'HTTP 503', 90, NULL, 140, ?)
            """, [text("a"), text("b"), text("c"), text("d"), text("f")])
        try database.execute("""
            INSERT INTO delivery_log (entry_id, key, channel, at, outcome, status_code, detail)
            VALUES (2, 'b', 'phone', 101, 'delivered', 204, NULL), (3, 'c', 'phone', 150, 'dead', NULL, 'HTTP 400'),
                   (7, 'd', 'desk', 120, 'expired', NULL, 'expired at 120'), (8, 'f', 'desk', 140, 'retry', 503, 'HTTP 503');
            INSERT INTO rule_state (rule, state, updated_at) VALUES ('commute', '{"sent":["a","b"]}', 95), ('rain', '{}', 96);
            INSERT INTO source_state (name, fetched_at, checked_at, last_error, bytes_saved, next_refresh_at)
            VALUES ('weather/chofu', 80, 85, NULL, 4096, 200);
            INSERT INTO meta (key, value) VALUES ('worker', 'w1');
            """)
        if version >= 2 {
            try database.execute("""
                INSERT INTO rule_history (id, rule, at, record)
                VALUES (1, 'commute', 90, '{"fired":["a"]}'), (2, 'rain', 91, '{}'), (3, 'commute', 95, '{"fired":["b"]}');
                """)
        }
        XCTAssertEqual(try database.schemaVersion(), version)
    }

    /// Opens the earlier file with this program and checks that it reached the current version with
    /// every row, and that the store works on what it kept.
    private func checkMigrated(from version: Int) throws {
        let before = try rows(SQLiteDatabase.open(path: file()), withHistory: version >= 2)
        let store = try openStore()
        XCTAssertEqual(try store.database.schemaVersion(), 3)
        XCTAssertEqual(SQLiteStore.schemaVersion, 3)
        XCTAssertEqual(try rows(store.database, withHistory: version >= 2), before)
        let indexes = try store.database.query("""
            SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'outbox' AND sql IS NOT NULL ORDER BY name
            """) { try $0.text(0) }
        XCTAssertEqual(indexes, ["outbox_finished", "outbox_pending"])
        XCTAssertEqual(try store.counts(), [.pending: 2, .delivered: 1, .dead: 1, .expired: 1])
        XCTAssertEqual(try store.deliveryLog(entry: 3).map(\.detail), ["HTTP 400"])
        XCTAssertEqual(try store.database.query("PRAGMA foreign_keys") { try $0.int64(0) }, [1])
        XCTAssertEqual(try store.database.query("PRAGMA foreign_key_check") { try $0.text(0) }, [])
        XCTAssertEqual(try store.loadRuleStates(as: [String: [String]].self, onUndecodable: nil)["commute"], ["sent": ["a", "b"]])
        XCTAssertEqual(try store.sourceStates().map(\.name), ["weather/chofu"])
        XCTAssertEqual(try store.meta("worker"), "w1")
        if version >= 2 {
            XCTAssertEqual(try store.history(rule: "commute", since: nil, limit: 10).map(\.record), [#"{"fired":["a"]}"#, #"{"fired":["b"]}"#])
        }
        // The history table works whichever version the file came from.
        _ = try store.commit(notifications: [notification("g")], ruleStates: ["rain": ["sent": ["g"]]],
                             extras: CommitExtras(history: [RuleHistoryEntry(id: 0, rule: "rain", at: 300, record: "{}")], historyKeep: 5),
                             now: 300)
        XCTAssertEqual(try store.history(rule: "rain", since: 300, limit: 10).map(\.at), [300])
        // The next id follows the largest, the due entries come from the new pending index in
        // order, and the log still goes with its entry.
        XCTAssertEqual(try store.list(statuses: [.pending], limit: 10).map(\.id), [9, 8, 1])
        XCTAssertEqual(try store.due(now: 250, limit: 10, excludingChannels: []).map(\.key), ["a", "f"])
        XCTAssertEqual(try store.purge(statuses: [.dead], olderThan: 1_000), 1)
        XCTAssertEqual(try store.database.query("SELECT entry_id FROM delivery_log ORDER BY entry_id") { try $0.int64(0) }, [2, 7, 8])
    }

    func testAFileOfSchema1MigratesToSchema3WithEveryRow() throws {
        try writeEarlierFile(version: 1)
        try checkMigrated(from: 1)
    }

    func testAFileOfSchema2AsMainWroteItMigratesToSchema3WithEveryRow() throws {
        // Version 2 is main's rule history (the outbox step came after it as version 3): a file
        // main wrote has rule_history and the first outbox, and takes only step 3.
        XCTAssertEqual(StoreSchema.migrations.map(\.version), [1, 2, 3])
        XCTAssertTrue(StoreSchema.migrations[1].sql.contains("CREATE TABLE rule_history"))
        try writeEarlierFile(version: 2)
        try checkMigrated(from: 2)
    }

    func testAFileOfSchema4IsRefusedNamingBothVersions() throws {
        do {
            let database = try SQLiteDatabase.open(path: file())
            try database.migrate(StoreSchema.migrations)
            try database.execute("PRAGMA user_version = 4")
        }
        XCTAssertThrowsError(try openStore()) { error in
            guard let error = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.code, .newerSchema(found: 4, supported: 3))
            XCTAssertTrue(error.description.contains("schema version is 4, newer than the 3"), error.description)
        }
        XCTAssertEqual(try SQLiteDatabase.open(path: file()).schemaVersion(), 4)
    }

    func testMigrationsMayRebuildAParentTableWithoutLosingItsChildren() throws {
        let parent = "CREATE TABLE p (id INTEGER PRIMARY KEY); CREATE TABLE c (p INTEGER REFERENCES p (id) ON DELETE CASCADE);"
        let steps = [
            SchemaMigration(version: 1, summary: "p, c", sql: parent + "INSERT INTO p VALUES (1); INSERT INTO c VALUES (1);"),
            SchemaMigration(version: 2, summary: "rebuild p", sql: """
                CREATE TABLE p2 (id INTEGER PRIMARY KEY, note TEXT); INSERT INTO p2 (id) SELECT id FROM p;
                DROP TABLE p; ALTER TABLE p2 RENAME TO p;
                """),
        ]
        let database = try SQLiteDatabase.open(path: file())
        try database.migrate(steps)
        // With foreign keys on, `DROP TABLE p` would have deleted c's row (ON DELETE CASCADE).
        XCTAssertEqual(try database.query("SELECT COUNT(*) FROM c") { try $0.int64(0) }, [1])
        XCTAssertEqual(try database.query("PRAGMA foreign_keys") { try $0.int64(0) }, [1])
    }

    func testAMigrationThatBreaksAForeignKeyIsUndone() throws {
        let steps = [
            SchemaMigration(version: 1, summary: "p, c", sql: """
                CREATE TABLE p (id INTEGER PRIMARY KEY); CREATE TABLE c (p INTEGER REFERENCES p (id));
                INSERT INTO p VALUES (1); INSERT INTO c VALUES (1);
                """),
            SchemaMigration(version: 2, summary: "loses p", sql: "DROP TABLE p; CREATE TABLE p (id INTEGER PRIMARY KEY);"),
        ]
        let database = try SQLiteDatabase.open(path: file())
        try database.migrate(Array(steps.prefix(1)))
        XCTAssertThrowsError(try database.migrate(steps)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("schema version 2 (loses p)"), text)
            XCTAssertTrue(text.contains("foreign_key_check: c row 1 refers to a missing p row"), text)
        }
        XCTAssertEqual(try database.schemaVersion(), 1)
        XCTAssertEqual(try database.query("SELECT COUNT(*) FROM p") { try $0.int64(0) }, [1])
        XCTAssertEqual(try database.query("PRAGMA foreign_keys") { try $0.int64(0) }, [1])
    }
}

/// WAL checkpoints run on a thread of their own, not inside the commit that takes the WAL past 1,000 pages.
final class CheckpointTests: StoreTestCase {
    private func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? -1
    }

    func testCommitsLeaveTheCheckpointsToTheCheckpointer() throws {
        let first = try openStore()
        let second = try openStore()
        // No checkpoint inside a commit: SQLite's auto-checkpoint is replaced by the WAL hook.
        XCTAssertEqual(try first.database.query("PRAGMA wal_autocheckpoint") { try $0.int64(0) }, [0])
        let empty = size(file())
        // ~1,200 pages of WAL from two connections (each entry ~4 KB of text: about a page).
        let text = String(repeating: "x", count: 4_000)
        for round in 0..<600 {
            try first.setMeta("a\(round)", text)
            try second.setMeta("b\(round)", text)
        }
        XCTAssertGreaterThan(size(file() + "-wal"), 1_000 * 4_096)
        // The checkpointer copies the pages into the database file while the connections stay open.
        let deadline = Date().addingTimeInterval(10)
        while size(file()) < 1_000 * 4_096, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        XCTAssertGreaterThan(size(file()), 1_000 * 4_096, "the database file was \(empty) bytes before")
        XCTAssertEqual(try second.meta("a599"), text)
        first.close()
        second.close()
        // The last connection (the checkpointer's) checkpoints and removes the WAL as it closes.
        XCTAssertFalse(FileManager.default.fileExists(atPath: file() + "-wal"))
        let reopened = try openStore()
        XCTAssertEqual(try reopened.meta("b599"), text)
    }
}
