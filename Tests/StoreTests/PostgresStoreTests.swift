import Foundation
import Notifications
import Store
import TestServers
import XCTest

/// What only the PostgreSQL store has: a server to reach, a password to hide, restarts to survive.
/// Runs on its own cluster (`PostgresTestCluster.lifecycle`), which these tests stop and start.
final class PostgresStoreTests: XCTestCase {
    private static let password = "s3cret-Horse_battery"

    override class func tearDown() {
        PostgresTestCluster.lifecycle.stop()
        super.tearDown()
    }

    private func freshDatabase(_ label: String) throws -> (PostgresCluster, String) {
        let cluster = try PostgresTestCluster.lifecycle.cluster()
        let name = "\(label)_\(UUID().uuidString.prefix(8).lowercased())"
        try cluster.createDatabase(name)
        return (cluster, cluster.socketURL(database: name))
    }

    private func notice(_ key: String) -> Notice {
        Notice(key: key, rule: "commute", kind: .leaveNow, fireAt: 100, expiresAt: nil, channels: ["phone"],
               urgency: .normal, language: .en, title: "Leave now", text: "10:33 from platform 2", link: nil)
    }

    /// The one-statement path of `record` (every outcome delivered with one status) does what the
    /// transaction path does: each entry delivered and logged once, in the order given; an id no
    /// longer in the outbox skipped; claims ended. And 1,500 rule states go in chunks, each kept.
    func testADeliveredOnlyRecordAndAChunkedStateSaveKeepEverything() throws {
        let (_, url) = try freshDatabase("fastpath")
        let store = try PostgresStore(url: url)
        store.claimer = "w"
        let entries = try store.enqueue((1...4).map { notice("k\($0)") }, now: 10)
        try store.record([DeliveryRecord(entryID: entries[2].id, outcome: .delivered(status: 204)),
                          DeliveryRecord(entryID: entries[0].id, outcome: .delivered(status: 204)),
                          DeliveryRecord(entryID: 999_999, outcome: .delivered(status: 204))], now: 20)
        XCTAssertEqual(try store.counts(), [.pending: 2, .delivered: 2, .dead: 0, .expired: 0])
        for entry in [entries[2], entries[0]] {
            let log = try store.deliveryLog(entry: entry.id)
            XCTAssertEqual(log.map(\.event), [.delivered])
            XCTAssertEqual(log.map(\.statusCode), [204])
            XCTAssertEqual(log.map(\.at), [20])
        }
        XCTAssertLessThan(try store.deliveryLog(entry: entries[2].id)[0].id, try store.deliveryLog(entry: entries[0].id)[0].id,
                          "logged in the order given")
        XCTAssertEqual(try store.connection.query("SELECT COUNT(*) FROM outbox WHERE claimed_by IS NOT NULL").first?.int64(0), 2,
                       "the delivered ones' claims ended; the others' stay")

        let states = Dictionary(uniqueKeysWithValues: (0..<1_500).map { ("rule-\($0)", ["seen \"\($0)\"\\": Int64($0)]) })
        try store.saveRuleStates(states, now: 30)
        XCTAssertEqual(try store.loadRuleStates(as: [String: Int64].self, onUndecodable: nil), states)
        let some = (0..<12_000).map { "rule-\($0 * 7)" } + ["absent"]
        XCTAssertEqual(try store.loadRuleStates(as: [String: Int64].self, rules: some, onUndecodable: nil),
                       states.filter { Set(some).contains($0.key) }, "the states of the rules asked for, in chunks")
    }

    func testANewerSchemaIsRefusedNamingBothVersions() throws {
        let (_, url) = try freshDatabase("newer")
        do {
            let store = try PostgresStore(url: url)
            XCTAssertEqual(try store.connection.schemaVersion(), PostgresStore.schemaVersion)
            try store.connection.run("UPDATE leavenow_schema SET version = 99")
            store.close()
        }
        XCTAssertThrowsError(try PostgresStore(url: url)) { error in
            let error = error as? StoreError
            XCTAssertEqual(error?.code, .newerSchema(found: 99, supported: PostgresStore.schemaVersion))
            let text = error.map(\.description) ?? ""
            XCTAssertTrue(text.contains("schema version is 99, newer than the \(PostgresStore.schemaVersion) this leavenow knows"), text)
            XCTAssertTrue(text.hasPrefix("postgresql://postgres@/newer_"), text)
        }
    }

    func testOpeningTwiceMigratesOnceAndKeepsTheData() throws {
        let (_, url) = try freshDatabase("reopen")
        let first = try PostgresStore(url: url)
        _ = try first.enqueue([notice("k")], now: 1)
        let second = try PostgresStore(url: url)
        XCTAssertEqual(try second.counts()[.pending], 1)
        XCTAssertEqual(try second.connection.query("SELECT COUNT(*) FROM leavenow_schema").first?.int64(0), 1)
    }

