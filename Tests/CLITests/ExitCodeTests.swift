import Foundation
import XCTest

/// The exit codes of the README's table, through the built binary: an id the configuration does not
/// define is a usage error (64) whatever names it — a board, a rule, a channel, a source — with the
/// closest known id; `run --once` whose pass ran while a source failed exits 75, not 0.
final class ExitCodeTests: XCTestCase {
    /// Each command that names a configured id, with a typo: 64 and "did you mean".
    func testAnUnknownBoardRuleChannelOrSourceExits64WithTheClosestId() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-exit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("rules"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try SourceCommandsTests.yaml.write(to: root.appendingPathComponent("rules/sources.yaml"), atomically: true, encoding: .utf8)
        let cases: [(arguments: [String], expected: String)] = [
            (["next", "chofu-to-mitak"], #"no board "chofu-to-mitak" in rules (did you mean "chofu-to-mitaka"? boards: "#),
            (["board", "ginz"], #"no board "ginz" in rules (did you mean "ginza"? boards: "#),
            (["explain", "rain-stat", "--at", "2024-12-22T10:00"], #"no rule "rain-stat" (did you mean "rain-start"? rules: "#),
            (["notify", "phon", "hello"], #"no channel "phon" in rules (did you mean "phone"? channels: phone, desktop, team)"#),
            (["fetch", "chofuu", "--rules", root.path + "/rules", "--state", root.path + "/state"],
             #"unknown source "chofuu" (did you mean "chofu"? sources: chofu, qiita-ios-2024)"#),
        ]
        for (arguments, expected) in cases {
            let outcome = try CLIRunner.run(arguments)
            XCTAssertEqual(outcome.status, 64, "\(arguments): \(outcome.stderr)")
            // After the warnings of loading (the examples' ginza-live has no cached timetable), the error.
            let error = outcome.stderr.split(separator: "\n").last.map(String.init) ?? ""
            XCTAssertTrue(error.hasPrefix("leavenow: " + expected), "\(arguments): \(outcome.stderr)")
            XCTAssertEqual(outcome.stdout, "", "\(arguments)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.path + "/state"), "an unknown source fetched nothing")
    }

    /// `run --once` against the local source server: the feed is fetched and its rule queues its
    /// notifications (the pass ran), the weather source's key is refused — exit 75, naming it. The same
    /// pass with every source answering exits 0.
    func testRunOnceWithAFailedSourceExits75AfterThePass() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-once-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("rules"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try (SourceCommandsTests.yaml + """
            channels:
              - id: hook
                type: webhook
                url_env: LEAVENOW_TEST_HOOK_URL
            rules:
              - id: ios-article
                kind: new_article
                feed: qiita-ios-2024
                first_run: notify
                channels: [hook]
                language: en

            """).write(to: root.appendingPathComponent("rules/sources.yaml"), atomically: true, encoding: .utf8)
        let server = try SourceServer(key: SourceCommandsTests.secret)
        defer { server.stop() }
        func once(key: String, state: String, language: String = "C.UTF-8") throws -> CLIRunner.Outcome {
            try CLIRunner.run(["run", "--once", "--rules", root.path + "/rules", "--state", root.path + "/" + state],
                              environment: ["LEAVENOW_SOURCE_BASE_URL": server.baseURL, "OPENWEATHER_API_KEY": key,
                                            "LEAVENOW_TEST_HOOK_URL": "http://127.0.0.1:1/hook", "LANG": language])
        }

        let failed = try once(key: "WRONG-KEY", state: "failed")
        XCTAssertEqual(failed.status, 75, failed.stderr)
        XCTAssertTrue(failed.stderr.contains("event=source.failed source=weather-chofu"), failed.stderr)
        XCTAssertTrue(failed.stderr.contains("event=worker.stopped"), failed.stderr)
        XCTAssertTrue(failed.stderr.contains("\nleavenow: run --once: 1 source failed; the rules ran on the last good data:\n  weather source \"chofu\": "),
                      failed.stderr)
        XCTAssertFalse(failed.stderr.contains("WRONG-KEY"), "the refused key is not printed")
        // The pass ran: the feed's rule queued its notifications.
        let outbox = try CLIRunner.run(["outbox", "--state", root.path + "/failed", "--json"])
        let counts = try XCTUnwrap((try CLIRunner.json(outbox) as? [String: Any])?["counts"] as? [String: Int])
        XCTAssertGreaterThan(counts["pending", default: 0], 0, outbox.stdout)

        let japanese = try once(key: "WRONG-KEY", state: "failed-ja", language: "ja_JP.UTF-8")
        XCTAssertEqual(japanese.status, 75, japanese.stderr)
        XCTAssertTrue(japanese.stderr.contains("\nleavenow: run --once: 1 件のソースの取得に失敗しました。ルールは最後に取得できたデータで評価しました:\n  天気ソース \"chofu\": "),
                      japanese.stderr)
        XCTAssertTrue(japanese.stderr.contains("level=warning event=source.failed"), "the log lines stay logfmt, in English")

        let fine = try once(key: SourceCommandsTests.secret, state: "fine")
        XCTAssertEqual(fine.status, 0, fine.stderr)
        XCTAssertFalse(fine.stderr.contains("leavenow: "), fine.stderr)
    }
}
