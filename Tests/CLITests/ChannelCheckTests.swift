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
        XCTAssertTrue(check.stdout.hasPrefix("\(directory.path): no problems, 1 warning (above; check --strict fails on warnings) — "), check.stdout)
        XCTAssertTrue(check.stdout.contains("1 channel"), check.stdout)
        XCTAssertEqual(check.stderr, "warning: \(directory.path)/channels.yaml:2:5: channel \"hook\": no URL: the environment variable "
            + "LEAVENOW_CHECK_HOOK is not set; the worker holds this channel's notifications until a reload finds it: "
            + "make it available to the worker, then reload (SIGHUP or restart)\n")

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

    // MARK: Channels that can never deliver (issue 23, item 7)

    /// A runtime directory holding a session bus's socket (`$XDG_RUNTIME_DIR/bus`), as in a desktop session.
    func session() throws -> String {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: runtime) }
        _ = FileManager.default.createFile(atPath: runtime.appendingPathComponent("bus").path, contents: nil)
        return runtime.path
    }

    private static let desktopAndSignedHook = """
        channels:
          - id: desk
            type: desktop
          - id: hook
            type: webhook
            url_env: LEAVENOW_CHECK_HOOK
            secret_env: LEAVENOW_CHECK_SECRET
        """

    func testCheckWarnsAboutADesktopChannelWithoutASessionBusAndAnUnsetSigningSecretAndSaysHowToFixThem() throws {
        let directory = try directory(Self.desktopAndSignedHook)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.path
        let english = try CLIRunner.run(["check", "--rules", path], environment: ["LEAVENOW_CHECK_HOOK": "https://example.com/h"])
        XCTAssertEqual(english.status, 0, english.stderr)
        XCTAssertEqual(english.stderr, """
            warning: \(path)/channels.yaml:2:5: channel "desk": no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS unset): desktop notifications \
            need a graphical session; the worker holds this channel's notifications until it has a session bus: run it in your desktop \
            session (systemctl --user) or with DBUS_SESSION_BUS_ADDRESS set, or send them to another channel
            warning: \(path)/channels.yaml:4:5: channel "hook": no signing secret: the environment variable LEAVENOW_CHECK_SECRET is not set; \
            the worker holds this channel's notifications until a reload finds it: make it available to the worker, then reload (SIGHUP or restart)

            """)
        XCTAssertEqual(english.stdout, "\(path): no problems, 2 warnings (above; check --strict fails on warnings) — 0 boards, 0 weather sources, "
            + "0 feeds, 2 channels, 0 rules\nrequests a day: none (no source is fetched over the network)\n")

        let japanese = try CLIRunner.run(["check", "--rules", path],
                                         environment: ["LEAVENOW_CHECK_HOOK": "https://example.com/h", "LANG": "ja_JP.UTF-8"])
        XCTAssertEqual(japanese.status, 0, japanese.stderr)
        XCTAssertEqual(japanese.stderr, """
            警告: \(path)/channels.yaml:2:5: チャンネル "desk": D-Bus のセッションバスがありません（DBUS_SESSION_BUS_ADDRESS が未設定）: \
            デスクトップ通知にはグラフィカルセッションが必要です。セッションバスが使えるまで、ワーカーはこのチャンネルの通知を保留します。\
            ワーカーをデスクトップのセッションで動かすか（systemctl --user）、DBUS_SESSION_BUS_ADDRESS を設定するか、通知を別のチャンネルに送ってください
            警告: \(path)/channels.yaml:4:5: チャンネル "hook": 署名用の秘密鍵がありません: 環境変数 LEAVENOW_CHECK_SECRET が設定されていません。\
            再読み込みで見つかるまで、ワーカーはこのチャンネルの通知を保留します。ワーカーから読めるようにしてから再読み込みしてください（SIGHUP か再起動）

            """)
        XCTAssertTrue(japanese.stdout.hasPrefix("\(path): 問題なし、警告 2 件（上記。check --strict では警告も失敗になります） — "), japanese.stdout)

        // In a desktop session with the secret given: nothing to say.
        let fine = try CLIRunner.run(["check", "--rules", path, "--strict"], environment: [
            "LEAVENOW_CHECK_HOOK": "https://example.com/h", "LEAVENOW_CHECK_SECRET": "whsec_1", "XDG_RUNTIME_DIR": try session(),
        ])
        XCTAssertEqual(fine.status, 0, fine.stderr)
        XCTAssertEqual(fine.stderr, "")
        XCTAssertTrue(fine.stdout.hasPrefix("\(path): ok — 0 boards"), fine.stdout)
    }

    func testStrictFailsOnWarningsForCI() throws {
        let directory = try directory(Self.desktopAndSignedHook)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.path
        for (language, last) in [("C.UTF-8", "leavenow: 2 warnings in \(path), and --strict fails on warnings\n"),
                                 ("ja_JP.UTF-8", "leavenow: \(path) に警告が 2 件あります（--strict では警告も失敗になります）\n")] {
            let strict = try CLIRunner.run(["check", "--rules", path, "--strict"],
                                           environment: ["LEAVENOW_CHECK_HOOK": "https://example.com/h", "LANG": language])
            XCTAssertEqual(strict.status, 1, strict.stderr)
            XCTAssertEqual(strict.stdout, "")
            XCTAssertEqual(strict.stderr.split(separator: "\n").count, 3, strict.stderr)
            XCTAssertTrue(strict.stderr.hasSuffix(last), strict.stderr)
        }
    }

    func testJSONListsProblemsAndWarningsWithTheirPlaces() throws {
        let directory = try directory(Self.desktopAndSignedHook)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.path
        // Warnings only: ok, exit 0; JSON stays English in Japanese.
        let warned = try CLIRunner.run(["check", "--rules", path, "--json"],
                                       environment: ["LEAVENOW_CHECK_HOOK": "https://example.com/h", "LANG": "ja_JP.UTF-8"])
        XCTAssertEqual(warned.stderr, "", "the warnings are in the JSON")
        let report = try XCTUnwrap(try CLIRunner.json(warned) as? [String: Any])
        XCTAssertEqual(report["directory"] as? String, path)
        XCTAssertEqual(report["ok"] as? Bool, true)
        XCTAssertEqual(report["strict"] as? Bool, false)
        XCTAssertEqual((report["problems"] as? [Any])?.count, 0)
        let warnings = try XCTUnwrap(report["warnings"] as? [[String: Any]])
        XCTAssertEqual(warnings.map { $0["location"] as? String }, ["\(path)/channels.yaml:2:5", "\(path)/channels.yaml:4:5"])
        XCTAssertTrue((warnings.first?["message"] as? String)?.hasPrefix("channel \"desk\": no D-Bus session bus") == true, "\(warnings)")
        XCTAssertEqual(report["counts"] as? [String: Int], ["boards": 0, "weather_sources": 0, "feeds": 0, "channels": 2, "rules": 0])

        // --strict: the same report, not ok, exit 1.
        let strict = try CLIRunner.run(["check", "--rules", path, "--json", "--strict"], environment: ["LEAVENOW_CHECK_HOOK": "https://example.com/h"])
        let strictReport = try XCTUnwrap(try CLIRunner.json(strict, status: 1) as? [String: Any])
        XCTAssertEqual(strictReport["ok"] as? Bool, false)
        XCTAssertEqual((strictReport["warnings"] as? [Any])?.count, 2)

        // A problem: every one with its place, no counts, exit 1.
        try "channels:\n  - {id: hook, type: webhook, url_env: HOOK, max_retry_delay: 300}\n"
            .write(to: directory.appendingPathComponent("channels.yaml"), atomically: true, encoding: .utf8)
        let broken = try CLIRunner.run(["check", "--rules", path, "--json"])
        let brokenReport = try XCTUnwrap(try CLIRunner.json(broken, status: 1) as? [String: Any])
        XCTAssertEqual(brokenReport["ok"] as? Bool, false)
        XCTAssertTrue(brokenReport["counts"] is NSNull)
        let problems = try XCTUnwrap(brokenReport["problems"] as? [[String: String]])
        XCTAssertEqual(problems, [["location": "\(path)/channels.yaml:2:63",
                                   "message": "max_retry_delay must be a duration from 1s to 1d like 5m (the longest wait between two attempts), not \"300\""]])
    }

    /// The check fixture of `max_retry_delay` (the longest wait between two attempts, item 3): a
    /// value without a unit or outside 1s…1d is refused at its place, in both languages.
    func testCheckRefusesAMaxRetryDelayAtItsPlace() throws {
        let directory = try directory("""
            channels:
              - id: hook
                type: webhook
                url_env: LEAVENOW_CHECK_HOOK
                max_retry_delay: 2d
            """)
        defer { try? FileManager.default.removeItem(at: directory) }
        let english = try CLIRunner.run(["check", "--rules", directory.path], environment: ["LEAVENOW_CHECK_HOOK": "https://example.com/h"])
        XCTAssertEqual(english.status, 1, english.stderr)
        XCTAssertTrue(english.stderr.contains("channels.yaml:5:22: max_retry_delay must be a duration from 1s to 1d like 5m "
            + "(the longest wait between two attempts), not \"2d\""), english.stderr)
        let japanese = try CLIRunner.run(["check", "--rules", directory.path],
                                         environment: ["LEAVENOW_CHECK_HOOK": "https://example.com/h", "LANG": "ja_JP.UTF-8"])
        XCTAssertEqual(japanese.status, 1, japanese.stderr)
        XCTAssertTrue(japanese.stderr.contains("channels.yaml:5:22: max_retry_delay には再送の間隔の上限を 5m のような期間で 1s〜1d の範囲で書いてください"
            + "（実際の値: \"2d\"）"), japanese.stderr)
        try """
            channels:
              - {id: hook, type: webhook, url_env: LEAVENOW_CHECK_HOOK, max_retry_delay: 90s}
            """.write(to: directory.appendingPathComponent("channels.yaml"), atomically: true, encoding: .utf8)
        let fine = try CLIRunner.run(["check", "--rules", directory.path], environment: ["LEAVENOW_CHECK_HOOK": "https://example.com/h"])
        XCTAssertEqual(fine.status, 0, fine.stderr)
    }

    /// `dry-run` says once which channels cannot deliver here and marks their notifications (held),
    /// in both languages; its JSON lists them per notification.
    func testDryRunMarksTheNotificationsOfChannelsThatCannotDeliver() throws {
        let directory = try directory("""
            channels:
              - {id: desk, type: desktop}
              - {id: hook, type: webhook, url_env: LEAVENOW_CHECK_HOOK}
            """)
        defer { try? FileManager.default.removeItem(at: directory) }
        let board = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/buscsv").path
        try """
            boards:
              - id: chofu
                sources:
                  - csv: {weekday: \(board)/鷹56_調布駅北口_三鷹駅_乗り場12_平日.csv, saturday: \(board)/鷹56_調布駅北口_三鷹駅_乗り場12_土曜.csv,
                          sunday_holiday: \(board)/鷹56_調布駅北口_三鷹駅_乗り場12_日祝.csv}
                    line: 鷹56
                    stop: "12"
                    walk: 4m
            rules:
              - {id: leave, kind: leave_now, board: chofu, between: "10:30-10:35", heads_up: [0m], channels: [desk, hook], language: en}
            """.write(to: directory.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
        let arguments = ["dry-run", "--rules", directory.path, "--from", "2024-12-22T10:00", "--to", "2024-12-22T10:40"]
        let english = try CLIRunner.run(arguments, environment: ["LEAVENOW_CHECK_HOOK": "https://example.com/h"])
        XCTAssertEqual(english.status, 0, english.stderr)
        let lines = english.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, english.stdout)
        guard lines.count == 3 else { return }
        XCTAssertEqual(lines[1], "held: channel \"desk\": no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS unset): desktop notifications need a "
            + "graphical session (its notifications are marked held below)")
        XCTAssertTrue(lines[2].hasPrefix("10:29  leave  → desk (held), hook  Leave now: "), lines[2])
        let japanese = try CLIRunner.run(arguments, environment: ["LEAVENOW_CHECK_HOOK": "https://example.com/h", "LANG": "ja_JP.UTF-8"])
        let japaneseLines = japanese.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(japaneseLines.count, 3, japanese.stdout)
        guard japaneseLines.count == 3 else { return }
        XCTAssertEqual(japaneseLines[1], "保留: チャンネル \"desk\": D-Bus のセッションバスがありません（DBUS_SESSION_BUS_ADDRESS が未設定）: "
            + "デスクトップ通知にはグラフィカルセッションが必要です（以下、このチャンネルの通知には「保留」と付けます）")
        XCTAssertTrue(japaneseLines[2].hasPrefix("10:29  leave  → desk（保留）, hook  "), japaneseLines[2])

        let json = try XCTUnwrap(try CLIRunner.json(try CLIRunner.run(arguments + ["--json"], environment: [:])) as? [String: Any])
        let notification = try XCTUnwrap((json["notifications"] as? [[String: Any]])?.first)
        XCTAssertEqual(notification["channels"] as? [String], ["desk", "hook"])
        XCTAssertEqual(notification["held"] as? [String], ["desk", "hook"], "the hook's URL is not set either")
        let held = try XCTUnwrap(json["held_channels"] as? [[String: String]])
        XCTAssertEqual(held.map { $0["channel"] }, ["desk", "hook"])
        XCTAssertEqual(held.last?["message"], "no URL: the environment variable LEAVENOW_CHECK_HOOK is not set")

        // In a session, with the URL: nothing held.
        let ready = try CLIRunner.run(arguments, environment: ["LEAVENOW_CHECK_HOOK": "https://example.com/h", "XDG_RUNTIME_DIR": try session()])
        XCTAssertFalse(ready.stdout.contains("held"), ready.stdout)
    }
}
