import Foundation
import TestServers
import XCTest

/// `--state postgresql://…` through the CLI, as a user runs it: `run --once` queues into a throwaway
/// PostgreSQL 15 cluster, `outbox` / `status` / `sources` read the same database back; the
/// database password is in no output, the source cache and the lock stay out of the URL.
final class PostgresStateCommandTests: XCTestCase {
    private static let password = "pg-Pass_w0rd-7731"
    private static let wrongPassword = "not-the-Pass_999"

    nonisolated(unsafe) private static var sharedCluster: PostgresCluster?

    private var root = ""

    override class func tearDown() {
        sharedCluster?.destroy()
        sharedCluster = nil
        super.tearDown()
    }

    override func setUpWithError() throws {
        if let reason = PostgresCluster.unavailableReason { throw XCTSkip(reason) }
        root = NSTemporaryDirectory() + "leavenow-cli-pg-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/fixtures/feeds/news", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/rules", withIntermediateDirectories: true)
        try Self.rules.write(toFile: root + "/rules/config.yaml", atomically: true, encoding: .utf8)
        try Self.atomFeed(entries: 3).write(toFile: root + "/fixtures/feeds/news/2024-12-01T09:00:00+09:00.xml",
                                            atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// A fresh database owned by a role that logs in with ``password`` over TCP; its URL.
    private func freshDatabase() throws -> String {
        let cluster: PostgresCluster
        if let existing = Self.sharedCluster {
            cluster = existing
        } else {
            cluster = try PostgresCluster()
            try cluster.psql("CREATE ROLE leavenow LOGIN PASSWORD '\(Self.password)'")
            Self.sharedCluster = cluster
        }
        let name = "cli_\(UUID().uuidString.prefix(8).lowercased())"
        try cluster.psql("CREATE DATABASE \(name) OWNER leavenow")
        return cluster.tcpURL(database: name, user: "leavenow", password: Self.password)
    }

    /// The environment of every run: the state home in the scratch directory, the channel's URL on a
    /// port that refuses (the entries stay in the outbox, pending for a retry).
    private var environment: [String: String] {
        ["XDG_STATE_HOME": root + "/xdg", "LEAVENOW_TEST_HOOK_URL": "http://127.0.0.1:1/hook"]
    }

    private func assertNoPassword(_ outcome: CLIRunner.Outcome, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for secret in [Self.password, Self.wrongPassword] {
            XCTAssertFalse(outcome.stdout.contains(secret), "\(what) printed the password on stdout:\n\(outcome.stdout)", file: file, line: line)
            XCTAssertFalse(outcome.stderr.contains(secret), "\(what) printed the password on stderr:\n\(outcome.stderr)", file: file, line: line)
        }
    }

    func testRunOnceQueuesIntoPostgresAndOutboxAndStatusReadItBack() throws {
        let url = try freshDatabase()
        let cache = root + "/cache"
        let run = try CLIRunner.run(["run", "--once", "--rules", root + "/rules", "--state", url, "--cache-dir", cache,
                                     "--fixtures", root + "/fixtures"], environment: environment)
        assertNoPassword(run, "run")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr.components(separatedBy: "event=notification.queued").count - 1, 3, run.stderr)
        XCTAssertTrue(run.stderr.contains("state=postgresql://leavenow:REDACTED@127.0.0.1:"), run.stderr)
        // Several workers share a PostgreSQL state: no single-instance lock, neither in the cache nor by default.
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache + "/worker.lock"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/xdg/leavenow/worker.lock"))

        let outbox = try CLIRunner.run(["outbox", "--state", url, "--status", "pending,delivered,dead,expired", "--json"],
                                       environment: environment)
        assertNoPassword(outbox, "outbox")
        let listing = try XCTUnwrap(try CLIRunner.json(outbox) as? [String: Any])
        let entries = try XCTUnwrap(listing["entries"] as? [[String: Any]])
        XCTAssertEqual(entries.count, 3, outbox.stdout)
        XCTAssertEqual(Set(entries.compactMap { $0["rule"] as? String }), ["news-article"])
        XCTAssertEqual(Set(entries.compactMap { $0["key"] as? String }).count, 3, outbox.stdout)
        let counts = try XCTUnwrap(listing["counts"] as? [String: Int])
        XCTAssertEqual(counts.values.reduce(0, +), 3, outbox.stdout)

        let status = try CLIRunner.run(["status", "--rules", root + "/rules", "--state", url, "--cache-dir", cache, "--json"],
                                       environment: environment)
        assertNoPassword(status, "status")
        let report = try XCTUnwrap(try CLIRunner.json(status) as? [String: Any])
        XCTAssertEqual((report["outbox"] as? [String: Int]).map { $0.values.reduce(0, +) }, 3, status.stdout)
        XCTAssertNotNil((report["worker"] as? [String: Any])?["updated_at"] as? String, status.stdout)
        let text = try CLIRunner.run(["status", "--rules", root + "/rules", "--state", url], environment: environment)
        assertNoPassword(text, "status (text)")
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("news-article"), text.stdout)

        let sources = try CLIRunner.run(["sources", "--rules", root + "/rules", "--state", url, "--cache-dir", cache],
                                        environment: environment)
        assertNoPassword(sources, "sources")
        XCTAssertEqual(sources.status, 0, sources.stderr)

        // A second run on the same database queues nothing again: the state is shared, not per process.
        let again = try CLIRunner.run(["run", "--once", "--rules", root + "/rules", "--state", url, "--cache-dir", cache,
                                       "--fixtures", root + "/fixtures"], environment: environment)
        assertNoPassword(again, "second run")
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertFalse(again.stderr.contains("event=notification.queued"), again.stderr)
    }

