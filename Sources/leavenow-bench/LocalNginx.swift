import Foundation
import HTTP

/// nginx on 127.0.0.1 (a free port, a temporary prefix directory, 2 workers, keep-alive) answering
/// `return 204;` to everything, with `stub_status` at `/nginx-status` to count accepted connections.
/// With `accessLog`, every request is logged as `$connection $connection_requests` (costs nginx CPU:
/// off for throughput runs). Stopped by `stop()`, its own process only.
///
/// ``init(attachingTo:)`` uses an nginx already running with the same configuration instead (for
/// `valgrind`, under which this process cannot start one): nothing is started or stopped.
final class LocalNginx {
    let port: Int
    private let directory: URL
    private let process: Process?
    /// nginx's master process (its workers are its children), for CPU accounting; 0 when attached.
    var processID: Int32 { process?.processIdentifier ?? 0 }

    /// An nginx someone else started on 127.0.0.1:`port` (`return 204;`, `stub_status` at `/nginx-status`).
    init(attachingTo port: Int) throws {
        self.port = port
        directory = FileManager.default.temporaryDirectory
        process = nil
        guard (try? HTTPClient(configuration: HTTPClientConfiguration(proxy: .direct)).get("http://127.0.0.1:\(port)/ready"))?.status == 204 else {
            throw LocalNginxError("no nginx answering 204 on 127.0.0.1:\(port)")
        }
    }

    init(program: String, accessLog: Bool = false, workers: Int = 2) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-nginx-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        port = try Self.freePort()
        let root = directory.path
        let configuration = """
            worker_processes \(workers);
            daemon off;
            pid \(root)/nginx.pid;
            error_log \(root)/error.log warn;
            events { worker_connections 4096; }
            http {
                log_format connection '$connection $connection_requests';
                \(accessLog ? "access_log \(root)/access.log connection;" : "access_log off;")
                keepalive_timeout 60s;
                keepalive_requests 1000000;
                client_body_temp_path \(root)/body;
                proxy_temp_path \(root)/proxy;
                fastcgi_temp_path \(root)/fastcgi;
                uwsgi_temp_path \(root)/uwsgi;
                scgi_temp_path \(root)/scgi;
                server {
                    listen 127.0.0.1:\(port);
                    location = /nginx-status { stub_status; access_log off; }
                    location / { return 204; }
                }
            }
            """
        let file = directory.appendingPathComponent("nginx.conf")
        try Data(configuration.utf8).write(to: file)
        let process = Process()
        self.process = process
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
                throw LocalNginxError("nginx did not start (apt-get install nginx); see \(root)/error.log")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// The connections nginx has accepted since it started (`stub_status` "accepts"), not counting
    /// the one this query opens (a fresh client, closed afterwards).
    func acceptedConnections() -> Int? {
        let client = HTTPClient(configuration: HTTPClientConfiguration(proxy: .direct))
        guard let response = try? client.get("http://127.0.0.1:\(port)/nginx-status"), response.status == 200 else { return nil }
        // "Active connections: 1 \nserver accepts handled requests\n 12 12 34 \n…"
        let lines = String(decoding: response.body, as: UTF8.self).split(separator: "\n")
        guard lines.count >= 3, let accepts = lines[2].split(separator: " ").first.flatMap({ Int($0) }) else { return nil }
        return accepts - 1
    }

    /// Connections accepted since `before` (an `acceptedConnections()`), without the one that query opened.
    func connectionsOpened(since before: Int) -> Int {
        (acceptedConnections() ?? before) - before - 1
    }

    /// Requests logged and distinct connections among them (with `accessLog` only).
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
        guard let process else { return }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw LocalNginxError("socket() failed") }
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
        guard bound else { throw LocalNginxError("cannot find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

struct LocalNginxError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
