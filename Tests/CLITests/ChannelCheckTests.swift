import Foundation
import XCTest

/// `check` refuses a channel value the worker would refuse (at its place) and warns about a channel
/// secret that is not there, naming it — through the real binary.
final class ChannelCheckTests: XCTestCase {
    func directory(_ yaml: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-channel-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try yaml.write(to: directory.appendingPathComponent("channels.yaml"), atomically: true, encoding: .utf8)
        return directory
    }

    func testCheckRefusesAnNtfyPriorityTheWorkerWouldRefuse() throws {
        let directory = try directory("""
            channels:
              - id: phone
                type: ntfy
                topic_env: LEAVENOW_CHECK_TOPIC
                priority: 9
            """)
        defer { try? FileManager.default.removeItem(at: directory) }
        let check = try CLIRunner.run(["check", "--rules", directory.path], environment: ["LEAVENOW_CHECK_TOPIC": "t-1234"])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertTrue(check.stderr.contains("channels.yaml:5:15: priority must be 1 to 5 (ntfy's min … max), not \"9\""), check.stderr)
        XCTAssertTrue(check.stderr.contains("1 problem in"), check.stderr)
    }

    func testCheckWarnsAboutAnUnsetSecretNamingIt() throws {
        let directory = try directory("""
            channels:
              - id: hook
                type: webhook
                url_env: LEAVENOW_CHECK_HOOK
            """)
        defer { try? FileManager.default.removeItem(at: directory) }
        let check = try CLIRunner.run(["check", "--rules", directory.path])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.contains("1 channel"), check.stdout)
        XCTAssertEqual(check.stderr, "warning: \(directory.path)/channels.yaml:2:5: channel \"hook\": no URL: the environment variable "
            + "LEAVENOW_CHECK_HOOK is not set; the worker holds this channel's notifications until a reload finds it\n")

        let set = try CLIRunner.run(["check", "--rules", directory.path], environment: ["LEAVENOW_CHECK_HOOK": "https://example.com/h"])
        XCTAssertEqual(set.status, 0, set.stderr)
        XCTAssertEqual(set.stderr, "")
    }

    func testCheckRefusesAGotifyPriorityAndFindsARelativeTokenFileBesideTheYAML() throws {
        let bad = try directory("""
            channels:
              - id: push
                type: gotify
                server: https://push.example
                token_env: LEAVENOW_CHECK_GOTIFY
                priority: 11
            """)
        defer { try? FileManager.default.removeItem(at: bad) }
        let check = try CLIRunner.run(["check", "--rules", bad.path], environment: ["LEAVENOW_CHECK_GOTIFY": "AbC.1"])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertTrue(check.stderr.contains("channels.yaml:6:15: priority must be 0 to 10 (Gotify's min … max), not \"11\""), check.stderr)

        // `token_file` is read as every secret file is: relative to the YAML file's directory.
        let good = try directory("""
            channels:
              - id: push
                type: gotify
                server: https://push.example
                token_file: gotify.token
            """)
        defer { try? FileManager.default.removeItem(at: good) }
        try "AbC.2\n".write(to: good.appendingPathComponent("gotify.token"), atomically: true, encoding: .utf8)
        let ok = try CLIRunner.run(["check", "--rules", good.path])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(ok.stderr, "")
    }
}
