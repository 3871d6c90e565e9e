import Config
import Foundation
import HTTP
import JSONText
import LiveSources
import Secrets
import TestServers

/// `leavenow-bench sources [--runs N] [--sources N] [--latency-ms M] [--connections 1,8,32,64,200]`
///
/// 1. Many sources refreshed at once: `--sources` feeds (200) against `scripts/bench/source_latency_server.py`
///    (asyncio, every response `--latency-ms` late, 50 by default), one after another (the easy
///    client; ``SourceFetcher`` with one connection) and concurrently through the multi interface
///    (``HTTPMultiClient`` raw, and ``SourceFetcher`` end to end: decode + atomic 0600 cache with fsync).
/// 2. A simulated day of feed polling: every 15 minutes for 24 h (96 polls), the feed changing 3 times,
///    with and without conditional GET; no real waiting (the clock is simulated, the server switches
///    revisions at given polls). Bytes on the wire are counted by the server.
///
/// Medians of `--runs` (5) runs; wall clock on this machine (noisy: 2 shared cores).
func runSourceBenchmark(arguments: [String]) throws {
    var runs = 5, sourceCount = 200, latencyMilliseconds = 50
    var connections = [1, 8, 32, 64, 200]
    var index = 0
    func value() throws -> String {
        index += 1
        guard index < arguments.count else { throw SourceBenchError(message: "\(arguments[index - 1]) needs a value") }
        return arguments[index]
    }
    while index < arguments.count {
        switch arguments[index] {
        case "--runs": runs = max(1, Int(try value()) ?? runs)
        case "--sources": sourceCount = max(1, Int(try value()) ?? sourceCount)
        case "--latency-ms": latencyMilliseconds = max(0, Int(try value()) ?? latencyMilliseconds)
        case "--connections": connections = try value().split(separator: ",").compactMap { Int($0) }
        default: throw SourceBenchError(message: "unknown option \(arguments[index])")
        }
        index += 1
    }
    let server = try ScriptServer(script: "bench/source_latency_server.py",
                                  arguments: ["--lifetime", "3600", "--latency", String(Double(latencyMilliseconds) / 1000)])
    defer { server.stop() }
    let workspace = NSTemporaryDirectory() + "leavenow-source-bench-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: workspace) }

    try benchmarkConcurrentRefresh(server: server, workspace: workspace, runs: runs, sourceCount: sourceCount,
                                   latencyMilliseconds: latencyMilliseconds, connections: connections)
    print("")
    try benchmarkPollingDay(server: server, workspace: workspace, runs: runs)
}

struct SourceBenchError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Client settings for the local server: never through a proxy.
private let benchClientConfiguration = HTTPClientConfiguration(proxy: .direct)

private func benchConfiguration(_ yaml: String, directory: String) throws -> Configuration {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try yaml.write(toFile: directory + "/sources.yaml", atomically: true, encoding: .utf8)
    return try Configuration.load(directory: directory)
}

private func control(_ server: ScriptServer, _ pathAndQuery: String) throws -> Data {
    let response = try HTTPClient(configuration: benchClientConfiguration).perform(HTTPRequest(url: server.baseURL + pathAndQuery))
    guard response.status == 200 else { throw SourceBenchError(message: "\(pathAndQuery): HTTP \(response.status)") }
    return response.body
}

private func serverStats(_ server: ScriptServer) throws
    -> (requests: Int, bytes: Int, maxInFlight: Int, status: [String: Int], spanMilliseconds: Double?) {
    let object = try JSONParser.parse(Array(try control(server, "/_stats")))
    func int(_ value: JSONValue?) -> Int? { value?.numberValue.flatMap(Int.init(exactly:)) }
    let status = (object["status"]?.objectValue ?? [:]).compactMapValues { int($0) }
    return (int(object["requests"]) ?? 0, int(object["bytes_written"]) ?? 0, int(object["max_in_flight"]) ?? 0,
            status, object["span_ms"]?.numberValue)
}

private func format(_ seconds: Double) -> String {
    seconds >= 1 ? String(format: "%.2f s", seconds) : String(format: "%.0f ms", seconds * 1000)
}

// MARK: - 1. Many sources at once

