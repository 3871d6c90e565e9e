import Foundation
import XCTest

/// The command line as people expect it, through the built binary: `--version`, `--help` on every
/// command listing every option the command parses (help and parsing come from one table), and
/// "did you mean" for an unknown command or option — in English and in Japanese.
final class CommandLineTests: XCTestCase {
    static let japanese = ["LANG": "ja_JP.UTF-8"]

    /// The commands `leavenow --help` lists.
    static func listedCommands(environment: [String: String] = [:]) throws -> [String] {
        let help = try CLIRunner.run(["--help"], environment: environment)
        XCTAssertEqual(help.status, 0, help.stderr)
        let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let heading = try XCTUnwrap(lines.firstIndex { $0 == "commands:" || $0 == "コマンド:" }, help.stdout)
        return lines[(heading + 1)...].prefix { $0.hasPrefix("  ") }.map { String($0.dropFirst(2).prefix { $0 != " " }) }
    }

    /// The option names (`--rules`) of a command's help: the first word of each line of its options block.
    static func helpOptions(_ help: String) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let heading = lines.firstIndex(where: { $0 == "options:" || $0 == "オプション:" }) else { return [] }
        return lines[(heading + 1)...].prefix { $0.hasPrefix("  ") }
            .map { String($0.dropFirst(2).prefix { $0 != " " }) }
            .filter { $0 != "-h," }
    }

    /// The options an unknown-option error says the command accepts (`expected one of: --a, --b`).
    static func parsedOptions(_ command: String) throws -> [String] {
        let outcome = try CLIRunner.run([command, "--no-such-option-at-all"])
        XCTAssertEqual(outcome.status, 64, "\(command): \(outcome.stderr)")
        guard let range = outcome.stderr.range(of: "expected one of: ") else {
            XCTAssertTrue(outcome.stderr.contains("takes no options"), "\(command): \(outcome.stderr)")
            return []
        }
        return outcome.stderr[range.upperBound...].prefix { $0 != ")" }.components(separatedBy: ", ")
    }

    func testVersion() throws {
        let version = try CLIRunner.run(["--version"])
        XCTAssertEqual(version.status, 0, version.stderr)
        XCTAssertEqual(try CLIRunner.run(["version"]).stdout, version.stdout)
        let pattern = try NSRegularExpression(pattern: #"^leavenow \d+\.\d+\.\d+( \(git ([0-9a-f]{12})(-dirty)?\))?\n$"#)
        let match = try XCTUnwrap(pattern.firstMatch(in: version.stdout, range: NSRange(version.stdout.startIndex..., in: version.stdout)),
                                  version.stdout)
        // Built from this checkout: the commit it names is one of its commits.
        if let range = Range(match.range(at: 2), in: version.stdout) {
            let git = Process()
            git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            git.arguments = ["-C", CLIRunner.packageRoot.path, "cat-file", "-t", String(version.stdout[range])]
            let out = Pipe()
            git.standardOutput = out
            try git.run()
            git.waitUntilExit()
            XCTAssertEqual(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), "commit\n")
        } else {
            XCTAssertFalse(FileManager.default.fileExists(atPath: CLIRunner.packageRoot.appendingPathComponent(".git").path),
                           "built in a git checkout, yet the version names no commit")
        }
        XCTAssertEqual(try CLIRunner.run(["version", "extra"]).status, 64)
    }

    /// Every command of `leavenow --help` has `--help` (and `-h`, `help COMMAND`): exit 0, its usage,
    /// and every option it parses — the options an unknown option's error lists — each with one line,
    /// and each in its usage line.
    func testEveryCommandHasHelpListingEveryOptionItParses() throws {
        let commands = try Self.listedCommands()
        XCTAssertGreaterThanOrEqual(commands.count, 17, "\(commands)")
        for command in commands {
            let help = try CLIRunner.run([command, "--help"])
            XCTAssertEqual(help.status, 0, "\(command) --help: \(help.stderr)")
            XCTAssertTrue(help.stdout.hasPrefix("usage: leavenow \(command)") || command == "version", "\(command):\n\(help.stdout)")
            XCTAssertEqual(try CLIRunner.run([command, "-h"]).stdout, help.stdout, command)
            XCTAssertEqual(try CLIRunner.run(["help", command]).stdout, help.stdout, command)
            let listed = Self.helpOptions(help.stdout)
            XCTAssertEqual(Set(listed), Set(try Self.parsedOptions(command)), "\(command): help and parsing differ")
            XCTAssertTrue(help.stdout.contains("  -h, --help"), command)
            let usage = help.stdout.components(separatedBy: "\n\n")[0]
            for option in listed {
                XCTAssertTrue(usage.contains(option), "\(command): \(option) is not in the usage line \(usage)")
            }
        }
    }

    /// The dispatch of main.swift and the command table name the same commands: a command added to
    /// one and not the other fails here.
    func testEveryDispatchedCommandIsInTheTable() throws {
        let main = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Sources/leavenow/main.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"^\s*case "([a-z-]+)"[:,]"#, options: .anchorsMatchLines)
        let dispatched = pattern.matches(in: main, range: NSRange(main.startIndex..., in: main))
            .compactMap { Range($0.range(at: 1), in: main).map { String(main[$0]) } }
        XCTAssertGreaterThanOrEqual(dispatched.count, 17, "main.swift was not read")
        XCTAssertEqual(Set(dispatched), Set(try Self.listedCommands()))
    }

    func testHelpIsJapaneseUnderAJapaneseLocale() throws {
        XCTAssertEqual(try Self.listedCommands(environment: Self.japanese), try Self.listedCommands())
        let overview = try CLIRunner.run(["--help"], environment: Self.japanese)
        XCTAssertTrue(overview.stdout.hasPrefix("leavenow — いつ出発すればよいかを教えます。\n\n使い方: leavenow COMMAND"), overview.stdout)
        for command in try Self.listedCommands() {
            let english = try CLIRunner.run([command, "--help"])
            let japanese = try CLIRunner.run([command, "--help"], environment: Self.japanese)
            XCTAssertEqual(japanese.status, 0, japanese.stderr)
            XCTAssertTrue(japanese.stdout.hasPrefix("使い方: leavenow \(command)"), japanese.stdout)
            XCTAssertEqual(Self.helpOptions(japanese.stdout), Self.helpOptions(english.stdout), command)
            // Every option's description is Japanese.
            let lines = japanese.stdout.split(separator: "\n")
            for line in lines.drop(while: { $0 != "オプション:" }).dropFirst().prefix(while: { $0.hasPrefix("  ") }) {
                XCTAssertTrue(JapaneseOutputTests.hasJapanese(String(line)), "\(command): \(line)")
            }
        }
    }

    /// `--help` is help wherever an option may stand, but not as an option's value or after `--`.
    func testHelpIsNotTakenFromAValueOrAfterTheEndOfOptions() throws {
        let help = try CLIRunner.run(["next", "chofu-to-mitaka", "--count", "2", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("usage: leavenow next BOARD"), help.stdout)
        let value = try CLIRunner.run(["next", "chofu-to-mitaka", "--at", "--help"])
        XCTAssertEqual(value.status, 64)
        XCTAssertTrue(value.stderr.contains("--at: \"--help\" is not a time"), value.stderr)
        let positional = try CLIRunner.run(["next", "--", "--help"])
        XCTAssertEqual(positional.status, 64)
        XCTAssertTrue(positional.stderr.contains("no board \"--help\""), positional.stderr)
    }

    func testDidYouMeanForAnUnknownCommandAndOption() throws {
        let typo = try CLIRunner.run(["nxt", "chofu-to-mitaka"])
        XCTAssertEqual(typo.status, 64)
        XCTAssertTrue(typo.stderr.hasPrefix("leavenow: unknown command \"nxt\" (did you mean \"next\"? commands: next, board, holidays, "), typo.stderr)
        let far = try CLIRunner.run(["frobnicate"])
        XCTAssertEqual(far.status, 64)
        XCTAssertTrue(far.stderr.hasPrefix("leavenow: unknown command \"frobnicate\" (commands: next, board, "), far.stderr)
        XCTAssertTrue(far.stderr.hasSuffix("); leavenow --help says what each does\n"), far.stderr)
        let option = try CLIRunner.run(["next", "chofu-to-mitaka", "--rule", "rules"])
        XCTAssertEqual(option.status, 64)
        XCTAssertEqual(option.stderr,
                       "leavenow: unknown option --rule (did you mean \"--rules\"? expected one of: --at, --count, --json, --rules, --state)\n")
        let japanese = try CLIRunner.run(["next", "chofu-to-mitaka", "--rule", "rules"], environment: Self.japanese)
        XCTAssertEqual(japanese.stderr,
                       "leavenow: 不明なオプション --rule です（\"--rules\" の間違いではありませんか？ 使えるオプション: --at、--count、--json、--rules、--state）\n")
        let command = try CLIRunner.run(["bord", "ginza"], environment: Self.japanese)
        XCTAssertEqual(command.status, 64)
        XCTAssertTrue(command.stderr.hasPrefix("leavenow: 不明なコマンド \"bord\" です（\"board\" の間違いではありませんか？ コマンド: next、board、"),
                      command.stderr)
        let none = try CLIRunner.run(["version", "--short"])
        XCTAssertEqual(none.stderr, "leavenow: unknown option --short (version takes no options)\n")
    }

    /// Without a command: the help on stdout, exit 0 — what `leavenow help` prints (issue 23: a
    /// person typing the program's name asks what it does; nothing failed).
    func testNoCommandPrintsTheHelp() throws {
        let help = try CLIRunner.run(["help"])
        for language in ["C.UTF-8", "ja_JP.UTF-8"] {
            let outcome = try CLIRunner.run([], environment: ["LANG": language])
            XCTAssertEqual(outcome.status, 0, outcome.stderr)
            XCTAssertEqual(outcome.stderr, "")
            XCTAssertEqual(outcome.stdout, language == "C.UTF-8" ? help.stdout : try CLIRunner.run(["help"], environment: ["LANG": language]).stdout)
        }
        XCTAssertTrue(help.stdout.hasPrefix("leavenow — tells you when to leave."), help.stdout)
        XCTAssertTrue(help.stdout.contains("With no command, leavenow prints this help (exit 0, like leavenow help)."), help.stdout)
    }

    /// `holidays` accepts `--rules` like every other command (a script passes it to all of them).
    func testHolidaysAcceptsRules() throws {
        for language in ["C.UTF-8", "ja_JP.UTF-8"] {
            let plain = try CLIRunner.run(["holidays", "--year", "2025"], environment: ["LANG": language])
            let withRules = try CLIRunner.run(["holidays", "--year", "2025", "--rules", "rules"], environment: ["LANG": language])
            XCTAssertEqual(withRules.status, 0, withRules.stderr)
            XCTAssertEqual(withRules.stdout, plain.stdout)
            XCTAssertEqual(withRules.stderr, "")
        }
        let help = try CLIRunner.run(["holidays", "--help"])
        XCTAssertTrue(help.stdout.contains("--rules DIR"), help.stdout)
    }
}
