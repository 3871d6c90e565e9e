import Channels
import Config
import Daemon
import Delivery
import Foundation
import HTTP
import JSONText
import Notifications
import Secrets
import Store
import TestServers
import Worker

/// The durable delivery path, side by side in one run against a local nginx answering `return 204;`
/// (2 workers, keep-alive, access log off), N notifications (default 50,000), medians of `--runs`:
///
/// - **bare**: the reference, a plain libcurl multi loop with nothing of leavenow (`BareCurlLoop`):
///   the same requests' headers (User-Agent included: the same bytes on the wire) and bodies
///   prebuilt, one easy handle per connection, no store;
/// - **curl**: the same webhook requests (generic JSON body, `Idempotency-Key`) prebuilt, through
///   `HTTPMultiClient.start` / `collect`, a finished transfer replaced at once as the worker's sender
///   does — leavenow's send loop with no outbox;
/// - **dispatcher**: `Dispatcher.send` per batch (payload building, signing with `--signed`,
///   classification), no outbox;
/// - **durable**: per batch, `SQLiteStore.commit` (one transaction: the notifications are durable
///   before anything is sent) then `OutboxPump.deliver` (expire → due → send → record outcomes, with
///   the worker's logging at info to /dev/null) on a fresh WAL file in a temporary directory;
/// - **worker**: the same durable path as the worker runs it (`OutboxWorkerPath`): the commits on a
///   second thread and connection, each batch handed to the sending `OutboxPump` once committed, so
///   commits overlap transfers;
/// - connections nginx accepted during each run (`stub_status`): the pool cap at work.
///
/// Latency (`--samples`, default 300): at a known instant T the worker's own sleep
/// (`WakeSource.wait(until:)`) ends, one notification is committed and pumped; a Python asyncio sink
/// (`scripts/bench/latency-sink.py`) stamps its arrival with `time.time_ns()`. Reported: arrival − T
/// (p50, p90, p99, max) after 5 warm-up samples.
///
/// `leavenow-bench outbox [--count N] [--runs R] [--batch B] [--connections C] [--signed]
/// [--samples S] [--interval-ms MS] [--no-latency] [--no-throughput] [--phases bare,curl,dispatcher,durable,worker] [--quiet]
/// [--nginx PATH] [--sink-port PORT] [--summary]`
/// (`--sink-port`: use an nginx already running with `LocalNginx`'s configuration — for valgrind, under which
/// this process cannot start one; `--summary`: the last line is only numbers, for `run-peers.sh`'s hooks:
/// the medians of notifications/s, then of CPU µs per notification, of each phase run in the order
/// bare, curl, dispatcher, durable, worker — or, with `--no-throughput`, the latency's p50 and p99 in ms).
func runOutboxBenchmark(arguments: [String]) throws {
    var options = OutboxBenchOptions()
    try options.parse(arguments)
    let devNull = open("/dev/null", O_WRONLY)
    defer { close(devNull) }
    let logger = LogfmtLogger(fileDescriptor: devNull, minimumLevel: options.logLevel)
    if options.throughput {
        try runOutboxThroughput(options, logger: logger)
    }
    if options.latency {
        if options.throughput { print("") }
        try runOutboxLatency(options, logger: logger)
    }
}

struct OutboxBenchOptions {
    var count = 50_000
    var runs = 5
    var batch = 512
    var connections = 16
    var signed = false
    var samples = 300
    var intervalMilliseconds = 20
    var latency = true
    var throughput = true
    var nginx = "nginx"
    /// An nginx already running on 127.0.0.1 (`--sink-port`), used instead of starting one.
    var sinkPort: Int?
    var phases: Set<String> = ["bare", "curl", "dispatcher", "durable", "worker"]
    /// The worker logs every delivery at info; `--quiet` logs notices and above only.
    var logLevel = LogLevel.info
    /// `--summary`: end with one line of numbers for `scripts/bench/delivery/run-peers.sh` (see ``runOutboxBenchmark(arguments:)``).
    var summary = false

