import Foundation
import XCTest

/// Runs the built `leavenow` binary the way a user does, with a controlled environment.
struct CLIRunner {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package root (for `rules/`), found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var binary: URL {
        // On Linux `swift test` runs from the products directory, where `leavenow` is built too.
        Bundle.main.bundleURL.appendingPathComponent("leavenow")
    }

    /// Runs `leavenow ARGS` in `directory` (default: the package root, which has `rules/`);
    /// `environment` replaces the defaults given here. No D-Bus session bus (whatever the machine's
    /// `/run/user/<uid>/bus`) unless a test gives one. `executable` runs another program instead
    /// (`runuser -u nobody -- leavenow …`) with the same environment.
    static func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil,
                    executable: URL? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var env = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "NO_COLOR": "1", "TZ": "UTC", "HOME": "/nonexistent",
                   "XDG_RUNTIME_DIR": "/nonexistent"]
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus,
                       stdout: String(decoding: stdout, as: UTF8.self),
                       stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Parses stdout as JSON.
    static func json(_ outcome: Outcome, status: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws -> Any {
        XCTAssertEqual(outcome.status, status, outcome.stderr, file: file, line: line)
        return try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
    }
}
