@testable import Config
import Foundation
@testable import Rules
import XCTest

/// A rule test file that names a rule or channel the rules directory does not define is an error at
/// the id's place, with the closest defined id; a typo never makes a test pass vacuously.
final class RuleTestReferenceTests: XCTestCase {
    /// A rules directory with the rules `sunday-mitaka` and `weekday-chofu`, the channels `phone` and
    /// `desktop`, and `tests/typos.yaml` holding `test`.
    func rulesDirectory(test: String) throws -> (directory: URL, testFile: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-testrefs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("tests"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        try "10,33\n".write(to: directory.appendingPathComponent("sunday.csv"), atomically: true, encoding: .utf8)
        try """
        boards:
          - id: chofu-to-mitaka
            sources:
              - csv:
                  sunday_holiday: sunday.csv
        channels:
          - id: phone
            type: desktop
          - id: desktop
            type: desktop
        rules:
          - id: sunday-mitaka
            kind: leave_now
            board: chofu-to-mitaka
            heads_up: [0m]
            channels: [phone]
          - id: weekday-chofu
            kind: leave_now
            board: chofu-to-mitaka
            heads_up: [0m]
            channels: [desktop]
        """.write(to: directory.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
        let path = directory.appendingPathComponent("tests/typos.yaml").path
        try test.write(toFile: path, atomically: true, encoding: .utf8)
        return (directory, path)
    }

    func problems(_ test: String) throws -> (messages: [String], path: String, rendered: String) {
        let (directory, path) = try rulesDirectory(test: test)
        let configuration = try Configuration.load(directory: directory.path)
        let file = try RuleTestFile.load(path: path)
        let problems = file.referenceProblems(in: configuration)
        return (problems.map(\.description), path, ConfigError(diagnostics: problems).rendered)
    }

    func testAMisspeltRuleInRulesIsAnErrorWithTheClosestRule() throws {
        let (messages, path, rendered) = try problems("""
        tests:
          - name: not on a Sunday
            at: 2024-12-21T10:00
            rules: [sunday-mitak]
            expect: []
        """)
        XCTAssertEqual(messages, ["\(path):4:13: unknown rule \"sunday-mitak\" (did you mean \"sunday-mitaka\"?)"])
        XCTAssertEqual(rendered, """
        \(path):4:13: unknown rule "sunday-mitak" (did you mean "sunday-mitaka"?)
            rules: [sunday-mitak]
                    ^
        """)
    }

    func testExpectedRulesAndChannelsAreCheckedEverywhere() throws {
        let (messages, path, _) = try problems("""
        tests:
          - name: good
            at: 2024-12-22T10:00
            rules: [sunday-mitaka, weekday-chofu]
            expect:
              - {rule: sunday-mitaka, at: 2024-12-22T10:33, channel: phone}
          - name: typos
            from: 2024-12-22T10:00
            to: 2024-12-22T10:40
            expect:
              - {rule: weekday-chfu, at: 2024-12-22T10:33, channel: phon}
              - rule: nightly-report
                at: 2024-12-22T10:33
                channel: desktop
        """)
        XCTAssertEqual(messages, [
            "\(path):11:16: unknown rule \"weekday-chfu\" (did you mean \"weekday-chofu\"?)",
            "\(path):11:61: unknown channel \"phon\" (did you mean \"phone\"?)",
            "\(path):12:15: unknown rule \"nightly-report\" (known: sunday-mitaka, weekday-chofu)",
        ])
    }

    func testNoReferenceProblemsWhenEveryIDIsDefined() throws {
        let (messages, _, _) = try problems("""
        tests:
          - name: fine
            at: 2024-12-22T10:00
            rules: [sunday-mitaka]
            expect:
              - {rule: sunday-mitaka, at: 2024-12-22T10:33, channel: desktop}
        """)
        XCTAssertEqual(messages, [])
    }

    func testEditDistanceAndSuggestions() {
        XCTAssertEqual(NameSuggestion.editDistance("sunday-mitak", "sunday-mitaka"), 1)
        XCTAssertEqual(NameSuggestion.editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(NameSuggestion.editDistance("", "abc"), 3)
        XCTAssertEqual(NameSuggestion.editDistance("調布", "調布駅"), 1)
        XCTAssertEqual(NameSuggestion.closest(to: "phon", among: ["desktop", "phone", "team"]), "phone")
        XCTAssertEqual(NameSuggestion.closest(to: "ginza-last-trian", among: ["ginza-last-train", "ginza-morning"]), "ginza-last-train")
        XCTAssertNil(NameSuggestion.closest(to: "nightly-report", among: ["sunday-mitaka", "weekday-chofu"]))
        XCTAssertEqual(NameSuggestion.hint(for: "x", among: [], plural: "channels"), "no channels are defined")
    }
}
