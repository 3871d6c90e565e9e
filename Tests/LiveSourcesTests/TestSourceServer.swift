import Foundation
import HTTP
import XCTest

/// `scripts/test-source-server.py` on 127.0.0.1: the fixtures at the providers' real paths.
final class TestSourceServer {
    /// Client settings for the local server: never through a proxy from the environment.
    static let configuration = HTTPClientConfiguration(proxy: .direct)

    let port: Int
    private let process = Process()
    private let input = Pipe()

    /// A server accepting `key` as OpenWeather's appid and ODPT's consumer key.
    init(key: String) throws {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts").appendingPathComponent("test-source-server.py")
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
            throw NSError(domain: "TestSourceServer", code: 1, userInfo: [
                NSLocalizedDescriptionKey: "test server did not print its port: \(text.debugDescription)",
            ])
        }
        self.port = port
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Makes every later data request fail with `mode` (`html`, `truncated`, `status`, `cut`, `none`).
    func setFault(_ mode: String, code: Int = 500) throws {
        try control("/_fault?mode=\(mode)&code=\(code)")
    }

    /// The data requests received: path and conditional headers.
    func requests() throws -> [[String: String]] {
        let data = try control("/_requests")
        let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        return list.map { $0.compactMapValues { $0 as? String } }
    }

    @discardableResult
    private func control(_ path: String) throws -> Data {
        let response = try HTTPClient(configuration: Self.configuration).perform(HTTPRequest(url: baseURL + path))
        XCTAssertEqual(response.status, 200)
        return response.body
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
