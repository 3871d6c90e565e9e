import Daemon
import Foundation
import Store
import Synchronization
import TestServers
import Worker

/// What the rules' history costs the worker: N leave-now commutes over the example boards (as in
/// `leavenow-bench rules`), run through the real ``Worker`` pass by pass across one simulated day
/// (recorded facts, an SQLite state, the channel held so nothing is sent), once with `history: keep: 0`
/// and once with the default `keep: 20`, alternated. Prints the wall time of the day's passes, the
/// evaluations recorded, and the size of what was kept.
///
/// `leavenow-bench history [--rules N] [--rounds R] [--keep K]`: with `--keep`, one run of that
/// setting only (for `perf stat` of each setting in its own process).
func runHistoryBenchmark(arguments: [String]) throws {
    func option(_ name: String) -> Int? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return Int(arguments[index + 1])
    }
    let ruleCount = option("--rules") ?? 10_000
    let rounds = option("--rounds") ?? 3
    let settings = option("--keep").map { [$0] } ?? [0, 20]
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-bench-history-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeHistoryBenchRules(in: root, count: ruleCount)
    print("history: \(ruleCount) leave-now rules over the example boards, one simulated day (2024-12-23) through Worker.pass(), SQLite state")
    var results: [Int: [Double]] = [:]
    for round in 0..<(option("--keep") == nil ? rounds : 1) {
        for keep in settings {
            let run = try runHistoryBenchDay(root: root, keep: keep, round: round)
            results[keep, default: []].append(run.seconds)
            print("  keep \(keep): \(String(format: "%.2f", run.seconds)) s, \(run.passes) passes, \(run.evaluations) evaluations recorded, "
                + "\(run.rows) rows kept (\(run.recordBytes) bytes of records, \(run.rows > 0 ? run.recordBytes / run.rows : 0) B each), state file \(run.fileBytes / 1024) KiB")
        }
    }
    if settings.count == 2, let off = results[0], let on = results[20] {
        let offMedian = BenchmarkClock.median(off), onMedian = BenchmarkClock.median(on)
        print("  median: keep 0 \(String(format: "%.2f", offMedian)) s, keep 20 \(String(format: "%.2f", onMedian)) s: "
            + "\(String(format: "%+.1f", (onMedian / offMedian - 1) * 100)) %  (load \(loadAverage()))")
    }
}

/// A rules directory: the example boards and sources (symlinked), a held webhook channel, N commutes.
private func writeHistoryBenchRules(in root: String, count: Int) throws {
    let rules = root + "/rules"
    try FileManager.default.createDirectory(atPath: rules, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: root + "/fixtures", withIntermediateDirectories: true)
    let examples = FileManager.default.currentDirectoryPath + "/rules"
    for name in ["boards.yaml", "sources.yaml", "data", "timetables"] {
        try FileManager.default.createSymbolicLink(atPath: rules + "/" + name, withDestinationPath: examples + "/" + name)
    }
    try "channels:\n  - {id: hook, type: webhook, url_env: LEAVENOW_BENCH_HOOK_URL}\n".write(toFile: rules + "/channels.yaml", atomically: true, encoding: .utf8)
    // A file holds at most 100,000 YAML nodes (YAMLLimits): 2,000 rules a file.
    var text = ""
    var rng = SplitMix64(seed: 7)
    let boards = ["chofu-to-mitaka", "mitaka-to-chofu", "ginza"]
    for index in 0..<count {
        if index % 2_000 == 0 {
            if !text.isEmpty { try text.write(toFile: rules + "/bench-\(index / 2_000).yaml", atomically: true, encoding: .utf8) }
            text = "rules:\n"
        }
        let start = 5 * 60 + Int(rng.next() % 18) * 60 + Int(rng.next() % 4) * 15
        let window = String(format: "%02d:%02d-%02d:%02d", start / 60, start % 60, (start + 30) / 60, (start + 30) % 60)
        let filter: String
        switch index % 3 {
        case 0: filter = "stops: [\"\(["11", "12", "14"][Int(rng.next() % 3)])\"]"
        case 1: filter = "stops: [\"\(["6", "7", "2"][Int(rng.next() % 3)])\"]"
        default: filter = "destinations: [\(["浅草", "渋谷"][Int(rng.next() % 2)])]"
        }
        text += "  - {id: rule-\(index), kind: leave_now, board: \(boards[index % 3]), \(filter), between: \"\(window)\", heads_up: [10m, 0m], "
            + "buffer: \(Int(rng.next() % 3))m, channels: [hook]}\n"
    }
    try text.write(toFile: rules + "/bench-last.yaml", atomically: true, encoding: .utf8)
}

/// One day of passes with `history: keep: keep`, in a fresh state.
private func runHistoryBenchDay(root: String, keep: Int, round: Int) throws
    -> (seconds: Double, passes: Int, evaluations: Int, rows: Int, recordBytes: Int, fileBytes: Int) {
    try "history: {keep: \(keep)}\n".write(toFile: root + "/rules/history.yaml", atomically: true, encoding: .utf8)
    let state = root + "/state-\(keep)-\(round)"
    try? FileManager.default.removeItem(atPath: state)
    let dayStart: Int64 = 1_734_879_600  // 2024-12-23T00:00:00+09:00
    let clock = BenchWorkerClock(dayStart)
    let options = WorkerOptions(rulesDirectory: root + "/rules", statePath: state + "/state.db", fixtures: root + "/fixtures", environment: [:])
    let null = FileHandle(forWritingAtPath: "/dev/null")!
    let worker = try Worker(options: options, clock: clock, logger: LogfmtLogger(fileHandle: null))
    var passes = 0
    let started = BenchmarkClock.seconds()
    while true {
        passes += 1
        guard let next = worker.pass(), next < dayStart + 86_400, passes < 1_000_000 else { break }
        clock.set(next)
    }
    let seconds = BenchmarkClock.seconds() - started
    let store = try SQLiteStore(path: state + "/state.db")
    defer { store.close() }
    let (rows, bytes) = try store.database.query("SELECT COUNT(*), COALESCE(SUM(LENGTH(record)), 0) FROM rule_history") { row in
        (Int(try row.int64(0)), Int(try row.int64(1)))
    }.first ?? (0, 0)
    // Every evaluation recorded got an id; the rows kept are the last `keep` of each rule.
    let recorded = try store.database.query("SELECT COALESCE(MAX(id), 0) FROM rule_history") { row in Int(try row.int64(0)) }.first ?? 0
    let size = ((try? FileManager.default.attributesOfItem(atPath: state + "/state.db")[.size]) as? Int ?? 0)
        + ((try? FileManager.default.attributesOfItem(atPath: state + "/state.db-wal")[.size]) as? Int ?? 0)
    return (seconds, passes, recorded, rows, bytes, size)
}

/// A worker clock the benchmark sets pass by pass.
private final class BenchWorkerClock: WorkerClock {
    private let instant: Mutex<Double>
    init(_ start: Int64) { instant = Mutex(Double(start)) }
    func set(_ value: Int64) { instant.withLock { $0 = Double(value) } }
    func now() -> Double { instant.withLock { $0 } }
    func realTime(of instant: Double) -> Date { Date() }
    var realSecondsPerSecond: Double { 0 }
}
