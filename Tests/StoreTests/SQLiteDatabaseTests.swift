import Foundation
import Store
import XCTest

final class SQLiteDatabaseTests: StoreTestCase {
    func testFreshFileGetsTheCurrentSchema() throws {
        let store = try openStore()
        XCTAssertEqual(try store.database.schemaVersion(), SQLiteStore.schemaVersion)
        let tables = try store.database.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") { try $0.text(0) }
        XCTAssertEqual(tables, ["delivery_log", "meta", "outbox", "rule_history", "rule_state", "source_state"])
    }

    func testReopeningKeepsTheDataAndTheVersion() throws {
        var store: SQLiteStore? = try openStore()
        _ = try store?.enqueue([notification("a")], now: 10)
        store?.close()
        store = nil
        let reopened = try openStore()
        XCTAssertEqual(try reopened.database.schemaVersion(), SQLiteStore.schemaVersion)
        XCTAssertEqual(try reopened.list(statuses: nil, limit: 10).map(\.key), ["a"])
    }

    func testMigrationsApplyOnlyTheMissingSteps() throws {
        let first = [SchemaMigration(version: 1, summary: "t", sql: "CREATE TABLE t (a INTEGER)")]
        let database = try SQLiteDatabase.open(path: file())
        try database.migrate(first)
        try database.run("INSERT INTO t (a) VALUES (1)")
        // Applying step 1 again would fail ("table t already exists"): only step 2 may run.
        let second = first + [SchemaMigration(version: 2, summary: "t.b", sql: "ALTER TABLE t ADD COLUMN b TEXT")]
        try database.migrate(second)
        try database.migrate(second)
        XCTAssertEqual(try database.schemaVersion(), 2)
        XCTAssertEqual(try database.query("SELECT a, b IS NULL FROM t") { [try $0.int64(0), try $0.int64(1)] }, [[1, 1]])
    }

