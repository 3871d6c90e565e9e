import Foundation
import XCTest

/// `next` and `board` read the boards only: a typo in a rule, a channel or a weather source is
/// `check`'s business and must not take a plain timetable query down with it.
final class ReadOnlyCommandTests: XCTestCase {
    private var directory: URL!

    /// The example rules directory with `rules.yaml` broken by a typo'd key and `channels.yaml` by
    /// a value the worker would refuse.
    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-readonly-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("rules"), to: directory)
        let rules = directory.appendingPathComponent("rules.yaml")
        var text = try String(contentsOf: rules, encoding: .utf8)
        let range = try XCTUnwrap(text.range(of: "heads_up:"))
        text.replaceSubrange(range, with: "heads_upp:")
        try text.write(to: rules, atomically: true, encoding: .utf8)
        let channels = directory.appendingPathComponent("channels.yaml")
        try (String(contentsOf: channels, encoding: .utf8) + "  - id: typo\n    type: ntfy\n    topic_env: T\n    priority: 9\n")
            .write(to: channels, atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func testCheckRefusesTheTyposThatNextAndBoardIgnore() throws {
        let check = try CLIRunner.run(["check", "--rules", directory.path])
        XCTAssertEqual(check.status, 1, check.stdout + check.stderr)
        let report = check.stdout + check.stderr
        XCTAssertTrue(report.contains("heads_upp"), report)
        XCTAssertTrue(report.contains("priority must be 1 to 5"), report)

        let next = try CLIRunner.run(["next", "chofu-to-mitaka", "--rules", directory.path, "--at", "2024-12-22T10:32", "--count", "1"])
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertTrue(next.stdout.contains("10:33 from platform 12 (鷹56)"), next.stdout)
        XCTAssertFalse(next.stderr.contains("heads_upp"), next.stderr)

        let board = try CLIRunner.run(["board", "chofu-to-mitaka", "--rules", directory.path, "--date", "2024-12-22", "--json"])
        XCTAssertEqual(board.status, 0, board.stderr)
        XCTAssertTrue(board.stdout.contains("\"board\": \"chofu-to-mitaka\""), board.stdout)
    }

    func testABrokenBoardStillStopsNext() throws {
        let boards = directory.appendingPathComponent("boards.yaml")
        let text = try String(contentsOf: boards, encoding: .utf8)
        try text.replacingOccurrences(of: "walk:", with: "wlak:").write(to: boards, atomically: true, encoding: .utf8)
        let next = try CLIRunner.run(["next", "chofu-to-mitaka", "--rules", directory.path, "--at", "2024-12-22T10:32"])
        XCTAssertEqual(next.status, 1, next.stdout)
        XCTAssertTrue(next.stderr.contains("wlak"), next.stderr)
    }
}