    mutating func parse(_ arguments: [String]) throws {
        var remaining = arguments[...]
        func number(_ name: String) throws -> Int {
            guard let text = remaining.popFirst(), let value = Int(text), value > 0 else {
                throw LocalNginxError("\(name) needs a positive number")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--count": count = try number(argument)
            case "--runs": runs = try number(argument)
            case "--batch": batch = try number(argument)
            case "--connections": connections = try number(argument)
            case "--samples": samples = try number(argument)
            case "--sink-port": sinkPort = try number(argument)
            case "--interval-ms": intervalMilliseconds = try number(argument)
            case "--phases":
                guard let value = remaining.popFirst() else { throw LocalNginxError("--phases needs bare,curl,dispatcher,durable,worker") }
                phases = Set(value.split(separator: ",").map(String.init))
            case "--signed": signed = true
            case "--quiet": logLevel = .notice
            case "--summary": summary = true
            case "--no-latency": latency = false
            case "--no-throughput": throughput = false
            case "--nginx":
                guard let value = remaining.popFirst() else { throw LocalNginxError("--nginx needs a path") }
                nginx = value
            default: throw LocalNginxError("unknown option \(argument)")
            }
        }
    }
}

/// One webhook channel `sink` posting to `url` (signed with `signed`).
private func benchChannels(url: String, signed: Bool) throws -> (channels: [ChannelSpec], secrets: SecretSource) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-outbox-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let secret = signed ? "    secret_env: BENCH_SECRET\n" : ""
    try Data("channels:\n  - id: sink\n    type: webhook\n    url_env: BENCH_SINK_URL\n\(secret)    rate_per_minute: 0\n".utf8)
        .write(to: directory.appendingPathComponent("channels.yaml"))
    let channels = try Configuration.load(directory: directory.path).channels
    return (channels, SecretSource(environment: ["BENCH_SINK_URL": url, "BENCH_SECRET": "bench-secret"]))
}

func benchNotification(_ key: String, fireAt: Int64) -> Notice {
    Notice(key: key, rule: "leave-ginza", kind: .leaveNow, fireAt: fireAt, expiresAt: fireAt + 3600,
                       channels: ["sink"], urgency: .normal, language: .ja, title: "出発の時刻です",
                       text: "10:40 銀座線 浅草行き (2番線)。徒歩 8 分。")
}

