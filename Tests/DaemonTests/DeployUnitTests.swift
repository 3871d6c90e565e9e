import Foundation
import XCTest

/// The systemd units in `deploy/`, checked by systemd's own tools (`systemd-analyze`, from the
/// `systemd` package: `apt-get install -y systemd`).
final class DeployUnitTests: XCTestCase {
    /// The highest `systemd-analyze security` exposure accepted for the system unit: "OK" ends at
    /// 2.0 on systemd's 0–10 scale (1.2 today; the rest is the network access the worker needs).
    static let systemExposureLimit = 2.0
    /// The user unit cannot use namespaces (no privileges, and notify-send needs the session bus
    /// and the desktop): it keeps the seccomp/no-new-privileges sandbox, 6.3 today.
    static let userExposureLimit = 6.5

    static let deploy = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("deploy")

    private func systemdAnalyze() throws -> String {
        guard let path = CommandRun.which("systemd-analyze") else {
            XCTFail("systemd-analyze is missing: apt-get install -y systemd")
            throw XCTSkip("systemd-analyze is missing")
        }
        return path
    }

    private func unitText(_ name: String) throws -> String {
        try String(contentsOf: Self.deploy.appendingPathComponent(name), encoding: .utf8)
    }

    /// Copies of the units with `ExecStart=` pointing at an existing executable (`verify` checks
    /// that the binary exists; the real one is /usr/local/bin/leavenow or ~/.local/bin/leavenow).
    private func verifiableCopies(in directory: TemporaryDirectory, edit: (String) -> String = { $0 }) throws -> [String] {
        let replacements = ["leavenow.service": "/usr/local/bin/leavenow", "leavenow-user.service": "%h/.local/bin/leavenow"]
        return try replacements.keys.sorted().map { name in
            let text = try unitText(name)
            XCTAssertTrue(text.contains("ExecStart=" + replacements[name, default: ""] + " run "), name)
            let copy = directory.path + "/" + name
            let edited = edit(text.replacingOccurrences(of: replacements[name, default: ""], with: "/bin/true"))
            try edited.write(toFile: copy, atomically: true, encoding: .utf8)
            return copy
        }
    }

    func testUnitsVerify() throws {
        let analyze = try systemdAnalyze()
        let directory = try TemporaryDirectory("units")
        defer { directory.remove() }
        let units = try verifiableCopies(in: directory)
        let run = try CommandRun(analyze, ["verify", "--recursive-errors=no"] + units)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.errors, "", "verify warns")
    }

    /// The check can fail: a misspelt setting makes `verify` complain.
    func testVerifyCatchesAMistake() throws {
        let analyze = try systemdAnalyze()
        let directory = try TemporaryDirectory("units")
        defer { directory.remove() }
        let units = try verifiableCopies(in: directory) { $0.replacingOccurrences(of: "Type=notify", with: "Type=notyfy") }
        let run = try CommandRun(analyze, ["verify", "--recursive-errors=no"] + units)
        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.errors.contains("notyfy"), run.errors)
    }

    func testSystemUnitExposure() throws {
        let score = try exposure(of: "leavenow.service")
        XCTAssertLessThanOrEqual(score, Self.systemExposureLimit)
    }

    func testUserUnitExposure() throws {
        let score = try exposure(of: "leavenow-user.service")
        XCTAssertLessThanOrEqual(score, Self.userExposureLimit)
    }

    /// `→ Overall exposure level for leavenow.service: 1.2 OK 🙂` → 1.2.
    private func exposure(of name: String) throws -> Double {
        let analyze = try systemdAnalyze()
        let run = try CommandRun(analyze, ["security", "--offline=true", "--no-pager", Self.deploy.appendingPathComponent(name).path])
        let marker = "Overall exposure level for \(name): "
        let line = try XCTUnwrap(run.output.split(separator: "\n").first { $0.contains(marker) }, run.output + run.errors)
        let score = try XCTUnwrap(line.components(separatedBy: marker).last?.split(separator: " ").first.flatMap { Double($0) },
                                  String(line))
        return score
    }

    /// The contract the worker relies on: notify protocol, reload by SIGHUP, watchdog, paths.
    func testSystemUnitContract() throws {
        let lines = Set(try unitText("leavenow.service").split(separator: "\n").map(String.init))
        for expected in [
            "Type=notify", "DynamicUser=yes", "StateDirectory=leavenow", "ConfigurationDirectory=leavenow",
            "ExecStart=/usr/local/bin/leavenow run --rules ${CONFIGURATION_DIRECTORY}/rules --state ${STATE_DIRECTORY}/state.db",
            "ExecReload=/bin/kill -HUP $MAINPID", "Restart=on-failure", "MemoryDenyWriteExecute=yes", "UMask=0077",
            "RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX", "SystemCallFilter=@system-service", "CapabilityBoundingSet=",
            "LoadCredential=OPENWEATHER_API_KEY:/etc/leavenow/credentials/OPENWEATHER_API_KEY",
        ] {
            XCTAssertTrue(lines.contains(expected), "missing \(expected)")
        }
        XCTAssertTrue(lines.contains { $0.hasPrefix("WatchdogSec=") })
        let user = Set(try unitText("leavenow-user.service").split(separator: "\n").map(String.init))
        XCTAssertTrue(user.contains("Type=notify"))
        XCTAssertTrue(user.contains("ExecStart=%h/.local/bin/leavenow run --rules %E/leavenow/rules --state %S/leavenow/state.db"))
    }

    func testContainerfile() throws {
        let text = try unitText("Containerfile")
        XCTAssertTrue(text.contains("STOPSIGNAL SIGTERM"))
        XCTAssertTrue(text.contains("USER leavenow"))
        XCTAssertTrue(text.contains("VOLUME [\"/var/lib/leavenow\"]"))
        for package in ["libcurl4", "libyaml-0-2", "libsqlite3-0", "ca-certificates", "tzdata"] {
            XCTAssertTrue(text.contains(" \(package)"), package)
        }
    }
}
