import Foundation

/// A test server script from `scripts/` running on 127.0.0.1 for one test: started with python3,
/// it prints its port on its first line and stops when its stdin closes (or after its lifetime).
///
/// A test double shipped as a target (as swift-log ships `InMemoryLogging`), shared by the test
/// suites that talk to a real local HTTP server.
public final class ScriptServer {
    /// The port the server listens on.
    public let port: Int
    private let process = Process()
    private let input = Pipe()

    /// The package root, found from this file's path.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Starts `scripts/<script>` with `arguments` and waits for its port.
    public init(script: String, arguments: [String] = []) throws {
        let path = ScriptServer.packageRoot.appendingPathComponent("scripts").appendingPathComponent(script).path
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", path, "--lifetime", "60"] + arguments
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
            throw ScriptServerError(message: "\(script) did not print its port: \(text.debugDescription)")
        }
        self.port = port
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Stops the server and waits for it.
    public func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

/// A test server that could not be started.
public struct ScriptServerError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
