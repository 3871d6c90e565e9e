import Foundation
import TestServers
import XCTest

/// The `state:` section: the PostgreSQL URL in the configuration, its password from a secret
/// reference (`password_env`, `password_file`), `--state` overriding it; `check` refusing a bad
/// section at its place; a refused login and a newer schema ending `run` with what to fix. The
/// password is in no output.
final class PostgresStateConfigTests: XCTestCase {
    private static let password = "cfg-Pass_w0rd-4412"
    private static let wrongPassword = "wrong-Pass_w0rd-9"
    nonisolated(unsafe) private static var sharedCluster: PostgresCluster?
    private var root = ""

    override class func tearDown() {
        sharedCluster?.destroy()
        sharedCluster = nil
        super.tearDown()
    }

    override func setUpWithError() throws {
        if let reason = PostgresCluster.unavailableReason { throw XCTSkip(reason) }
        root = NSTemporaryDirectory() + "leavenow-cli-pgconfig-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/fixtures/feeds/news", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/rules", withIntermediateDirectories: true)
        try PostgresStateCommandTests.rules.write(toFile: root + "/rules/config.yaml", atomically: true, encoding: .utf8)
        try PostgresStateCommandTests.atomFeed(entries: 3).write(toFile: root + "/fixtures/feeds/news/2024-12-01T09:00:00+09:00.xml",
                                                                 atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func cluster() throws -> PostgresCluster {
        if let existing = Self.sharedCluster { return existing }
        let cluster = try PostgresCluster()
        try cluster.psql("CREATE ROLE leavenow LOGIN PASSWORD '\(Self.password)'")
        Self.sharedCluster = cluster
        return cluster
    }

    /// A fresh database owned by `leavenow`; its name.
    private func freshDatabase() throws -> String {
        let name = "cfg_\(UUID().uuidString.prefix(8).lowercased())"
        try cluster().psql("CREATE DATABASE \(name) OWNER leavenow")
        return name
    }

    /// `rules/state.yaml` with `text` under `state:`.
    private func writeState(_ text: String) throws {
        try ("state:\n" + text).write(toFile: root + "/rules/state.yaml", atomically: true, encoding: .utf8)
    }

    private func environment(_ extra: [String: String] = [:]) -> [String: String] {
        ["XDG_STATE_HOME": root + "/xdg", "LEAVENOW_TEST_HOOK_URL": "http://127.0.0.1:1/hook"].merging(extra) { _, new in new }
    }

    private func assertNoPassword(_ outcome: CLIRunner.Outcome, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for secret in [Self.password, Self.wrongPassword] {
            XCTAssertFalse(outcome.stdout.contains(secret) || outcome.stderr.contains(secret),
                           "\(what) printed a password:\n\(outcome.stdout)\n\(outcome.stderr)", file: file, line: line)
        }
    }

    func testTheStateSectionGivesTheURLAndItsPasswordComesFromItsSecretReference() throws {
        let database = try freshDatabase()
        let port = try cluster().port
        try writeState("  url: postgresql://leavenow@127.0.0.1:\(port)/\(database)\n  password_env: LEAVENOW_DB_PASSWORD\n")
        let rules = root + "/rules"
        let withPassword = environment(["LEAVENOW_DB_PASSWORD": Self.password])

        let check = try CLIRunner.run(["check", "--rules", rules], environment: withPassword)
        assertNoPassword(check, "check")
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(check.stderr, "", "a password that is there is no warning")

        let run = try CLIRunner.run(["run", "--once", "--rules", rules, "--cache-dir", root + "/cache", "--fixtures", root + "/fixtures"],
                                    environment: withPassword)
        assertNoPassword(run, "run")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr.components(separatedBy: "event=notification.queued").count - 1, 3, run.stderr)
        XCTAssertTrue(run.stderr.contains("state=postgresql://leavenow@127.0.0.1:\(port)/\(database)"), run.stderr)

        let outbox = try CLIRunner.run(["outbox", "--rules", rules, "--json"], environment: withPassword)
        assertNoPassword(outbox, "outbox")
        let listing = try XCTUnwrap(try CLIRunner.json(outbox) as? [String: Any])
        XCTAssertEqual((listing["entries"] as? [Any])?.count, 3, outbox.stdout)
        let status = try CLIRunner.run(["status", "--rules", rules, "--cache-dir", root + "/cache"], environment: withPassword)
        assertNoPassword(status, "status")
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertTrue(status.stdout.contains("workers sharing the PostgreSQL state:"), status.stdout)

        // --state overrides the section: another database (empty), and the section's password is not needed.
        let other = try freshDatabase()
        let overridden = try CLIRunner.run(["outbox", "--rules", rules, "--json", "--state",
                                            try cluster().socketURL(database: other)], environment: environment())
        XCTAssertEqual(((try CLIRunner.json(overridden) as? [String: Any])?["entries"] as? [Any])?.count, 0, overridden.stdout)

        // The password from a file next to the rules (relative to the YAML file), no variable set.
        try Self.password.write(toFile: rules + "/db.password", atomically: true, encoding: .utf8)
        try writeState("  url: postgresql://leavenow@127.0.0.1:\(port)/\(database)\n  password_file: db.password\n")
        let fromFile = try CLIRunner.run(["outbox", "--rules", rules, "--json"], environment: environment())
        assertNoPassword(fromFile, "outbox (password_file)")
        XCTAssertEqual(((try CLIRunner.json(fromFile) as? [String: Any])?["entries"] as? [Any])?.count, 3, fromFile.stdout)

        // No password where the section says: an error naming the variable, before any connection.
        try writeState("  url: postgresql://leavenow@127.0.0.1:\(port)/\(database)\n  password_env: LEAVENOW_DB_PASSWORD\n")
        let missing = try CLIRunner.run(["outbox", "--rules", rules], environment: environment())
        XCTAssertEqual(missing.status, 1, missing.stdout)
        XCTAssertTrue(missing.stderr.contains("rules/state.yaml:2:3: no password for the PostgreSQL state"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("the environment variable LEAVENOW_DB_PASSWORD is not set"), missing.stderr)
        let warned = try CLIRunner.run(["check", "--rules", rules], environment: environment())
        XCTAssertEqual(warned.status, 0, warned.stderr)
        XCTAssertTrue(warned.stderr.contains("warning: \(rules)/state.yaml:2:3: no password for the PostgreSQL state"), warned.stderr)

        // A refused password: run ends, saying what to check; the password is in no output (the
        // long-running worker ends the same way: SharedStateStartTests).
        let refused = try CLIRunner.run(["run", "--once", "--rules", rules, "--cache-dir", root + "/cache", "--fixtures", root + "/fixtures"],
                                        environment: environment(["LEAVENOW_DB_PASSWORD": Self.wrongPassword]))
        assertNoPassword(refused, "run with a refused password")
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("password authentication failed for user \"leavenow\""), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("check the password: the URL's, the state: section's password_env / password_file"), refused.stderr)
    }

    func testCheckRefusesABadStateSectionAtItsPlaceWithoutThePassword() throws {
        let rules = root + "/rules"
        func check(_ text: String) throws -> CLIRunner.Outcome {
            try writeState(text)
            let outcome = try CLIRunner.run(["check", "--rules", rules], environment: environment())
            XCTAssertFalse(outcome.stdout.contains("hunter2") || outcome.stderr.contains("hunter2"), outcome.stderr)
            XCTAssertEqual(outcome.status, 1, outcome.stdout)
            return outcome
        }
        let inURL = try check("  url: postgresql://leavenow:hunter2@db.example/leavenow\n")
        XCTAssertTrue(inURL.stderr.contains("\(rules)/state.yaml:2:8: state url: the password does not belong in the configuration"), inURL.stderr)
        XCTAssertTrue(inURL.stderr.contains("url: postgresql://leavenow:REDACTED@db.example/leavenow"), inURL.stderr)
        let inQuery = try check("  url: postgresql://leavenow@db.example/leavenow?password=hunter2\n")
        XCTAssertTrue(inQuery.stderr.contains("state.yaml:2:8: state url: the password does not belong"), inQuery.stderr)
        let inline = try check("  url: postgresql://leavenow@db.example/leavenow\n  password: hunter2\n")
        XCTAssertTrue(inline.stderr.contains("state.yaml:3:13: state: a password does not belong in the configuration: give password_env"),
                      inline.stderr)
        let port = try check("  url: postgresql://leavenow@db.example:fivefour/leavenow\n  password_env: X\n")
        XCTAssertTrue(port.stderr.contains("state.yaml:2:8: state url: the port \"fivefour\" is not a number from 1 to 65535"), port.stderr)
        let file = try check("  url: /var/lib/leavenow/state.db\n")
        XCTAssertTrue(file.stderr.contains("state.yaml:2:8: state url must be a postgresql:// (or postgres://) URL"), file.stderr)
        let missing = try check("  password_env: X\n")
        XCTAssertTrue(missing.stderr.contains("state.yaml:2:3: missing required key \"url\" in state"), missing.stderr)
        let unknown = try check("  url: postgresql://leavenow@db.example/leavenow\n  pasword_env: X\n")
        XCTAssertTrue(unknown.stderr.contains("unknown key \"pasword_env\""), unknown.stderr)
        // Two sections.
        try "state:\n  url: postgresql://a@db/a\n".write(toFile: rules + "/state2.yaml", atomically: true, encoding: .utf8)
        let twice = try check("  url: postgresql://leavenow@db.example/leavenow\n")
        XCTAssertTrue(twice.stderr.contains("a second state section (first defined at \(rules)/state.yaml:2:3); keep one"), twice.stderr)
        // A command that uses the section refuses it the same way.
        try FileManager.default.removeItem(atPath: rules + "/state2.yaml")
        try writeState("  url: postgresql://leavenow:hunter2@db.example/leavenow\n")
        let outbox = try CLIRunner.run(["outbox", "--rules", rules], environment: environment())
        XCTAssertEqual(outbox.status, 1, outbox.stdout)
        XCTAssertTrue(outbox.stderr.contains("state.yaml:2:8: state url: the password does not belong"), outbox.stderr)
        XCTAssertFalse(outbox.stderr.contains("hunter2"), outbox.stderr)
    }

    func testRunRefusesANewerSchemaAndAMalformedURLSayingWhatToFix() throws {
        let database = try freshDatabase()
        let url = try cluster().socketURL(database: database)
        try cluster().psql("CREATE TABLE leavenow_schema (version integer NOT NULL); INSERT INTO leavenow_schema VALUES (99);", database: database)
        let newer = try CLIRunner.run(["run", "--once", "--rules", root + "/rules", "--state", url, "--cache-dir", root + "/cache",
                                       "--fixtures", root + "/fixtures"], environment: environment())
        XCTAssertEqual(newer.status, 1, newer.stderr)
        XCTAssertTrue(newer.stderr.contains("the schema version is 99, newer than the 5 this leavenow knows; refusing to use it "
                                            + "(upgrade leavenow, or choose another database)"), newer.stderr)

        let malformed = try CLIRunner.run(["run", "--rules", root + "/rules", "--state",
                                           "postgresql://leavenow:\(Self.password)@127.0.0.1:99999/db"], environment: environment())
        assertNoPassword(malformed, "run with a malformed URL")
        XCTAssertEqual(malformed.status, 64, malformed.stderr)
        XCTAssertTrue(malformed.stderr.contains("--state: postgresql://leavenow:REDACTED@127.0.0.1:99999/db: reading the PostgreSQL URL: "
                                                + "the port \"99999\" is not a number from 1 to 65535"), malformed.stderr)
        let unknownDatabase = try CLIRunner.run(["run", "--once", "--rules", root + "/rules", "--state", try cluster().socketURL(database: "nowhere"),
                                                 "--cache-dir", root + "/cache", "--fixtures", root + "/fixtures"], environment: environment())
        XCTAssertEqual(unknownDatabase.status, 1, unknownDatabase.stderr)
        XCTAssertTrue(unknownDatabase.stderr.contains("database \"nowhere\" does not exist (create the database"), unknownDatabase.stderr)
    }
}
