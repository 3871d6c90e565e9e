import Config
import Daemon
import Delivery
import Facts
import Foundation
import Rules
import Secrets
import Store
import Synchronization
import TestServers
import Timetable
import Worker

// MARK: - shared-outbox

/// Outbox throughput to a local nginx (`return 204;`, 2 workers, keep-alive) from **one PostgreSQL
/// outbox with 1, 2 and 3 workers** against **one SQLite worker**, in one run. Each worker is an
/// `OutboxPump` on its own thread with its own store (claiming under its id on PostgreSQL) and
/// dispatcher (pool `--connections`), logging at info to /dev/null. Two kinds of burst
/// (`--bursts own,foreign`):
///
/// - **own**: each worker commits its share of the N notifications in batches of `--batch` (on
///   PostgreSQL the INSERT claims them for it) and hands each batch to its pump at once — the
///   worker path: what a worker decides it sends without reading it back; commit + send timed;
/// - **foreign**: the N notifications are committed first by another connection (a fourth worker,
///   `state migrate`; timed apart), then the workers claim them with `SKIP LOCKED` and send them.
///
/// Configurations alternate within each run, so the machine's noise hits them alike; medians of `--runs`.
///
/// Where the time goes, per notification: CPU of this process (leavenow: libcurl, the pump, libpq's
/// client side), of the PostgreSQL server (every backend, the WAL writer…) and of nginx, read from
/// /proc; libpq round trips and server transactions (`pg_stat_database`).
///
/// The cluster is a throwaway one (`initdb` in a temporary directory, a unix socket), with `fsync`
/// on (`--fsync off`: the test clusters' setting). Each worker count runs with `synchronous_commit`
/// on (every commit waits for its WAL flush) and off (set on the database: a commit returns before
/// the flush, as SQLite's `synchronous=NORMAL` in WAL mode returns before its fsync; a server crash
/// can lose the last fraction of a second of commits, never corrupt them) — `--synchronous on,off`.
///
/// `leavenow-bench shared-outbox [--count N] [--runs R] [--workers 1,2,3] [--synchronous on,off] [--connections C] [--batch B]
/// [--fsync on|off] [--no-sqlite] [--statements]` — `--statements` loads `pg_stat_statements` and prints
/// the statements the server spent its time on, per notification.
func runSharedOutboxBenchmark(arguments: [String]) throws {
    var count = 10_000, runs = 5, connections = 16, batch = 512
    var bursts = [true, false]
    var workerCounts = [1, 2, 3]
    var fsync = true, sqlite = true, statements = false
    var synchronousModes = [true, false]
    var remaining = arguments[...]
    func number(_ name: String) throws -> Int {
        guard let text = remaining.popFirst(), let value = Int(text), value > 0 else { throw LocalNginxError("\(name) needs a positive number") }
        return value
    }
    while let argument = remaining.popFirst() {
        switch argument {
        case "--count": count = try number(argument)
        case "--runs": runs = try number(argument)
        case "--connections": connections = try number(argument)
        case "--batch": batch = try number(argument)
        case "--workers":
            workerCounts = (remaining.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
            guard !workerCounts.isEmpty else { throw LocalNginxError("--workers needs a list like 1,2,3") }
        case "--fsync":
            guard let value = remaining.popFirst(), ["on", "off"].contains(value) else { throw LocalNginxError("--fsync needs on or off") }
            fsync = value == "on"
        case "--no-sqlite": sqlite = false
        case "--statements": statements = true
        case "--bursts":
            bursts = (remaining.popFirst() ?? "").split(separator: ",").compactMap { $0 == "own" ? true : $0 == "foreign" ? false : nil }
            guard !bursts.isEmpty else { throw LocalNginxError("--bursts needs own, foreign or own,foreign") }
        case "--synchronous":
            synchronousModes = (remaining.popFirst() ?? "").split(separator: ",").compactMap { $0 == "on" ? true : $0 == "off" ? false : nil }
            guard !synchronousModes.isEmpty else { throw LocalNginxError("--synchronous needs on, off or on,off") }
        default: throw LocalNginxError("unknown option \(argument)")
        }
    }
    let nginx = try LocalNginx(program: "nginx")
    defer { nginx.stop() }
    var settings = fsync ? ["fsync": "on", "full_page_writes": "on"] : [:]
    if statements { settings["shared_preload_libraries"] = "pg_stat_statements" }
    let cluster = try PostgresCluster(settings: settings)
    defer { cluster.destroy() }
    if statements { try cluster.psql("CREATE EXTENSION pg_stat_statements; SELECT pg_stat_statements_reset();") }
    let url = "http://127.0.0.1:\(nginx.port)/hook"
    let (channels, secrets) = try sharedBenchChannels(url: url)
    let devNull = open("/dev/null", O_WRONLY)
    defer { close(devNull) }
    let logger = LogfmtLogger(fileDescriptor: devNull, minimumLevel: .info)
    print("shared-outbox: \(BenchmarkClock.grouped(Double(count))) webhook notifications to nginx (return 204, 2 workers, keep-alive), "
          + "pool \(connections) and batches of \(batch) per worker; PostgreSQL 15 on a unix socket, fsync \(fsync ? "on" : "off"); "
          + "SQLite WAL, synchronous=NORMAL; \(runs) runs, configurations alternated; load \(loadAverage())")

    struct Setup: Hashable { var own: Bool; var postgres: Bool; var workers: Int; var synchronous = true }
    let configurations = bursts.flatMap { own in
        (sqlite ? [Setup(own: own, postgres: false, workers: 1)] : [])
            + synchronousModes.flatMap { mode in workerCounts.map { Setup(own: own, postgres: true, workers: $0, synchronous: mode) } }
    }
    var results: [Setup: [SharedOutboxRun]] = [:]
    for run in 0..<runs {
        for configuration in configurations {
            let result = try sharedOutboxRun(own: configuration.own, postgres: configuration.postgres ? cluster : nil,
                                             synchronous: configuration.synchronous,
                                             workers: configuration.workers, count: count,
                                             batch: batch, connections: connections, channels: channels, secrets: secrets, logger: logger,
                                             nginx: nginx, label: "r\(run)w\(configuration.workers)\(configuration.own ? "o" : "f")")
            results[configuration, default: []].append(result)
        }
    }
    for (index, configuration) in configurations.enumerated() {
        if index == 0 || configuration.own != configurations[index - 1].own {
            print(configuration.own
                  ? "\nDECIDED BY THE WORKERS: each commits its share (batches of \(batch), claimed by the INSERT) and sends it at once, as the worker path does; timed from the first commit to the last outcome recorded"
                  : "\nA BURST QUEUED ELSEWHERE (another worker, state migrate), committed first (COMMIT/S), then claimed with SKIP LOCKED and sent; timed from the first claim to the last outcome recorded")
            print("STATE                                          NOTIFICATIONS/S (median)  RUNS                                        COMMIT/S   "
                  + "CPU µs/NOTIF: leavenow  postgres  nginx   ROUND TRIPS/NOTIF  TRANSACTIONS/NOTIF")
        }
        let rows = results[configuration] ?? []
        func median(_ values: (SharedOutboxRun) -> Double) -> Double { BenchmarkClock.median(rows.map(values)) }
        let name = configuration.postgres
            ? "PostgreSQL, synchronous_commit \(configuration.synchronous ? "on, " : "off,") \(configuration.workers) worker\(configuration.workers == 1 ? "" : "s")"
            : "SQLite, 1 worker"
        let rates = rows.map { Double(count) / $0.sendSeconds }
        let runsText = rates.map { BenchmarkClock.grouped($0) }.joined(separator: " ")
        print(name.padding(toLength: 47, withPad: " ", startingAt: 0)
              + BenchmarkClock.grouped(BenchmarkClock.median(rates)).padding(toLength: 26, withPad: " ", startingAt: 0)
              + runsText.padding(toLength: max(44, runsText.count + 1), withPad: " ", startingAt: 0)
              + BenchmarkClock.grouped(median { Double(count) / $0.commitSeconds }).padding(toLength: 11, withPad: " ", startingAt: 0)
              + String(format: "%22.1f  %8.1f  %5.1f", median(\.clientCPU) / Double(count) * 1e6, median(\.serverCPU) / Double(count) * 1e6,
                       median(\.nginxCPU) / Double(count) * 1e6)
              + (configuration.postgres ? String(format: "   %17.3f  %18.3f", median(\.roundTrips) / Double(count), median(\.transactions) / Double(count))
                                        : "   -                  -"))
    }
    print("(CPU of the timed phase, from /proc; the machine has \(ProcessInfo.processInfo.activeProcessorCount) cores shared by the workers, "
          + "PostgreSQL and nginx; load at the end \(loadAverage()))")
    if statements {
        let notified = Double(count * runs * configurations.filter(\.postgres).count)
        let store = try PostgresStore(url: cluster.socketURL(database: "postgres"))
        defer { store.close() }
        print("SERVER TIME PER STATEMENT (all PostgreSQL runs, commits included)      CALLS/1000 NOTIF   MS/1000 NOTIF   ROWS/CALL")
        for row in try store.connection.query("""
            SELECT regexp_replace(query, '\\s+', ' ', 'g') AS text, SUM(calls), SUM(total_exec_time), SUM(rows) FROM pg_stat_statements
            GROUP BY text ORDER BY SUM(total_exec_time) DESC LIMIT 10
            """) {
            let text = try row.text(0), calls = Double(try row.text(1)) ?? 0, total = Double(try row.text(2)) ?? 0, rows = Double(try row.text(3)) ?? 0
            print(String(text.prefix(70)).padding(toLength: 72, withPad: " ", startingAt: 0)
                  + String(format: "%16.1f  %14.1f  %10.1f", calls / notified * 1000, total / notified * 1000, rows / max(calls, 1)))
        }
    }
}

/// What one configuration's run measured.
private struct SharedOutboxRun {
    var commitSeconds: Double
    var sendSeconds: Double
    /// CPU seconds of this process during the send (the workers' threads).
    var clientCPU: Double
    /// CPU seconds of every PostgreSQL process during the send.
    var serverCPU: Double
    /// CPU seconds of nginx during the send.
    var nginxCPU: Double
    /// libpq statements of the sending workers.
    var roundTrips: Double
    /// Server transactions committed during the send.
    var transactions: Double
}

/// One webhook channel `sink`, unlimited (rate_per_minute: 0), posting to `url`.
private func sharedBenchChannels(url: String) throws -> (channels: [ChannelSpec], secrets: SecretSource) {
    let directory = try temporaryDirectory("shared-bench-channels")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Data("channels:\n  - id: sink\n    type: webhook\n    url_env: BENCH_SINK_URL\n    rate_per_minute: 0\n".utf8)
        .write(to: URL(fileURLWithPath: directory + "/channels.yaml"))
    return (try Configuration.load(directory: directory).channels, SecretSource(environment: ["BENCH_SINK_URL": url]))
}

private func sharedOutboxRun(own: Bool, postgres cluster: PostgresCluster?, synchronous: Bool, workers: Int, count: Int, batch: Int, connections: Int,
                             channels: [ChannelSpec], secrets: SecretSource, logger: LogfmtLogger, nginx: LocalNginx,
                             label: String) throws -> SharedOutboxRun {
    let now = Int64(Date().timeIntervalSince1970)
    let configuration = DispatcherConfiguration(maxConnections: connections, proxy: .direct)
    let notifications = (0..<count).map { benchNotification("\(label)-\($0)", fireAt: now) }
    var cleanup: [() -> Void] = []
    defer { for step in cleanup.reversed() { step() } }

    // The state, and the burst committed into it as a worker commits (untimed apart).
    // Each store, with its PostgreSQL connection for the server's counters (nil on SQLite).
    let opener: () throws -> (store: any NotificationStore, postgres: PostgresStore?)
    var database = ""
    if let cluster {
        database = "bench_\(label.lowercased())_\(UInt32.random(in: 0...UInt32.max))"
        try cluster.createDatabase(database)
        if !synchronous { try cluster.psql("ALTER DATABASE \(database) SET synchronous_commit = off") }
        let url = cluster.socketURL(database: database)
        opener = {
            let store = try PostgresStore(url: url)
            return (store, store)
        }
    } else {
        let directory = try temporaryDirectory("shared-bench-sqlite")
        cleanup.append { try? FileManager.default.removeItem(atPath: directory) }
        opener = { (try SQLiteStore(path: directory + "/state.db"), nil) }
    }
    let (committer, committerConnection) = try opener()
    cleanup.append { committer.close() }
    var commitSeconds = 0.0
    if !own {
        let commitStart = BenchmarkClock.seconds()
        for start in stride(from: 0, to: count, by: batch) {
            _ = try committer.commit(notifications: Array(notifications[start..<min(start + batch, count)]), ruleStates: [:], now: now)
        }
        commitSeconds = BenchmarkClock.seconds() - commitStart
    }

    // The sending halves, each on its thread with its own store and dispatcher, started together.
    let opened = try (0..<workers).map { index in
        let opened = try opener()
        opened.store.sharedFleet?.claimOutbox(as: "\(label)-worker-\(index)", for: 60)
        return opened
    }
    let stores = opened.map(\.store)
    cleanup.append { for store in stores { store.close() } }
    let pumps = stores.map { store in
        OutboxPump(store: store, fleet: store.sharedFleet, dispatcher: Dispatcher(channels: channels, secrets: secrets, configuration: configuration),
                   logger: logger, batchSize: batch)
    }
    let serverBefore = cluster.map { processTreeCPU(root: $0.serverPID) } ?? [:]
    let nginxBefore = processTreeCPU(root: nginx.processID)
    let transactionsBefore = try cluster.map { _ in try serverTransactions(committerConnection, database: database) } ?? 0
    let roundTripsBefore = opened.map { $0.postgres?.connection.roundTrips ?? 0 }.reduce(0, +)
    let clientBefore = processCPUSeconds()
    let started = BenchmarkClock.seconds()
    let group = DispatchGroup()
    let failures = Mutex<[String]>([])
    let done = Atomic<Bool>(false)
    let sharesLeft = Atomic<Int>(own ? workers : 0)
    let commitNanoseconds = Atomic<Int>(0)
    for index in pumps.indices {
        nonisolated(unsafe) let pump = pumps[index], store = stores[index]
        let share = own ? stride(from: index, to: count, by: workers).map { notifications[$0] } : []
        group.enter()
        let thread = Thread {
            defer { group.leave() }
            do {
                // Its own decisions: commit a batch (claimed by the INSERT), hand it to the pump.
                for start in stride(from: 0, to: share.count, by: batch) {
                    let commitStart = BenchmarkClock.seconds()
                    let queued = try store.commit(notifications: Array(share[start..<min(start + batch, share.count)]), ruleStates: [:], now: now)
                    commitNanoseconds.add(Int((BenchmarkClock.seconds() - commitStart) * 1e9), ordering: .relaxed)
                    pump.deliver(now: now, fresh: queued)
                }
                if own { sharesLeft.subtract(1, ordering: .releasing) }
            } catch {
                failures.withLock { $0.append("\(error)") }
                if own { sharesLeft.subtract(1, ordering: .releasing) }
            }
            // As the worker's sender: deliver what is due; look again shortly when nothing is left
            // for this worker (the others may still hold claims). Bounded: at most 10 minutes.
            let end = Date().addingTimeInterval(600)
            while !done.load(ordering: .acquiring), Date() < end {
                pump.deliver(now: now)
                usleep(5_000)
            }
        }
        thread.start()
    }
    // Done when nothing is pending (looked at every 20 ms).
    var sendSeconds = 0.0
    let deadline = Date().addingTimeInterval(600)
    while Date() < deadline {
        if sharesLeft.load(ordering: .acquiring) == 0, try !anyPending(committer, postgres: committerConnection) {
            sendSeconds = BenchmarkClock.seconds() - started
            break
        }
        usleep(20_000)
    }
    done.store(true, ordering: .releasing)
    group.wait()
    if sendSeconds == 0 { failures.withLock { $0.append("\(label): still pending after 10 minutes") } }
    if own { commitSeconds = Double(commitNanoseconds.load(ordering: .relaxed)) / 1e9 / Double(workers) }
    let clientCPU = processCPUSeconds() - clientBefore
    let serverCPU = cluster.map { cpuSpent(processTreeCPU(root: $0.serverPID), since: serverBefore) } ?? 0
    let nginxCPU = cpuSpent(processTreeCPU(root: nginx.processID), since: nginxBefore)
    let roundTrips = opened.map { $0.postgres?.connection.roundTrips ?? 0 }.reduce(0, +) - roundTripsBefore
    // A backend reports its transactions when it exits (or idles a second): close the senders' first.
    for store in stores { store.close() }
    if cluster != nil { usleep(300_000) }
    let transactions = try cluster.map { _ in try serverTransactions(committerConnection, database: database) - transactionsBefore } ?? 0
    if let failure = failures.withLock({ $0.first }) { throw LocalNginxError("a sending worker failed: \(failure)") }
    let counts = try committer.counts()
    guard counts[.delivered] == count else { throw LocalNginxError("\(label): \(counts) after \(count) notifications") }
    return SharedOutboxRun(commitSeconds: commitSeconds, sendSeconds: sendSeconds, clientCPU: clientCPU, serverCPU: serverCPU,
                           nginxCPU: nginxCPU, roundTrips: Double(roundTrips), transactions: Double(transactions))
}

/// Whether an entry of `store` is still pending: on PostgreSQL (`postgres`, its connection) one probe
/// of the pending index (cheap for the server while the workers send), on SQLite the pending counts.
private func anyPending(_ store: any NotificationStore, postgres: PostgresStore?) throws -> Bool {
    if let postgres {
        return try postgres.connection.query("SELECT EXISTS (SELECT 1 FROM outbox WHERE status = 'pending')").first?.text(0) == "t"
    }
    return try store.pendingCountsByChannel().values.reduce(0, +) > 0
}

/// Transactions committed in `database` so far (`pg_stat_database`, flushed by the server within a second or so).
private func serverTransactions(_ store: PostgresStore?, database: String) throws -> Int {
    guard let store else { return 0 }
    _ = try store.connection.query("SELECT pg_stat_clear_snapshot()")
    return Int(try store.connection.query("SELECT xact_commit FROM pg_stat_database WHERE datname = $1", [database]).first?.int64(0) ?? 0)
}

/// CPU seconds (user + system) so far of `root` and every process below it, by pid (from /proc).
func processTreeCPU(root: Int32?) -> [Int32: Double] {
    guard let root, let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [:] }
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    var parent: [Int32: Int32] = [:], cpu: [Int32: Double] = [:]
    for name in names {
        guard let pid = Int32(name), let text = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { continue }
        // After "pid (comm)": state ppid … utime (14th field) stime (15th).
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let ppid = Int32(fields[1]), let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
        parent[pid] = ppid
        cpu[pid] = (user + system) / ticks
    }
    var result: [Int32: Double] = [:]
    for (pid, seconds) in cpu {
        var current: Int32? = pid
        var depth = 0
        while let at = current, depth < 16 {
            if at == root { result[pid] = seconds; break }
            current = parent[at]
            depth += 1
        }
    }
    return result
}

