import Foundation
import Notifications
import Store
import XCTest

/// `StateMigration` at the store level: every value survives the copy (quotes, backslashes, braces,
/// NULLs, Japanese), ids and delivery logs included, and a large state copies in reasonable time.
final class StateMigrationTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-migration-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    override class func tearDown() {
        PostgresTestCluster.leases.stop()
        super.tearDown()
    }

    private func emptyPostgres() throws -> PostgresStore {
        let cluster = try PostgresTestCluster.leases.cluster()
        let name = "migration_\(UUID().uuidString.prefix(8).lowercased())"
        try cluster.createDatabase(name)
        return try PostgresStore(url: cluster.socketURL(database: name))
    }

    private func notice(_ index: Int, text: String = "Leave now") -> Notice {
        Notice(key: "commute/\(index)", rule: "commute", kind: .leaveNow, fireAt: 100 + Int64(index), expiresAt: index % 2 == 0 ? nil : 9_000,
               channels: ["phone", "slack"], urgency: .critical, language: .ja, title: "調布 10:33", text: text, link: nil)
    }

    func testEveryValueSurvivesTheCopy() throws {
        let sqlite = try SQLiteStore(path: directory + "/state.db")
        let awkward = #"quote " backslash \ braces {a,b} comma, NULL null 調布 "\"#
        let entries = try sqlite.enqueue([notice(0, text: awkward), notice(1), notice(2)], now: 50)
        try sqlite.record([DeliveryRecord(entryID: entries[0].id, outcome: .delivered(status: 200)),
                           DeliveryRecord(entryID: entries[1].id, outcome: .retry(at: 300, error: awkward)),
                           DeliveryRecord(entryID: entries[2].id, outcome: .dead(error: "410 Gone"))], now: 200)
        _ = try sqlite.purge(statuses: [.dead], olderThan: 1_000)  // a gap in the ids
        try sqlite.saveRuleStates(["commute": ["seen": awkward], "other": ["seen": ""]], now: 210)
        try sqlite.recordSourceFetch(name: "weather/chofu", fetchedAt: 10, checkedAt: nil, lastError: awkward, bytesSaved: 7, nextRefreshAt: nil)
        try sqlite.setMeta("note", awkward)
        _ = try sqlite.commit(notifications: [], ruleStates: [String: [String: String]](),
                              extras: CommitExtras(history: [RuleHistoryEntry(rule: "commute", at: 220, record: "{\"why\":[\"" + awkward + "\"]}")],
                                                   historyKeep: 20), now: 220)

        let postgres = try emptyPostgres()
        let counts = try StateMigration.copy(from: sqlite, to: postgres)
        XCTAssertEqual(counts.map(\.table), ["outbox", "delivery_log", "rule_state", "source_state", "meta", "rule_history"])
        XCTAssertEqual(try postgres.history(rule: "commute", since: nil, limit: 10), try sqlite.history(rule: "commute", since: nil, limit: 10))
        XCTAssertEqual(counts.map(\.source), counts.map(\.target))

        XCTAssertEqual(try postgres.list(statuses: nil, limit: 100), try sqlite.list(statuses: nil, limit: 100))
        for entry in try sqlite.list(statuses: nil, limit: 100) {
            XCTAssertEqual(try postgres.deliveryLog(entry: entry.id), try sqlite.deliveryLog(entry: entry.id))
        }
        XCTAssertEqual(try postgres.loadRuleStates(as: [String: String].self, onUndecodable: nil),
                       try sqlite.loadRuleStates(as: [String: String].self, onUndecodable: nil))
        XCTAssertEqual(try postgres.sourceStates(), try sqlite.sourceStates())
        XCTAssertEqual(try postgres.meta("note"), awkward)
        // The next entry continues after the copied ids; the copied (key, channel)s stay unique.
        let added = try postgres.enqueue([notice(1), notice(3)], now: 400)
        XCTAssertEqual(added.map(\.key), ["commute/1", "commute/3", "commute/3"], "the purged (key, channel) again, then notice 3")
        XCTAssertTrue(added.allSatisfy { $0.id > 6 }, "\(added.map(\.id))")
    }

    func testAFailedCopyLeavesTheTargetEmpty() throws {
        let sqlite = try SQLiteStore(path: directory + "/state.db")
        _ = try sqlite.enqueue([notice(0)], now: 50)
        // A row PostgreSQL refuses half-way (text in an integer column, which SQLite's typing lets
        // through): the tables copied before it are undone with it.
        try sqlite.recordSourceFetch(name: "feed", fetchedAt: 1, checkedAt: 1, lastError: nil, bytesSaved: 0, nextRefreshAt: nil)
        try sqlite.database.run("UPDATE source_state SET bytes_saved = 'many'")
        let postgres = try emptyPostgres()
        XCTAssertThrowsError(try StateMigration.copy(from: sqlite, to: postgres)) { error in
            XCTAssertTrue("\(error)".contains("invalid input syntax for type bigint"), "\(error)")
        }
        XCTAssertEqual(try postgres.counts().values.reduce(0, +), 0, "nothing committed")
        try sqlite.database.run("UPDATE source_state SET bytes_saved = 0")
        XCTAssertEqual(try StateMigration.copy(from: sqlite, to: postgres).first?.target, 2, "the copy can simply be run again")
    }

    /// 10,000 entries with a delivery-log row each; prints the time (`LEAVENOW_STORE_TIMING=1` only).
    func testTimingOfALargeState() throws {
        guard ProcessInfo.processInfo.environment["LEAVENOW_STORE_TIMING"] == "1" else {
            throw XCTSkip("timing only: set LEAVENOW_STORE_TIMING=1")
        }
        let sqlite = try SQLiteStore(path: directory + "/state.db")
        let entries = try sqlite.enqueue((0..<5_000).map { notice($0) }, now: 50)
        try sqlite.record(entries.map { DeliveryRecord(entryID: $0.id, outcome: .delivered(status: 200)) }, now: 60)
        let postgres = try emptyPostgres()
        let clock = ContinuousClock()
        let start = clock.now
        let counts = try StateMigration.copy(from: sqlite, to: postgres)
        let elapsed = clock.now - start
        XCTAssertEqual(counts.first?.target, 10_000)
        print("state migrate: \(counts.map { "\($0.table) \($0.target)" }.joined(separator: ", ")) in \(elapsed)")
    }
}
