import Config
import Delivery
import Foundation
import Notifications
import Secrets

/// Benchmark of `Dispatcher.send`: N webhook jobs (default 20 000) in batches of 512 against a
/// local nginx answering `return 204;` (2 workers, keep-alive), through one multi perform per
/// batch with a pool of 16 connections. Reports notifications per second and the connections
/// nginx saw (`$connection` in its access log).
///
/// Arguments: `--jobs N`, `--batch N`, `--connections N`, `--runs N` (default 3),
/// `--nginx PATH` (default `nginx` from PATH), `--url URL` (an existing sink instead of nginx).
func runDeliveryBenchmark(arguments: [String]) throws {
    var jobs = 20_000, batch = 512, connections = 16, runs = 3
    var nginx = "nginx", externalURL: String?
    var index = 0
    while index < arguments.count {
        let name = arguments[index]
        guard index + 1 < arguments.count else { throw DeliveryBenchError("\(name) needs a value") }
        let value = arguments[index + 1]
        switch name {
        case "--jobs": jobs = try positive(value, name)
        case "--batch": batch = try positive(value, name)
        case "--connections": connections = try positive(value, name)
        case "--runs": runs = try positive(value, name)
        case "--nginx": nginx = value
        case "--url": externalURL = value
        default: throw DeliveryBenchError("unknown option \(name)")
        }
        index += 2
    }

    let server: LocalNginx? = externalURL == nil ? try LocalNginx(program: nginx, accessLog: true) : nil
    defer { server?.stop() }
    let url = externalURL ?? server.map { "http://127.0.0.1:\($0.port)/hook" } ?? ""
    print("Delivery: \(jobs) webhook jobs, batches of \(batch), \(connections) connections, to \(server == nil ? url : "nginx (return 204, 2 workers)")")

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-delivery-bench-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("channels:\n  - id: sink\n    type: webhook\n    url_env: BENCH_SINK_URL\n    secret_env: BENCH_SECRET\n".utf8)
        .write(to: directory.appendingPathComponent("channels.yaml"))
    let channels = try Configuration.load(directory: directory.path).channels

    let now = Int64(Date().timeIntervalSince1970)
    let dispatcher = Dispatcher(
        channels: channels,
        secrets: SecretSource(environment: ["BENCH_SINK_URL": url, "BENCH_SECRET": "bench-secret"]),
        configuration: DispatcherConfiguration(maxConnections: connections, proxy: .direct))
    let all = (0..<jobs).map { number in
        DeliveryJob(id: Int64(number), notification: Notice(
            key: "bench-\(number)", rule: "leave-ginza", kind: .leaveNow, fireAt: now, expiresAt: now + 3600,
            channels: ["sink"], urgency: .normal, language: .ja, title: "出発の時刻です", text: "10:40 銀座線 浅草行き"),
            channel: "sink")
    }

    let clock = ContinuousClock()
    var rates: [Double] = []
    for run in 1...runs {
        let logLinesBefore = server?.loggedConnections().requests ?? 0
        var delivered = 0
        let elapsed = clock.measure {
            var start = 0
            while start < all.count {
                let end = min(start + batch, all.count)
                delivered += dispatcher.send(Array(all[start..<end])).filter(\.outcome.isDelivered).count
                start = end
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        rates.append(Double(jobs) / seconds)
        var line = "  run \(run): \(delivered)/\(jobs) delivered in \(String(format: "%.2f", seconds)) s = "
            + "\(Int(Double(jobs) / seconds)) notifications/s"
        if let server {
            Thread.sleep(forTimeInterval: 0.2)  // nginx writes its log line after the answer
            let seen = server.loggedConnections()
            line += ", nginx: \(seen.requests - logLinesBefore) requests, \(seen.connections) connections opened so far"
        }
        print(line)
    }
    let sorted = rates.sorted()
    print("  median \(Int(sorted[sorted.count / 2])) notifications/s (signed generic JSON, \(connections) reused connections)")
}

private func positive(_ text: String, _ name: String) throws -> Int {
    guard let value = Int(text), value > 0 else { throw DeliveryBenchError("\(name) needs a positive number, not \"\(text)\"") }
    return value
}

private struct DeliveryBenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