private func benchmarkConcurrentRefresh(server: ScriptServer, workspace: String, runs: Int, sourceCount: Int,
                                        latencyMilliseconds: Int, connections: [Int]) throws {
    let yaml = "feeds:\n" + (0..<sourceCount).map { "  - id: f\($0)\n    url: \(server.baseURL)/feed/\($0)\n" }.joined()
    let configuration = try benchConfiguration(yaml, directory: workspace + "/many")
    let sources = LiveSource.all(in: configuration)
    let requests = sources.map { source -> HTTPRequest in
        guard case .feed(let spec) = source.origin else { return HTTPRequest(url: "") }
        return HTTPRequest(url: spec.url)
    }
    print("sources: \(sourceCount) feeds (Qiita Atom fixture, 1391 bytes) refreshed once, server latency \(latencyMilliseconds) ms per response")
    print("peer: scripts/bench/source_latency_server.py, one asyncio loop, backlog 1024 (all \(sourceCount) can wait at once)")
    print("lower bound: one after another \(format(Double(sourceCount * latencyMilliseconds) / 1000)), all at once \(latencyMilliseconds) ms")
    print("medians of \(runs) runs; a new client (cold connections) and an empty cache every run")
    print("")
    print("  how                                              median    min       max       in flight  server span")

    var sequential: Double = .nan
    /// Runs `body` `runs` times, the server's statistics reset before each run (outside the timing).
    func timed(_ body: (Int) throws -> Void) throws -> (times: [Double], spans: [Double], inFlight: Int) {
        var times: [Double] = [], spans: [Double] = [], inFlight = 0
        for run in 0..<runs {
            _ = try control(server, "/_reset")
            let start = BenchmarkClock.seconds()
            try body(run)
            times.append(BenchmarkClock.seconds() - start)
            let stats = try serverStats(server)
            spans.append(stats.spanMilliseconds ?? .nan)
            inFlight = max(inFlight, stats.maxInFlight)
        }
        return (times, spans, inFlight)
    }
    func report(_ label: String, _ measured: (times: [Double], spans: [Double], inFlight: Int)) {
        let times = measured.times
        print("  " + label.padding(toLength: 48, withPad: " ", startingAt: 0)
              + "  " + format(BenchmarkClock.median(times)).padding(toLength: 8, withPad: " ", startingAt: 0)
              + "  " + format(times.min() ?? .nan).padding(toLength: 8, withPad: " ", startingAt: 0)
              + "  " + format(times.max() ?? .nan).padding(toLength: 8, withPad: " ", startingAt: 0)
              + "  " + String(measured.inFlight).padding(toLength: 9, withPad: " ", startingAt: 0)
              + "  " + format(BenchmarkClock.median(measured.spans) / 1000)
              + (sequential.isNaN ? "" : String(format: "   (×%.1f faster)", sequential / BenchmarkClock.median(times))))
    }
    func checkAll(_ results: [Result<HTTPResponse, HTTPError>]) throws {
        let good = results.filter { (try? $0.get().status) == 200 }.count
        guard good == results.count else { throw SourceBenchError(message: "\(results.count - good) requests failed") }
    }

    // One after another: the easy client, one keep-alive connection.
    let easy = try timed { _ in
        let client = HTTPClient(configuration: benchClientConfiguration)
        for request in requests {
            guard try client.perform(request).status == 200 else { throw SourceBenchError(message: "easy: not 200") }
        }
    }
    sequential = BenchmarkClock.median(easy.times)
    report("HTTPClient (easy), one after another", easy)

    for count in connections {
        let times = try timed { _ in
            try checkAll(HTTPMultiClient(configuration: benchClientConfiguration).perform(requests, maxConnections: count))
        }
        report("HTTPMultiClient, \(count) connection\(count == 1 ? "" : "s")", times)
    }

    for count in [1] + connections.filter({ $0 != 1 && ($0 == 32 || $0 == 64) }) {
        let times = try timed { run in
            let fetcher = SourceFetcher(endpoint: SourceEndpoint(), secrets: SecretSource(environment: [:]),
                                        cache: SourceCache(stateDirectory: workspace + "/many-state-\(count)-\(run)"),
                                        client: HTTPMultiClient(configuration: benchClientConfiguration), maxConnections: count)
            let results = fetcher.fetch(sources)
            if let failure = results.first(where: { $0.error != nil }) { throw SourceBenchError(message: "\(failure)") }
        }
        report("SourceFetcher (decode + fsync'd cache), \(count) conn.", times)
    }
    print("")
    print("(×N: the median of one-after-another with the easy client divided by this median;")
    print(" server span: median time from the first request's arrival to the last answer written)")
}