/// CPU spent since `before` by the processes of `after` (new ones from zero; the exited ones' share is lost).
func cpuSpent(_ after: [Int32: Double], since before: [Int32: Double]) -> Double {
    after.reduce(0) { $0 + max(0, $1.value - (before[$1.key] ?? 0)) }
}

/// `/proc/loadavg`'s first three numbers.
func loadAverage() -> String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(separator: " ")
}

// MARK: - shared-rules

/// 1,000,000 leave-now rules (the commutes of `leavenow-bench rules`: one platform or direction, a
/// 30-minute window, a 10-minute heads-up and the leave-now) split over 3 workers by their partition
/// leases on one PostgreSQL (`WorkerLeases`, as `leavenow run` leases them), in one process:
///
/// - **memory per rule**: resident growth for the rule specs, then for the engines, the steppers
///   and the rule states after a planned day (the worker keeps all of them), per rule;
/// - **time to plan a day**: each worker's `RuleStepper` stepped through 2024-12-23 over its share,
///   as the worker's passes step it (without committing the day's notifications: the outbox
///   benchmark measures that path), the three on their own threads at once; then each worker's rule
///   states committed to PostgreSQL (what a takeover reads back);
/// - **takeover after a `kill -9`**: one worker stops heartbeating; the survivors heartbeat every
///   second of a logical clock and take its partitions when its lease lapses (the TTL: 30 s of the
///   clock), then adopt them as the worker does — a new engine over their share, every rule state
///   loaded from PostgreSQL, a first step of every rule they hold — timed in real seconds.
///
/// The rule engine is measured as it is; re-run with `leavenow-bench shared-rules` after it changes.
///
/// `leavenow-bench shared-rules [--rules N] [--workers W]`
func runSharedRulesBenchmark(arguments: [String]) throws {
    var ruleCount = 1_000_000, workerCount = 3
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
        switch argument {
        case "--rules": ruleCount = Int(remaining.popFirst() ?? "") ?? ruleCount
        case "--workers": workerCount = max(2, Int(remaining.popFirst() ?? "") ?? workerCount)
        default: throw LocalNginxError("unknown option \(argument)")
        }
    }
    let cluster = try PostgresCluster(settings: ["fsync": "on", "full_page_writes": "on"])
    defer { cluster.destroy() }
    try cluster.createDatabase("rules")
    let url = cluster.socketURL(database: "rules")
    let catalog = try BoardCatalog.load(directory: "rules")
    let boards = catalog.boardsByID
    let facts = FactSet(boards: boards)
    let zone = TimeZone(identifier: "Asia/Tokyo")!
    let dayStart = ZoneClock(timeZone: zone).instant(date: LocalDate("2024-12-23")!, seconds: 0)
    let dayEnd = dayStart + 86_400
    print("shared-rules: \(BenchmarkClock.grouped(Double(ruleCount))) leave-now rules over \(workerCount) workers leasing 64 partitions on one "
          + "PostgreSQL (fsync on), a simulated day (2024-12-23); load \(loadAverage())")

    let residentStart = residentBytes()
    let specs = sharedBenchRules(count: ruleCount, zone: zone)
    let residentSpecs = residentBytes()

    // The workers join and settle (heartbeats every 10 s of a logical clock until the shares are fair).
    let stores = try (0..<workerCount).map { _ in try PostgresStore(url: url) }
    defer { for store in stores { store.close() } }
    let leases = stores.enumerated().map { WorkerLeases(connection: $0.element.connection, id: "worker-\($0.offset)", ttl: 30) }
    var clock = dayStart - 600
    for holder in leases { try holder.join(now: clock) }
    let fair = (64 + workerCount - 1) / workerCount
    var rounds = 0
    while leases.contains(where: { $0.held.count > fair }) || leases.map(\.held.count).reduce(0, +) < 64, rounds < 100 {
        clock += 10
        rounds += 1
        for holder in leases { try holder.heartbeat(now: clock) }
    }
    func share(_ held: Set<Int>) -> [RuleSpec] { specs.filter { held.contains(RulePartition.of($0.id)) } }
    let shares = leases.map { share($0.held) }
    print("  leases settled after \(rounds) heartbeats: partitions \(leases.map(\.held.count)), rules \(shares.map { BenchmarkClock.grouped(Double($0.count)) })")

    // Plan the day on every worker at once.
    final class Planned: @unchecked Sendable {
        var state = EngineState()
        var stepper: RuleStepper?
        var notifications = 0, passes = 0
        var wall = 0.0, cpu = 0.0
    }
    let planned = shares.map { _ in Planned() }
    let planStart = BenchmarkClock.seconds()
    let group = DispatchGroup()
    for (index, rules) in shares.enumerated() {
        let result = planned[index]
        group.enter()
        Thread {
            defer { group.leave() }
            let cpuStart = threadCPUSeconds(), wallStart = BenchmarkClock.seconds()
            var stepper = RuleStepper(engine: RuleEngine(rules: rules), start: dayStart)
            var schedules = ScheduleCache()
            var now = dayStart
            while now < dayEnd {
                let (notifications, _) = stepper.step(now: now, updated: [], facts: facts, state: &result.state, schedules: &schedules)
                result.notifications += notifications.count
                result.passes += 1
                guard let next = stepper.nextWake else { break }
                now = max(next, now + 1)
            }
            result.stepper = stepper
            result.wall = BenchmarkClock.seconds() - wallStart
            result.cpu = threadCPUSeconds() - cpuStart
        }.start()
    }
    group.wait()
    let planWall = BenchmarkClock.seconds() - planStart
    let residentPlanned = residentBytes()
    let notifications = planned.map(\.notifications).reduce(0, +)
    print("  plan a day: \(String(format: "%.1f", planWall)) s wall for all \(workerCount) at once on \(ProcessInfo.processInfo.activeProcessorCount) cores; "
          + "per worker \(planned.map { String(format: "%.1f s CPU", $0.cpu) }.joined(separator: ", ")) "
          + "(\(planned.map { BenchmarkClock.grouped(Double($0.passes)) }.joined(separator: " / ")) passes); "
          + "\(BenchmarkClock.grouped(Double(notifications))) notifications; "
          + "\(BenchmarkClock.grouped(Double(ruleCount) / planned.map(\.cpu).reduce(0, +))) rule-days per CPU-second")

    // Each worker commits its rule states (what another worker reads back when it takes the rules over).
    var commitTimes = [Double](repeating: 0, count: workerCount)
    let commitStart = BenchmarkClock.seconds()
    let commitGroup = DispatchGroup()
    let commitTimesLock = Mutex<[Double]>(commitTimes)
    for index in 0..<workerCount {
        nonisolated(unsafe) let store = stores[index]
        let result = planned[index]
        commitGroup.enter()
        Thread {
            defer { commitGroup.leave() }
            let start = BenchmarkClock.seconds()
            try? store.saveRuleStates(result.state.rules, now: dayEnd)
            let seconds = BenchmarkClock.seconds() - start
            commitTimesLock.withLock { $0[index] = seconds }
        }.start()
    }
    commitGroup.wait()
    commitTimes = commitTimesLock.withLock { $0 }
    let stored = try stores[0].connection.query("SELECT COUNT(*), SUM(length(state)) FROM rule_state").first
    let storedRows = try stored?.int64(0) ?? 0, storedBytes = try stored?.int64(1) ?? 0
    print("  rule states committed: \(BenchmarkClock.grouped(Double(storedRows))) rows (\(storedBytes / max(storedRows, 1)) bytes of JSON each) in "
          + "\(String(format: "%.1f", BenchmarkClock.seconds() - commitStart)) s wall (per worker \(commitTimes.map { String(format: "%.1f s", $0) }.joined(separator: ", ")))")
    let residentGrowth = residentPlanned - residentStart
    print("  memory: \(BenchmarkClock.grouped(Double(residentGrowth) / Double(ruleCount))) bytes per rule in all (specs "
          + "\(BenchmarkClock.grouped(Double(residentSpecs - residentStart) / Double(ruleCount))), engines + steppers + state after the day "
          + "\(BenchmarkClock.grouped(Double(residentPlanned - residentSpecs) / Double(ruleCount)))); goal ≤ 1 KB")

    // kill -9 of the worker holding the most partitions: it heartbeats no more.
    let victim = leases.indices.max { leases[$0].held.count < leases[$1].held.count } ?? 0
    let survivors = leases.indices.filter { $0 != victim }
    let killedAt = clock + 5
    let orphaned = leases[victim].held
    var takenAt: Int64?
    var now = killedAt
    while now < killedAt + 120 {
        now += 1
        // As `LeaseKeeper`: every 10 s, and at the instant another worker's lease lapses.
        for index in survivors where now >= (leases[index].validUntil ?? 0) - 20 || now >= (leases[index].nextExpiry ?? .max) {
            try leases[index].heartbeat(now: now)
        }
        if orphaned.isSubset(of: Set(survivors.flatMap { leases[$0].held })) {
            takenAt = now
            break
        }
    }
    guard let takenAt else { throw LocalNginxError("the killed worker's partitions were not taken over in 120 s") }
    // The survivors adopt their new shares as the worker does (`Worker.adoptLeases`): a new engine over
    // the share going on from the old stepper (the rules kept keep their wake-ups), the committed
    // states of the rules new to them read from PostgreSQL, a first step of those rules.
    var adoption: [(engine: Double, load: Double, step: Double, rules: Int, taken: Int, ran: Int)] = []
    for index in survivors {
        let engineStart = BenchmarkClock.seconds()
        let kept = Set(shares[index].map(\.id))
        let rules = share(leases[index].held)
        var stepper = RuleStepper(engine: RuleEngine(rules: rules), start: takenAt, continuing: planned[index].stepper!)
        let taken = rules.map(\.id).filter { !kept.contains($0) }
        let loadStart = BenchmarkClock.seconds()
        var state = EngineState()
        swap(&state, &planned[index].state)
        for (id, ruleState) in try stores[index].loadEngineState(rules: taken, onUndecodable: nil).rules { state.rules[id] = ruleState }
        let stepStart = BenchmarkClock.seconds()
        var schedules = ScheduleCache()
        let ran = stepper.step(now: takenAt, updated: [], facts: facts, state: &state, schedules: &schedules).ran.count
        let stepEnd = BenchmarkClock.seconds()
        adoption.append((loadStart - engineStart, stepStart - loadStart, stepEnd - stepStart, rules.count, taken.count, ran))
    }
    print("  takeover after a kill -9 of the worker with \(orphaned.count) partitions: leases taken \(takenAt - killedAt) s (logical) after the "
          + "kill (TTL 30 s), then adopted by each survivor in " + adoption.map {
              String(format: "%.1f s (engine over %@ rules %.1f + %@ states read %.1f + first step %.1f, %@ rules ran)", $0.engine + $0.load + $0.step,
                     BenchmarkClock.grouped(Double($0.rules)), $0.engine, BenchmarkClock.grouped(Double($0.taken)), $0.load, $0.step,
                     BenchmarkClock.grouped(Double($0.ran)))
          }.joined(separator: "; "))
}