    func testTheHistoryIsKeptInPostgresAcrossRestartsAndShown() throws {
        let url = try freshDatabase()
        let cache = root + "/cache"
        // Two workers one after the other (a restart), each one pass: the rule runs in each.
        for time in ["2024-12-01T10:00", "2024-12-01T11:00"] {
            let run = try CLIRunner.run(["run", "--once", "--rules", root + "/rules", "--state", url, "--cache-dir", cache,
                                         "--fixtures", root + "/fixtures", "--simulate-from", time], environment: environment)
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        let json = try CLIRunner.run(["history", "news-article", "--rules", root + "/rules", "--state", url, "--json"], environment: environment)
        assertNoPassword(json, "history")
        XCTAssertEqual(json.status, 0, json.stderr)
        let evaluations = try XCTUnwrap((try CLIRunner.json(json) as? [String: Any])?["evaluations"] as? [[String: Any]], json.stdout)
        XCTAssertEqual(evaluations.map { $0["at"] as? String }, ["2024-12-01T10:00:00+09:00", "2024-12-01T11:00:00+09:00"])
        XCTAssertEqual(evaluations.map { $0["decision"] as? String }, ["sent", "nothing"])
        XCTAssertEqual((evaluations.first?["queued"] as? [[String: Any]])?.count, 3)
        XCTAssertEqual((evaluations.first?["facts"] as? [[String: Any]])?.first?["source"] as? String, "news")
        let since = try CLIRunner.run(["history", "news-article", "--rules", root + "/rules", "--state", url, "--since", "2024-12-01T10:30"],
                                      environment: environment)
        XCTAssertEqual(since.status, 0, since.stderr)
        XCTAssertTrue(since.stdout.hasPrefix("rule news-article (new_article): 1 evaluation recorded since 2024-12-01T10:30:00+09:00, oldest first"),
                      since.stdout)
    }

    func testStatusListsTheWorkersWithTheirLeases() throws {
        let url = try freshDatabase()
        let empty = try CLIRunner.run(["status", "--rules", root + "/rules", "--state", url], environment: environment)
        XCTAssertEqual(empty.status, 1, "no worker has run: a health problem")
        XCTAssertTrue(empty.stdout.hasPrefix("health: 1 problem (exit status 1)\n  the worker: has not run yet (leavenow run)\n"), empty.stdout)
        XCTAssertTrue(empty.stdout.contains("workers sharing the PostgreSQL state:\n(none has taken partition leases)"), empty.stdout)

        // Two workers as `WorkerLeases` registers them (a heartbeats now, b long ago): a holds every
        // partition but 3, which b handed back as it stopped 5 s ago (changing hands: not a problem).
        let database = String(url.split(separator: "/").last ?? "")
        let now = Int64(Date().timeIntervalSince1970)
        try XCTUnwrap(Self.sharedCluster).psql("""
            INSERT INTO leavenow_workers VALUES ('a', 'host-a', 101, 1, \(now)), ('b', 'host-b', 202, 1, 2);
            INSERT INTO leavenow_leases SELECT p, 'a', \(now + 30) FROM generate_series(0, 63) AS p WHERE p <> 3;
            INSERT INTO leavenow_leases VALUES (3, NULL, \(now - 5));
            """, database: database)
        let text = try CLIRunner.run(["status", "--rules", root + "/rules", "--state", url], environment: environment)
        assertNoPassword(text, "status")
        XCTAssertEqual(text.status, 0, text.stdout)
        XCTAssertNotNil(text.stdout.range(of: #"a\s+host-a\s+101\s+live\s+63\s"#, options: .regularExpression), text.stdout)
        XCTAssertNotNil(text.stdout.range(of: #"b\s+host-b\s+202\s+gone\s+0\s"#, options: .regularExpression), text.stdout)
        XCTAssertTrue(text.stdout.contains("\n1 partition is changing hands: "), text.stdout)
        let json = try CLIRunner.run(["status", "--rules", root + "/rules", "--state", url, "--json"], environment: environment)
        let report = try XCTUnwrap(try CLIRunner.json(json) as? [String: Any])
        let workers = try XCTUnwrap(report["workers"] as? [[String: Any]], json.stdout)
        XCTAssertEqual(workers.compactMap { $0["host"] as? String }, ["host-a", "host-b"])
        XCTAssertEqual(workers.compactMap { $0["leases"] as? Int }, [63, 0])
        XCTAssertEqual(workers.compactMap { $0["live"] as? Bool }, [true, false])
        XCTAssertEqual((report["worker"] as? [String: Any])?["running"] as? Bool, true, "worker a heartbeats: the shared state has a worker")
        XCTAssertEqual(report["lease_problems"] as? [String], [], json.stdout)

        // The lease table edited by hand: status names each problem with its fix (the workers go on).
        try XCTUnwrap(Self.sharedCluster).psql("""
            INSERT INTO leavenow_leases VALUES (70, NULL, 0);
            UPDATE leavenow_leases SET worker = 'ghost', expires_at = \(now + 86_400) WHERE partition = 5;
            """, database: database)
        let edited = try CLIRunner.run(["status", "--rules", root + "/rules", "--state", url], environment: environment)
        // Until a live worker takes it (at its next heartbeat; this test's "a" never beats again),
        // nobody evaluates the rules of partition 5: a problem.
        XCTAssertEqual(edited.status, 1, edited.stdout)
        XCTAssertTrue(edited.stdout.hasPrefix("health: 1 problem (exit status 1)\n  the rules' partitions: 1 partition has no live worker (5): "),
                      edited.stdout)
        XCTAssertTrue(edited.stdout.contains("lease table: leavenow_leases has rows for partitions outside 0…63 (70): they are ignored; "
                                             + "remove them with DELETE FROM leavenow_leases WHERE partition NOT BETWEEN 0 AND 63"), edited.stdout)
        XCTAssertTrue(edited.stdout.contains("lease table: leavenow_leases leases partitions to workers that are not registered in "
                                             + "leavenow_workers (5 (worker \"ghost\"))"), edited.stdout)
        XCTAssertTrue(edited.stdout.contains("expiries more than two TTLs (60 s) ahead (5 (worker \"ghost\", expires at"), edited.stdout)
        let editedJSON = try XCTUnwrap(try CLIRunner.json(try CLIRunner.run(["status", "--rules", root + "/rules", "--state", url, "--json"],
                                                                            environment: environment), status: 1) as? [String: Any])
        XCTAssertEqual((editedJSON["lease_problems"] as? [String])?.count, 3, "\(editedJSON)")
    }

    func testAWrongPasswordOrAMalformedURLIsAClearErrorWithoutThePassword() throws {
        let url = try freshDatabase()
        let wrong = url.replacingOccurrences(of: Self.password, with: Self.wrongPassword)
        let refused = try CLIRunner.run(["outbox", "--state", wrong], environment: environment)
        assertNoPassword(refused, "outbox with a wrong password")
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(refused.stderr.contains("postgresql://leavenow:REDACTED@127.0.0.1:"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("password authentication failed"), refused.stderr)

        let malformed = try CLIRunner.run(["status", "--rules", root + "/rules", "--state",
                                           "postgresql://leavenow:\(Self.password)@127.0.0.1:notaport/db"], environment: environment)
        assertNoPassword(malformed, "status with a malformed URL")
        XCTAssertEqual(malformed.status, 64, malformed.stderr)
        XCTAssertTrue(malformed.stderr.contains("--state"), malformed.stderr)
    }

    // MARK: - Fixtures

    /// A webhook channel `hook` (its URL from `LEAVENOW_TEST_HOOK_URL`), a feed `news` and a
    /// `new_article` rule that notifies every entry, the first run included.
    static let rules = """
    channels:
      - id: hook
        type: webhook
        url_env: LEAVENOW_TEST_HOOK_URL
        rate_per_minute: 0
    feeds:
      - id: news
        url: https://example.com/feed.xml
        refresh: 15m
    rules:
      - id: news-article
        kind: new_article
        feed: news
        first_run: notify
        channels: [hook]
        language: en

    """

    static func atomFeed(entries count: Int) -> String {
        var text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom">
          <title>Test feed</title>
          <id>urn:test:feed</id>
          <updated>2024-12-01T00:00:00Z</updated>

        """
        for index in 0..<count {
            text += """
              <entry><id>urn:test:entry:\(index)</id><title>Article \(index)</title>
                <link href="https://example.com/entry/\(index)"/>
                <published>2024-12-01T00:00:00Z</published><updated>2024-12-01T00:00:00Z</updated></entry>

            """
        }
        return text + "</feed>\n"
    }
}

/// `leavenow state migrate`: a real SQLite state, produced by `run --once`, copied into PostgreSQL.
final class StateMigrateCommandTests: XCTestCase {
    nonisolated(unsafe) private static var sharedCluster: PostgresCluster?
    private var root = ""

    override class func tearDown() {
        sharedCluster?.destroy()
        sharedCluster = nil
        super.tearDown()
    }

    override func setUpWithError() throws {
        if let reason = PostgresCluster.unavailableReason { throw XCTSkip(reason) }
        root = NSTemporaryDirectory() + "leavenow-cli-migrate-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/fixtures/feeds/news", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/rules", withIntermediateDirectories: true)
        try PostgresStateCommandTests.rules.write(toFile: root + "/rules/config.yaml", atomically: true, encoding: .utf8)
        try PostgresStateCommandTests.atomFeed(entries: 4).write(toFile: root + "/fixtures/feeds/news/2024-12-01T09:00:00+09:00.xml",
                                                                 atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func freshDatabase() throws -> (PostgresCluster, String) {
        let cluster = try Self.sharedCluster ?? PostgresCluster()
        Self.sharedCluster = cluster
        let name = "migrate_\(UUID().uuidString.prefix(8).lowercased())"
        try cluster.createDatabase(name)
        return (cluster, cluster.socketURL(database: name))
    }

    private var environment: [String: String] {
        ["XDG_STATE_HOME": root + "/xdg", "LEAVENOW_TEST_HOOK_URL": "http://127.0.0.1:1/hook"]
    }

    /// `outbox --json` of every status, for comparing two states.
    private func outbox(_ state: String) throws -> [[String: String]] {
        let listing = try CLIRunner.run(["outbox", "--state", state, "--status", "pending,delivered,dead,expired", "--json"],
                                        environment: environment)
        let object = try XCTUnwrap(try CLIRunner.json(listing) as? [String: Any])
        let entries = try XCTUnwrap(object["entries"] as? [[String: Any]])
        return entries.map { entry in entry.mapValues { "\($0)" } }
    }

    func testMigrateCopiesAWorkersStateVerifiesTheCountsAndRefusesAFullTarget() throws {
        let file = root + "/state/state.db"
        let run = try CLIRunner.run(["run", "--once", "--rules", root + "/rules", "--state", file, "--fixtures", root + "/fixtures"],
                                    environment: environment)
        XCTAssertEqual(run.status, 0, run.stderr)
        let (_, url) = try freshDatabase()

        let migrate = try CLIRunner.run(["state", "migrate", "--from", file, "--to", url, "--json"], environment: environment)
        let report = try XCTUnwrap(try CLIRunner.json(migrate) as? [String: Any])
        let tables = try XCTUnwrap(report["tables"] as? [[String: Any]])
        var counts: [String: (Int, Int)] = [:]
        for table in tables {
            counts[table["table"] as? String ?? "?"] = (table["sqlite"] as? Int ?? -1, table["postgresql"] as? Int ?? -2)
        }
        XCTAssertEqual(Set(counts.keys), ["outbox", "delivery_log", "rule_state", "source_state", "meta", "rule_history"], migrate.stdout)
        for (table, count) in counts { XCTAssertEqual(count.0, count.1, "\(table): \(migrate.stdout)") }
        XCTAssertEqual(counts["outbox"]?.0, 4, migrate.stdout)
        XCTAssertEqual(counts["delivery_log"]?.0, 4, "one failed attempt logged per entry: \(migrate.stdout)")
        XCTAssertEqual(counts["rule_state"]?.0, 1, migrate.stdout)
        XCTAssertGreaterThanOrEqual(counts["meta"]?.0 ?? 0, 1, migrate.stdout)

        // The same outbox, entry by entry (ids, keys, statuses, attempts, times, errors).
        XCTAssertEqual(try outbox(url), try outbox(file))

        // The copied rule state and outbox carry on: a worker on PostgreSQL repeats nothing, and a
        // new entry gets an id after the copied ones.
        let again = try CLIRunner.run(["run", "--once", "--rules", root + "/rules", "--state", url, "--cache-dir", root + "/cache",
                                       "--fixtures", root + "/fixtures"], environment: environment)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertFalse(again.stderr.contains("event=notification.queued"), again.stderr)
        try PostgresStateCommandTests.atomFeed(entries: 5).write(toFile: root + "/fixtures/feeds/news/2024-12-01T10:00:00+09:00.xml",
                                                                 atomically: true, encoding: .utf8)
        let fifth = try CLIRunner.run(["run", "--once", "--rules", root + "/rules", "--state", url, "--cache-dir", root + "/cache",
                                       "--fixtures", root + "/fixtures"], environment: environment)
        XCTAssertEqual(fifth.status, 0, fifth.stderr)
        XCTAssertTrue(fifth.stderr.contains("event=notification.queued id=5 "), fifth.stderr)

        // A second migrate into the now non-empty database is refused; nothing changes.
        let refused = try CLIRunner.run(["state", "migrate", "--from", file, "--to", url], environment: environment)
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(refused.stderr.contains("already holds a leavenow state (outbox has 5 rows"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("only into an empty database"), refused.stderr)
        XCTAssertEqual(try outbox(url).count, 5)

        // The text report: one row per table, both counts.
        let (_, other) = try freshDatabase()
        let text = try CLIRunner.run(["state", "migrate", "--from", file, "--to", other], environment: environment)
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.hasPrefix("copied \(file) to postgresql://postgres@/migrate_"), text.stdout)
        XCTAssertTrue(text.stdout.contains("in one transaction"), text.stdout)
        XCTAssertNotNil(text.stdout.range(of: #"outbox\s+4\s+4"#, options: .regularExpression), text.stdout)
    }

    func testMigrateNeedsAnExistingFileAndAPostgresURL() throws {
        let missing = try CLIRunner.run(["state", "migrate", "--from", root + "/nothing.db", "--to", "postgresql://u:pw-XYZ@127.0.0.1/db"],
                                        environment: environment)
        XCTAssertEqual(missing.status, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("no state at \(root)/nothing.db"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/nothing.db"), "a missing source is not created")
        let notURL = try CLIRunner.run(["state", "migrate", "--from", root + "/nothing.db", "--to", root + "/other.db"],
                                       environment: environment)
        XCTAssertEqual(notURL.status, 64, notURL.stderr)
        XCTAssertTrue(notURL.stderr.contains("is not a postgresql:// or postgres:// URL"), notURL.stderr)
        XCTAssertFalse(missing.stderr.contains("pw-XYZ") || missing.stdout.contains("pw-XYZ"), missing.stderr)
    }
}
