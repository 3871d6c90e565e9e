import Foundation
import XCTest

/// `LANG=ja_JP.UTF-8`: the converted commands speak Japanese, through the real binary, and say the
/// same things as in English — every number, id, path, `line:col` and time of the English output is
/// in the Japanese one, the exit code is the same, and JSON (for programs) stays English.
final class JapaneseOutputTests: XCTestCase {
    static let japanese = ["LANG": "ja_JP.UTF-8"]

    /// The same command in English (`LANG=C.UTF-8`, the runner's default) and in Japanese.
    func both(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil)
        throws -> (english: CLIRunner.Outcome, japanese: CLIRunner.Outcome) {
        let english = try CLIRunner.run(arguments, environment: environment, in: directory)
        let japanese = try CLIRunner.run(arguments, environment: environment.merging(Self.japanese) { _, ja in ja }, in: directory)
        return (english, japanese)
    }

    /// What an output says besides its words: quoted values, paths and places, numbers, dates and times.
    static func facts(_ text: String) -> Set<String> {
        let patterns = [#""[^"\n]*""#, #"[A-Za-z0-9_.~-]*/[A-Za-z0-9_.~/+-]*(?::\d+)*"#, #"\d+(?:[-:.T+]\d+)*"#]
        var found = Set<String>()
        for pattern in patterns {
            let expression = try! NSRegularExpression(pattern: pattern)
            for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range, in: text) { found.insert(String(text[range])) }
            }
        }
        return found
    }

    /// Fails naming each of `expected` that `text` does not contain.
    func assertContainsAll(_ text: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        for item in expected where !text.contains(item) {
            XCTFail("missing \(item) in\n\(text)", file: file, line: line)
        }
    }

    static func hasJapanese(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) || (0xFF01...0xFF5E).contains($0.value) }
    }

    /// Japanese, with the English output's information: the same exit code, every fact of the English
    /// output in the Japanese one, and every line that differs from its English counterpart (when the
    /// two have as many lines) in Japanese — the lines that are the same are quoted data (a YAML line
    /// and its caret, a notification's text, an id).
    func assertSameInformation(_ outcome: (english: CLIRunner.Outcome, japanese: CLIRunner.Outcome), _ what: String,
                                       file: StaticString = #filePath, line: UInt = #line) {
        let (english, japanese) = outcome
        XCTAssertEqual(japanese.status, english.status, "\(what): exit code", file: file, line: line)
        for (name, en, ja) in [("stdout", english.stdout, japanese.stdout), ("stderr", english.stderr, japanese.stderr)] {
            guard !en.isEmpty else {
                XCTAssertEqual(ja, "", "\(what): \(name) only in Japanese", file: file, line: line)
                continue
            }
            XCTAssertNotEqual(ja, en, "\(what): \(name) is not translated", file: file, line: line)
            XCTAssertTrue(Self.hasJapanese(ja), "\(what): no Japanese on \(name):\n\(ja)", file: file, line: line)
            let missing = Self.facts(en).subtracting(Self.facts(ja))
            XCTAssertEqual(missing.sorted(), [], "\(what): \(name) in Japanese lacks what English says:\n\(en)\n---\n\(ja)", file: file, line: line)
            let enLines = en.split(separator: "\n", omittingEmptySubsequences: false)
            let jaLines = ja.split(separator: "\n", omittingEmptySubsequences: false)
            guard enLines.count == jaLines.count else { continue }
            // Columns may be wider in Japanese: lines that differ only in spacing say the same.
            func words(_ line: Substring) -> [Substring] { line.split(separator: " ") }
            for (a, b) in zip(enLines, jaLines) where words(a) != words(b) && !Self.hasJapanese(String(b)) {
                XCTFail("\(what): \(name) line not in Japanese: \(b)", file: file, line: line)
            }
        }
    }

    func temporaryDirectory(_ name: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-ja-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    // MARK: check

    func testCheckOfTheExamples() throws {
        let outcome = try both(["check"])
        assertSameInformation(outcome, "check")
        XCTAssertTrue(outcome.japanese.stdout.hasPrefix("rules: 問題なし、警告 "), outcome.japanese.stdout)
        XCTAssertTrue(outcome.japanese.stdout.contains(" 件（上記。check --strict では警告も失敗になります） — ボード 6 件、天気ソース 2 件、フィード 1 件、チャンネル 3 件、ルール 7 件\n"
                                                       + "1 日のリクエスト数: openweather 144（無料枠 1000）、"), outcome.japanese.stdout)
        XCTAssertTrue(outcome.japanese.stderr.contains(
            "警告: rules/boards.yaml:71:16: ボード \"kawasaki-west\": 祝日 2016-12-30..2017-01-03（5 日）はどのソースの運行期間"), outcome.japanese.stderr)
        XCTAssertTrue(outcome.japanese.stderr.contains("ボード \"kawasaki-west\": gtfs-jp-rinkobus 停留所 1510-57: フィードの運行期間は 2017-04-30 に終わっています"),
                      outcome.japanese.stderr)
        XCTAssertTrue(outcome.japanese.stderr.contains("チャンネル \"phone\": トピックがありません: 環境変数 LEAVENOW_NTFY_TOPIC"), outcome.japanese.stderr)
        XCTAssertTrue(outcome.japanese.stderr.contains("環境変数 LEAVENOW_NTFY_TOPIC が設定されていません"), outcome.japanese.stderr)
    }

    /// Every broken fixture, alone and all together: each diagnostic in Japanese at the same
    /// `file:line:col`, with the same source line and caret.
    func testCheckOfEveryBrokenFixture() throws {
        let fixtures = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/rules-broken")
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThan(names.count, 10)
        for name in names {
            let directory = try temporaryDirectory("broken")
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: directory.appendingPathComponent(name))
            let outcome = try both(["check", "--rules", directory.path])
            XCTAssertEqual(outcome.english.status, 1, name)
            assertSameInformation(outcome, "check \(name)")
        }
        let all = try both(["check", "--rules", fixtures.path])
        assertSameInformation(all, "check rules-broken")
        XCTAssertTrue(all.japanese.stderr.contains(#"unknown-key.yaml:3:5: 不明なキー "titel" です（"title" の間違いではありませんか？ 使えるキー: id、title、"#),
                      all.japanese.stderr)
        XCTAssertTrue(all.japanese.stderr.contains(#"bad-duration-no-unit.yaml:5:15: 期間 "4" には単位が必要です: 4s、4m、4h のように書いてください"#),
                      all.japanese.stderr)
        XCTAssertTrue(all.japanese.stderr.contains("に問題が 14 件あります"), all.japanese.stderr)
        XCTAssertTrue(all.english.stderr.contains("14 problems in"), all.english.stderr)
    }

    /// Rule, channel and source problems of one file, each in Japanese at its place; `moved_by: 30s`
    /// reads as the issue asks.
    func testCheckOfABrokenRulesFile() throws {
        let directory = try temporaryDirectory("rules")
        try """
        boards:
          - id: b
            sources:
              - {csv: {weekday: missing.csv}, walk: 4m}
        channels:
          - {id: phone, type: desktop}
          - {id: hook, type: webhok, url: "https://example.com"}
          - {id: tags, type: ntfy, topic_env: T, priority: "9"}
        weather:
          - {id: sky, provider: openweather, lat: 35.6, lon: 139.6, key_env: K, refresh: 30s}
        rules:
          - {id: a, kind: leave_now, board: nowhere, buffer: 4, channels: [phone]}
          - {id: b, kind: new_article, feed: qiita, channels: [pager]}
          - {id: c, kind: leave_now, board: b, channels: [phone], moved_by: 30s, titel: x}
          - {id: d, kind: weather, weather: sky, channels: [phone], when: {rain_starts: {within: 1h}}, urgency: loud}
          - {id: Bad_ID, kind: leave_now, board: b, channels: [phone]}
          - {id: e, kind: weathr, channels: [phone]}
        """.write(to: directory.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
        let outcome = try both(["check", "--rules", directory.path])
        XCTAssertEqual(outcome.english.status, 1)
        assertSameInformation(outcome, "check rules.yaml")
        let file = directory.path + "/rules.yaml"
        assertContainsAll(outcome.japanese.stderr, [
            "\(file):14:69: moved_by は 1m〜1h の範囲で指定してください（指定値: 30s）",
            "\(file):12:37: ルール \"a\" のボード \"nowhere\" は定義されていません（定義済み: b）",
            "\(file):12:54: 期間 \"4\" には単位が必要です: 4s、4m、4h のように書いてください",
            "\(file):13:38: ルール \"b\" のフィード \"qiita\" は定義されていません（フィードが 1 つも定義されていません）",
            "\(file):13:56: ルール \"b\" のチャンネル \"pager\" は定義されていません（定義済み: phone）",
            "\(file):14:74: 不明なキー \"titel\" です（\"title\" の間違いではありませんか？ 使えるキー: id、kind、board、",
            "\(file):7:22: 不明なチャンネルの種類 \"webhok\" です（\"webhook\" の間違いではありませんか？ 指定できる値: webhook、slack、",
            "\(file):8:52: priority は 1〜5（ntfy の最小〜最大）にしてください（実際の値: \"9\"）",
            "\(file):15:105: urgency には low、normal、critical のいずれかを書いてください（実際の値: \"loud\"）",
            "\(file):16:10: ルールの id \"Bad_ID\" に使えるのは小文字 a-z、数字 0-9 と \"-\" だけです",
            "\(file):17:19: 不明なルールの種類 \"weathr\" です（\"weather\" の間違いではありませんか？ 指定できる値: leave_now、weather、",
            "\(directory.path) に問題が 11 件あります",
        ])
        XCTAssertTrue(outcome.english.stderr.contains("\(file):14:69: moved_by must be between 1m and 1h, found 30s"), outcome.english.stderr)
        XCTAssertTrue(outcome.english.stderr.hasSuffix("\n\n11 problems in \(directory.path)\n"), outcome.english.stderr)
    }

    /// Sources that cannot be loaded: the configuration's place and the data's reason, in Japanese.
    func testCheckOfSourcesThatCannotBeLoaded() throws {
        let directory = try temporaryDirectory("sources")
        let feed = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/gtfs/gtfs-jp-rinkobus").path
        try """
        boards:
          - id: elsewhere
            timezone: America/New_York
            sources:
              - {gtfs: \(feed), stop_id: "1510-57"}
          - id: nowhere
            sources:
              - {csv: missing-timetables}
        """.write(to: directory.appendingPathComponent("boards.yaml"), atomically: true, encoding: .utf8)
        let outcome = try both(["check", "--rules", directory.path])
        XCTAssertEqual(outcome.english.status, 1)
        assertSameInformation(outcome, "check of unloadable sources")
        let file = directory.path + "/boards.yaml"
        XCTAssertTrue(outcome.english.stderr.contains("\(file):5:9: source of board \"elsewhere\" not loaded: \(feed): agency.txt: the feed's "
            + "times are in agency_timezone \"Asia/Tokyo\" but the board's timezone is \"America/New_York\"; set `timezone: Asia/Tokyo` on the board"),
                      outcome.english.stderr)
        XCTAssertTrue(outcome.japanese.stderr.contains("\(file):5:9: ボード \"elsewhere\" のソースを読み込めません: \(feed): agency.txt: フィードの時刻は "
            + "agency_timezone \"Asia/Tokyo\" のものですが、ボードのタイムゾーンは \"America/New_York\" です: ボードに `timezone: Asia/Tokyo` を書いてください"),
                      outcome.japanese.stderr)
        XCTAssertTrue(outcome.japanese.stderr.hasSuffix("\n\n\(directory.path) で読み込めなかったソースが 2 件あります\n"), outcome.japanese.stderr)
        XCTAssertTrue(outcome.english.stderr.hasSuffix("\n\n2 sources could not be loaded in \(directory.path)\n"), outcome.english.stderr)
    }

    // MARK: dry-run, explain, test

    func testDryRunExplainAndTestOfTheExamples() throws {
        let day = try both(["dry-run", "--from", "2024-12-22T09:00", "--to", "2024-12-22T13:00"])
        assertSameInformation(day, "dry-run")
        XCTAssertTrue(day.japanese.stdout.hasPrefix("ドライラン 2024-12-22T09:00:00+09:00 → 2024-12-22T13:00:00+09:00（何も送信しません）"),
                      day.japanese.stdout)
        // No rule reads ginza-live: the dry run does not read it, nor talk about it (issue 23).
        XCTAssertFalse(day.japanese.stdout.contains("ginza-live") || day.japanese.stderr.contains("ginza-live"), day.japanese.stdout)
        let nothing = try both(["dry-run", "--at", "2024-12-22T03:00"])
        XCTAssertTrue(nothing.japanese.stdout.contains("送信される通知はありません。"), nothing.japanese.stdout)
        XCTAssertTrue(nothing.english.stdout.contains("Nothing would be sent."), nothing.english.stdout)

        let explain = try both(["explain", "chofu-leave-now", "--at", "2024-12-21T10:26"])
        XCTAssertEqual(explain.english.status, 0, explain.english.stderr)
        XCTAssertEqual(explain.japanese.status, 0, explain.japanese.stderr)
        XCTAssertTrue(explain.japanese.stdout.hasPrefix("ルール chofu-leave-now（leave_now）2024-12-21T10:26:00+09:00 の時点 — 定義: rules/rules.yaml:"),
                      explain.japanese.stdout)
        XCTAssertTrue(explain.japanese.stdout.contains("→ 次に通知しうる時刻: 2024-12-22T10:19:00+09:00"), explain.japanese.stdout)
        XCTAssertTrue(explain.japanese.stdout.contains("→ この時刻には通知しません"), explain.japanese.stdout)
        XCTAssertEqual(Self.facts(explain.english.stdout).subtracting(Self.facts(explain.japanese.stdout)), [])
        let typo = try both(["explain", "chofu-leave-noww", "--at", "2024-12-21T10:26"])
        assertSameInformation(typo, "explain typo")
        XCTAssertTrue(typo.japanese.stderr.contains("leavenow: ルール \"chofu-leave-noww\" はありません（\"chofu-leave-now\" の間違いではありませんか？ 定義済みのルール: "),
                      typo.japanese.stderr)

        let tests = try both(["test"])
        XCTAssertEqual(tests.english.status, 0, tests.english.stdout)
        assertSameInformation(tests, "test")
        XCTAssertTrue(tests.japanese.stdout.contains("rules/tests/chofu-leave-now.yaml: テスト 3 件\n  成功 "), tests.japanese.stdout)
        XCTAssertTrue(tests.japanese.stdout.hasSuffix("成功 12 件、失敗 0 件\n"), tests.japanese.stdout)
    }

    /// A failing rule test: what was expected and what came instead, in Japanese.
    func testAFailingRuleTestSaysWhatWasExpected() throws {
        let directory = try temporaryDirectory("test")
        try """
        rules: \(CLIRunner.packageRoot.path)/rules
        tests:
          - name: wrong time
            at: 2024-12-22T10:26
            rules: [chofu-leave-now]
            expect:
              - {rule: chofu-leave-now, at: 2024-12-22T10:27, channel: phone, text_contains: 出発}

        """.write(to: directory.appendingPathComponent("wrong.yaml"), atomically: true, encoding: .utf8)
        let outcome = try both(["test", directory.appendingPathComponent("wrong.yaml").path])
        XCTAssertEqual(outcome.english.status, 1, outcome.english.stdout + outcome.english.stderr)
        assertSameInformation(outcome, "failing test")
        XCTAssertTrue(outcome.japanese.stdout.contains("  失敗 wrong time"), outcome.japanese.stdout)
        XCTAssertTrue(outcome.japanese.stdout.contains("- 2024-12-22T10:27:00+09:00 に chofu-leave-now の通知があるはずです → phone（\"出発\" を含む）（"),
                      outcome.japanese.stdout)
        XCTAssertTrue(outcome.japanese.stdout.contains("+ 予期しない通知 chofu-leave-now（2024-12-22T10:26:00+09:00）→ phone: 今すぐ出発"),
                      outcome.japanese.stdout)
        XCTAssertTrue(outcome.japanese.stdout.hasSuffix("成功 0 件、失敗 1 件\n"), outcome.japanese.stdout)
    }

    /// JSON is for programs: the same in both languages.
    func testJSONStaysEnglish() throws {
        for arguments in [["dry-run", "--from", "2024-12-22T09:00", "--to", "2024-12-22T13:00", "--json"],
                          ["explain", "chofu-leave-now", "--at", "2024-12-22T10:26", "--json"],
                          ["holidays", "--year", "2025", "--json"]] {
            let outcome = try both(arguments)
            XCTAssertEqual(outcome.english.status, 0, outcome.english.stderr)
            XCTAssertEqual(outcome.japanese.stdout, outcome.english.stdout, arguments.joined(separator: " "))
        }
    }

    // MARK: outbox, sources, fetch

    /// `run --once` queues three notifications for a webhook that refuses; `outbox` lists them,
    /// refuses to retry a pending one, and purges, in Japanese.
    func testOutboxInJapanese() throws {
        let root = try temporaryDirectory("outbox")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("fixtures/feeds/news"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("rules"), withIntermediateDirectories: true)
        try PostgresStateCommandTests.rules.write(to: root.appendingPathComponent("rules/config.yaml"), atomically: true, encoding: .utf8)
        try PostgresStateCommandTests.atomFeed(entries: 3).write(
            to: root.appendingPathComponent("fixtures/feeds/news/2024-12-01T09:00:00+09:00.xml"), atomically: true, encoding: .utf8)
        let state = root.appendingPathComponent("state").path
        let run = try CLIRunner.run(["run", "--once", "--rules", root.path + "/rules", "--state", state, "--fixtures", root.path + "/fixtures"],
                                    environment: ["LEAVENOW_TEST_HOOK_URL": "http://127.0.0.1:1/hook"])
        XCTAssertEqual(run.status, 0, run.stderr)

        let list = try both(["outbox", "--state", state])
        XCTAssertEqual(list.english.status, 0, list.english.stderr)
        assertSameInformation(list, "outbox")
        XCTAssertTrue(list.english.stdout.hasPrefix("outbox: 3 pending, 0 delivered, 0 dead, 0 expired\n"), list.english.stdout)
        XCTAssertTrue(list.japanese.stdout.hasPrefix("outbox: pending 3件、delivered 0件、dead 0件、expired 0件\n"), list.japanese.stdout)
        let header = try XCTUnwrap(list.japanese.stdout.split(separator: "\n").dropFirst().first)
        XCTAssertTrue(header.hasPrefix("ID  状態     試行  次回 / 完了 "), String(header))

        let retry = try both(["outbox", "retry", "1", "--state", state])
        assertSameInformation(retry, "outbox retry")
        XCTAssertEqual(retry.japanese.stderr, "leavenow: outbox のエントリ 1 は pending です: 再送できるのは dead のエントリだけです\n")
        let missing = try both(["outbox", "retry", "99", "--state", state])
        assertSameInformation(missing, "outbox retry 99")
        // `--older-than 0s` removes what was updated before this second (whole seconds): the commands
        // above take milliseconds, so without this pause the English purge can run in the second the
        // entries were written and find none.
        Thread.sleep(forTimeInterval: 1.1)
        let purge = try both(["outbox", "purge", "--state", state, "--status", "pending", "--older-than", "0s"])
        XCTAssertEqual(purge.english.stdout, "removed 3 entries\n")
        // The English run removed them: the Japanese one finds none.
        XCTAssertEqual(purge.japanese.stdout, "0件を削除しました\n")
        let usage = try both(["outbox", "tidy", "--state", state])
        assertSameInformation(usage, "outbox tidy")
        XCTAssertEqual(usage.japanese.status, 64)
        let badStatus = try both(["outbox", "--state", state, "--status", "lost"])
        assertSameInformation(badStatus, "outbox --status lost")
        let noState = try both(["outbox", "--state", root.path + "/nowhere/state.db"])
        assertSameInformation(noState, "outbox without state")
    }

    /// `run --once` on the examples (recorded data, no channel secrets): `status` — its health summary
    /// first, exit 1 — and `history` say the same in Japanese; their JSON stays English.
    func testStatusAndHistoryInJapanese() throws {
        let root = try temporaryDirectory("status")
        let state = root.appendingPathComponent("state").path
        let run = try CLIRunner.run(["run", "--once", "--state", state, "--fixtures", "rules/fixtures", "--simulate-from", "2024-12-22T10:20"])
        XCTAssertEqual(run.status, 0, run.stderr)

        let status = try both(["status", "--state", state])
        assertSameInformation(status, "status")
        XCTAssertEqual(status.english.status, 1, "the secret missing for the rules' channel phone, and no session bus for their desktop channel, are health problems")
        // The ended kawasaki-west feed and the team channel: no rule uses them, so they are information.
        XCTAssertTrue(status.english.stdout.hasPrefix("health: 2 problems (exit status 1)\n"
            + "  channel desktop: no D-Bus session bus for its desktop notifications; they are held\n"
            + "  channel phone: its secret LEAVENOW_NTFY_TOPIC is missing; its notifications are held\n"
            + "not counted as problems, since no rule depends on them:\n"
            + "  feed kawasaki-west/gtfs-jp-rinkobus stop 1510-57: the feed's service ended on 2017-04-30\n"
            + "  channel team: its secret LEAVENOW_SLACK_WEBHOOK_URL is missing; its notifications are held\n\n"), status.english.stdout)
        XCTAssertTrue(status.japanese.stdout.hasPrefix("健康状態: 問題 2 件（終了コード 1）\n"
            + "  チャンネル desktop：デスクトップ通知に使う D-Bus のセッションバスがありません。このチャンネルの通知は保留されています\n"
            + "  チャンネル phone：シークレット LEAVENOW_NTFY_TOPIC が見つかりません。このチャンネルの通知は保留されています\n"
            + "問題には数えないもの（どのルールも使っていません）:\n"
            + "  フィード kawasaki-west/gtfs-jp-rinkobus 停留所 1510-57：フィードの運行期間は 2017-04-30 に終わっています\n"
            + "  チャンネル team：シークレット LEAVENOW_SLACK_WEBHOOK_URL が見つかりません。このチャンネルの通知は保留されています\n\n"),
                      status.japanese.stdout)
        XCTAssertTrue(status.japanese.stdout.contains("\nワーカー: 1 回だけ実行（run --once、最後のパス 2024-12-22T10:20:00+09:00、pid "), status.japanese.stdout)
        XCTAssertTrue(status.japanese.stdout.contains("\nqiita-ios-new-article  new_article     新しいデータが来たとき\n"), status.japanese.stdout)
        let json = try both(["status", "--state", state, "--json"])
        XCTAssertEqual(json.japanese.status, 1)
        for output in [json.english.stdout, json.japanese.stdout] {
            XCTAssertTrue(output.hasPrefix("{\"healthy\": false, \"health\": [{\"kind\": \"channel\", \"subject\": \"desktop\""), output)
            XCTAssertTrue(output.contains("], \"information\": [{\"kind\": \"feed\""), output)
            XCTAssertFalse(Self.hasJapanese(output.replacingOccurrences(of: "鷹56", with: "")
                .components(separatedBy: "\"rules\"").first ?? ""), "the health part of the JSON is English: \(output)")
        }

        let history = try both(["history", "chofu-leave-now", "--state", state])
        XCTAssertEqual(history.english.status, 0, history.english.stderr)
        assertSameInformation(history, "history")
        XCTAssertTrue(history.japanese.stdout.hasPrefix("ルール chofu-leave-now（leave_now）: 記録された評価 1 件、古い順"), history.japanese.stdout)
        XCTAssertTrue(history.japanese.stdout.contains("\n  判断: 通知 1 件を送る\n"), history.japanese.stdout)
        let typo = try both(["history", "chofu-leave-nwo", "--state", state])
        assertSameInformation(typo, "history with a typo")
        XCTAssertEqual(typo.japanese.stderr, "leavenow: ルール \"chofu-leave-nwo\" は設定にも記録された履歴にもありません（\"chofu-leave-now\" の間違いではありませんか？）\n")
        let noState = try both(["history", "chofu-leave-now", "--state", root.path + "/nowhere/state.db"])
        assertSameInformation(noState, "history without state")
    }

    /// `fetch` against the local source server (one source updated, one failing for a missing key),
    /// then `sources`: in Japanese, with the same ids, sizes and times.
    func testFetchAndSourcesInJapanese() throws {
        let root = try temporaryDirectory("fetch")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("rules"), withIntermediateDirectories: true)
        try SourceCommandsTests.yaml.write(to: root.appendingPathComponent("rules/sources.yaml"), atomically: true, encoding: .utf8)
        let server = try SourceServer(key: SourceCommandsTests.secret)
        defer { server.stop() }
        let rules = root.path + "/rules"
        let environment = ["LEAVENOW_SOURCE_BASE_URL": server.baseURL]

        let english = try CLIRunner.run(["fetch", "--rules", rules, "--state", root.path + "/en"], environment: environment)
        let japanese = try CLIRunner.run(["fetch", "--rules", rules, "--state", root.path + "/ja"],
                                         environment: environment.merging(Self.japanese) { _, ja in ja })
        assertSameInformation((english, japanese), "fetch")
        XCTAssertTrue(japanese.stdout.contains("chofu           失敗: 環境変数 OPENWEATHER_API_KEY が設定されていません"), japanese.stdout)
        XCTAssertTrue(japanese.stdout.contains("qiita-ios-2024  更新  1.4 KB"), japanese.stdout)
        // The state's source index keeps the English error whatever the language of the fetch.
        let json = try CLIRunner.run(["sources", "--rules", rules, "--state", root.path + "/ja", "--json"], environment: Self.japanese)
        XCTAssertTrue(json.stdout.contains(#""last_error": "the environment variable OPENWEATHER_API_KEY is not set""#), json.stdout)

        let sources = try both(["sources", "--rules", rules, "--state", root.path + "/en"])
        assertSameInformation(sources, "sources")
        XCTAssertTrue(sources.japanese.stdout.hasPrefix("ID              種類     最終取得"), sources.japanese.stdout)
        XCTAssertTrue(sources.japanese.stdout.contains("chofu           weather  未取得"), sources.japanese.stdout)

        let unknown = try both(["fetch", "nope", "--rules", rules, "--state", root.path + "/en"])
        assertSameInformation(unknown, "fetch nope")
        XCTAssertEqual(unknown.japanese.stderr,
                       "leavenow: 不明なソースが 1 件あります: \"nope\"（定義済みのソース: chofu、qiita-ios-2024）\n")
        let help = try both(["fetch", "--help"])
        XCTAssertTrue(help.japanese.stdout.hasPrefix("使い方: leavenow fetch [SOURCE…]"), help.japanese.stdout)
        XCTAssertTrue(help.japanese.stdout.contains("LEAVENOW_SOURCE_BASE_URL=http://127.0.0.1:PORT"), help.japanese.stdout)
    }

    // MARK: notify, holidays, usage errors

    func testNotifyHolidaysAndUsageErrorsInJapanese() throws {
        for arguments in [["notify", "pager", "hello"], ["notify", "phone", "hello", "--urgency", "loud"],
                          ["holidays", "--year", "1900"], ["holidays", "--from", "2025-06-01", "--to", "2025-06-30"],
                          ["holidays", "--from", "2025-06-30", "--to", "2025-06-01"], ["holidays"],
                          ["check", "--bogus"], ["check", "extra"], ["dry-run", "--from", "2024-12-22T10:00", "--to", "2024-12-21T10:00"],
                          ["dry-run"], ["explain", "x"], ["outbox", "--limit", "0", "--state", "/nonexistent/state.db"],
                          ["fetch", "--json=yes"], ["notify"]] {
            assertSameInformation(try both(arguments), arguments.joined(separator: " "))
        }
        let week = try both(["holidays", "--from", "2025-05-03", "--to", "2025-05-06"])
        XCTAssertEqual(week.japanese.stdout, "2025-05-03 (土)  憲法記念日\n2025-05-04 (日)  みどりの日\n2025-05-05 (月)  こどもの日\n2025-05-06 (火)  休日\n")
        XCTAssertEqual(week.english.stdout, "2025-05-03 (Sat)  憲法記念日\n2025-05-04 (Sun)  みどりの日\n2025-05-05 (Mon)  こどもの日\n2025-05-06 (Tue)  休日\n")
        let notify = try both(["notify", "pager", "hello"])
        XCTAssertEqual(notify.japanese.stderr, "leavenow: rules にチャンネル \"pager\" はありません（定義済みのチャンネル: phone、desktop、team）\n")
        let option = try both(["check", "--bogus"])
        XCTAssertEqual(option.japanese.stderr, "leavenow: 不明なオプション --bogus です（使えるオプション: --json、--rules、--strict）\n")
        XCTAssertEqual(option.japanese.status, 64)
    }

    // MARK: next, board, run, state migrate, the command line itself

    /// `next` and `board` on the examples, their usage errors and their failures, in Japanese with the
    /// English output's information (the same ids, times, places and exit codes).
    func testNextAndBoardInJapanese() throws {
        for arguments in [["next", "chofu-to-mitaka", "--at", "2024-12-22T10:32", "--count", "3"],
                          ["next", "chofu-to-mitaka", "--at", "2024-12-23T08:00"],
                          ["next", "chofu-to-mitaka", "--at", "2025-01-12T23:55", "--count", "1"],
                          ["next", "ginza", "--at", "2025-01-18T00:10", "--count", "3"],
                          ["next", "kawasaki-west", "--at", "2026-12-01T09:30"],
                          ["board", "chofu-to-mitaka", "--date", "2024-12-22"], ["board", "kawasaki-west", "--date", "2026-12-01"],
                          ["next"], ["next", "chofu-to-mitak"], ["next", "chofu-to-mitaka", "--at", "yesterday"],
                          ["next", "chofu-to-mitaka", "--count", "0"], ["board", "ginza", "--date", "22/12/2024"],
                          ["next", "chofu-to-mitaka", "--rules", "/nonexistent/rules"]] {
            assertSameInformation(try both(arguments), arguments.joined(separator: " "))
        }
        let next = try both(["next", "chofu-to-mitaka", "--at", "2024-12-23T08:00", "--count", "3"])
        XCTAssertEqual(next.japanese.stdout, """
            調布駅北口 → 三鷹駅 — 2024-12-23（月）08:00（Asia/Tokyo）
            08:00 12番のりば (鷹56) 三鷹駅行 — まもなく発車、徒歩4分のため間に合いません
            08:01 11番のりば (鷹66) 三鷹駅行 — 1分後に発車、徒歩3分のため間に合いません
            08:07 14番のりば (鷹51) 三鷹駅行 — 7分後に発車、あと2分で出発

            """)
        let board = try both(["board", "chofu-to-mitaka", "--date", "2024-12-22"])
        XCTAssertTrue(board.japanese.stdout.hasPrefix("調布駅北口 → 三鷹駅  2024-12-22 (日) · 日曜 · 時刻表: 日祝\n"), board.japanese.stdout)
        XCTAssertTrue(board.japanese.stdout.hasSuffix("\n* その行先への最終便\n"), board.japanese.stdout)
        let ended = try both(["next", "kawasaki-west", "--at", "2026-12-01T09:30"])
        XCTAssertTrue(ended.japanese.stdout.hasSuffix("\nフィードの運行期間は 2017-04-30 に終わっています（gtfs-jp-rinkobus 停留所 1510-57）。\n"),
                      ended.japanese.stdout)
        let unknown = try both(["next", "chofu-to-mitak"])
        // Only the board asked for is loaded: no other board's source warnings, only the error.
        XCTAssertEqual(unknown.japanese.stderr,
            "leavenow: rules にボード \"chofu-to-mitak\" はありません（\"chofu-to-mitaka\" の間違いではありませんか？ 定義済みのボード: chofu-to-mitaka、"
            + "ginza、ginza-live、kawasaki-west、mitaka-to-chofu、oshiage）\n")
        // JSON is for programs: the same in both languages, warnings included.
        for arguments in [["next", "chofu-to-mitaka", "--at", "2024-12-22T10:32", "--json"], ["next", "kawasaki-west", "--at", "2026-12-01T09:30", "--json"],
                          ["board", "kawasaki-west", "--date", "2026-12-01", "--json"]] {
            let json = try both(arguments)
            XCTAssertEqual(json.japanese.stdout, json.english.stdout, arguments.joined(separator: " "))
        }
    }

    /// A board whose only source cannot be loaded: the failure in Japanese, the data's reason as it is.
    func testABoardWithoutALoadableSourceInJapanese() throws {
        let directory = try temporaryDirectory("unloadable")
        try """
        boards:
          - id: taka56
            sources:
              - csv: timetables/taka56
        """.write(to: directory.appendingPathComponent("boards.yaml"), atomically: true, encoding: .utf8)
        let outcome = try both(["next", "taka56", "--rules", directory.path])
        XCTAssertEqual(outcome.english.status, 1)
        assertSameInformation(outcome, "next taka56")
        XCTAssertTrue(outcome.japanese.stderr.hasPrefix("leavenow: ボード \"taka56\" には読み込めるソースがありません:\n"), outcome.japanese.stderr)
    }

    /// `run`'s and `state migrate`'s usage errors and failures, and the top-level ones.
    func testRunStateAndTheCommandLineInJapanese() throws {
        let directory = try temporaryDirectory("state")
        for arguments in [["run", "--speed", "10"], ["run", "--simulate-from", "2024-12-22T10:00", "--speed", "fast"],
                          ["run", "--simulate-from", "2024-12-22T10:00", "--simulate-anchor", "noon"], ["run", "--rules", directory.path + "/none"],
                          ["state"], ["state", "migrat"], ["state", "migrate"], ["state", "migrate", "--from", directory.path + "/state.db"],
                          ["state", "migrate", "--from", directory.path + "/state.db", "--to", "mysql://db"],
                          ["state", "migrate", "--from", "postgresql://u@h/db", "--to", "postgresql://u@h/db"],
                          ["state", "migrate", "--from", directory.path + "/state.db", "--to", "postgresql://u@127.0.0.1:1/db"],
                          ["frobnicate"], ["nxt"], [], ["next", "ginza", "--rule", "rules"], ["version", "--short"], ["help", "nxt"],
                          ["completion", "fish"], ["completion"]] {
            assertSameInformation(try both(arguments), arguments.joined(separator: " "))
        }
        let state = try both(["state", "migrate", "--from", directory.path + "/state.db", "--to", "postgresql://u@127.0.0.1:1/db"])
        XCTAssertEqual(state.japanese.stderr, "leavenow: --from: \(directory.path)/state.db に状態がありません\n")
        XCTAssertEqual(state.japanese.status, 1)
    }

    /// Every command's help, and the overview: Japanese, with every option and value name of the English.
    func testHelpInJapanese() throws {
        for command in try CommandLineTests.listedCommands() + [] {
            assertSameInformation(try both([command, "--help"]), "\(command) --help")
        }
        assertSameInformation(try both(["--help"]), "--help")
    }

    /// The worker's logfmt lines are for machines: the same English under a Japanese locale (its
    /// configuration warnings, held channels and unloadable boards included).
    func testTheWorkersLogStaysEnglish() throws {
        let directory = try temporaryDirectory("log")
        func log(_ environment: [String: String], state: String) throws -> [String] {
            let run = try CLIRunner.run(["run", "--once", "--rules", "rules", "--fixtures", "rules/fixtures", "--state", directory.path + "/" + state],
                                        environment: environment)
            XCTAssertEqual(run.status, 0, run.stderr)
            let volatile = try NSRegularExpression(pattern: #"^ts=\S+ |pid=\d+ |state=\S+ "#)
            return run.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("ts=") }.map {
                volatile.stringByReplacingMatches(in: $0, range: NSRange($0.startIndex..., in: $0), withTemplate: "")
            }
        }
        let english = try log([:], state: "en"), japanese = try log(Self.japanese, state: "ja")
        XCTAssertTrue(english.contains { $0.contains("event=channel.secret_missing") }, "\(english)")
        XCTAssertTrue(english.contains { $0.contains("event=board.unloadable") }, "\(english)")
        XCTAssertEqual(japanese, english)
    }
}