    func testAWrongPasswordIsAClearErrorWithoutThePassword() throws {
        let cluster = try PostgresTestCluster.lifecycle.cluster()
        try cluster.psql("CREATE ROLE leavenow LOGIN PASSWORD '\(Self.password)'")
        try cluster.psql("CREATE DATABASE owned OWNER leavenow")

        // The right password over TCP (scram-sha-256) works…
        let store = try PostgresStore(url: cluster.tcpURL(database: "owned", user: "leavenow", password: Self.password))
        XCTAssertEqual(try store.counts()[.pending], 0)
        XCTAssertFalse(store.path.contains(Self.password), store.path)
        XCTAssertEqual(store.path, "postgresql://leavenow:REDACTED@127.0.0.1:\(cluster.port)/owned")

        // …a wrong one is refused, and neither password is printed.
        let wrong = "not-the-" + Self.password
        XCTAssertThrowsError(try PostgresStore(url: cluster.tcpURL(database: "owned", user: "leavenow", password: wrong))) { error in
            let text = "\(error)"
            XCTAssertEqual((error as? StoreError)?.code, .connection)
            XCTAssertTrue(text.contains("connecting: "), text)
            XCTAssertTrue(text.contains("password authentication failed for user \"leavenow\""), text)
            XCTAssertFalse(text.contains(wrong) || text.contains(Self.password), text)
        }
        // A password from elsewhere (a secret reference) replaces the URL's, and is not printed either.
        XCTAssertThrowsError(try PostgresStore(url: "postgresql://leavenow@127.0.0.1:\(cluster.port)/owned", password: wrong)) { error in
            XCTAssertFalse("\(error)".contains(wrong), "\(error)")
        }
        XCTAssertEqual(try PostgresStore(url: "postgresql://leavenow@127.0.0.1:\(cluster.port)/owned", password: Self.password)
            .counts()[.pending], 0)
    }

    func testAServerThatIsDownIsAClearErrorWithoutThePassword() throws {
        // Port 1 on 127.0.0.1: nothing listens there, so the connection is refused at once.
        let url = "postgresql://leavenow:\(Self.password)@127.0.0.1:1/leavenow"
        XCTAssertThrowsError(try PostgresStore(url: url)) { error in
            let text = "\(error)"
            XCTAssertEqual((error as? StoreError)?.code, .connection)
            XCTAssertTrue(text.hasPrefix("postgresql://leavenow:REDACTED@127.0.0.1:1/leavenow: connecting: "), text)
            XCTAssertTrue(text.contains("Connection refused"), text)
            XCTAssertFalse(text.contains(Self.password), text)
        }
    }

    func testTheStoreReconnectsAfterARestartAndNothingCommittedIsLost() throws {
        let (cluster, url) = try freshDatabase("restart")
        let store = try PostgresStore(url: url)
        store.connection.reconnectDelays = [.zero, .milliseconds(50), .milliseconds(100)]
        store.connection.downRetryDelays = [.milliseconds(300)]
        let inserted = try store.commit(notifications: (1...50).map { notice("k\($0)") },
                                        ruleStates: ["commute": ["k50": 100]], now: 10)
        try store.record([DeliveryRecord(entryID: inserted[0].id, outcome: .delivered(status: 200))], now: 11)
        try store.setMeta("last_wall_clock", "11")

        cluster.stop()
        // While it is down: a clear error, no hang.
        XCTAssertThrowsError(try store.counts()) { error in
            XCTAssertEqual((error as? StoreError)?.code, .connection, "\(error)")
            XCTAssertTrue("\(error)".contains("reconnecting after the connection was lost: gave up after 3 attempts"), "\(error)")
        }
        // Known to be down: the next statements fail at once instead of waiting through the backoff again.
        XCTAssertTrue(store.connection.isServerDown)
        for _ in 0..<3 {
            XCTAssertThrowsError(try store.counts()) { error in
                XCTAssertEqual((error as? StoreError)?.code, .connection, "\(error)")
                XCTAssertTrue("\(error)".contains("the server is still unreachable"), "\(error)")
            }
        }
        try cluster.start()
        // The next attempt comes once the down delay (300 ms here) has passed.
        usleep(400_000)

        // Back up: the next calls reconnect (prepared statements again) and see everything committed.
        XCTAssertEqual(try store.counts(), [.pending: 49, .delivered: 1, .dead: 0, .expired: 0])
        XCTAssertEqual(try store.loadRuleStates(as: [String: Int64].self, onUndecodable: nil), ["commute": ["k50": 100]])
        XCTAssertEqual(try store.meta("last_wall_clock"), "11")
        XCTAssertEqual(try store.enqueue([notice("k1"), notice("k51")], now: 12).map(\.key), ["k51"])

        // A restart between two calls that write: the transaction's BEGIN finds the connection lost and
        // is safely sent again on a new one.
        cluster.stop()
        try cluster.start()
        XCTAssertEqual(try store.enqueue([notice("k52")], now: 13).map(\.key), ["k52"])
        XCTAssertEqual(try store.due(now: 100, limit: 100).count, 51)
    }

