import Foundation

/// `scripts/test-source-server.py` on 127.0.0.1 for the CLI tests: the fixtures at the providers'
/// real paths (a copy of the LiveSources tests' launcher, without the control requests).
final class SourceServer {
    let port: Int
    private let process = Process()
    private let input = Pipe()

    /// A server accepting `key` as OpenWeather's appid (any other key gets a 401 that echoes it).
    init(key: String) throws {
        let script = CLIRunner.packageRoot.appendingPathComponent("scripts").appendingPathComponent("test-source-server.py")
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--lifetime", "60", "--key", key]
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
            throw NSError(domain: "SourceServer", code: 1, userInfo: [
                NSLocalizedDescriptionKey: "test server did not print its port: \(text.debugDescription)",
            ])
        }
        self.port = port
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
