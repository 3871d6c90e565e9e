import Config
import Foundation
import Rules
import Timetable

/// `leavenow test [FILES]`: rule unit tests (default: every `*.yaml` in `<rules>/tests/`).
struct TestCommand {
    static let usage = "usage: leavenow test [--rules DIR] [FILES… | DIRS…]"

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, options: ["--rules"], flags: [])
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
            guard !tests.isEmpty else { throw CommandFailure.failure("no rule tests in \(path) (give FILES or add *.yaml there)") }
            files += tests
        }
        var lines: [String] = []
        var passed = 0, failed = 0
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
                workspace = try Workspace.load(directory: file.rulesDirectory, fixtures: file.fixtures)
            } catch {
                lines.append("\(path): the rules it tests have problems:\n" + error.rendered)
                failed += 1
                continue
            }
            for warning in workspace.warnings { context.warn(warning) }
            // A misspelt rule or channel would make a test pass without testing anything.
            let unknown = file.referenceProblems(in: workspace.configuration)
            guard unknown.isEmpty else {
                lines.append(ConfigError(diagnostics: unknown).rendered)
                failed += 1
                continue
            }
            lines.append("\(path): \(file.tests.count) test\(file.tests.count == 1 ? "" : "s")")
            for result in RuleTestRunner().run(file, workspace: workspace) {
                if result.passed {
                    passed += 1
                    lines.append("  PASS \(result.name)")
                    continue
                }
                failed += 1
                lines.append("  FAIL \(result.name)")
                for expectation in result.missing {
                    let clock = workspace.clock(forRule: expectation.rule)
                    var what = "- expected \(expectation.rule) at \(clock.iso8601(expectation.at))"
                    if let channel = expectation.channel { what += " → \(channel)" }
                    if let text = expectation.textContains { what += " containing \"\(text)\"" }
                    lines.append("      \(what) (\(path):\(expectation.location))")
                }
                for delivery in result.unexpected {
                    let clock = workspace.clock(forRule: delivery.notification.rule)
                    lines.append("      + got \(delivery.notification.rule) at \(clock.iso8601(delivery.at)) → \(delivery.notification.channels.joined(separator: ", ")): \(delivery.notification.text)")
                }
            }
        }
        lines.append("\(passed) passed, \(failed) failed")
        let report = lines.joined(separator: "\n")
        if failed > 0 { throw CommandFailure.failedReport(report) }
        return report
    }
}
