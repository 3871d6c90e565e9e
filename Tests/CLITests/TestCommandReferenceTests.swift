import Foundation
import XCTest

/// `leavenow test` on a file that misspells a rule or a channel: the file fails with the place and
/// the closest id, instead of a test that passes without testing anything.
final class TestCommandReferenceTests: XCTestCase {
    func testAMisspeltRuleFailsTheFileWithDidYouMean() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-typo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let rules = CLIRunner.packageRoot.appendingPathComponent("rules").path
        let file = directory.appendingPathComponent("typo.yaml").path
        try """
        rules: \(rules)
        tests:
          - name: not on a Saturday
            from: 2024-12-21T10:00
            to: 2024-12-21T11:00
            rules: [chofu-leave-nwo]
            expect: []
          - name: the Sunday bus
            from: 2024-12-22T10:00
            to: 2024-12-22T10:40
            rules: [chofu-leave-now]
            expect:
              - {rule: chofu-leave-now, at: 2024-12-22T10:19, channel: phones}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let outcome = try CLIRunner.run(["test", file])
        XCTAssertEqual(outcome.status, 1, outcome.stdout + outcome.stderr)
        XCTAssertEqual(outcome.stdout, """
        \(file):6:13: unknown rule "chofu-leave-nwo" (did you mean "chofu-leave-now"?)
            rules: [chofu-leave-nwo]
                    ^

        \(file):13:64: unknown channel "phones" (did you mean "phone"?)
              - {rule: chofu-leave-now, at: 2024-12-22T10:19, channel: phones}
                                                                       ^
        0 passed, 1 failed

        """)
    }
}
