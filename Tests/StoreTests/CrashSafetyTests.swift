import Foundation
import Store
import XCTest

/// Another process — Python's `sqlite3` module, a different SQLite client — shares the file: it holds
/// the write lock while the store writes, or dies with SIGKILL in the middle of a transaction.
final class CrashSafetyTests: StoreTestCase {
    func testTheStoreWaitsForAnotherProcessHoldingTheWriteLock() throws {
        let store = try openStore()
        let child = try python("""
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN IMMEDIATE")
            db.execute("INSERT INTO meta (key, value) VALUES ('child', 'was here')")
            print("locked", flush=True)
            time.sleep(0.5)
            db.execute("COMMIT")
            """)
        try child.waitForLine("locked")
        let started = Date()
        try store.setMeta("parent", "waited")
        let waited = Date().timeIntervalSince(started)
        child.process.waitUntilExit()
        XCTAssertEqual(child.process.terminationStatus, 0)
        XCTAssertGreaterThan(waited, 0.3, "the write should have waited for the child's transaction")
        XCTAssertEqual(try store.meta("child"), "was here")
        XCTAssertEqual(try store.meta("parent"), "waited")
    }

    func testAProcessKilledMidTransactionLosesOnlyItsUncommittedWork() throws {
        let store = try openStore()
        _ = try store.enqueue([notification("before")], now: 1)
        let child = try python("""
            import os, signal, sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("PRAGMA synchronous = NORMAL")
            db.execute("UPDATE outbox SET status = 'delivered', delivered_at = 2 WHERE key = 'before'")
            db.execute("BEGIN IMMEDIATE")
            db.execute("DELETE FROM outbox")
            db.execute("INSERT INTO meta (key, value) VALUES ('uncommitted', 'x')")
            print("dying", flush=True)
            os.kill(os.getpid(), signal.SIGKILL)
            """)
        try child.waitForLine("dying")
        child.process.waitUntilExit()
        XCTAssertEqual(child.process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(child.process.terminationStatus, SIGKILL)

        // The connection we already had and a new one both see the committed update, not the rest.
        for view in [store, try openStore()] {
            XCTAssertEqual(try view.list(statuses: nil, limit: 10).map(\.status), [.delivered])
            XCTAssertNil(try view.meta("uncommitted"))
            XCTAssertEqual(try view.database.query("PRAGMA integrity_check") { try $0.text(0) }, ["ok"])
        }
        // The dead process's lock is gone: writing does not wait.
        let started = Date()
        _ = try store.enqueue([notification("after")], now: 3)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
    }

    func testCommittedWorkSurvivesTheWritersDeath() throws {
        // A commit that returned, then SIGKILL before any checkpoint: the WAL alone must carry it.
        _ = try openStore()
        let child = try python("""
            import os, signal, sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("PRAGMA synchronous = NORMAL")
            db.execute("PRAGMA wal_autocheckpoint = 0")
            db.execute("BEGIN IMMEDIATE")
            for i in range(100):
                db.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (f"k{i}", str(i)))
            db.execute("COMMIT")
            print("committed", flush=True)
            os.kill(os.getpid(), signal.SIGKILL)
            """)
        try child.waitForLine("committed")
        child.process.waitUntilExit()
        XCTAssertEqual(child.process.terminationReason, .uncaughtSignal)
        let store = try openStore()
        XCTAssertEqual(try store.database.query("SELECT COUNT(*) FROM meta") { try $0.int64(0) }, [100])
        XCTAssertEqual(try store.meta("k99"), "99")
    }

    // MARK: Child processes

    private struct Child {
        let process: Process
        let output: FileHandle

        /// Reads the child's stdout until `line`; fails if the child exits first.
        func waitForLine(_ line: String, file: StaticString = #filePath, lineNumber: UInt = #line) throws {
            var text = ""
            while !text.contains(line + "\n") {
                let data = output.availableData
                if data.isEmpty {
                    XCTFail("the child exited before printing \"\(line)\"; output: \(text)", file: file, line: lineNumber)
                    throw CocoaError(.fileReadUnknown)
                }
                text += String(decoding: data, as: UTF8.self)
            }
        }
    }

    /// Runs `script` with `python3 -c`, the database path as its argument.
    private func python(_ script: String) throws -> Child {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, file()]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        addTeardownBlock {
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
        }
        return Child(process: process, output: output.fileHandleForReading)
    }
}
