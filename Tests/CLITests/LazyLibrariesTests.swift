import CLazyLibraries
import Foundation
import XCTest

/// libcurl, libpq, libsqlite3 and libcrypto are loaded at the first call of one of their functions
/// (Sources/CLazyLibraries), not at start: `next`, `board` and `holidays` never load them, and a
/// command that needs one loads it and works. Seen through the dynamic loader's own log
/// (`LD_DEBUG=files`: `file=libcurl.so.4 [0];  needed by …` at start, `… dynamically loaded by …` later).
final class LazyLibrariesTests: XCTestCase {
    static let lazy = ["libcurl.so.4", "libpq.so.5", "libsqlite3.so.0", "libcrypto.so.3"]

    /// Runs `leavenow ARGS` under LD_DEBUG=files; the loaded files and why each was loaded.
    private func run(_ arguments: [String]) throws -> (outcome: CLIRunner.Outcome, loaded: [String: String]) {
        let outcome = try CLIRunner.run(arguments, environment: ["LD_DEBUG": "files"])
        var loaded: [String: String] = [:]
        for line in outcome.stderr.split(separator: "\n") {
            guard let file = line.range(of: "file="), let reason = line.range(of: ";  ") else { continue }
            let name = line[file.upperBound...].prefix { $0 != " " && $0 != ";" }
            loaded[String(name)] = loaded[String(name)] ?? String(line[reason.upperBound...])
        }
        return (outcome, loaded)
    }

    func testQueriesStartWithoutTheNetworkStateAndCryptoLibraries() throws {
        for command in [["holidays", "--year", "2025"],
                        ["next", "chofu-to-mitaka", "--at", "2024-12-22T10:32"],
                        ["board", "kawasaki-west", "--date", "2017-04-10"]] {
            let (outcome, loaded) = try run(command)
            XCTAssertEqual(outcome.status, 0, "\(command): \(outcome.stderr.suffix(2000))")
            XCTAssertFalse(loaded.isEmpty, "LD_DEBUG=files said nothing: \(outcome.stderr.prefix(500))")
            for library in Self.lazy {
                XCTAssertNil(loaded[library], "\(command) loaded \(library): \(loaded[library] ?? "")")
            }
        }
    }

    func testTheStateDatabaseLoadsSQLiteWhenItIsOpened() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-lazy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = directory.appendingPathComponent("state.db").path
        let once = try CLIRunner.run(["run", "--once", "--state", state, "--fixtures", "rules/fixtures", "--until", "2024-12-22T00:00"])
        XCTAssertEqual(once.status, 0, once.stderr)
        let (outcome, loaded) = try run(["outbox", "--state", state])
        XCTAssertEqual(outcome.status, 0, outcome.stderr.suffix(2000).description)
        XCTAssertTrue(outcome.stdout.hasPrefix("outbox: "), outcome.stdout)
        XCTAssertTrue(loaded["libsqlite3.so.0"]?.hasPrefix("dynamically loaded by") == true,
                      "libsqlite3: \(loaded["libsqlite3.so.0"] ?? "not loaded")")
        XCTAssertNil(loaded["libcurl.so.4"], "outbox list sends nothing: \(loaded["libcurl.so.4"] ?? "")")
    }

    func testAWorkerWithNothingToFetchOrSendNeverLoadsLibcurl() throws {
        // A pass at the real clock over the 2024 fixtures: nothing upcoming, no source to fetch
        // (recorded facts), nothing to send. The sender's client makes its multi handle at the
        // first transfer, so libcurl (and the ~8 MB it brings) stays out of the process.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-lazy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = directory.appendingPathComponent("state.db").path
        let (outcome, loaded) = try run(["run", "--once", "--state", state, "--fixtures", "rules/fixtures"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr.suffix(2000).description)
        XCTAssertTrue(loaded["libsqlite3.so.0"]?.hasPrefix("dynamically loaded by") == true,
                      "libsqlite3: \(loaded["libsqlite3.so.0"] ?? "not loaded")")
        XCTAssertNil(loaded["libcurl.so.4"], "the worker loaded libcurl with nothing to send: \(loaded["libcurl.so.4"] ?? "")")
    }

    /// Every function the trampolines stand for is in the installed libraries (a library upgrade
    /// that drops one fails here, not at its first call in the worker).
    func testEveryLazilyBoundFunctionExistsInTheInstalledLibraries() {
        XCTAssertEqual(leavenow_lazy_bind_all(), 0, "run scripts/generate-lazy-libraries.py")
    }
}
