import Foundation
import XCTest

/// `leavenow fetch` and `leavenow sources`, run as a user would, against the local test server.
final class SourceCommandsTests: XCTestCase {
    static let yaml = """
    weather:
      - id: chofu
        provider: openweather
        lat: 35.65146
        lon: 139.63678
        units: metric
        key_env: OPENWEATHER_API_KEY
    feeds:
      - id: qiita-ios-2024
        advent_calendar: 2024/ios

    """
    static let secret = "SECRET-KEY-123"

    private var root = ""
    private var server: SourceServer?

    private var rules: String { root + "/rules" }
    private var state: String { root + "/state" }

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "leavenow-cli-sources-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: rules, withIntermediateDirectories: true)
        try Self.yaml.write(toFile: rules + "/sources.yaml", atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Starts the server accepting `key` and returns the environment that points the CLI at it.
    private func start(acceptingKey key: String) throws -> [String: String] {
        let server = try SourceServer(key: key)
        self.server = server
        return ["LEAVENOW_SOURCE_BASE_URL": server.baseURL]
    }

    private func run(_ arguments: [String], _ environment: [String: String]) throws -> CLIRunner.Outcome {
        try CLIRunner.run(arguments, environment: environment)
    }

    func testFetchStoresThenAnswersNotModifiedAndSourcesShowsTheCache() throws {
        var environment = try start(acceptingKey: Self.secret)
        environment["OPENWEATHER_API_KEY"] = Self.secret

        let first = try run(["fetch", "--rules", rules, "--state", state], environment)
        XCTAssertEqual(first.status, 0, first.stdout + first.stderr)
        let firstLines = first.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(firstLines.count, 2, first.stdout)
        XCTAssertTrue(firstLines[0].hasPrefix("chofu "), first.stdout)
        XCTAssertTrue(firstLines[0].contains("  updated  19.3 KB"), first.stdout)
        XCTAssertTrue(firstLines[1].hasPrefix("qiita-ios-2024  updated  1.4 KB"), first.stdout)

        let second = try run(["fetch", "--rules", rules, "--state", state], environment)
        XCTAssertEqual(second.status, 0, second.stdout + second.stderr)
        XCTAssertTrue(second.stdout.contains("chofu           not modified (saved 19.3 KB)"), second.stdout)
        XCTAssertTrue(second.stdout.contains("qiita-ios-2024  not modified (saved 1.4 KB)"), second.stdout)

        let table = try run(["sources", "--rules", rules, "--state", state], [:])
        XCTAssertEqual(table.status, 0, table.stderr)
        let rows = table.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(rows.count, 3, table.stdout)
        XCTAssertTrue(rows[0].hasPrefix("ID"), table.stdout)
        XCTAssertTrue(rows[1].hasPrefix("chofu           weather"), table.stdout)
        XCTAssertTrue(rows[1].contains("+09:00"), table.stdout)
        XCTAssertTrue(rows[1].hasSuffix("19.3 KB  19.3 KB  -"), table.stdout)
        XCTAssertTrue(rows[2].hasPrefix("qiita-ios-2024  feed"), table.stdout)
        XCTAssertTrue(rows[2].hasSuffix("1.4 KB   1.4 KB   -"), table.stdout)
        XCTAssertFalse(table.stdout.contains("never fetched"), table.stdout)

        let json = try XCTUnwrap(CLIRunner.json(try run(["sources", "--rules", rules, "--state", state, "--json"], [:]))
            as? [String: Any])
        let sources = try XCTUnwrap(json["sources"] as? [[String: Any]])
        XCTAssertEqual(sources.map { $0["id"] as? String }, ["chofu", "qiita-ios-2024"])
        XCTAssertEqual(sources[0]["bytes"] as? Int, 19316)
        XCTAssertEqual(sources[0]["bytes_saved"] as? Int, 19316)
        XCTAssertEqual(sources[0]["refresh_seconds"] as? Int, 600)
        XCTAssertEqual(sources[0]["due"] as? Bool, false)
        XCTAssertTrue((sources[0]["last_fetch"] as? String ?? "").hasSuffix("+09:00"))
        XCTAssertEqual(sources[1]["kind"] as? String, "feed")
        XCTAssertEqual(sources[1]["bytes"] as? Int, 1391)

        // The network goes away: the fetch fails, the last good data stays, `sources` shows the error.
        server?.stop()
        let down = try run(["fetch", "--rules", rules, "--state", state], environment)
        XCTAssertEqual(down.status, 1, down.stdout)
        XCTAssertTrue(down.stdout.contains("keeping the data of"), down.stdout)
        let afterFailure = try run(["sources", "--rules", rules, "--state", state], [:])
        let failedRows = afterFailure.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(failedRows[1].contains("19.3 KB  19.3 KB  ") && !failedRows[1].hasSuffix("  -"), afterFailure.stdout)
        XCTAssertTrue(failedRows[1].contains("127.0.0.1"), afterFailure.stdout)
        XCTAssertFalse(afterFailure.stdout.contains(Self.secret), afterFailure.stdout)

        // The default state directory is $XDG_STATE_HOME/leavenow.
        let viaXDG = try run(["sources", "--rules", rules], ["XDG_STATE_HOME": root + "/xdg"])
        XCTAssertTrue(viaXDG.stdout.contains("never fetched"), viaXDG.stdout)
        try FileManager.default.createDirectory(atPath: root + "/xdg", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: state, toPath: root + "/xdg/leavenow")
        let moved = try run(["sources", "--rules", rules], ["XDG_STATE_HOME": root + "/xdg"])
        XCTAssertFalse(moved.stdout.contains("never fetched"), moved.stdout)

        // Every cache file is private.
        let directory = root + "/xdg/leavenow/sources"
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        XCTAssertEqual(files, ["feed-qiita-ios-2024.body", "feed-qiita-ios-2024.json", "weather-chofu.body", "weather-chofu.json"])
        let database = try FileManager.default.attributesOfItem(atPath: root + "/xdg/leavenow/state.db")
        XCTAssertEqual((database[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        for file in files {
            let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/" + file)
            XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600, file)
        }
        let directoryMode = try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? NSNumber
        XCTAssertEqual(directoryMode?.intValue, 0o700)
    }

    func testMissingKeyFailsNamingTheVariable() throws {
        let environment = try start(acceptingKey: Self.secret)
        let outcome = try run(["fetch", "--rules", rules, "--state", state], environment)
        XCTAssertEqual(outcome.status, 1, outcome.stdout + outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("chofu           failed: the environment variable OPENWEATHER_API_KEY is not set"),
                      outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("qiita-ios-2024  updated"), outcome.stdout)

        let table = try run(["sources", "--rules", rules, "--state", state], [:])
        XCTAssertTrue(table.stdout.contains("chofu           weather  never fetched"), table.stdout)
    }

    func testRefusedKeyIsNeverPrinted() throws {
        var environment = try start(acceptingKey: "the-server-wants-another-key")
        environment["OPENWEATHER_API_KEY"] = Self.secret
        var outputs: [(String, CLIRunner.Outcome)] = []

        let fetch = try run(["fetch", "chofu", "--rules", rules, "--state", state], environment)
        XCTAssertEqual(fetch.status, 1)
        XCTAssertTrue(fetch.stdout.hasPrefix("chofu  failed: the API key was refused (HTTP 401); check OPENWEATHER_API_KEY"), fetch.stdout)
        outputs.append(("fetch", fetch))

        let json = try run(["fetch", "--rules", rules, "--state", state, "--json"], environment)
        XCTAssertEqual(json.status, 1)
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let sources = try XCTUnwrap(parsed["sources"] as? [[String: Any]])
        XCTAssertEqual(sources.first?["outcome"] as? String, "failed")
        XCTAssertEqual(sources.first?["reason"] as? String, "key_refused")
        XCTAssertEqual(sources.first?["status"] as? Int, 401)
        XCTAssertEqual(sources.last?["outcome"] as? String, "updated")
        outputs.append(("fetch --json", json))

        outputs.append(("sources", try run(["sources", "--rules", rules, "--state", state], environment)))
        outputs.append(("sources --json", try run(["sources", "--rules", rules, "--state", state, "--json"], environment)))
        let dryRun = try run(["dry-run", "--rules", rules, "--at", "2024-12-22T10:00"], environment)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        outputs.append(("dry-run", dryRun))
        for (name, outcome) in outputs {
            XCTAssertFalse(outcome.stdout.contains(Self.secret), "\(name) printed the key: \(outcome.stdout)")
            XCTAssertFalse(outcome.stderr.contains(Self.secret), "\(name) printed the key: \(outcome.stderr)")
        }
        for file in try FileManager.default.contentsOfDirectory(atPath: state + "/sources") {
            let text = try String(contentsOfFile: state + "/sources/" + file, encoding: .utf8)
            XCTAssertFalse(text.contains(Self.secret), file)
        }
    }

    func testUnknownSourceIsAUsageErrorListingTheKnownOnes() throws {
        let outcome = try run(["fetch", "nope", "--rules", rules, "--state", state], [:])
        XCTAssertEqual(outcome.status, 64)
        XCTAssertTrue(outcome.stderr.contains("unknown source \"nope\" (sources: chofu, qiita-ios-2024)"), outcome.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: state))
    }
}
