import Foundation
import XCTest

/// Paths and file helpers shared by the Realtime tests.
enum Fixtures {
    /// The package root (…/Tests/RealtimeTests/Support.swift → …).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let caltrain = root.appendingPathComponent("Tests/Fixtures/realtime/transitland-caltrain")

    static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }
    static func caltrainBytes(_ name: String) throws -> [UInt8] { try bytes(caltrain.appendingPathComponent(name)) }

    /// The JSON rendering of a capture, parsed with Foundation (tests only).
    static func caltrainJSON(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: caltrain.appendingPathComponent(name))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(name) is not a JSON object")
    }

    /// Runs a program and returns its standard output (fails the test on a non-zero exit).
    static func run(_ executable: String, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> (status: Int32, output: Data, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output, String(decoding: error, as: UTF8.self))
    }

    /// A file of a zip archive, read with Python's zipfile (the test's independent reader).
    static func zipMember(_ zip: URL, _ member: String) throws -> String {
        let result = try run("/usr/bin/env", ["python3", "-c", "import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))", zip.path, member])
        XCTAssertEqual(result.status, 0, result.error)
        return String(decoding: result.output, as: UTF8.self)
    }

    /// Which directory holds `name` on PATH, if any.
    static func onPath(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
