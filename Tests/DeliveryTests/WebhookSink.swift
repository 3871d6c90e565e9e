import Foundation
import HTTP
import TestServers
import XCTest

/// `scripts/test-webhook-sink.py` on 127.0.0.1 for one test: records requests, answers scripted steps.
final class WebhookSink {
    struct Request {
        var method: String
        var path: String
        var headers: [(String, String)]
        var body: String
        var arrival: Double
        var answer: String

        func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }

        /// The body parsed as a JSON object.
        func json() throws -> [String: Any] {
            let value = try JSONSerialization.jsonObject(with: Data(body.utf8))
            return try XCTUnwrap(value as? [String: Any], "body is not a JSON object: \(body)")
        }
    }

    private let server: ScriptServer
    private let client = HTTPClient(configuration: HTTPClientConfiguration(proxy: .direct))

    init() throws {
        server = try ScriptServer(script: "test-webhook-sink.py")
    }

    var port: Int { server.port }
    func url(_ path: String) -> String { "http://127.0.0.1:\(server.port)\(path)" }

    /// Queues answers, e.g. `[["status": 500], ["status": 429, "retry_after": "1"], ["close": true]]`.
    func script(_ steps: [[String: Any]], path: String? = nil, dedupe: Bool? = nil) throws {
        var spec: [String: Any] = ["steps": steps]
        if let path { spec["path"] = path }
        if let dedupe { spec["dedupe"] = dedupe }
        let body = try JSONSerialization.data(withJSONObject: spec)
        _ = try client.perform(HTTPRequest(method: .post, url: url("/_script"), body: body)).requireSuccess()
    }

    /// Every delivery received so far and the duplicates counted.
    func received() throws -> (requests: [Request], duplicates: Int, connections: Int) {
        let response = try client.perform(HTTPRequest(url: url("/_requests"))).requireSuccess()
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        let items = try XCTUnwrap(object["requests"] as? [[String: Any]])
        let requests = items.map { item in
            Request(
                method: item["method"] as? String ?? "",
                path: item["path"] as? String ?? "",
                headers: (item["headers"] as? [[String]] ?? []).map { ($0.first ?? "", $0.last ?? "") },
                body: item["body"] as? String ?? "",
                arrival: item["arrival"] as? Double ?? 0,
                answer: (item["answer"] as? Int).map(String.init) ?? (item["answer"] as? String ?? ""))
        }
        return (requests, object["duplicates"] as? Int ?? 0, object["connections"] as? Int ?? 0)
    }

    func stop() { server.stop() }
}
