import Foundation
import XCTest

/// `make demo`, the README's first command (issue 23, item 0): `scripts/demo.sh` with the built
/// binary, as a newcomer runs it (no session bus: the desktop channel goes to the local sink too),
/// ends with exit 0 — its last step, `leavenow status` on the examples after the demo worker
/// finished, is healthy — and says what it showed. About 45 s (35 simulated minutes at 60×).
final class DemoScriptTests: XCTestCase {
    func testTheDemoEndsWithExitZeroAndSaysWhatItShowed() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [CLIRunner.packageRoot.appendingPathComponent("scripts/demo.sh").path, CLIRunner.binary.path]
        process.currentDirectoryURL = CLIRunner.packageRoot
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": NSTemporaryDirectory()]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // A demo that hangs fails here instead of holding the suite.
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 240, execute: watchdog)
        defer { watchdog.cancel() }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, String(text.suffix(4_000)))

        // The last step: `status` after the demo worker finished, healthy, saying why.
        let status = try XCTUnwrap(text.range(of: " status --rules ").map { String(text[$0.upperBound...]) }, text)
        XCTAssertTrue(status.contains("\nhealth: ok (for what the rules use: "), status)
        XCTAssertTrue(status.contains("\n  feed kawasaki-west/gtfs-jp-rinkobus stop 1510-57: the feed's service ended on 2017-04-30\n"), status)
        XCTAssertTrue(status.contains(", as run --until asked (pid "), status)
        XCTAssertFalse(status.contains("(exit status 1)"), status)
        // And it closes with what it showed.
        let summary = try XCTUnwrap(text.range(of: "demo: what it showed").map { String(text[$0.lowerBound...]) }, String(text.suffix(3_000)))
        XCTAssertTrue(summary.contains("- run: the worker on a simulated Sunday morning (09:55–10:35 at 60×): 3 notifications delivered to the local webhook sink\n"),
                      summary)
        XCTAssertTrue(summary.hasSuffix("- status: healthy (exit 0): the worker stopped cleanly at the end of --until; the ended 2017 feed is information (no rule uses it)\n"),
                      summary)
    }
}
