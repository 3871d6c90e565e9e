import Foundation
import HTTP
import TestServers
import XCTest

/// `scripts/test-webhook-sink.py` on 127.0.0.1 that can be stopped and started again on the same
/// port (connection refused in between; `--port` pins it on a restart). Each start is a fresh sink
/// (its requests and seen keys are its own); ``history`` keeps the requests of the stopped ones.
final class WorkerWebhookSink {
    struct Request {
        var path: String
        var headers: [(String, String)]
        var body: String
        var answer: String
        /// Which start of the sink received it (0, 1, …).
        var generation: Int
        /// When the sink received it (seconds since the epoch, the sink's `time.time()`).
        var arrival: Double = 0

        func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
        var key: String? { header("Idempotency-Key") }
        /// Taken as new: the sink answers with its default 204, while a key it already took is
        /// answered 200 "duplicate" (with `dedupe`) and counted in its duplicates.
        var taken: Bool { answer == "204" }
    }

    private(set) var port = 0
    private var server: ScriptServer?
    private(set) var generation = -1
    /// The requests of the sinks already stopped, and their duplicate counts.
    private(set) var history: [Request] = []
    private(set) var historyDuplicates = 0
    private let client = HTTPClient(configuration: HTTPClientConfiguration(proxy: .direct))

    /// Starts the sink on a free port.
    init() throws { try start() }

    deinit { stop() }

    var url: String { "http://127.0.0.1:\(port)/hook" }

    /// Starts the sink again (on the port it had, or a free one the first time).
    func start() throws {
        precondition(server == nil, "the sink is running")
        let server = try ScriptServer(script: "test-webhook-sink.py", arguments: ["--lifetime", "120", "--port", "\(port)"])
        guard port == 0 || server.port == port else {
            server.stop()
            throw SinkStartError(message: "the webhook sink did not start on port \(port) (got \(server.port))")
        }
        port = server.port
        self.server = server
        generation += 1
    }

    /// Stops the sink (keeping what it received in ``history``); connections are refused until ``start()``.
    func stop() {
        guard let server else { return }
        if let (requests, duplicates) = try? current() {
            history += requests
            historyDuplicates += duplicates
        }
        server.stop()
        self.server = nil
    }

    /// Queues answers of the running sink, e.g. `[["status": 500], ["status": 429, "retry_after": "1"]]`,
    /// for requests to `path` (any path when nil).
    func script(_ steps: [[String: Any]], dedupe: Bool? = nil, path: String? = nil) throws {
        var spec: [String: Any] = ["steps": steps]
        if let dedupe { spec["dedupe"] = dedupe }
        if let path { spec["path"] = path }
        let body = try JSONSerialization.data(withJSONObject: spec)
        _ = try client.perform(HTTPRequest(method: .post, url: "http://127.0.0.1:\(port)/_script", body: body)).requireSuccess()
    }

    /// Starts an outage of the running sink: for `seconds`, every delivery takes the next of `steps`
    /// (in turn); returns when it ends (seconds since the epoch, the sink's clock, which is this machine's).
    func outage(seconds: Double, steps: [[String: Any]], dedupe: Bool = true) throws -> Double {
        let spec: [String: Any] = ["steps": [], "dedupe": dedupe, "fault_seconds": seconds, "fault_steps": steps]
        let body = try JSONSerialization.data(withJSONObject: spec)
        _ = try client.perform(HTTPRequest(method: .post, url: "http://127.0.0.1:\(port)/_script", body: body)).requireSuccess()
        let response = try client.perform(HTTPRequest(url: "http://127.0.0.1:\(port)/_requests")).requireSuccess()
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        return try XCTUnwrap(object["faults_until"] as? Double)
    }

    /// The requests of the running sink and its duplicate count.
    func current() throws -> (requests: [Request], duplicates: Int) {
        let response = try client.perform(HTTPRequest(url: "http://127.0.0.1:\(port)/_requests")).requireSuccess()
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        let items = try XCTUnwrap(object["requests"] as? [[String: Any]])
        let requests = items.map { item in
            Request(path: item["path"] as? String ?? "",
                    headers: (item["headers"] as? [[String]] ?? []).map { ($0.first ?? "", $0.last ?? "") },
                    body: item["body"] as? String ?? "",
                    answer: (item["answer"] as? Int).map(String.init) ?? (item["answer"] as? String ?? ""),
                    generation: generation, arrival: item["arrival"] as? Double ?? 0)
        }
        return (requests, object["duplicates"] as? Int ?? 0)
    }

    /// Every request of every start so far, and every duplicate counted.
    func all() throws -> (requests: [Request], duplicates: Int) {
        guard server != nil else { return (history, historyDuplicates) }
        let now = try current()
        return (history + now.requests, historyDuplicates + now.duplicates)
    }
}

/// The sink did not come up (on the port asked for).
struct SinkStartError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
