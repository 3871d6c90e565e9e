import Foundation
import XCTest
@testable import HTTP

/// `scripts/test-http-server.py` running on 127.0.0.1 for one test; stopped with ``stop()``.
final class TestHTTPServer {
    /// Client settings for the local server: never through a proxy from the environment.
    static let configuration = HTTPClientConfiguration(proxy: .direct)

    let port: Int
    private let process = Process()
    private let input = Pipe()

    init() throws {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts").appendingPathComponent("test-http-server.py")
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--lifetime", "60"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()

        var firstLine = Data()
        while !firstLine.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            firstLine.append(chunk)
        }
        let text = String(decoding: firstLine, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let port = Int(text) else {
            process.terminate()
            throw NSError(domain: "TestHTTPServer", code: 1, userInfo: [
                NSLocalizedDescriptionKey: "test server did not print its port: \(text.debugDescription)",
            ])
        }
        self.port = port
    }

    func url(_ pathAndQuery: String) -> String { "http://127.0.0.1:\(port)\(pathAndQuery)" }

    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
