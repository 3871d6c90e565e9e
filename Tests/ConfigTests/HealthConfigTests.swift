import Config
import Foundation
import XCTest

/// The `health:` and `history:` sections: what they read, and each mistake `check` refuses at its
/// `file:line:col` (the worker loads the same way, so it refuses the same files).
final class HealthConfigTests: XCTestCase {
    /// A channel every case can name; the section under test starts on line 4.
    let preamble = """
    channels:
      - id: phone
        type: desktop

    """

    enum Loaded {
        case success(Configuration)
        case failure([String])
    }

    /// The configuration of `yaml` (after the preamble), or its problems as `file:line:col: message`.
    func load(_ yaml: String, files: [String: String] = [:]) throws -> Loaded {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-health-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try (preamble + yaml).write(to: directory.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
        for (name, text) in files { try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        do {
            let configuration = try Configuration.load(directory: directory.path)
            return .success(configuration)
        } catch {
            return .failure(error.diagnostics.map { $0.description.replacingOccurrences(of: directory.path + "/", with: "") })
        }
    }

    func problems(_ yaml: String, files: [String: String] = [:]) throws -> [String] {
        if case .failure(let problems) = try load(yaml, files: files) { return problems }
        return []
    }

    func testAFullSectionIsRead() throws {
        guard case .success(let configuration) = try load("""
            health:
              channels: [phone]
              language: ja
              timezone: America/Los_Angeles
              urgency: critical
              source_stale_after: 2h
              feed_ends_within: 30d
              channel_failures: 8
              heartbeat:
                url_env: LEAVENOW_HEARTBEAT_URL
                every: 2m
            history:
              keep: 50
            """) else { return XCTFail("refused") }
        let health = try XCTUnwrap(configuration.health)
        XCTAssertEqual(health.channels, ["phone"])
        XCTAssertEqual(health.language, .ja)
        XCTAssertEqual(health.timeZone, "America/Los_Angeles")
        XCTAssertEqual(health.urgency, .critical)
        XCTAssertEqual(health.sourceStaleAfterSeconds, 7_200)
        XCTAssertEqual(health.feedEndsWithinDays, 30)
        XCTAssertEqual(health.channelFailures, 8)
        XCTAssertEqual(health.heartbeat?.url.environmentVariable, "LEAVENOW_HEARTBEAT_URL")
        XCTAssertEqual(health.heartbeat?.intervalSeconds, 120)
        XCTAssertEqual(configuration.historyKeep, 50)
    }

    func testTheDefaults() throws {
        guard case .success(let bare) = try load("rules: []\n") else { return XCTFail("refused") }
        XCTAssertNil(bare.health)
        XCTAssertEqual(bare.healthLimits.sourceStaleAfterSeconds, 3_600)
        XCTAssertEqual(bare.healthLimits.feedEndsWithinDays, 14)
        XCTAssertEqual(bare.healthLimits.channelFailures, 5)
        XCTAssertEqual(bare.historyKeep, 20)
        guard case .success(let heartbeatOnly) = try load("health:\n  heartbeat: {url_file: ping.url}\n") else { return XCTFail("refused") }
        XCTAssertEqual(heartbeatOnly.health?.channels, [])
        XCTAssertEqual(heartbeatOnly.health?.heartbeat?.intervalSeconds, 300)
        XCTAssertTrue(heartbeatOnly.health?.heartbeat?.url.file?.hasSuffix("/ping.url") == true, "relative to the file's directory")
    }

    func testEachMistakeAtItsPlace() throws {
        let cases: [(yaml: String, expected: String)] = [
            ("health:\n  channels: [phnoe]\n", "config.yaml:5:14: unknown channel \"phnoe\" in health (did you mean \"phone\"?)"),
            ("health:\n  chanels: [phone]\n",
             "config.yaml:5:3: health needs channels (where its notices go) or heartbeat (a URL the worker calls), or both"),
            ("health:\n  channels: [phone]\n  source_stale_after: 30s\n", "config.yaml:6:23: source_stale_after must be between 1m and 7d, found \"30s\""),
            ("health:\n  channels: [phone]\n  feed_ends_within: 36h\n", "config.yaml:6:21: feed_ends_within must be whole days from 0d to 365d, found \"36h\""),
            ("health:\n  channels: [phone]\n  channel_failures: 0\n", "config.yaml:6:21: channel_failures must be a whole number from 1 to 1000, found 0"),
            ("health:\n  channels: [phone]\n  language: fr\n", "config.yaml:6:13: language must be \"ja\" or \"en\", found \"fr\""),
            ("health:\n  channels: [phone]\n  timezone: Asia/Tokio\n", "config.yaml:6:13: unknown timezone \"Asia/Tokio\" (did you mean \"Asia/Tokyo\"?)"),
            ("health:\n  heartbeat: {every: 5m}\n",
             "config.yaml:5:14: heartbeat needs url_env (an environment variable, also the name of a systemd credential) or url_file"),
            ("health:\n  heartbeat: {url_env: HB, every: 5s}\n", "config.yaml:5:35: heartbeat every must be between 10s and 1d, found \"5s\""),
            ("history:\n  keep: 5000\n", "config.yaml:5:9: history keep must be a whole number from 0 to 1000, found 5000"),
            ("history:\n  kepe: 5\n", "config.yaml:5:3: unknown key \"kepe\" (did you mean \"keep\"? expected one of: keep)"),
        ]
        for (yaml, expected) in cases {
            let found = try problems(yaml)
            XCTAssertTrue(found.contains(expected), "\(yaml)\n\(found)")
        }
    }

    func testALiteralHeartbeatURLIsRefusedWithoutQuotingIt() throws {
        let yaml = "health:\n  heartbeat:\n    url: https://hc-ping.com/0f8e-secret-uuid\n"
        let problems = try problems(yaml)
        XCTAssertEqual(problems.count, 1, "\(problems)")
        XCTAssertTrue(problems[0].hasPrefix("config.yaml:6:10: heartbeat: the URL does not belong in the configuration"), problems[0])
        // As `check` prints it: the line and its caret, the URL hidden.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-health-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try (preamble + yaml).write(to: directory.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
        do {
            _ = try Configuration.load(directory: directory.path)
            XCTFail("accepted")
        } catch {
            XCTAssertTrue(error.rendered.contains("    url: REDACTED"), error.rendered)
            XCTAssertFalse(error.rendered.contains("0f8e-secret-uuid"), error.rendered)
        }
    }

    func testASecondSectionIsRefused() throws {
        XCTAssertEqual(try problems("health:\n  channels: [phone]\n", files: ["more.yaml": "health:\n  heartbeat: {url_env: HB}\n"]).first,
                       "more.yaml:2:3: a second health section (first defined at config.yaml:5:3); keep one")
        XCTAssertEqual(try problems("history: {keep: 3}\n", files: ["more.yaml": "history: {keep: 4}\n"]).first,
                       "more.yaml:1:10: a second history section (first defined at config.yaml:4:10); keep one")
    }
}