func temporaryDirectory(_ name: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

// MARK: - Throughput

private func runOutboxThroughput(_ options: OutboxBenchOptions, logger: LogfmtLogger) throws {
    let server = try options.sinkPort.map { try LocalNginx(attachingTo: $0) } ?? LocalNginx(program: options.nginx)
    defer { server.stop() }
    let url = "http://127.0.0.1:\(server.port)/hook"
    let (channels, secrets) = try benchChannels(url: url, signed: options.signed)
    let count = options.count, batch = options.batch
    let now = Int64(Date().timeIntervalSince1970)
    print("outbox: \(BenchmarkClock.grouped(Double(count))) \(options.signed ? "signed " : "")webhook notifications to nginx "
          + "(return 204, 2 workers, keep-alive), batches of \(batch), pool of \(options.connections) connections, "
          + "\(options.runs) runs (2 shared cores: noisy)")

    var rows: [(name: String, rates: [Double], cpu: [Double], connections: [Int], note: String)] = []

    // (a) libcurl multi, no outbox.
    let requests = (0..<count).map { index in
        let notification = benchNotification("curl-\(index)", fireAt: now)
        let payload = WebhookPayload.build(notification, channel: "sink", attempt: 1)
        return HTTPRequest(method: .post, url: url, headers: HTTPHeaders(payload.headers), body: payload.body,
                           connectTimeout: .seconds(5), timeout: .seconds(15), maxResponseBytes: 64 * 1024, redirects: .doNotFollow,
                           acceptsCompression: false)
    }

    // (0) The reference: a plain libcurl multi loop, the same requests.
    var bareRates: [Double] = [], bareConnections: [Int] = [], bareCPU: [Double] = []
    if options.phases.contains("bare") {
        let bare = BareCurlLoop(url: url, connections: options.connections)
        // The same request bytes as leavenow's: its header lines and the User-Agent it sends.
        let userAgent = "User-Agent: " + HTTPClientConfiguration.defaultUserAgent
        let prebuilt = requests.map { request in
            BareCurlLoop.Request(headers: request.headers.map { "\($0.name): \($0.value)" } + [userAgent], body: request.body ?? Data())
        }
        for _ in 0..<options.runs {
            let before = server.acceptedConnections() ?? 0
            var ok = 0
            let seconds = try timed { ok = try bare.run(prebuilt) }
            guard ok == count else { throw LocalNginxError("bare loop: \(ok) of \(count) answered 204") }
            bareConnections.append(server.connectionsOpened(since: before))
            bareRates.append(Double(count) / seconds.wall)
            bareCPU.append(seconds.cpu / Double(count) * 1e6)
        }
    }
    rows.append(("bare libcurl multi loop", bareRates, bareCPU, bareConnections, "reference: no leavenow code, no store"))
    var curlRates: [Double] = [], curlConnections: [Int] = [], curlCPU: [Double] = []
    for _ in 0..<(options.phases.contains("curl") ? options.runs : 0) {
        // The incremental interface, as the worker's sender uses it: a finished transfer is replaced
        // at once (no batch waits for its slowest request).
        let client = HTTPMultiClient(configuration: HTTPClientConfiguration(proxy: .direct))
        client.limitConnections(options.connections)
        let before = server.acceptedConnections() ?? 0
        var ok = 0
        let seconds = try timed {
            var next = 0, finished = 0
            while finished < count {
                while client.runningCount < options.connections, next < count {
                    if let error = client.start(requests[next], tag: next) { throw LocalNginxError("curl: \(error)") }
                    next += 1
                }
                for (_, result) in client.collect(waitMilliseconds: 100) {
                    finished += 1
                    if (try? result.get().status) == 204 { ok += 1 }
                }
            }
        }
        guard ok == count else { throw LocalNginxError("curl: \(ok) of \(count) answered 204") }
        curlConnections.append(server.connectionsOpened(since: before))
        curlRates.append(Double(count) / seconds.wall)
        curlCPU.append(seconds.cpu / Double(count) * 1e6)
    }
    rows.append(("leavenow send loop, no outbox", curlRates, curlCPU, curlConnections, "HTTPMultiClient start/collect, prebuilt requests"))

    // (b) Dispatcher, no outbox.
    var dispatcherRates: [Double] = [], dispatcherConnections: [Int] = [], dispatcherCPU: [Double] = []
    for run in 0..<(options.phases.contains("dispatcher") ? options.runs : 0) {
        let dispatcher = Dispatcher(channels: channels, secrets: secrets,
                                    configuration: DispatcherConfiguration(maxConnections: options.connections, proxy: .direct))
        let jobs = (0..<count).map { index in
            DeliveryJob(id: Int64(index), notification: benchNotification("dispatch-\(run)-\(index)", fireAt: now), channel: "sink")
        }
        let before = server.acceptedConnections() ?? 0
        var delivered = 0
        let seconds = try timed {
            for start in stride(from: 0, to: count, by: batch) {
                delivered += dispatcher.send(Array(jobs[start..<min(start + batch, count)])).filter(\.outcome.isDelivered).count
            }
        }
        guard delivered == count else { throw LocalNginxError("dispatcher: \(delivered) of \(count) delivered") }
        dispatcherConnections.append(server.connectionsOpened(since: before))
        dispatcherRates.append(Double(count) / seconds.wall)
        dispatcherCPU.append(seconds.cpu / Double(count) * 1e6)
    }
    rows.append(("Dispatcher.send, no outbox", dispatcherRates, dispatcherCPU, dispatcherConnections, "payloads built per job"))

    // (c) The durable path: commit, then pump.
    var durableRates: [Double] = [], durableConnections: [Int] = [], durableCPU: [Double] = []
    var commitShares: [Double] = []
    for run in 0..<(options.phases.contains("durable") ? options.runs : 0) {
        let directory = try temporaryDirectory("outbox-bench")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try SQLiteStore(path: directory + "/state.db")
        let dispatcher = Dispatcher(channels: channels, secrets: secrets,
                                    configuration: DispatcherConfiguration(maxConnections: options.connections, proxy: .direct))
        let pump = OutboxPump(store: store, fleet: nil, dispatcher: dispatcher, logger: logger, batchSize: batch)
        let notifications = (0..<count).map { benchNotification("durable-\(run)-\($0)", fireAt: now) }
        let before = server.acceptedConnections() ?? 0
        var commitSeconds = 0.0
        let seconds = try timed {
            for start in stride(from: 0, to: count, by: batch) {
                let slice = Array(notifications[start..<min(start + batch, count)])
                let commitStart = BenchmarkClock.seconds()
                let queued = try store.commit(notifications: slice, ruleStates: [:], now: now)
                commitSeconds += BenchmarkClock.seconds() - commitStart
                pump.deliver(now: now, fresh: queued)
            }
        }
        let counts = try store.counts()
        guard counts[.delivered] == count else { throw LocalNginxError("durable: \(counts) after \(count) notifications") }
        store.close()
        durableConnections.append(server.connectionsOpened(since: before))
        durableRates.append(Double(count) / seconds.wall)
        durableCPU.append(seconds.cpu / Double(count) * 1e6)
        commitShares.append(commitSeconds / seconds.wall)
    }
    let commitShare = commitShares.isEmpty ? 0 : Int((BenchmarkClock.median(commitShares) * 100).rounded())
    rows.append(("durable: commit + OutboxPump", durableRates, durableCPU, durableConnections, "WAL file; commit \(commitShare)% of the time"))

    // (d) The durable path as the worker runs it: commits on a second thread, overlapping the transfers.
    var workerRates: [Double] = [], workerConnections: [Int] = [], workerCPU: [Double] = []
    for run in 0..<(options.phases.contains("worker") ? options.runs : 0) {
        let directory = try temporaryDirectory("outbox-worker-bench")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = OutboxWorkerPath(url: url, channels: channels, secrets: secrets, batch: batch, connections: options.connections)
        let notifications = (0..<count).map { benchNotification("worker-\(run)-\($0)", fireAt: now) }
        let before = server.acceptedConnections() ?? 0
        var delivered = 0
        let seconds = try timed { delivered = try path.run(notifications, now: now, directory: directory, logger: logger) }
        guard delivered == count else { throw LocalNginxError("worker path: \(delivered) of \(count) delivered") }
        workerConnections.append(server.connectionsOpened(since: before))
        workerRates.append(Double(count) / seconds.wall)
        workerCPU.append(seconds.cpu / Double(count) * 1e6)
    }
    rows.append(("durable, commits on a 2nd thread", workerRates, workerCPU, workerConnections, "as the worker: commit overlaps transfers"))

    // Ratios against the bare loop when it ran, else against leavenow's loop.
    let reference = !bareRates.isEmpty ? (name: "bare", rate: BenchmarkClock.median(bareRates), cpu: BenchmarkClock.median(bareCPU))
        : !curlRates.isEmpty ? (name: "loop", rate: BenchmarkClock.median(curlRates), cpu: BenchmarkClock.median(curlCPU))
        : (name: "first", rate: BenchmarkClock.median(rows.first { !$0.rates.isEmpty }?.rates ?? [1]),
           cpu: BenchmarkClock.median(rows.first { !$0.rates.isEmpty }?.cpu ?? [1]))
    print("PATH                               NOTIFICATIONS/S (median)   RUNS                                    CPU µs/NOTIF  CONNECTIONS/RUN     "
          + "VS \(reference.name.uppercased())  CPU VS \(reference.name.uppercased())")
    for row in rows where !row.rates.isEmpty {
        let median = BenchmarkClock.median(row.rates), cpu = BenchmarkClock.median(row.cpu)
        let runs = row.rates.map { BenchmarkClock.grouped($0) }.joined(separator: " ")
        print(row.name.padding(toLength: 35, withPad: " ", startingAt: 0)
              + BenchmarkClock.grouped(median).padding(toLength: 27, withPad: " ", startingAt: 0)
              + runs.padding(toLength: max(40, runs.count + 1), withPad: " ", startingAt: 0)
              + String(format: "%.1f", cpu).padding(toLength: 14, withPad: " ", startingAt: 0)
              + row.connections.map(String.init).joined(separator: " ").padding(toLength: 20, withPad: " ", startingAt: 0)
              + String(format: "%.2f×", median / reference.rate).padding(toLength: 9, withPad: " ", startingAt: 0)
              + String(format: "%.2f×", cpu / reference.cpu) + "  (\(row.note))")
    }
    if options.summary {
        let measured = rows.filter { !$0.rates.isEmpty }
        print((measured.map { String(format: "%.1f", BenchmarkClock.median($0.rates)) }
               + measured.map { String(format: "%.2f", BenchmarkClock.median($0.cpu)) }).joined(separator: " "))
    }
}

/// This process's CPU seconds (user + system, every thread) so far.
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// Wall-clock and CPU seconds (this process) of `body`.
func timed(_ body: () throws -> Void) throws -> (wall: Double, cpu: Double) {
    let cpu = processCPUSeconds()
    let start = BenchmarkClock.seconds()
    try body()
    return (BenchmarkClock.seconds() - start, processCPUSeconds() - cpu)
}

// MARK: - Latency

private func realtimeNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}

