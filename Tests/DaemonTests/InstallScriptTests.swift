import Foundation
import XCTest

/// `deploy/install.sh`, run by `dash` (Debian's POSIX /bin/sh) into a temporary root.
final class InstallScriptTests: XCTestCase {
    private let script = DeployUnitTests.deploy.appendingPathComponent("install.sh").path

    private func shell() -> String { CommandRun.which("dash") ?? "/bin/sh" }

    func testSyntaxIsPOSIX() throws {
        let run = try CommandRun(shell(), ["-n", script])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(try String(contentsOfFile: script, encoding: .utf8).hasPrefix("#!/bin/sh\n"))
    }

    func testDryRunChangesNothing() throws {
        let root = try TemporaryDirectory("install")
        defer { root.remove() }
        let run = try CommandRun(shell(), [script, "--dry-run", "--root", root.path, "--binary", "/bin/true"])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.contains("install -m 0755 /bin/true \(root.path)/usr/local/bin/leavenow\n"), run.output)
        XCTAssertTrue(run.output.contains("/etc/systemd/system/leavenow.service\n"), run.output)
        XCTAssertTrue(run.output.contains("install -m 0600 /dev/null \(root.path)/etc/leavenow/credentials/OPENWEATHER_API_KEY\n"), run.output)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), [])
    }

    func testSystemInstallIntoARootKeepsExistingRulesAndSecrets() throws {
        let root = try TemporaryDirectory("install")
        defer { root.remove() }
        var run = try CommandRun(shell(), [script, "--root", root.path, "--binary", "/bin/true"])
        XCTAssertEqual(run.status, 0, run.errors)
        let fileManager = FileManager.default
        XCTAssertTrue(fileManager.isExecutableFile(atPath: root.path + "/usr/local/bin/leavenow"))
        XCTAssertTrue(fileManager.fileExists(atPath: root.path + "/etc/systemd/system/leavenow.service"))
        XCTAssertTrue(fileManager.fileExists(atPath: root.path + "/etc/leavenow/rules/rules.yaml"))
        let secret = root.path + "/etc/leavenow/credentials/OPENWEATHER_API_KEY"
        let attributes = try fileManager.attributesOfItem(atPath: secret)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)

        try "my-key\n".write(toFile: secret, atomically: false, encoding: .utf8)
        try "# mine\n".write(toFile: root.path + "/etc/leavenow/rules/rules.yaml", atomically: false, encoding: .utf8)
        run = try CommandRun(shell(), [script, "--root", root.path, "--binary", "/bin/true"])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.contains("keeping the existing rules"), run.output)
        XCTAssertEqual(try String(contentsOfFile: secret, encoding: .utf8), "my-key\n")
        XCTAssertEqual(try String(contentsOfFile: root.path + "/etc/leavenow/rules/rules.yaml", encoding: .utf8), "# mine\n")
    }

    func testUserInstall() throws {
        let root = try TemporaryDirectory("install")
        defer { root.remove() }
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = "/home/alice"
        environment["XDG_CONFIG_HOME"] = nil
        let run = try CommandRun(shell(), [script, "--user", "--root", root.path, "--binary", "/bin/true"], environment: environment)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: root.path + "/home/alice/.local/bin/leavenow"))
        let unit = try String(contentsOfFile: root.path + "/home/alice/.config/systemd/user/leavenow.service", encoding: .utf8)
        XCTAssertTrue(unit.contains("ExecStart=%h/.local/bin/leavenow run"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.path + "/home/alice/.config/leavenow/env"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.path + "/home/alice/.config/leavenow/rules/rules.yaml"))
    }

    func testMissingBinaryAndUnknownOptionsAreClearErrors() throws {
        let root = try TemporaryDirectory("install")
        defer { root.remove() }
        var run = try CommandRun(shell(), [script, "--root", root.path, "--binary", root.path + "/nope"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.errors.contains("\(root.path)/nope is not an executable file; build it first"), run.errors)
        run = try CommandRun(shell(), [script, "--frobnicate"])
        XCTAssertEqual(run.status, 64)
        XCTAssertTrue(run.errors.contains("unknown option --frobnicate"), run.errors)
    }
}