    func testAFailingMigrationLeavesTheFileAsItWas() throws {
        let database = try SQLiteDatabase.open(path: file())
        let steps = [SchemaMigration(version: 1, summary: "t", sql: "CREATE TABLE t (a INTEGER)"),
                     SchemaMigration(version: 2, summary: "broken step", sql: "ALTER TABLE missing ADD COLUMN b")]
        XCTAssertThrowsError(try database.migrate(steps)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains(self.file()), text)
            XCTAssertTrue(text.contains("schema version 2 (broken step)"), text)
            XCTAssertTrue(text.contains("no such table: missing"), text)
        }
        XCTAssertEqual(try database.schemaVersion(), 0)
        XCTAssertEqual(try database.query("SELECT COUNT(*) FROM sqlite_master WHERE name = 't'") { try $0.int64(0) }, [0])
    }

    func testAFileFromANewerVersionIsRefused() throws {
        do {
            let database = try SQLiteDatabase.open(path: file())
            try database.execute("PRAGMA user_version = 99")
        }
        XCTAssertThrowsError(try openStore()) { error in
            guard let error = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.code, .newerSchema(found: 99, supported: SQLiteStore.schemaVersion))
            XCTAssertTrue(error.description.hasPrefix(self.file() + ": "), error.description)
            XCTAssertTrue(error.description.contains("schema version is 99, newer than the \(SQLiteStore.schemaVersion)"),
                          error.description)
        }
        // Refused, not touched.
        XCTAssertEqual(try SQLiteDatabase.open(path: file()).schemaVersion(), 99)
    }

    func testANewFileAndItsWALAreOwnerOnly() throws {
        let previous = umask(0)  // without the explicit mode SQLite would create 0644 (or 0666 & ~umask)
        defer { umask(previous) }
        let store = try openStore()
        _ = try store.enqueue([notification("a")], now: 1)
        XCTAssertEqual(try mode(file()), 0o600)
        XCTAssertTrue(FileManager.default.fileExists(atPath: file() + "-wal"))
        XCTAssertEqual(try mode(file() + "-wal"), 0o600)
        XCTAssertEqual(try mode(file() + "-shm"), 0o600)
    }

    func testAnExistingFileKeepsItsMode() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: file(), contents: nil, attributes: [.posixPermissions: 0o640]))
        _ = try openStore()
        XCTAssertEqual(try mode(file()), 0o640)
    }

    func testConnectionUsesWALWithNormalSynchronousAndABusyTimeout() throws {
        let database = try SQLiteDatabase.open(path: file(), busyTimeout: .milliseconds(1234))
        XCTAssertEqual(try database.query("PRAGMA journal_mode") { try $0.text(0) }, ["wal"])
        XCTAssertEqual(try database.query("PRAGMA synchronous") { try $0.int64(0) }, [1])  // NORMAL
        // The timeout is the connection's own busy handler's (see testAWriterGivesUpAfterItsBusyTimeoutWithAClearError).
        XCTAssertEqual(database.busyTimeout, .milliseconds(1234))
        XCTAssertEqual(try database.query("PRAGMA foreign_keys") { try $0.int64(0) }, [1])
    }

    func testATransactionThatThrowsWritesNothing() throws {
        let database = try SQLiteDatabase.open(path: file())
        try database.execute("CREATE TABLE t (a INTEGER)")
        struct Interrupted: Error {}
        XCTAssertThrowsError(try database.transaction {
            try database.run("INSERT INTO t (a) VALUES (1)")
            throw Interrupted()
        }) { XCTAssertTrue($0 is Interrupted) }
        XCTAssertFalse(database.isInTransaction)
        XCTAssertEqual(try database.query("SELECT COUNT(*) FROM t") { try $0.int64(0) }, [0])
    }

    func testANestedTransactionIsASavepoint() throws {
        let database = try SQLiteDatabase.open(path: file())
        try database.execute("CREATE TABLE t (a INTEGER)")
        struct Interrupted: Error {}
        try database.transaction {
            try database.run("INSERT INTO t (a) VALUES (1)")
            _ = try? database.transaction {
                try database.run("INSERT INTO t (a) VALUES (2)")
                throw Interrupted()
            }
            try database.run("INSERT INTO t (a) VALUES (3)")
        }
        XCTAssertEqual(try database.query("SELECT a FROM t ORDER BY a") { try $0.int64(0) }, [1, 3])
    }

    func testErrorsNameTheFileTheStatementAndSQLitesReason() throws {
        let database = try SQLiteDatabase.open(path: file())
        XCTAssertThrowsError(try database.run("SELEC 1")) { error in
            XCTAssertEqual("\(error)", "\(self.file()): preparing \"SELEC 1\": near \"SELEC\": syntax error")
        }
        try database.execute("CREATE TABLE t (a INTEGER NOT NULL)")
        XCTAssertThrowsError(try database.run("INSERT INTO t (a) VALUES (?)", [nil])) { error in
            XCTAssertTrue("\(error)".contains("NOT NULL constraint failed: t.a"), "\(error)")
        }
        try database.run("INSERT INTO t (a) VALUES (1)")
        XCTAssertThrowsError(try database.query("SELECT NULL AS missing") { try $0.int64(0) }) { error in
            XCTAssertTrue("\(error)".contains("column \"missing\" is NULL"), "\(error)")
        }
        database.close()
        XCTAssertThrowsError(try database.run("SELECT 1")) { error in
            XCTAssertEqual((error as? StoreError)?.code, .closed)
        }
    }

    func testTheSameStatementCanBeUsedInsideItsOwnRows() throws {
        let database = try SQLiteDatabase.open(path: file())
        try database.execute("CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1), (2);")
        let sql = "SELECT a FROM t WHERE a >= ? ORDER BY a"
        let pairs = try database.query(sql, [1]) { row in
            let a = try row.int64(0)
            return try database.query(sql, [.integer(a)]) { try $0.int64(0) }.map { a * 10 + $0 }
        }
        XCTAssertEqual(pairs, [[11, 12], [22]])
    }

    func testAWriterWaitsForAnotherConnectionsTransaction() throws {
        let path = file()
        let setup = try SQLiteDatabase.open(path: path)
        try setup.execute("CREATE TABLE t (a INTEGER)")
        let (holding, released) = try holdWriteLock(path: path, seconds: 0.4)
        holding.wait()
        let started = Date()
        let database = try SQLiteDatabase.open(path: path, busyTimeout: .seconds(5))
        try database.run("INSERT INTO t (a) VALUES (2)")
        let waited = Date().timeIntervalSince(started)
        released.wait()
        XCTAssertGreaterThan(waited, 0.2, "the insert should have waited for the other transaction")
        XCTAssertEqual(try database.query("SELECT a FROM t ORDER BY a") { try $0.int64(0) }, [1, 2])
    }

    func testAWriterGivesUpAfterItsBusyTimeoutWithAClearError() throws {
        let path = file()
        let setup = try SQLiteDatabase.open(path: path)
        try setup.execute("CREATE TABLE t (a INTEGER)")
        let (holding, released) = try holdWriteLock(path: path, seconds: 0.6)
        holding.wait()
        let database = try SQLiteDatabase.open(path: path, busyTimeout: .milliseconds(50))
        XCTAssertThrowsError(try database.run("INSERT INTO t (a) VALUES (2)")) { error in
            XCTAssertTrue((error as? StoreError)?.isBusy ?? false, "\(error)")
            XCTAssertTrue("\(error)".hasPrefix(path + ": "), "\(error)")
            XCTAssertTrue("\(error)".contains("database is locked"), "\(error)")
        }
        // Readers are not blocked by the writer (WAL).
        XCTAssertEqual(try database.query("SELECT COUNT(*) FROM t") { try $0.int64(0) }, [0])
        released.wait()
    }

    /// A second connection, on its own thread, inserts 1 in a transaction it keeps open for `seconds`.
    /// `holding` is signalled once it holds the write lock, `released` once it committed.
    private func holdWriteLock(path: String, seconds: Double) throws -> (holding: DispatchSemaphore, released: DispatchSemaphore) {
        let holding = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        let thread = Thread {
            defer { released.signal() }
            do {
                let other = try SQLiteDatabase.open(path: path)
                try other.transaction {
                    try other.run("INSERT INTO t (a) VALUES (1)")
                    holding.signal()
                    Thread.sleep(forTimeInterval: seconds)
                }
            } catch {
                holding.signal()
                XCTFail("\(error)")
            }
        }
        thread.start()
        return (holding, released)
    }
}