private func runOutboxLatency(_ options: OutboxBenchOptions, logger: LogfmtLogger) throws {
    let sink = try ScriptServer(script: "bench/latency-sink.py")
    defer { sink.stop() }
    let (channels, secrets) = try benchChannels(url: sink.baseURL + "/hook", signed: options.signed)
    let directory = try temporaryDirectory("outbox-latency")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store = try SQLiteStore(path: directory + "/state.db")
    defer { store.close() }
    let dispatcher = Dispatcher(channels: channels, secrets: secrets,
                                configuration: DispatcherConfiguration(maxConnections: options.connections, proxy: .direct))
    let pump = OutboxPump(store: store, fleet: nil, dispatcher: dispatcher, logger: logger, batchSize: options.batch)
    let wake = try WakeSource(signals: [], watching: nil)
    let warmUp = 5
    let interval = Int64(options.intervalMilliseconds) * 1_000_000
    print("latency: \(options.samples) notifications, one every \(options.intervalMilliseconds) ms: at instant T the worker's "
          + "sleep (WakeSource, timerfd) ends, commit (1 notification, WAL) + OutboxPump.deliver; the asyncio sink "
          + "stamps arrival (time.time_ns); \(warmUp) warm-up samples dropped")

    var fireTimes: [String: Int64] = [:]
    var wakeLate: [Double] = [], commitTimes: [Double] = [], pumpTimes: [Double] = []
    var next = (realtimeNanoseconds() / interval + 5) * interval
    for index in 0..<(options.samples + warmUp) {
        let fire = next
        next += interval
        _ = try wake.wait(until: Date(timeIntervalSince1970: Double(fire) / 1e9))
        let woke = realtimeNanoseconds()
        let key = "latency-\(index)"
        let second = fire / 1_000_000_000
        let queued = try store.commit(notifications: [benchNotification(key, fireAt: second)], ruleStates: [:], now: second)
        let committed = realtimeNanoseconds()
        pump.deliver(now: second, fresh: queued)
        let pumped = realtimeNanoseconds()
        guard index >= warmUp else { continue }
        fireTimes[key] = fire
        wakeLate.append(Double(woke - fire) / 1e6)
        commitTimes.append(Double(committed - woke) / 1e6)
        pumpTimes.append(Double(pumped - committed) / 1e6)
    }
    guard try store.counts()[.delivered] == options.samples + warmUp else {
        throw LocalNginxError("latency: not every notification was delivered: \(try store.counts())")
    }
    let response = try HTTPClient(configuration: HTTPClientConfiguration(proxy: .direct)).get(sink.baseURL + "/arrivals")
    guard let arrivals = try JSONParser.parse(Array(response.body)).objectValue else {
        throw LocalNginxError("the sink's /arrivals is not a JSON object")
    }
    var latencies: [Double] = []
    for (key, fire) in fireTimes {
        guard let arrived = arrivals[key]?.numberValue.flatMap(Int64.init(exactly:)) else { throw LocalNginxError("the sink never saw \(key)") }
        latencies.append(Double(arrived - fire) / 1e6)
    }
    func percentile(_ values: [Double], _ fraction: Double) -> String {
        let sorted = values.sorted()
        let value = sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
        return String(format: "%.3f", value)
    }
    print("MS FROM FIRE TIME          p50      p90      p99      max")
    for (name, values) in [("arrival at the sink", latencies), ("  wake-up lateness", wakeLate),
                           ("  commit (1 notification)", commitTimes), ("  pump: due+send+record", pumpTimes)] {
        print(name.padding(toLength: 26, withPad: " ", startingAt: 0)
              + [0.5, 0.9, 0.99, 1.0].map { percentile(values, $0).leftPadded(to: 9) }.joined())
    }
    if options.summary { print(percentile(latencies, 0.5) + " " + percentile(latencies, 0.99)) }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
