import Foundation
import XCTest
@testable import HTTP
import TestServers

/// `scripts/test-http-server.py` running on 127.0.0.1 for one test; stopped with ``stop()``.
final class TestHTTPServer {
    /// Client settings for the local server: never through a proxy from the environment.
    static let configuration = HTTPClientConfiguration(proxy: .direct)

    private let server: ScriptServer
    var port: Int { server.port }

    init() throws {
        server = try ScriptServer(script: "test-http-server.py")
    }

    func url(_ pathAndQuery: String) -> String { "http://127.0.0.1:\(port)\(pathAndQuery)" }

    func stop() { server.stop() }
}
