import Delivery
import Foundation
import HTTP
import LiveSources
import Rules

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

    let server: LocalNginx? = externalURL == nil ? try LocalNginx(program: nginx) : nil
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
        DeliveryJob(id: Int64(number), notification: Rules.Notification(
            key: "bench-\(number)", rule: "leave-ginza", kind: "leave_now", fireAt: now, expiresAt: now + 3600,
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

/// nginx on 127.0.0.1 answering 204 to everything, logging `$connection` per request.
private final class LocalNginx {
    let port: Int
    private let directory: URL
    private let process = Process()

    init(program: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-nginx-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        port = try Self.freePort()
        let root = directory.path
        let configuration = """
            worker_processes 2;
            daemon off;
            pid \(root)/nginx.pid;
            error_log \(root)/error.log warn;
            events { worker_connections 1024; }
            http {
                log_format connection '$connection $connection_requests';
                access_log \(root)/access.log connection;
                keepalive_timeout 60s;
                keepalive_requests 1000000;
                client_body_temp_path \(root)/body;
                proxy_temp_path \(root)/proxy;
                fastcgi_temp_path \(root)/fastcgi;
                uwsgi_temp_path \(root)/uwsgi;
                scgi_temp_path \(root)/scgi;
                server {
                    listen 127.0.0.1:\(port);
                    location / { return 204; }
                }
            }
            """
        let file = directory.appendingPathComponent("nginx.conf")
        try Data(configuration.utf8).write(to: file)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program, "-p", root, "-c", file.path, "-e", root + "/error.log"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let client = HTTPClient(configuration: HTTPClientConfiguration(proxy: .direct))
        let deadline = Date().addingTimeInterval(5)
        while (try? client.get("http://127.0.0.1:\(port)/ready"))?.status != 204 {
            guard process.isRunning, Date() < deadline else {
                stop()
                throw DeliveryBenchError("nginx did not start (apt-get install nginx); see \(root)/error.log")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Requests logged and distinct connections among them.
    func loggedConnections() -> (requests: Int, connections: Int) {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("access.log"), encoding: .utf8) else { return (0, 0) }
        var seen = Set<Substring>()
        var requests = 0
        for line in text.split(separator: "\n") {
            requests += 1
            if let first = line.split(separator: " ").first { seen.insert(first) }
        }
        return (requests, seen.count)
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw DeliveryBenchError("socket() failed") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { throw DeliveryBenchError("cannot find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