    func testTwoConnectionsClaimingDueEntriesGetDifferentOnes() throws {
        let (_, url) = try freshDatabase("claims")
        let first = try PostgresStore(url: url)
        let second = try PostgresStore(url: url)
        _ = try first.enqueue((1...10).map { notice("k\($0)") }, now: 0)
        // The same keys from another worker: nothing new (the unique key holds across connections).
        XCTAssertEqual(try second.enqueue((1...10).map { notice("k\($0)") }, now: 1), [])

        // While the first holds its claim (a transaction), the second skips the locked rows.
        let (claimed, others) = try first.connection.transaction {
            let claimed = try first.due(now: 100, limit: 4)
            let others = try second.due(now: 100, limit: 100)
            return (claimed, others)
        }
        XCTAssertEqual(claimed.map(\.key), ["k1", "k2", "k3", "k4"])
        XCTAssertEqual(others.map(\.key), ["k5", "k6", "k7", "k8", "k9", "k10"])
        // The claim ends with the transaction.
        XCTAssertEqual(try second.due(now: 100, limit: 100).count, 10)
    }

    func testACommitTheServerRejectsHalfWayWritesNothingAndTheConnectionGoesOn() throws {
        let (_, url) = try freshDatabase("poison")
        let store = try PostgresStore(url: url)
        try store.saveRuleStates(["commute": ["before": Int64(1)]], now: 1)
        try store.connection.execute("""
            CREATE FUNCTION poison() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'poisoned rule state'; END $$;
            CREATE TRIGGER poison BEFORE INSERT ON rule_state FOR EACH ROW WHEN (NEW.rule = 'poison') EXECUTE FUNCTION poison();
            """)
        XCTAssertThrowsError(try store.commit(notifications: [notice("k1"), notice("k2")],
                                              ruleStates: ["poison": ["x": Int64(2)]], now: 2)) { error in
            XCTAssertEqual((error as? StoreError)?.code, .postgres(sqlState: "P0001"))
            XCTAssertTrue("\(error)".contains("ERROR:  poisoned rule state"), "\(error)")
        }
        XCTAssertFalse(store.connection.isInTransaction)
        XCTAssertEqual(try store.list(statuses: nil, limit: 10), [])
        XCTAssertEqual(try store.loadRuleStates(as: [String: Int64].self, onUndecodable: nil), ["commute": ["before": 1]])
        XCTAssertEqual(try store.commit(notifications: [notice("k1")], ruleStates: ["commute": ["k1": Int64(3)]], now: 3)
            .map(\.key), ["k1"])
    }

    func testANestedTransactionThatFailsIsUndoneOnItsOwn() throws {
        let (_, url) = try freshDatabase("nested")
        let store = try PostgresStore(url: url)
        struct Failure: Error {}
        try store.connection.transaction {
            try store.setMeta("outer", "1")
            XCTAssertThrowsError(try store.connection.transaction {
                try store.setMeta("inner", "2")
                throw Failure()
            })
            try store.setMeta("after", "3")
        }
        XCTAssertEqual(try store.meta("outer"), "1")
        XCTAssertNil(try store.meta("inner"))
        XCTAssertEqual(try store.meta("after"), "3")
    }

    func testAValueWithANULCharacterIsRefusedNotShortened() throws {
        let (_, url) = try freshDatabase("nul")
        let store = try PostgresStore(url: url)
        XCTAssertThrowsError(try store.enqueue([notice("a\u{0}b")], now: 1)) { error in
            XCTAssertEqual((error as? StoreError)?.code, .badValue)
            XCTAssertTrue("\(error)".contains("parameter $1 contains a NUL character"), "\(error)")
        }
        XCTAssertEqual(try store.counts()[.pending], 0)
    }

    func testAClosedStoreThrows() throws {
        let (_, url) = try freshDatabase("closed")
        let store = try PostgresStore(url: url)
        store.close()
        XCTAssertThrowsError(try store.counts()) { error in
            XCTAssertEqual((error as? StoreError)?.code, .closed)
        }
    }

    func testSQLErrorsNameTheStatementAndTheSQLState() throws {
        let (_, url) = try freshDatabase("errors")
        let store = try PostgresStore(url: url)
        XCTAssertThrowsError(try store.connection.run("INSERT INTO meta (key, value) VALUES ($1, NULL)", ["k"])) { error in
            XCTAssertEqual((error as? StoreError)?.code, .postgres(sqlState: "23502"))
            XCTAssertTrue("\(error)".contains(": executing \"INSERT INTO meta (key, value) VALUES ($1, NULL)\": ERROR:  null value"),
                          "\(error)")
        }
        // The connection is still usable, outside any transaction.
        XCTAssertFalse(store.connection.isInTransaction)
        XCTAssertNil(try store.meta("k"))
    }
}