/// The commutes of `leavenow-bench rules` (same generator, same seed): `count` leave-now rules
/// over the example boards, one platform or direction and a 30-minute window each.
func sharedBenchRules(count: Int, zone: TimeZone) -> [RuleSpec] {
    let location = ConfigLocation(file: "bench", line: 1, column: 1)
    let boardIDs = ["chofu-to-mitaka", "mitaka-to-chofu", "ginza"]
    var rng = SplitMix64(seed: 7)
    var rules: [RuleSpec] = []
    rules.reserveCapacity(count)
    for index in 0..<count {
        let start = 5 * 3600 + Int(rng.next() % 18) * 3600 + Int(rng.next() % 4) * 900
        var spec = LeaveNowSpec(board: boardIDs[index % boardIDs.count])
        spec.window = ClockWindow(start: start, end: start + 1800)
        switch index % boardIDs.count {
        case 0: spec.stops = [["11", "12", "14"][Int(rng.next() % 3)]]
        case 1: spec.stops = [["6", "7", "2"][Int(rng.next() % 3)]]
        default: spec.destinations = [["浅草", "渋谷"][Int(rng.next() % 2)]]
        }
        spec.headsUpSeconds = [600, 0]
        spec.bufferSeconds = Int(rng.next() % 3) * 60
        rules.append(RuleSpec(id: "rule-\(index)", kind: .leaveNow(spec),
                              common: RuleCommonSpec(channels: ["phone"], timeZone: zone), location: location, references: []))
    }
    return rules
}

/// This thread's CPU seconds so far.
func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
