import Foundation
import XCTest

/// Input as people type it and output as people read it (issue 23, item 8), through the built
/// binary in English and Japanese: a time alone is today, a date alone is a whole day, one unit
/// style, the article link once, Japanese lines that read as Japanese, and a state path the user
/// cannot use named with what to do — while another user may still read a readable state.
final class InputPeopleTypeTests: XCTestCase {
    static let languages = ["C.UTF-8", "ja_JP.UTF-8"]

    /// Today in Tokyo, as `YYYY-MM-DD`.
    static func todayInTokyo() -> String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "Asia/Tokyo")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }

    /// `--at 10:32` is today at 10:32 in the board's timezone: the same answer as the full date.
    func testATimeAloneIsTodayInTheBoardsZone() throws {
        for language in Self.languages {
            for attempt in 0..<2 {
                let today = Self.todayInTokyo()
                let alone = try CLIRunner.run(["next", "chofu-to-mitaka", "--at", "10:32", "--count", "2"], environment: ["LANG": language])
                let full = try CLIRunner.run(["next", "chofu-to-mitaka", "--at", "\(today)T10:32", "--count", "2"], environment: ["LANG": language])
                if today != Self.todayInTokyo(), attempt == 0 { continue }  // midnight in Tokyo passed meanwhile
                XCTAssertEqual(alone.status, 0, alone.stderr)
                XCTAssertEqual(alone.stdout, full.stdout, language)
                XCTAssertTrue(alone.stdout.contains(today), alone.stdout)
                break
            }
        }
        let json = try CLIRunner.json(try CLIRunner.run(["next", "ginza", "--at", "7:05", "--json"])) as? [String: Any]
        XCTAssertTrue((json?["at"] as? String)?.hasSuffix("T07:05:00+09:00") == true, "\(String(describing: json))")
        let explain = try CLIRunner.run(["explain", "chofu-leave-now", "--at", "10:26"])
        XCTAssertEqual(explain.status, 0, explain.stderr)
        for bad in ["25:00", "10:5", "10h32"] {
            let outcome = try CLIRunner.run(["next", "ginza", "--at", bad])
            XCTAssertEqual(outcome.status, 64, bad)
            XCTAssertTrue(outcome.stderr.contains("--at: \"\(bad)\" is not a time (use 2024-12-22T10:32:00+09:00, 2024-12-22T10:32, 2024-12-22 or 10:32 for today)"),
                          outcome.stderr)
        }
    }

    /// `--to 2024-12-22` is the end of that day, `--from 2024-12-22` its start: the whole day.
    func testADateAloneIsTheWholeDay() throws {
        for language in Self.languages {
            let day = try CLIRunner.run(["dry-run", "--from", "2024-12-22", "--to", "2024-12-22"], environment: ["LANG": language])
            let spelt = try CLIRunner.run(["dry-run", "--from", "2024-12-22T00:00", "--to", "2024-12-22T23:59:59"], environment: ["LANG": language])
            XCTAssertEqual(day.status, 0, day.stderr)
            XCTAssertEqual(day.stdout, spelt.stdout, language)
            XCTAssertTrue(day.stdout.contains("2024-12-22T00:00:00+09:00 → 2024-12-22T23:59:59+09:00"), day.stdout)
            XCTAssertTrue(day.stdout.contains("chofu-leave-now"), day.stdout)
        }
    }

    /// "in 1 h 4 min, leave in 1 h" — not "leave in 60 min" after "in 1 h 4 min".
    func testTheDepartureAndTheLeaveTimeUseOneUnitStyle() throws {
        let english = try CLIRunner.run(["next", "chofu-to-mitaka", "--at", "2024-12-22T05:01", "--count", "1"])
        XCTAssertEqual(english.stdout.split(separator: "\n").last.map(String.init),
                       "06:05 from platform 12 (鷹56) to 三鷹駅 — in 1 h 4 min, leave in 1 h")
        let japanese = try CLIRunner.run(["next", "chofu-to-mitaka", "--at", "2024-12-22T05:01", "--count", "1"],
                                         environment: ["LANG": "ja_JP.UTF-8"])
        XCTAssertEqual(japanese.stdout.split(separator: "\n").last.map(String.init), "06:05 12番のりば (鷹56) 三鷹駅行 — 1時間4分後に発車、あと1時間で出発")
        let minutes = try CLIRunner.run(["next", "chofu-to-mitaka", "--at", "2024-12-22T05:20", "--count", "1"])
        XCTAssertTrue(minutes.stdout.hasSuffix("— in 45 min, leave in 41 min\n"), minutes.stdout)
    }

    /// The example new-article rule's notification carries its link once (the channel adds it).
    func testTheArticleLinkAppearsOnceInADryRun() throws {
        let link = "https://qiita.com/ios-example-d/items/example3400022"
        for language in Self.languages {
            let day = try CLIRunner.run(["dry-run", "--from", "2024-12-22T07:00", "--to", "2024-12-22T07:30"], environment: ["LANG": language])
            let line = try XCTUnwrap(day.stdout.split(separator: "\n").first { $0.contains("qiita-ios-new-article") }, day.stdout)
            XCTAssertEqual(line.components(separatedBy: link).count - 1, 1, String(line))
        }
    }

    /// Japanese read as a person: the board's timetable in Japanese, and a legend that says where
    /// each mark goes.
    func testTheBoardHeaderAndLegendReadAsJapanese() throws {
        let japanese = ["LANG": "ja_JP.UTF-8"]
        let chofu = try CLIRunner.run(["board", "chofu-to-mitaka", "--date", "2024-12-22"], environment: japanese)
        XCTAssertTrue(chofu.stdout.hasPrefix("調布駅北口 → 三鷹駅  2024-12-22 (日) · 日曜 · 時刻表: 日祝\n(11) 鷹66 → 三鷹駅   (12) 鷹56 → 三鷹駅   (14) 鷹51 → 三鷹駅\n"),
                      chofu.stdout)
        let ginza = try CLIRunner.run(["board", "ginza", "--date", "2025-01-13"], environment: japanese)
        XCTAssertTrue(ginza.stdout.hasPrefix("銀座駅 銀座線  2025-01-13 (月) 成人の日 · 休日 · 時刻表: 土休日\n(上野) 銀座線 → 上野   (浅草) 銀座線 → 浅草   (渋谷) 銀座線 → 渋谷\n"),
                      ginza.stdout)
        let english = try CLIRunner.run(["board", "ginza", "--date", "2025-01-13"])
        XCTAssertTrue(english.stdout.hasPrefix("銀座駅 銀座線  2025-01-13 (Mon) 成人の日 · holiday · timetable: saturday_holiday\n(上野) 銀座線 → 上野   "),
                      english.stdout)
    }

    /// A worker that stopped: `ワーカー：停止しています…`, not `ワーカー：は動いていません`.
    func testAStoppedWorkerReadsAsJapanese() throws {
        let state = NSTemporaryDirectory() + "leavenow-stopped-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: state) }
        // A worker that ended as `--until` asked is not a problem: said as information.
        let run = try CLIRunner.run(["run", "--state", state, "--fixtures", "rules/fixtures",
                                     "--simulate-from", "2024-12-22T09:55", "--speed", "600", "--until", "2024-12-22T09:56"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let clean = try CLIRunner.run(["status", "--state", state], environment: ["LANG": "ja_JP.UTF-8"])
        XCTAssertTrue(clean.stdout.contains("\nワーカー: run --until の指定どおり "), clean.stdout)
        XCTAssertFalse(clean.stdout.contains("ワーカー："), clean.stdout)
        // A worker that died (kill -9) is one: `ワーカー：停止しています…`.
        let worker = Process()
        worker.executableURL = CLIRunner.binary
        worker.arguments = ["run", "--state", state, "--fixtures", "rules/fixtures", "--simulate-from", "2024-12-22T09:55", "--speed", "60"]
        worker.environment = ProcessInfo.processInfo.environment.merging(["XDG_RUNTIME_DIR": "/nonexistent"]) { $1 }
        worker.standardError = FileHandle.nullDevice
        try worker.run()
        let started = Date()
        // Its first pass writes its status record: the outbox then has its first entries (or the record is newer).
        var running = false
        while Date().timeIntervalSince(started) < 20, !running {
            Thread.sleep(forTimeInterval: 0.2)
            running = (try? CLIRunner.run(["status", "--state", state, "--json"]))?.stdout.contains("\"running\": true") == true
        }
        kill(worker.processIdentifier, SIGKILL)
        worker.waitUntilExit()
        XCTAssertTrue(running, "the worker did not start within 20 s")
        let japanese = try CLIRunner.run(["status", "--state", state], environment: ["LANG": "ja_JP.UTF-8"])
        XCTAssertTrue(japanese.stdout.contains("\n  ワーカー：停止しています（最後のパスは pid "), japanese.stdout)
        XCTAssertFalse(japanese.stdout.contains("：は"), japanese.stdout)
        let english = try CLIRunner.run(["status", "--state", state])
        XCTAssertTrue(english.stdout.contains("\n  the worker: is not running (last pass by pid "), english.stdout)
        let never = try CLIRunner.run(["status", "--state", state + "/never"], environment: ["LANG": "ja_JP.UTF-8"])
        XCTAssertEqual(never.status, 1)
    }

    /// A state path that cannot be created or written says what and how to fix it, in both languages.
    func testAStatePathThatCannotBeUsedSaysWhatToDo() throws {
        let file = NSTemporaryDirectory() + "leavenow-a-file-\(UUID().uuidString)"
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: file) }
        let english = try CLIRunner.run(["run", "--once", "--state", file + "/state"])
        XCTAssertEqual(english.status, 1)
        XCTAssertEqual(english.stderr.split(separator: "\n").last.map(String.init),
                       "leavenow: \(file)/state/state.db: creating the directory \(file)/state: \(file) is not a directory: "
                       + "give --state a path you can write (or set XDG_STATE_HOME)")
        let japanese = try CLIRunner.run(["run", "--once", "--state", file + "/state"], environment: ["LANG": "ja_JP.UTF-8"])
        XCTAssertEqual(japanese.stderr.split(separator: "\n").last.map(String.init),
                       "leavenow: \(file)/state/state.db: ディレクトリ \(file)/state の作成: \(file) はディレクトリではありません: "
                       + "書き込めるパスを --state で指定してください（または XDG_STATE_HOME を設定してください）")
        XCTAssertFalse((english.stderr + japanese.stderr).contains("The operation could not be completed"))
    }

    /// Another user on a state they may read but not write (`runuser -u nobody`): `status`, `outbox`,
    /// `history` and `sources` read it; the worker says whose it is and what to do.
    func testAnotherUserReadsAReadableStateAndIsToldWhyItCannotWriteIt() throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser") else {
            throw XCTSkip("needs root and runuser to act as another user")
        }
        let root = NSTemporaryDirectory() + "leavenow-shared-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLIRunner.packageRoot.path + "/rules", toPath: root + "/rules")
        let state = root + "/state"
        let made = try CLIRunner.run(["run", "--rules", root + "/rules", "--state", state, "--fixtures", root + "/rules/fixtures",
                                      "--simulate-from", "2024-12-22T10:10", "--speed", "600", "--until", "2024-12-22T10:20"])
        XCTAssertEqual(made.status, 0, made.stderr)
        // Readable by everyone, writable by root only (the database is created 0600).
        let chmod = Process()
        chmod.executableURL = URL(fileURLWithPath: "/bin/chmod")
        chmod.arguments = ["-R", "a+rX", root]
        try chmod.run()
        chmod.waitUntilExit()
        func asNobody(_ arguments: [String], language: String = "C.UTF-8", options: Bool = true) throws -> CLIRunner.Outcome {
            try CLIRunner.run(["-u", "nobody", "--", CLIRunner.binary.path] + arguments + (options ? ["--rules", root + "/rules", "--state", state] : []),
                              environment: ["LANG": language, "HOME": root], executable: URL(fileURLWithPath: "/usr/sbin/runuser"))
        }
        let binary = CLIRunner.binary.deletingLastPathComponent().path
        guard (try? asNobody(["version"], options: false))?.status == 0 else {
            throw XCTSkip("nobody cannot run the built binary under \(binary)")
        }
        for language in Self.languages {
            let status = try asNobody(["status"], language: language)
            XCTAssertEqual(status.stderr, "", language)
            XCTAssertTrue(status.stdout.contains(language == "C.UTF-8" ? "\nworker: stopped cleanly at " : "\nワーカー: run --until の指定どおり "), status.stdout)
            let outbox = try asNobody(["outbox", "--status", "delivered,pending,dead"], language: language)
            XCTAssertEqual(outbox.status, 0, outbox.stderr)
            XCTAssertTrue(outbox.stdout.contains("chofu-leave-now"), outbox.stdout)
            XCTAssertEqual(try asNobody(["history", "chofu-leave-now"], language: language).status, 0)
            XCTAssertEqual(try asNobody(["sources"], language: language).stderr, "")
        }
        let run = try asNobody(["run", "--once"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("\(state)/state.db: opening: \(state)/state.db is not writable by nobody (uid 65534) (it belongs to root, mode 0644): "
                                          + "run leavenow as root, or give --state a path you can write"), run.stderr)
        XCTAssertFalse(run.stderr.contains("readonly database"), run.stderr)
        let japanese = try asNobody(["run", "--once"], language: "ja_JP.UTF-8")
        XCTAssertTrue(japanese.stderr.contains("\(state)/state.db に nobody (uid 65534) は書き込めません（所有者 root、モード 0644）: root として実行するか、"),
                      japanese.stderr)
        // Nothing was written: root's worker reads it as before.
        XCTAssertEqual(try CLIRunner.run(["outbox", "--rules", root + "/rules", "--state", state]).status, 0)
    }
}
