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
}
