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
        for expected in [
            "broken.yaml:2:11: 不明なタイムゾーン \"Asia/Tokio\" です",
            "broken.yaml:5:9: at は 2024-12-22T10:19 や 2024-12-22T10:19:00+09:00 のような時刻でなければなりません（\"tomorrow\" でした）",
            "broken.yaml:6:5: テストには at: T か、from: T1 と to: T2 が必要です",
        ] {
            XCTAssertTrue(japanese.contains(expected), "missing \(expected) in\n\(japanese)")
        }
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
}
