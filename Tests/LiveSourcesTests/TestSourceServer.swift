import Foundation
import HTTP
import TestServers
import XCTest

/// `scripts/test-source-server.py` on 127.0.0.1: the fixtures at the providers' real paths.
final class TestSourceServer {
    /// Client settings for the local server: never through a proxy from the environment.
    static let configuration = HTTPClientConfiguration(proxy: .direct)

    private let server: ScriptServer
    var port: Int { server.port }

    /// A server accepting `key` as OpenWeather's appid and ODPT's consumer key.
    init(key: String) throws {
        server = try ScriptServer(script: "test-source-server.py", arguments: ["--key", key])
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

    func stop() { server.stop() }
}