// MARK: - 2. A day of polling

private func benchmarkPollingDay(server: ScriptServer, workspace: String, runs: Int) throws {
    _ = try control(server, "/_latency?ms=0")
    let feeds = [("qiita/qiita-user-feed_ftnext_test-fixture.atom", "Qiita Atom"), ("feedkit/RSS.xml", "feedkit RSS 2.0")]
    let yaml = "feeds:\n" + feeds.enumerated().map { "  - id: day\($0.offset)\n    url: \(server.baseURL)/day/\($0.element.0)\n" }.joined()
    let configuration = try benchConfiguration(yaml, directory: workspace + "/day")
    let sources = LiveSource.all(in: configuration)
    let polls = 96, interval: Int64 = 900
    let changes: Set<Int> = [30, 57, 81]  // 07:30, 14:15, 20:15
    let start: Int64 = 1_734_793_200  // 2024-12-22T00:00:00+09:00
    print("a day of polling: every 15 min for 24 h (\(polls) polls), the feed changes at polls \(changes.sorted().map(String.init).joined(separator: ", ")) (plus the first fetch)")
    print("simulated clock, no latency, no waiting; bytes on the wire counted by the server (status line + headers + body)")
    print("medians of \(runs) runs")
    print("")
    print("  feed                    size     mode            200s  304s  wire bytes   body bytes   time (96 polls)")
    for (position, source) in sources.enumerated() {
        let name = feeds[position].0
        for conditional in [false, true] {
            var times: [Double] = []
            var last: (status: [String: Int], bytes: Int, body: Int) = ([:], 0, 0)
            for run in 0..<runs {
                _ = try control(server, "/_revision?name=\(name)&n=0&t=\(start - 86_400)")
                _ = try control(server, "/_reset")
                let cache = SourceCache(stateDirectory: workspace + "/day-state-\(position)-\(conditional)-\(run)")
                let client = HTTPMultiClient(configuration: benchClientConfiguration)
                var bodyBytes = 0
                var elapsed = 0.0
                for poll in 0..<polls {
                    let now = start + Int64(poll) * interval
                    if changes.contains(poll) {
                        _ = try control(server, "/_revision?name=\(name)&n=\(poll)&t=\(now - 60)")
                    }
                    let fetcher = SourceFetcher(endpoint: SourceEndpoint(), secrets: SecretSource(environment: [:]), cache: cache,
                                                client: client, now: { Date(timeIntervalSince1970: TimeInterval(now)) })
                    fetcher.conditionalRequests = conditional
                    let began = BenchmarkClock.seconds()
                    let result = fetcher.fetch(source)
                    elapsed += BenchmarkClock.seconds() - began
                    switch result.outcome {
                    case .updated(let bytes): bodyBytes += bytes
                    case .notModified: break
                    case .failed(let error): throw SourceBenchError(message: "poll \(poll): \(error)")
                    }
                }
                times.append(elapsed)
                let stats = try serverStats(server)
                last = (stats.status, stats.bytes, bodyBytes)
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: ScriptServer.packageRoot.path + "/Tests/Fixtures/feeds/" + name)[.size] as? Int) ?? 0
            print("  " + feeds[position].1.padding(toLength: 22, withPad: " ", startingAt: 0)
                  + "  " + "\(size) B".padding(toLength: 7, withPad: " ", startingAt: 0)
                  + "  " + (conditional ? "conditional" : "unconditional").padding(toLength: 14, withPad: " ", startingAt: 0)
                  + "  " + String(last.status["200"] ?? 0).padding(toLength: 4, withPad: " ", startingAt: 0)
                  + "  " + String(last.status["304"] ?? 0).padding(toLength: 4, withPad: " ", startingAt: 0)
                  + "  " + BenchmarkClock.grouped(Double(last.bytes)).padding(toLength: 11, withPad: " ", startingAt: 0)
                  + "  " + BenchmarkClock.grouped(Double(last.body)).padding(toLength: 11, withPad: " ", startingAt: 0)
                  + "  " + format(BenchmarkClock.median(times)))
        }
    }
    _ = try control(server, "/_latency?ms=50")
}
