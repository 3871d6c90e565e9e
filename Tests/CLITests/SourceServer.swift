import Foundation
import TestServers

/// `scripts/test-source-server.py` on 127.0.0.1 for the CLI tests: the fixtures at the providers'
/// real paths; any key but `key` gets a 401 that echoes it.
final class SourceServer {
    private let server: ScriptServer
    var port: Int { server.port }
    var baseURL: String { server.baseURL }

    init(key: String) throws {
        server = try ScriptServer(script: "test-source-server.py", arguments: ["--key", key])
    }

    func stop() { server.stop() }
}
