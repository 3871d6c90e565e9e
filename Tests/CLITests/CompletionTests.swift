import Foundation
import XCTest

/// `leavenow completion bash|zsh`, tried in the real shells: bash sources the script and runs its
/// completion function on a command line (as `complete -F` does on TAB); zsh completes a line on a
/// pseudo-terminal with compinit (`Tests/Fixtures/completion/zsh-capture.zsh`). Commands, options,
/// option values and board / rule / channel / source ids from the configuration the line names.
final class CompletionTests: XCTestCase {
    private var directory: URL!
    private var program: String { CLIRunner.binary.path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("zsh"), withIntermediateDirectories: true)
        for shell in ["bash", "zsh"] {
            let script = try CLIRunner.run(["completion", shell])
            XCTAssertEqual(script.status, 0, script.stderr)
            try script.stdout.write(to: directory.appendingPathComponent(shell == "bash" ? "leavenow.bash" : "zsh/_leavenow"),
                                    atomically: true, encoding: .utf8)
        }
        // A second configuration, to see that --rules on the line is what the ids come from.
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("other"), withIntermediateDirectories: true)
        try """
            boards:
              - id: home-stop
                sources:
                  - csv: {weekday: home.csv}
              - id: home-station
                sources:
                  - csv: {weekday: station.csv}
            """.write(to: directory.appendingPathComponent("other/boards.yaml"), atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `executable arguments` in the package root with a plain environment; killed after 30 s.
    private func shell(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = CLIRunner.packageRoot
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": directory.path, "TERM": "dumb"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = DispatchTime.now() + 30
        DispatchQueue.global().asyncAfter(deadline: deadline) { if process.isRunning { process.terminate() } }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "\(executable) \(arguments) did not finish within 30 s")
        return String(decoding: data, as: UTF8.self)
    }

    /// What bash offers for `words` (the last one being completed): `_leavenow` run as `complete -F` runs it.
    private func bash(_ words: [String]) throws -> [String] {
        let quoted = ([program] + words).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let script = """
            source '\(directory.appendingPathComponent("leavenow.bash").path)'
            [[ $(complete -p leavenow) == "complete -F _leavenow leavenow" ]] || { echo "not registered"; exit 1; }
            COMP_WORDS=(\(quoted)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
            _leavenow leavenow "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        return try shell("/bin/bash", ["--norc", "-c", script]).split(separator: "\n").map(String.init)
    }

    /// What zsh offers on TAB after `line`, without the descriptions.
    private func zsh(_ line: String) throws -> [String] {
        try zshWithDescriptions(line).map { $0.components(separatedBy: " -- ")[0] }
    }

    private func zshWithDescriptions(_ line: String) throws -> [String] {
        let harness = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/completion/zsh-capture.zsh").path
        return try shell("/usr/bin/zsh", ["-f", harness, directory.appendingPathComponent("zsh").path, program + " " + line])
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    func testBashCompletesCommandsOptionsValuesAndIds() throws {
        XCTAssertEqual(try bash(["ne"]), ["next"])
        XCTAssertEqual(try bash(["--v"]), ["--version"])
        XCTAssertEqual(try bash(["next", "--r"]), ["--rules"])
        XCTAssertEqual(Set(try bash(["next", "--"])), ["--rules", "--state", "--at", "--count", "--json", "--help"])
        XCTAssertEqual(try bash(["next", "ch"]), ["chofu-to-mitaka"])
        XCTAssertEqual(try bash(["board", "gi"]), ["ginza", "ginza-live"])
        XCTAssertEqual(try bash(["explain", "rain"]), ["rain-start"])
        XCTAssertEqual(try bash(["notify", "p"]), ["phone"])
        XCTAssertEqual(try bash(["notify", "phone", ""]), [], "MESSAGE is free text")
        XCTAssertEqual(try bash(["fetch", "chofu", "tokyo-"]), ["tokyo-jma", "tokyo-metro"], "SOURCE… repeats")
        XCTAssertEqual(try bash(["outbox", ""]), ["list", "retry", "purge"])
        XCTAssertEqual(try bash(["outbox", "--status", "d"]), ["delivered", "dead"])
        XCTAssertEqual(try bash(["notify", "phone", "hi", "--urgency", ""]), ["low", "normal", "critical"])
        XCTAssertEqual(try bash(["completion", ""]), ["bash", "zsh"])
        XCTAssertEqual(try bash(["help", "dr"]), ["dry-run"])
        XCTAssertEqual(try bash(["next", "--at", ""]), [], "a time is not completed")
        // Values: directories for --rules (also as --rules=…), files for test.
        XCTAssertEqual(try bash(["next", "--rules", "rul"]), ["rules"])
        XCTAssertEqual(try bash(["next", "--rules", "=", "rul"]), ["rules"])
        XCTAssertEqual(try bash(["test", "Tests/Fixtures/complet"]), ["Tests/Fixtures/completion"])
        // The ids come from the --rules of the line, its value skipped as a positional.
        let other = directory.appendingPathComponent("other").path
        XCTAssertEqual(try bash(["next", "--rules", other, "home-"]), ["home-stop", "home-station"])
        XCTAssertEqual(try bash(["next", "--rules", other, "--count", "3", "home-st"]), ["home-stop", "home-station"])
        XCTAssertEqual(try bash(["next", "--rules", directory.appendingPathComponent("nowhere").path, ""]), [])
        XCTAssertEqual(try bash(["frobnicate", ""]), [])
    }

    func testZshCompletesCommandsOptionsValuesAndIds() throws {
        let commands = try zshWithDescriptions("ne")
        XCTAssertEqual(commands, ["next -- upcoming departures of a board, and when to leave"])
        XCTAssertEqual(try zsh("--vers"), ["--version"])
        XCTAssertEqual(try zsh("next --cou"), ["--count"])
        XCTAssertTrue(try zshWithDescriptions("run --sp").first?.hasPrefix("--speed -- how many times faster") ?? false)
        XCTAssertEqual(try zsh("next ch"), ["chofu-to-mitaka"])
        XCTAssertEqual(Set(try zsh("explain gi")), ["ginza-last-train", "ginza-morning", "ginza-line-disruption"])
        XCTAssertEqual(try zsh("notify p"), ["phone"])
        XCTAssertEqual(Set(try zsh("fetch chofu tokyo-")), ["tokyo-jma", "tokyo-metro"])
        XCTAssertEqual(Set(try zsh("outbox --status ")), ["pending", "delivered", "dead", "expired"])
        XCTAssertEqual(try zsh("state mi"), ["migrate"])
        XCTAssertEqual(try zsh("help dr"), ["dry-run"])
        XCTAssertEqual(try zsh("test Tests/Fixtures/complet"), ["Tests/Fixtures/completion"])
        let other = directory.appendingPathComponent("other").path
        XCTAssertEqual(Set(try zsh("next --rules \(other) home-")), ["home-stop", "home-station"])
        XCTAssertEqual(Set(try zsh("board --rules=\(other) home-st")), ["home-stop", "home-station"])
        XCTAssertEqual(try zsh("next --rules \(directory.appendingPathComponent("nowhere").path) "), [])
    }

    /// The Japanese script describes the commands in Japanese.
    func testZshDescriptionsAreInTheReadersLanguage() throws {
        let script = try CLIRunner.run(["completion", "zsh"], environment: ["LANG": "ja_JP.UTF-8"])
        XCTAssertTrue(script.stdout.contains("'next:ボードの次の発車と、出発する時刻'"), script.stdout)
        try script.stdout.write(to: directory.appendingPathComponent("zsh/_leavenow"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try zshWithDescriptions("ne"), ["next -- ボードの次の発車と、出発する時刻"])
    }

    func testAnUnknownShellOrKindIsAUsageError() throws {
        let fish = try CLIRunner.run(["completion", "fish"])
        XCTAssertEqual(fish.status, 64)
        XCTAssertEqual(fish.stderr, "leavenow: unknown shell \"fish\" (expected one of: bash, zsh)\n")
        let kind = try CLIRunner.run(["completion", "ids", "board"])
        XCTAssertEqual(kind.status, 64)
        XCTAssertTrue(kind.stderr.contains("did you mean \"boards\"?"), kind.stderr)
        let ids = try CLIRunner.run(["completion", "ids", "channels"])
        XCTAssertEqual(ids.stdout, "phone\ndesktop\nteam\n")
    }
}
