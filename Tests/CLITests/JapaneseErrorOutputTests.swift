import Foundation
import HTTP
import TestServers
import XCTest

/// `LANG=ja_JP.UTF-8` where the words come from below the command line: the decoders' data errors
/// (ODPT, bus CSV, GTFS, weather, feeds), transfer errors against the local source server, channel
/// problems against the local webhook sink, source labels (`11番のりば`, `停留所`) and the errors
/// the worker raises while starting — each through the binary in both languages, with the same
/// facts. What the state stores stays English.
extension JapaneseOutputTests {
    /// `GET` or `POST` to a local test server's control endpoint.
    private func control(_ url: String, post body: String? = nil) throws {
        let client = HTTPClient(configuration: HTTPClientConfiguration(proxy: .direct))
        let request = body.map { HTTPRequest(method: .post, url: url, body: Data($0.utf8)) } ?? HTTPRequest(url: url)
        _ = try client.perform(request).requireSuccess()
    }

    // MARK: Decoders

    /// Broken timetables of every format: `check`, `next` and `board` say what is wrong with the
    /// data in Japanese, at the same place, naming the source by its Japanese label.
    func testTimetableDataErrorsInJapanese() throws {
        let directory = try temporaryDirectory("decoders")
        let fixtures = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures").path
        let chofu = CLIRunner.packageRoot.appendingPathComponent("rules/timetables/chofu-mitaka").path
        try """
        boards:
          - id: odpt
            sources:
              - {odpt: \(fixtures)/odpt-broken/bad-departure-time.json, walk: 3m}
              - {odpt: \(fixtures)/odpt-broken/html-error-page.json, walk: 3m}
          - id: gtfs
            sources:
              - {gtfs: \(directory.path)/no-feed, stop_id: "1"}
              - {gtfs: \(fixtures)/gtfs/transitfeed-tests/utf16, stop_id: "1"}
              - {gtfs: \(fixtures)/gtfs/transitfeed-tests/extra_row_cells, stop_id: "1"}
          - id: bus
            sources:
              - csv:
                  weekday: \(fixtures)/buscsv/broken/minute-out-of-range.csv
                  saturday: \(fixtures)/buscsv/broken/header.csv
                  sunday_holiday: \(chofu)/taka56/鷹56_調布駅北口_三鷹駅_乗り場12_日祝.csv
                line: 鷹56
                stop: 12
                walk: 4m
              - {csv: \(chofu)/taka66, walk: 3m}
              - {csv: \(fixtures)/buscsv/broken, walk: 2m}

        """.write(to: directory.appendingPathComponent("boards.yaml"), atomically: true, encoding: .utf8)
        let rules = directory.path
        let check = try both(["check", "--rules", rules])
        XCTAssertEqual(check.english.status, 1)
        assertSameInformation(check, "check of broken timetables")
        assertContainsAll(check.japanese.stderr, [
            "odpt-broken/bad-departure-time.json: レコード 1/1（odpt.StationTimetable:TokyoMetro.Hanzomon.Oshiage.Shibuya.Saturday）、"
                + "3 番目の発車: odpt:departureTime \"5時48分\" は時刻 HH:MM（時は 0〜29、分は 0〜59）ではありません",
            "odpt-broken/html-error-page.json: ODPT の JSON のはずが HTML ページでした（\"<!DOCTYPE html>",
            "no-feed: ファイルもディレクトリもありません（GTFS フィードは .zip ファイルか、.txt ファイルのディレクトリです）",
            "utf16/agency.txt: ファイルが UTF-16（ビッグエンディアン）のテキストです。GTFS のファイルは UTF-8 でなければなりません",
            "extra_row_cells/routes.txt: 4 行目: セルは 6 個のはずが 7 個あります",
            "minute-out-of-range.csv:1:6: 分の値 \"60\" が範囲 0〜59 の外です",
            "header.csv:1:1: 時の値 \"時\" は数値ではありません（見出し行は書けません: コメント行は # で始めてください）",
            "buscsv/broken: 路線名_出発地_目的地_乗り場_(平日|土曜|日祝).csv という名前のバス時刻表ファイルがありません（あるファイル: binary.csv、",
        ])
        XCTAssertTrue(check.english.stderr.contains("minute-out-of-range.csv:1:6: minute \"60\" is out of range 0–59"), check.english.stderr)

        // Monday: the broken weekday file makes the day unknown (exit 1); the broken Saturday file is still named.
        let next = try both(["next", "bus", "--rules", rules, "--at", "2024-12-23T08:00", "--count", "2"])
        XCTAssertEqual(next.english.status, 1, next.english.stderr)
        assertSameInformation(next, "next of a board with broken day types")
        XCTAssertTrue(next.japanese.stdout.contains("\n不完全: 鷹56 (12番のりば)、saturday を読み込めませんでした: "), next.japanese.stdout)
        XCTAssertTrue(next.english.stdout.contains("\nincomplete: 鷹56 (platform 12), saturday could not be loaded: "), next.english.stdout)
        XCTAssertTrue(next.japanese.stdout.contains("\n発車時刻が分かりません: 鷹56 (12番のりば)、weekday を読み込めませんでした: "), next.japanese.stdout)
        XCTAssertTrue(next.english.stdout.contains("\nDepartures are unknown: 鷹56 (platform 12), weekday could not be loaded: "), next.english.stdout)
        let board = try both(["board", "bus", "--rules", rules, "--date", "2024-12-23"])
        assertSameInformation(board, "board of a board with broken day types")
        let none = try both(["next", "odpt", "--rules", rules])
        XCTAssertEqual(none.english.status, 1)
        assertSameInformation(none, "next of a board without a loadable source")
        XCTAssertTrue(none.japanese.stderr.hasPrefix("leavenow: ボード \"odpt\" には読み込めるソースがありません:\n"), none.japanese.stderr)
    }

