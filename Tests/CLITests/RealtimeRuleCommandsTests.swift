import Foundation
import XCTest

/// `dry-run`, `test` and `explain` on recorded realtime (`Tests/Fixtures/realtime-rules`): the range
/// in the rules' own zone, the update and the cancel notice, and `explain` naming the feed's age.
final class RealtimeRuleCommandsTests: XCTestCase {
    static let rules = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/realtime-rules").path

    func testDryRunShowsTheUpdateAndTheCancelNoticeInPacificTime() throws {
        let run = try CLIRunner.run(["dry-run", "--rules", Self.rules, "--from", "2023-11-07T16:00-08:00", "--to", "2023-11-07T18:30-08:00"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "dry run 2023-11-07T16:00:00-08:00 → 2023-11-07T18:30:00-08:00; nothing is sent")
        // No session bus here: the desktop channel `phone` would hold them (said once, then marked).
        XCTAssertEqual(lines[1], "held: channel \"phone\": no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS unset): desktop notifications "
                       + "need a graphical session (its notifications are marked held below)")
        XCTAssertEqual(lines.dropFirst(2).map { String($0.prefix(5)) }, ["16:40", "16:43", "16:55", "17:40"], run.stdout)
        XCTAssertTrue(lines[3].contains("→ phone (held)  4 min late: leave at 16:54"), lines[3])
        XCTAssertTrue(lines[5].contains("Canceled: the 17:55 to Tamien"), lines[5])
    }

    func testTestPassesAndExplainSaysHowOldTheFeedIs() throws {
        let test = try CLIRunner.run(["test", "--rules", Self.rules])
        XCTAssertEqual(test.status, 0, test.stdout + test.stderr)
        XCTAssertTrue(test.stdout.contains("2 passed, 0 failed"), test.stdout)
        let explain = try CLIRunner.run(["explain", "evening-train", "--rules", Self.rules, "--at", "2023-11-07T16:44-08:00"])
        XCTAssertEqual(explain.status, 0, explain.stderr)
        XCTAssertTrue(explain.stdout.contains("realtime hillsdale.0: live, observed 60 s ago (max_age 900 s): predictions used"), explain.stdout)
    }

    /// A departure realtime has no time for (NO_DATA at the stop: trip 310 at 16:55 in the SYNTHETIC
    /// feed) runs on the timetable's time: its heads-up says nothing live, not "(live: on time)".
    func testAHeadsUpForADepartureWithoutAPredictedTimeClaimsNothingLive() throws {
        let root = NSTemporaryDirectory() + "leavenow-rt-no-data-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        let fixtures = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures").path
        let recorded = root + "/rules/fixtures/realtime/hillsdale/0"
        try FileManager.default.createDirectory(atPath: recorded, withIntermediateDirectories: true)
        let rules = try String(contentsOfFile: Self.rules + "/rules.yaml", encoding: .utf8)
            .replacingOccurrences(of: "../realtime/", with: fixtures + "/realtime/")
        try rules.write(toFile: root + "/rules/rules.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: fixtures + "/realtime-boards/SYNTHETIC_ct-trip-updates-no-data.pb",
                                         toPath: recorded + "/2023-11-07T16:30:00-08:00.pb")
        for (language, live) in [("C.UTF-8", "(live:"), ("ja_JP.UTF-8", "リアルタイム:")] {
            let run = try CLIRunner.run(["dry-run", "--rules", root + "/rules", "--from", "2023-11-07T16:30-08:00", "--to", "2023-11-07T16:45-08:00"],
                                        environment: ["LANG": language])
            XCTAssertEqual(run.status, 0, run.stderr)
            let headsUp = try XCTUnwrap(run.stdout.split(separator: "\n").first { $0.hasPrefix("16:40  evening-train") }, run.stdout)
            XCTAssertTrue(headsUp.contains("16:55"), String(headsUp))
            XCTAssertFalse(headsUp.contains(live), String(headsUp))
        }
    }
}
