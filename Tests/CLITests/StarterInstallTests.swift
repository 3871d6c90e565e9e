import Foundation
import XCTest

/// `deploy/install.sh --user` into a temporary root installs the starter configuration
/// (deploy/starter), and the installed binary accepts it: `check` exits 0, `next` and `dry-run`
/// answer from it with no `--rules` (the user's `~/.config/leavenow/rules`). The starter's commented
/// ntfy channel and weather source are valid once uncommented, so the comments cannot rot.
final class StarterInstallTests: XCTestCase {
    let script = CLIRunner.packageRoot.appendingPathComponent("deploy/install.sh").path

    func install(_ options: [String]) throws -> (root: URL, home: String, output: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-starter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [script, "--user", "--root", root.path, "--binary", CLIRunner.binary.path] + options
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": "/home/alice"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, output)
        return (root, root.path + "/home/alice", output)
    }

    /// Runs the installed binary as alice (HOME in the temporary root, no XDG_CONFIG_HOME) in her
    /// desktop session: `$XDG_RUNTIME_DIR/bus` is there, as a session bus's socket would be.
    func leavenow(_ home: String, _ arguments: [String]) throws -> CLIRunner.Outcome {
        let runtime = home + "/run"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: runtime + "/bus", contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: home + "/.local/bin/leavenow")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: home)
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home, "TZ": "UTC", "XDG_RUNTIME_DIR": runtime]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIRunner.Outcome(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                                 stderr: String(decoding: stderr, as: UTF8.self))
    }

    func testTheUserInstallCarriesTheStarterAndCheckAcceptsIt() throws {
        let (_, home, output) = try install([])
        let rules = home + "/.config/leavenow/rules"
        XCTAssertTrue(output.contains("# edit the starter in \(rules) (boards.yaml, rules.yaml, channels.yaml), then: leavenow check"), output)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: rules).sorted(), ["boards.yaml", "channels.yaml", "rules.yaml", "timetables"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: rules + "/fixtures"), "not the example rules")
        let check = try leavenow(home, ["check"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(check.stdout, "\(rules): ok — 1 board, 0 weather sources, 0 feeds, 1 channel, 1 rule\n"
                       + "requests a day: none (no source is fetched over the network)\n")
        XCTAssertEqual(check.stderr, "", "the starter raises no warning")
        let next = try leavenow(home, ["next", "my-stop", "--at", "2025-01-06T07:30", "--count", "1"])
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertTrue(next.stdout.contains("07:42 from platform 3 (鷹56)"), next.stdout)
        let dryRun = try leavenow(home, ["dry-run", "--from", "2025-01-06T07:00", "--to", "2025-01-06T09:00"])
        XCTAssertTrue(dryRun.stdout.contains("07:37  leave-for-the-bus  → desktop  今すぐ出発: 07:42発 3番のりば (鷹56) 三鷹駅行"), dryRun.stdout)
    }

    func testTheCommentedChannelAndWeatherAreValidOnceUncommented() throws {
        let (_, home, _) = try install([])
        let rules = home + "/.config/leavenow/rules"
        var channels = try String(contentsOfFile: rules + "/channels.yaml", encoding: .utf8)
        channels = channels.replacingOccurrences(of: "  # - id: phone", with: "  - id: phone").replacingOccurrences(of: "  #   ", with: "    ")
        try channels.write(toFile: rules + "/channels.yaml", atomically: true, encoding: .utf8)
        var ruleFile = try String(contentsOfFile: rules + "/rules.yaml", encoding: .utf8)
        for (commented, plain) in [("# weather:", "weather:"), ("#   - {id: home", "  - {id: home"), ("# odpt:", "odpt:"), ("#   key_env", "  key_env"),
                                   ("channels: [desktop] ", "channels: [desktop, phone] ")] {
            XCTAssertTrue(ruleFile.contains(commented), commented)
            ruleFile = ruleFile.replacingOccurrences(of: commented, with: plain)
        }
        try ruleFile.write(toFile: rules + "/rules.yaml", atomically: true, encoding: .utf8)
        let check = try leavenow(home, ["check"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.contains(": no problems, 1 warning (above; check --strict fails on warnings) — 1 board, 1 weather source, 0 feeds, "
                                            + "2 channels, 1 rule"), check.stdout)
        XCTAssertTrue(check.stderr.contains("channel \"phone\": no topic: the environment variable LEAVENOW_NTFY_TOPIC is not set"), check.stderr)
    }

    func testExamplesInstallsTheExampleRules() throws {
        let (_, home, output) = try install(["--examples"])
        XCTAssertFalse(output.contains("edit the starter"), output)
        XCTAssertTrue(FileManager.default.fileExists(atPath: home + "/.config/leavenow/rules/fixtures"), "the example rules, fixtures and all")
    }

    /// The user install puts the bash and zsh completions where bash-completion and an fpath entry
    /// find them, as `leavenow completion` prints them; sourced, the bash one completes the starter's
    /// board from the installed rules (the user's ~/.config/leavenow/rules).
    func testTheUserInstallCarriesTheCompletions() throws {
        let (_, home, output) = try install([])
        let bash = home + "/.local/share/bash-completion/completions/leavenow"
        let zsh = home + "/.local/share/zsh/site-functions/_leavenow"
        XCTAssertEqual(try String(contentsOfFile: bash, encoding: .utf8), try CLIRunner.run(["completion", "bash"]).stdout)
        XCTAssertEqual(try String(contentsOfFile: zsh, encoding: .utf8), try CLIRunner.run(["completion", "zsh"]).stdout)
        XCTAssertTrue(output.contains("# zsh: put fpath=(/home/alice/.local/share/zsh/site-functions $fpath) before compinit in ~/.zshrc"), output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--norc", "-c", """
            source '\(bash)'
            COMP_WORDS=(~/.local/bin/leavenow next my); COMP_CWORD=2
            _leavenow
            echo "${COMPREPLY[*]}"
            """]
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let completed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(completed, "my-stop\n")
    }
}