    /// Broken weather, feed and service-status snapshots in a dry run: each skipped with the
    /// decoder's reason in Japanese.
    func testForecastAndFeedDataErrorsInJapanese() throws {
        let fixtures = try temporaryDirectory("fixtures")
        let broken = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/feeds-broken")
        for folder in ["weather/chofu", "weather/tokyo-jma", "feeds/qiita-ios-2024", "service_status/tokyo-metro"] {
            try FileManager.default.createDirectory(at: fixtures.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try #"{"hourly": [{"dt": "soon"}]}"#.write(to: fixtures.appendingPathComponent("weather/chofu/2024-12-22T09:50:00+09:00.json"),
                                                  atomically: true, encoding: .utf8)
        try "[]".write(to: fixtures.appendingPathComponent("weather/tokyo-jma/2024-12-22T09:40:00+09:00.json"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: broken.appendingPathComponent("mismatched-tags.atom"),
                                         to: fixtures.appendingPathComponent("feeds/qiita-ios-2024/2024-12-22T06:00:00+09:00.xml"))
        try "<html>503</html>".write(to: fixtures.appendingPathComponent("service_status/tokyo-metro/2024-12-22T09:00:00+09:00.json"),
                                     atomically: true, encoding: .utf8)
        let dryRun = try both(["dry-run", "--from", "2024-12-22T09:00", "--to", "2024-12-22T11:00", "--fixtures", fixtures.path])
        XCTAssertEqual(dryRun.english.status, 0, dryRun.english.stderr)
        assertSameInformation(dryRun, "dry-run with broken snapshots")
        assertContainsAll(dryRun.japanese.stderr, [
            "chofu/2024-12-22T09:50:00+09:00.json: hourly[0].dt: 数値のはずが 文字列 \"soon\" でした（このスナップショットは読み飛ばし",
            "tokyo-jma/2024-12-22T09:40:00+09:00.json: （最上位）: 予報レポートの配列のはずが空の配列でした",
            "2024-12-22T06:00:00+09:00.xml:6:35: 整形式の XML ではありません: 終了タグが開始タグと一致しません（libxml2: Opening and ending tag mismatch",
            "tokyo-metro/2024-12-22T09:00:00+09:00.json: ODPT の JSON のはずが HTML ページでした（\"<html>503</html>\"）",
        ])
        XCTAssertTrue(dryRun.english.stderr.contains("hourly[0].dt: expected a number, got string \"soon\""), dryRun.english.stderr)
    }

    // MARK: Transfers (the local source server)

    /// A body cut short (a transfer error), then a truncated body (the decoders' errors) from the
    /// local source server: `fetch` and `run --once` say them in Japanese; the state keeps English.
    func testTransferErrorsInJapanese() throws {
        let root = try temporaryDirectory("transfer")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("rules"), withIntermediateDirectories: true)
        try SourceCommandsTests.yaml.write(to: root.appendingPathComponent("rules/sources.yaml"), atomically: true, encoding: .utf8)
        let server = try SourceServer(key: SourceCommandsTests.secret)
        defer { server.stop() }
        let rules = root.path + "/rules"
        let environment = ["LEAVENOW_SOURCE_BASE_URL": server.baseURL, "OPENWEATHER_API_KEY": SourceCommandsTests.secret]
        /// `leavenow ARGS --rules RULES --state STATE-en|ja` in both languages (each its own state).
        func both(_ arguments: [String], state: String) throws -> (english: CLIRunner.Outcome, japanese: CLIRunner.Outcome) {
            (try CLIRunner.run(arguments + ["--rules", rules, "--state", root.path + "/" + state + "-en"], environment: environment),
             try CLIRunner.run(arguments + ["--rules", rules, "--state", root.path + "/" + state + "-ja"],
                               environment: environment.merging(Self.japanese) { _, ja in ja }))
        }

        try control(server.baseURL + "/_fault?mode=cut")
        let cut = try both(["fetch"], state: "cut")
        XCTAssertEqual(cut.english.status, 1, cut.english.stdout)
        assertSameInformation(cut, "fetch of bodies cut short")
        XCTAssertTrue(cut.japanese.stdout.contains("/advent-calendar/2024/ios/feed: 応答の本文が途中で切れています: "), cut.japanese.stdout)
        XCTAssertTrue(cut.japanese.stdout.contains("（curl エラー 18）; 本文がすべて届く前に接続が切れました"), cut.japanese.stdout)
        XCTAssertTrue(cut.english.stdout.contains("/advent-calendar/2024/ios/feed: response body truncated: "), cut.english.stdout)
        // run --once: the pass ran, its fetches failed (exit 75), each named with its error in Japanese.
        let once = try both(["run", "--once"], state: "once")
        XCTAssertEqual(once.english.status, 75, once.english.stderr)
        XCTAssertEqual(once.japanese.status, 75, once.japanese.stderr)
        func humanLines(_ text: String) -> String { text.split(separator: "\n").filter { !$0.hasPrefix("ts=") }.joined(separator: "\n") }
        let english = humanLines(once.english.stderr), japanese = humanLines(once.japanese.stderr)
        XCTAssertEqual(Self.facts(english).subtracting(Self.facts(japanese)).sorted(), [], "\(english)\n---\n\(japanese)")
        XCTAssertTrue(japanese.hasPrefix("leavenow: run --once: 2 件のソースの取得に失敗しました。"), japanese)
        XCTAssertTrue(japanese.contains("\n  フィード \"qiita-ios-2024\": GET \(server.baseURL)/advent-calendar/2024/ios/feed: 応答の本文が途中で切れています"),
                      japanese)

        try control(server.baseURL + "/_fault?mode=truncated")
        let truncated = try both(["fetch"], state: "truncated")
        assertSameInformation(truncated, "fetch of truncated bodies")
        XCTAssertTrue(truncated.japanese.stdout.contains("chofu           失敗: 応答の内容が正しくありません: "), truncated.japanese.stdout)
        XCTAssertTrue(truncated.japanese.stdout.contains("バイト目: JSON が途中で切れています: "), truncated.japanese.stdout)
        XCTAssertTrue(truncated.english.stdout.contains(": truncated JSON: "), truncated.english.stdout)
        // The state's source index keeps the English of both, whatever the language of the fetch.
        for state in ["cut-ja", "truncated-ja"] {
            let json = try CLIRunner.run(["sources", "--rules", rules, "--state", root.path + "/" + state, "--json"], environment: Self.japanese)
            XCTAssertTrue(json.stdout.contains(#""last_error": "GET "#) || json.stdout.contains(#""last_error": "the response is not valid: "#),
                          json.stdout)
            XCTAssertFalse(Self.hasJapanese(json.stdout), json.stdout)
        }
    }

    // MARK: Channels (the local webhook sink)

    /// `notify` through a webhook the sink answers with 500, one whose connection it closes, and
    /// one without its secret: the channel's problem in Japanese, with the same URL, status and place.
    func testChannelProblemsInJapanese() throws {
        let directory = try temporaryDirectory("channels")
        try """
        channels:
          - {id: hook, type: webhook, url_env: LEAVENOW_TEST_HOOK_URL}
          - {id: nohook, type: webhook, url_env: LEAVENOW_TEST_MISSING_URL}

        """.write(to: directory.appendingPathComponent("channels.yaml"), atomically: true, encoding: .utf8)
        let sink = try ScriptServer(script: "test-webhook-sink.py", arguments: ["--lifetime", "60"])
        defer { sink.stop() }
        let environment = ["LEAVENOW_TEST_HOOK_URL": sink.baseURL + "/hook"]
        try control(sink.baseURL + "/_script", post: #"{"steps": [{"status": 500}, {"status": 500}, {"close": true}, {"close": true}]}"#)

        let status = try both(["notify", "hook", "hello", "--rules", directory.path], environment: environment)
        XCTAssertEqual(status.english.status, 1)
        assertSameInformation(status, "notify to a sink answering 500")
        XCTAssertEqual(status.english.stderr, "leavenow: hook: retry: webhook channel \"hook\": POST \(sink.baseURL)/…: HTTP 500\n")
        XCTAssertEqual(status.japanese.stderr, "leavenow: hook: 再試行: webhook チャンネル \"hook\": POST \(sink.baseURL)/…: HTTP 500\n")

        let closed = try both(["notify", "hook", "hello", "--rules", directory.path], environment: environment)
        assertSameInformation(closed, "notify to a sink closing the connection")
        XCTAssertTrue(closed.japanese.stderr.hasPrefix("leavenow: hook: 再試行: webhook チャンネル \"hook\": POST \(sink.baseURL)/…: "),
                      closed.japanese.stderr)

        let missing = try both(["notify", "nohook", "hello", "--rules", directory.path])
        assertSameInformation(missing, "notify through a channel without its secret")
        XCTAssertTrue(missing.japanese.stderr.hasPrefix("leavenow: nohook: 失敗（再試行しません）: \(directory.path)/channels.yaml:3:5: "
            + "チャンネル \"nohook\": URL がありません: 環境変数 LEAVENOW_TEST_MISSING_URL が設定されていません"), missing.japanese.stderr)
        let check = try both(["check", "--rules", directory.path])
        assertSameInformation(check, "check of a channel without its secret")
        XCTAssertTrue(check.japanese.stderr.contains("警告: \(directory.path)/channels.yaml:3:5: チャンネル \"nohook\": URL がありません"),
                      check.japanese.stderr)
    }

    // MARK: The worker's start

    /// Another worker holding the state's lock, and systemd variables it cannot use: what `run`
    /// prints before it exits is Japanese (its logfmt lines stay English).
    func testWorkerStartErrorsInJapanese() throws {
        let state = try temporaryDirectory("lock").path + "/state"
        let worker = Process()
        worker.executableURL = CLIRunner.binary
        worker.arguments = ["run", "--state", state, "--fixtures", "rules/fixtures", "--simulate-from", "2024-12-22T10:00"]
        worker.currentDirectoryURL = CLIRunner.packageRoot
        worker.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/nonexistent"]
        worker.standardOutput = FileHandle.nullDevice
        let log = Pipe(), logged = LoggedText()
        worker.standardError = log
        log.fileHandleForReading.readabilityHandler = { handle in logged.append(handle.availableData) }
        try worker.run()
        defer {
            worker.terminate()
            worker.waitUntilExit()
            log.fileHandleForReading.readabilityHandler = nil
        }
        // Until the running worker holds its lock: it logs worker.started after taking it (at most 30 s).
        for _ in 0..<300 where !logged.text.contains("event=worker.started") { Thread.sleep(forTimeInterval: 0.1) }
        XCTAssertTrue(logged.text.contains("event=worker.started"), "the worker did not start: \(logged.text)")
        let lock = state + "/worker.lock"

        func humanLines(_ outcome: CLIRunner.Outcome) -> CLIRunner.Outcome {
            var outcome = outcome
            outcome.stderr = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("ts=") }
                .joined(separator: "\n")
            return outcome
        }
        let held = try both(["run", "--once", "--state", state, "--fixtures", "rules/fixtures"])
        let humans = (english: humanLines(held.english), japanese: humanLines(held.japanese))
        XCTAssertEqual(held.english.status, 1)
        assertSameInformation(humans, "run while another worker holds the lock")
        XCTAssertTrue(humans.japanese.stderr.hasPrefix("leavenow: 別の leavenow ワーカー（pid \(worker.processIdentifier)）がロック \(lock) を持っています"),
                      humans.japanese.stderr)
        XCTAssertTrue(humans.english.stderr.hasPrefix("leavenow: another leavenow worker (pid \(worker.processIdentifier)) holds the lock \(lock)"),
                      humans.english.stderr)

        for (name, value) in [("WATCHDOG_USEC", "soon"), ("NOTIFY_SOCKET", "relative/socket")] {
            let outcome = try both(["run", "--once", "--state", state + "-2", "--fixtures", "rules/fixtures"], environment: [name: value])
            assertSameInformation((humanLines(outcome.english), humanLines(outcome.japanese)), "run with \(name)=\(value)")
            XCTAssertTrue(outcome.japanese.stderr.contains("leavenow: \(name)=\"\(value)\" は使えません: "), outcome.japanese.stderr)
        }
    }

}

/// What a background process wrote so far, appended from the pipe's handler thread.
private final class LoggedText: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ more: Data) {
        lock.lock()
        data.append(more)
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}
