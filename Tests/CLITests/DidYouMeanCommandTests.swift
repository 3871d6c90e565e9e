import Foundation
import XCTest

/// "Did you mean …?" from the built binary: a board id given to `next` / `board`, a rule id given
/// to `explain`, an unknown key and a channel type in `check`.
final class DidYouMeanCommandTests: XCTestCase {
    func testABoardOrRuleIdWithATypo() throws {
        let next = try CLIRunner.run(["next", "chofu-to-mitak"])
        XCTAssertEqual(next.status, 64)
        XCTAssertTrue(next.stderr.contains("no board \"chofu-to-mitak\" in rules (did you mean \"chofu-to-mitaka\"? boards: chofu-to-mitaka, ginza, "), next.stderr)
        let board = try CLIRunner.run(["board", "ginz"])
        XCTAssertTrue(board.stderr.contains("(did you mean \"ginza\"? boards: "), board.stderr)
        let far = try CLIRunner.run(["next", "shinjuku"])
        XCTAssertTrue(far.stderr.contains("no board \"shinjuku\" in rules (boards: chofu-to-mitaka, "), "nothing close, the list: \(far.stderr)")
        let explain = try CLIRunner.run(["explain", "ginza-last-trian", "--at", "2024-12-22T23:00"])
        XCTAssertEqual(explain.status, 64)
        XCTAssertTrue(explain.stderr.contains("no rule \"ginza-last-trian\" (did you mean \"ginza-last-train\"? rules: "), explain.stderr)
    }

    func testCheckSuggestsTheKeyAndTheChannelType() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-didyoumean-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        try """
            channels:
              - id: phone
                type: slak
                url_env: HOOK
            """.write(to: directory.appendingPathComponent("channels.yaml"), atomically: true, encoding: .utf8)
        try """
            boards:
              - id: home
                titel: Home
                sources:
                  - csv: {weekday: a.csv}
            """.write(to: directory.appendingPathComponent("boards.yaml"), atomically: true, encoding: .utf8)
        let check = try CLIRunner.run(["check", "--rules", directory.path])
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stderr.contains("boards.yaml:3:5: unknown key \"titel\" (did you mean \"title\"? expected one of: "), check.stderr)
        XCTAssertTrue(check.stderr.contains("channels.yaml:3:11: unknown channel type \"slak\" (did you mean \"slack\"? expected one of: "), check.stderr)
    }

    /// The starter configuration with one slip a person makes: `check` prints that one diagnostic,
    /// in English and in Japanese — no `unknown board "my-stop" in rule …` after it (issue 23).
    func testOneSlipInTheStarterIsOneDiagnosticInBothLanguages() throws {
        let starter = CLIRunner.packageRoot.appendingPathComponent("deploy/starter")
        let slips: [(file: String, from: String, to: String, english: String, japanese: String)] = [
            ("boards.yaml", "    title: My bus stop", "    titel: My bus stop",
             "boards.yaml:11:5: unknown key \"titel\" (did you mean \"title\"? expected one of: ",
             "boards.yaml:11:5: 不明なキー \"titel\" です（\"title\" の間違いではありませんか？ 使えるキー: "),
            ("boards.yaml", "walk: 5m ", "walk: 5 min ",
             "boards.yaml:24:15: expected a duration like 4m, 90s or 1h30m, found \"5 min\" (did you mean 5m?)",
             "boards.yaml:24:15: 4m、90s、1h30m のような期間を書いてください（実際の値: \"5 min\"。5m の間違いではありませんか？）"),
            ("boards.yaml", "timezone: Asia/Tokyo ", "timezone: Asia/Tokio ",
             "boards.yaml:12:15: unknown timezone \"Asia/Tokio\" (did you mean \"Asia/Tokyo\"?)",
             "boards.yaml:12:15: 不明なタイムゾーン \"Asia/Tokio\" です（\"Asia/Tokyo\" の間違いではありませんか？）"),
            ("boards.yaml", "timezone: Asia/Tokyo ", "timezone: asia/tokyo ",
             "boards.yaml:12:15: unknown timezone \"asia/tokyo\" (did you mean \"Asia/Tokyo\"?)",
             "boards.yaml:12:15: 不明なタイムゾーン \"asia/tokyo\" です（\"Asia/Tokyo\" の間違いではありませんか？）"),
            ("rules.yaml", "days: [weekdays]", "days: [weekday] ",
             "rules.yaml:8:12: unknown day \"weekday\" (did you mean \"weekdays\"? expected sun, ",
             "rules.yaml:8:12: 不明な曜日 \"weekday\" です（\"weekdays\" の間違いではありませんか？ sun、"),
            ("channels.yaml", "  - id: desktop", "  - id: Desktop",
             "channels.yaml:5:9: channel id \"Desktop\" may only contain lowercase letters",
             "channels.yaml:5:9: チャンネルの id \"Desktop\" に使えるのは小文字"),
        ]
        for slip in slips {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-slip-\(UUID().uuidString)")
            try FileManager.default.copyItem(at: starter, to: directory)
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent(slip.file)
            let text = try String(contentsOf: path, encoding: .utf8)
            XCTAssertTrue(text.contains(slip.from), slip.from)
            try text.replacingOccurrences(of: slip.from, with: slip.to).write(to: path, atomically: true, encoding: .utf8)
            for (language, expected, summary) in [("C.UTF-8", slip.english, "1 problem in "), ("ja_JP.UTF-8", slip.japanese, "に問題が 1 件あります")] {
                let check = try CLIRunner.run(["check", "--rules", directory.path], environment: ["LANG": language])
                XCTAssertEqual(check.status, 1, slip.to)
                XCTAssertTrue(check.stderr.contains(expected), "\(language) \(slip.to):\n\(check.stderr)")
                XCTAssertTrue(check.stderr.contains(summary), "one diagnostic only, \(language) \(slip.to):\n\(check.stderr)")
            }
        }
    }
}
