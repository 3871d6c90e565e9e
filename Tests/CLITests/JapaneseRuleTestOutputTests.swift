import Foundation
import XCTest

/// Rule test files' own diagnostics in Japanese: a bad time, a test without times, `to` before
/// `from`, an unknown timezone and a misspelt rule, each at its `file:line:col`.
extension JapaneseOutputTests {
    func testRuleTestFileDiagnosticsInJapanese() throws {
        let directory = try temporaryDirectory("test-diagnostics")
        let file = directory.appendingPathComponent("broken.yaml").path
        try """
        rules: \(CLIRunner.packageRoot.path)/rules
        timezone: Asia/Tokio
        tests:
          - name: a bad time
            at: tomorrow
          - name: no times
            expect: []
          - name: backwards
            from: 2024-12-22T11:00
            to: 2024-12-22T10:00

        """.write(toFile: file, atomically: true, encoding: .utf8)
        let broken = try both(["test", file])
        XCTAssertEqual(broken.english.status, 1, broken.english.stdout + broken.english.stderr)
        assertSameInformation(broken, "broken rule test file")
        let japanese = broken.japanese.stdout + broken.japanese.stderr
        assertContainsAll(japanese, [
            "broken.yaml:2:11: 不明なタイムゾーン \"Asia/Tokio\" です（\"Asia/Tokyo\" の間違いではありませんか？）",
            "broken.yaml:5:9: at は 2024-12-22T10:19 や 2024-12-22T10:19:00+09:00 のような時刻でなければなりません（\"tomorrow\" でした）",
            "broken.yaml:6:5: テストには at: T か、from: T1 と to: T2 が必要です",
        ])
        XCTAssertTrue((broken.english.stdout + broken.english.stderr).contains("broken.yaml:6:5: a test needs at: T, or from: T1 and to: T2"),
                      broken.english.stdout + broken.english.stderr)

        try """
        rules: \(CLIRunner.packageRoot.path)/rules
        tests:
          - name: backwards
            from: 2024-12-22T11:00
            to: 2024-12-22T10:00
          - name: a typo
            at: 2024-12-22T10:19
            rules: [chofu-leave-nwo]

        """.write(toFile: file, atomically: true, encoding: .utf8)
        let backwards = try both(["test", file])
        assertSameInformation(backwards, "to before from")
        XCTAssertTrue((backwards.japanese.stdout + backwards.japanese.stderr).contains("broken.yaml:3:5: to が from より前です"),
                      backwards.japanese.stdout + backwards.japanese.stderr)

        try """
        rules: \(CLIRunner.packageRoot.path)/rules
        tests:
          - name: a typo
            at: 2024-12-22T10:19
            rules: [chofu-leave-nwo]

        """.write(toFile: file, atomically: true, encoding: .utf8)
        let typo = try both(["test", file])
        assertSameInformation(typo, "misspelt rule")
        XCTAssertTrue(typo.japanese.stdout.contains("broken.yaml:5:13: ルール \"chofu-leave-nwo\" は定義されていません（\"chofu-leave-now\" の間違いではありませんか？）"),
                      typo.japanese.stdout)
    }

    /// `explain`'s reasons, and `check`'s reason for a rule that will not fire, in Japanese.
    func testExplainReasonsInJapanese() throws {
        let explain = try both(["explain", "ginza-morning", "--at", "2025-01-25T09:00"])
        XCTAssertEqual(explain.english.status, 0, explain.english.stderr)
        assertSameInformation(explain, "explain on a day the rule cannot fire")
        assertContainsAll(explain.japanese.stdout, [
            "  運行情報 \"tokyo-metro\" は 7220 分前のもの（9 分より古い）: 古いため触れません\n",
            "  ボード \"ginza\" には 30 時間以内にルールの条件に合う発車がありません\n",
            "  条件に合う次の発車は 2025-01-27T08:02:00+09:00 銀座線（銀座 から）です。ルールは 2025-01-27T07:59:00+09:00 に起きます\n",
            "  この時点で送るものはありません\n",
        ])
        XCTAssertTrue(explain.english.stdout.contains("  no departure of board \"ginza\" within 30 h matches the rule's filters\n"), explain.english.stdout)

        let departure = try both(["explain", "chofu-leave-now", "--at", "2024-12-22T10:26"])
        XCTAssertTrue(departure.japanese.stdout.contains("  発車 2024-12-22T10:33:00+09:00 鷹56（12 から）: 出発 10:26（雨の予報: 徒歩 +3 分）。今送る通知: 出発の通知\n"),
                      departure.japanese.stdout)
        XCTAssertTrue(departure.english.stdout.contains(
            "  departure 2024-12-22T10:33:00+09:00 鷹56 from 12: leave at 10:26 (rain expected: +3 min walk); due now: leave-now\n"), departure.english.stdout)
    }
}
