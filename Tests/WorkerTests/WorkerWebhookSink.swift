import Foundation
import HTTP
import TestServers
import XCTest

/// `scripts/test-webhook-sink.py` on 127.0.0.1 that can be stopped and started again on the same
/// port (connection refused in between): the script binds a free port, so it is started through a
/// small Python wrapper that pins the port on a restart. Each start is a fresh sink (its requests and
/// seen keys are its own); ``history`` keeps the requests of the stopped ones.
final class WorkerWebhookSink {
    struct Request {
        var path: String
        var headers: [(String, String)]
        var body: String
        var answer: String
        /// Which start of the sink received it (0, 1, …).
        var generation: Int

        func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
        var key: String? { header("Idempotency-Key") }
        /// Taken as new: the sink answers with its default 204, while a key it already took is
        /// answered 200 "duplicate" (with `dedupe`) and counted in its duplicates.
        var taken: Bool { answer == "204" }
    }

    private(set) var port = 0
    private var process: Process?
    private var input: Pipe?
    private(set) var generation = -1
    /// The requests of the sinks already stopped, and their duplicate counts.
    private(set) var history: [Request] = []
    private(set) var historyDuplicates = 0
    private let client = HTTPClient(configuration: HTTPClientConfiguration(proxy: .direct))

    /// Starts the sink on a free port.
    init() throws { try start() }

    deinit { stop() }

    var url: String { "http://127.0.0.1:\(port)/hook" }

    static let wrapper = """
    import http.server, runpy, sys
    path, port = sys.argv[1], int(sys.argv[2])
    class Pinned(http.server.ThreadingHTTPServer):
        allow_reuse_address = True
        def __init__(self, address, handler):
            super().__init__((address[0], port), handler)
    http.server.ThreadingHTTPServer = Pinned
    sys.argv = [path] + sys.argv[3:]
    runpy.run_path(path, run_name="__main__")
    """

    /// Starts the sink again (on the port it had, or a free one the first time).
    func start() throws {
        precondition(process == nil, "the sink is running")
        let script = ScriptServer.packageRoot.appendingPathComponent("scripts/test-webhook-sink.py").path
        let process = Process(), input = Pipe(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.wrapper, script, "\(port)", "--lifetime", "120"]
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
        guard let bound = Int(text), port == 0 || bound == port else {
            process.terminate()
            process.waitUntilExit()
            throw SinkStartError(message: "the webhook sink did not start on port \(port): \(text.debugDescription)")
        }
        port = bound
        self.process = process
        self.input = input
        generation += 1
    }

    /// Stops the sink (keeping what it received in ``history``); connections are refused until ``start()``.
    func stop() {
        guard let process else { return }
        if let (requests, duplicates) = try? current() {
            history += requests
            historyDuplicates += duplicates
        }
        try? input?.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        self.process = nil
        input = nil
    }

    /// Queues answers of the running sink, e.g. `[["status": 500], ["status": 429, "retry_after": "1"]]`.
    func script(_ steps: [[String: Any]], dedupe: Bool? = nil) throws {
        var spec: [String: Any] = ["steps": steps]
        if let dedupe { spec["dedupe"] = dedupe }
        let body = try JSONSerialization.data(withJSONObject: spec)
        _ = try client.perform(HTTPRequest(method: .post, url: "http://127.0.0.1:\(port)/_script", body: body)).requireSuccess()
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
                    generation: generation)
        }
        return (requests, object["duplicates"] as? Int ?? 0)
    }

    /// Every request of every start so far, and every duplicate counted.
    func all() throws -> (requests: [Request], duplicates: Int) {
        guard process != nil else { return (history, historyDuplicates) }
        let now = try current()
        return (history + now.requests, historyDuplicates + now.duplicates)
    }
}

/// The sink did not come up (on the port asked for).
struct SinkStartError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
