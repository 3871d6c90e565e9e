import Foundation
import XCTest

/// A board's problems are printed by the commands that read that board, once, in words true for
/// that command (issue 23): on the examples, the ODPT API board `ginza-live` (which no rule reads)
/// is not every command's first line, `test` does not repeat a warning per test file, and a
/// board's failed source is said once — in the answer, not again on stderr.
final class WarningsOnceTests: XCTestCase {
    static let ginzaLive = "ginza-live"
    static let languages = ["C.UTF-8", "ja_JP.UTF-8"]

    /// Every line of `text` that appears more than once.
    static func repeatedLines(_ text: String) -> [String] {
        var seen = Set<String>(), repeated: [String] = []
        for line in text.split(separator: "\n").map(String.init) where !line.isEmpty && !seen.insert(line).inserted {
            repeated.append(line)
        }
        return repeated
    }

    func testCommandsOnTheExamplesDoNotReportABoardNoRuleReads() throws {
        let commands: [[String]] = [
            ["test"],
            ["dry-run", "--from", "2024-12-22T00:00", "--to", "2024-12-22T23:59"],
            ["dry-run", "--at", "2024-12-22T10:20", "--json"],
            ["explain", "chofu-leave-now", "--at", "2024-12-22T10:26"],
            ["next", "chofu-to-mitaka", "--at", "2024-12-22T10:32", "--count", "1"],
        ]
        for language in Self.languages {
            for command in commands {
                let outcome = try CLIRunner.run(command, environment: ["LANG": language])
                XCTAssertEqual(outcome.status, 0, "\(command) \(language): \(outcome.stderr)")
                XCTAssertFalse((outcome.stdout + outcome.stderr).contains(Self.ginzaLive), "\(command) \(language):\n\(outcome.stdout)\n\(outcome.stderr)")
                XCTAssertEqual(Self.repeatedLines(outcome.stderr), [], "\(command) \(language)")
            }
        }
    }

    /// A rules directory whose one rule reads a board with a broken weekday file, and a second board
    /// no rule reads with a missing file.
    func brokenRules() throws -> String {
        let root = NSTemporaryDirectory() + "leavenow-warnings-once-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/tt", withIntermediateDirectories: true)
        try "10,05,35\n11,1O\n".write(toFile: root + "/tt/weekday.csv", atomically: true, encoding: .utf8)
        try "10,15\n".write(toFile: root + "/tt/sunday.csv", atomically: true, encoding: .utf8)
        try """
        boards:
          - id: used
            sources:
              - csv: {weekday: tt/weekday.csv, sunday_holiday: tt/sunday.csv}
                line: "42"
                stop: "1"
                destination: 駅
          - id: unused
            sources:
              - csv: {weekday: tt/nowhere.csv}
        channels:
          - {id: desk, type: desktop}
        rules:
          - {id: go, kind: leave_now, board: used, heads_up: [0m], channels: [desk]}

        """.write(toFile: root + "/rules.yaml", atomically: true, encoding: .utf8)
        return root
    }

    func testABrokenSourceIsSaidOnceByTheCommandsThatReadItsBoard() throws {
        let rules = try brokenRules()
        for language in Self.languages {
            func run(_ arguments: [String]) throws -> CLIRunner.Outcome {
                try CLIRunner.run(arguments + ["--rules", rules], environment: ["LANG": language])
            }
            for command in [["next", "used", "--at", "2024-12-22T10:00"], ["board", "used", "--date", "2024-12-22"],
                            ["dry-run", "--at", "2024-12-22T10:00"]] {
                let outcome = try run(command)
                XCTAssertEqual(outcome.status, 0, "\(command) \(language): \(outcome.stderr)")
                let both = outcome.stdout + outcome.stderr
                XCTAssertEqual(both.components(separatedBy: "1O").count - 1, 1, "once, \(command) \(language):\n\(both)")
                XCTAssertEqual(outcome.stderr, "", "the answer says it, \(command) \(language)")
                XCTAssertFalse(both.contains("unused"), "no rule reads it, \(command) \(language):\n\(both)")
            }
            // explain says it once: its explanation gives the reason (Monday's departures are unknown), so
            // no warning repeats it.
            let explain = try run(["explain", "go", "--at", "2024-12-22T10:00"])
            XCTAssertEqual(explain.status, 0, explain.stderr)
            XCTAssertEqual((explain.stdout + explain.stderr).components(separatedBy: "1O").count - 1, 1,
                           "\(language):\n\(explain.stdout)\n\(explain.stderr)")
            XCTAssertFalse((explain.stdout + explain.stderr).contains("unused"), "\(language):\n\(explain.stdout)\(explain.stderr)")
            // At a time its explanation does not reach the broken day, the warning says it.
            let saturday = try run(["explain", "go", "--at", "2024-12-21T10:00"])
            XCTAssertEqual(saturday.stdout.components(separatedBy: "1O").count - 1, 0, "\(language):\n\(saturday.stdout)")
            XCTAssertEqual(saturday.stderr.components(separatedBy: "1O").count - 1, 1, "\(language):\n\(saturday.stderr)")
            // check reads every board, and says each problem once.
            let check = try run(["check"])
            XCTAssertEqual(check.status, 1)
            XCTAssertEqual(check.stderr.components(separatedBy: "1O").count - 1, 1, "\(language):\n\(check.stderr)")
            XCTAssertEqual(check.stderr.components(separatedBy: "nowhere.csv").count - 1, 1, "\(language):\n\(check.stderr)")
        }
    }

    /// The worker reads every board and its source cache (also with `--fixtures`): a board whose
    /// API timetable is not cached yet is logged once, as not cached (run `leavenow fetch`) — not
    /// as "read from the source cache, which this command does not read".
    func testTheWorkerLogsABoardsMissingSourceOnceInItsOwnWords() throws {
        let state = NSTemporaryDirectory() + "leavenow-warnings-once-state-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: state) }
        let run = try CLIRunner.run(["run", "--state", state + "/state.db", "--fixtures", "rules/fixtures",
                                     "--simulate-from", "2024-12-22T09:55", "--speed", "600", "--until", "2024-12-22T09:56"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stderr.split(separator: "\n").filter { $0.contains(Self.ginzaLive) }
        XCTAssertEqual(lines.count, 1, run.stderr)
        XCTAssertTrue(lines.first?.contains("event=board.unloadable") == true, run.stderr)
        XCTAssertTrue(lines.first?.contains("no cached timetable yet") == true, run.stderr)
        XCTAssertFalse(run.stderr.contains("does not read"), run.stderr)
    }
}
