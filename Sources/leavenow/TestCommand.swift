import Config
import Foundation
import Rules
import Timetable

/// `leavenow test [FILES]`: rule unit tests (default: every `*.yaml` in `<rules>/tests/`).
struct TestCommand {

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        try context.speaking { try test(arguments, context: context) }
    }

    private func test(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, spec: .test)
        var files: [String] = []
        // A directory stands for the `*.yaml` files in it (default: `<rules>/tests/`).
        for path in parsed.positionals.isEmpty ? [context.rulesDirectory(parsed.value("--rules")) + "/tests"] : parsed.positionals {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            let tests = names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted().map { path + "/" + $0 }
            guard !tests.isEmpty else { throw CommandFailure.failure(Message(.testNoTests, ["path": .text(path)]).text) }
            files += tests
        }
        var lines: [String] = []
        var passed = 0, failed = 0
        // Files of one rules directory load the same boards and fixtures: each warning once.
        var warned = Set<String>()
        for path in files {
            let file: RuleTestFile
            do {
                file = try RuleTestFile.load(path: path)
            } catch {
                lines.append(error.rendered)
                failed += 1
                continue
            }
            let workspace: Workspace
            do {
                // The boards the tested rules read (a board no rule reads is not tested here).
                workspace = try Workspace.load(directory: file.rulesDirectory, fixtures: file.fixtures, boards: .readBy(rules: nil))
            } catch {
                lines.append(Message(.testRulesHaveProblems, ["path": .text(path)]).text + "\n" + error.rendered)
                failed += 1
                continue
            }
            for warning in workspace.warnings where warned.insert(warning).inserted { context.warn(.verbatim(warning)) }
            // A misspelt rule or channel would make a test pass without testing anything.
            let unknown = file.referenceProblems(in: workspace.configuration)
            guard unknown.isEmpty else {
                lines.append(ConfigError(diagnostics: unknown).rendered)
                failed += 1
                continue
            }
            lines.append(Message(.testFileCount, ["path": .text(path), "count": .number(file.tests.count)]).text)
            for result in RuleTestRunner().run(file, workspace: workspace) {
                if result.passed {
                    passed += 1
                    lines.append(Message(.testPass, ["name": .text(result.name)]).text)
                    continue
                }
                failed += 1
                lines.append(Message(.testFail, ["name": .text(result.name)]).text)
                for expectation in result.missing {
                    let clock = workspace.clock(forRule: expectation.rule)
                    let containing = expectation.textContains.map { Message(.testExpectedContaining, ["text": .text("\"\($0)\"")]) } ?? .empty
                    let what = Message(.testExpected, [
                        "rule": .text(expectation.rule), "time": .text(clock.iso8601(expectation.at)),
                        "channel": .text(expectation.channel.map { " → \($0)" } ?? ""), "containing": .message(containing),
                        "place": .text("\(path):\(expectation.location)"),
                    ])
                    lines.append("      " + what.text)
                }
                for delivery in result.unexpected {
                    let clock = workspace.clock(forRule: delivery.notification.rule)
                    lines.append("      " + Message(.testGot, [
                        "rule": .text(delivery.notification.rule), "time": .text(clock.iso8601(delivery.at)),
                        "channels": .text(delivery.notification.channels.joined(separator: ", ")), "text": .text(delivery.notification.text),
                    ]).text)
                }
            }
        }
        lines.append(Message(.testSummary, ["passed": .number(passed), "failed": .number(failed)]).text)
        let report = lines.joined(separator: "\n")
        if failed > 0 { throw CommandFailure.failedReport(report) }
        return report
    }
}
