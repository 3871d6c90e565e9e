import Config
import Facts
import Foundation
import Rules
import TestServers
import Timetable

/// 100,000 leave-now rules over the example boards, each evaluated across a simulated day the way
/// the worker does (woken only when it asked to be): the time on one core (wall and CPU, median of
/// `--runs`, each run with a new engine and fresh state) and the memory per rule (resident growth
/// over the first run: the rules, the engine, and the rules' state after the day). Then
/// `leavenow dry-run` of the examples over a day, as a user runs it: wall time with start-up.
///
/// `leavenow-bench rules [N | --rules N] [--runs R] [--no-dry-run] [--no-state-coding]`; `--rules
/// 1000000` is the million-rule day.
func runRuleBenchmark(arguments: [String]) throws {
    var ruleCount = 100_000, runs = 5, dryRun = true, stateCoding = true
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
        switch argument {
        case "--rules": ruleCount = Int(remaining.popFirst() ?? "") ?? ruleCount
        case "--runs": runs = max(1, Int(remaining.popFirst() ?? "") ?? runs)
        case "--no-dry-run": dryRun = false
        case "--no-state-coding": stateCoding = false
        default:
            guard let count = Int(argument) else { throw LocalNginxError("unknown option \(argument)") }
            ruleCount = count
        }
    }
    // First, while this process is small: spawning from a process holding 100k rules costs more.
    if dryRun { try runDryRunWallTime() }
    let catalog = try BoardCatalog.load(directory: "rules")
    let boards = catalog.boardsByID
    let zone = TimeZone(identifier: "Asia/Tokyo")!
    let boardIDs = ["chofu-to-mitaka", "mitaka-to-chofu", "ginza"]
    let perDay = boardIDs.map { boards[$0]!.serviceDay(LocalDate("2024-12-23")!).count }
    let clock = ZoneClock(timeZone: zone)
    let dayStart = clock.instant(date: LocalDate("2024-12-23")!, seconds: 0)
    let facts = FactSet(boards: boards)
    print("rules: \(BenchmarkClock.grouped(Double(ruleCount))) leave-now rules (10 min heads-up + leave-now; one platform or direction, a 30-minute "
          + "window each) over boards of \(perDay.map(String.init).joined(separator: " / ")) departures/day; load \(loadAverage())")

    var walls: [Double] = [], cpus: [Double] = []
    var lastStates: [RuleState] = []
    for run in 0..<runs {
        let residentBefore = residentBytes()
        let rules = sharedBenchRules(count: ruleCount, zone: zone)
        let engineStart = BenchmarkClock.seconds()
        let engine = RuleEngine(rules: rules)
        if run == 0 { print(String(format: "  engine for the rules built in %.3f s", BenchmarkClock.seconds() - engineStart)) }
        let day = simulateDay(engine: engine, facts: facts, from: dayStart)
        let residentAfter = residentBytes()
        walls.append(day.wall)
        cpus.append(day.cpu)
        print("  run \(run + 1): a simulated day (2024-12-23): \(day.evaluations) evaluations, \(day.notifications) notifications, "
              + String(format: "%.3f s on one core (%.3f s of CPU)", day.wall, day.cpu)
              + (run == 0 ? "; memory ~\((residentAfter - residentBefore) / max(ruleCount, 1)) bytes per rule "
                  + "(resident growth for rules, engine and their state after the day; goal ≤ 1 KB)" : ""))
        withExtendedLifetime((rules, engine, day.states)) {}
        if run == runs - 1 { lastStates = day.states }
    }
    print(String(format: "  median of %d: %.3f s (%.3f s of CPU; best %.3f s); rule-days/s: %@  (goal: 100k rules × 1 day < 0.5 s; 1M < 10 s); load %@",
                 runs, BenchmarkClock.median(walls), BenchmarkClock.median(cpus), walls.min() ?? 0,
                 BenchmarkClock.grouped(Double(ruleCount) / BenchmarkClock.median(walls)), loadAverage()))
    if stateCoding { try measureStateCoding(Array(lastStates.prefix(100_000))) }
}

/// The rule states after the day as a store keeps them (JSON, as `NotificationStore` writes it):
/// bytes per state and the time to write and read one (what a worker taking rules over reads), in
/// this version's form and in the form the version before wrote (every key in `sent`), read by
/// this version.
private func measureStateCoding(_ states: [RuleState]) throws {
    guard !states.isEmpty else { return }
    let encoder = JSONEncoder(), decoder = JSONDecoder()
    var started = BenchmarkClock.seconds()
    let encoded = try states.map { try encoder.encode($0) }
    let encodeSeconds = BenchmarkClock.seconds() - started
    started = BenchmarkClock.seconds()
    for data in encoded { _ = try decoder.decode(RuleState.self, from: data) }
    let decodeSeconds = BenchmarkClock.seconds() - started
    // The same states as the version before stored them: every occurrence a key in `sent`.
    let older = try encoded.enumerated().map { index, data -> Data in
        guard var object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw LocalNginxError("rule state \(index) is not a JSON object")
        }
        var sent = object["sent"] as? [String: Any] ?? [:]
        for occurrence in (object.removeValue(forKey: "occurrences") as? String ?? "").split(separator: " ") {
            let parts = occurrence.split(separator: "+", maxSplits: 1)
            let instant = Int64(parts[0].prefix { $0 != "/" })!
            sent["rule-\(index)/\(parts[0])"] = instant + (parts.count > 1 ? Int64(parts[1])! : 0)
        }
        object["sent"] = sent
        return try JSONSerialization.data(withJSONObject: object)
    }
    started = BenchmarkClock.seconds()
    for data in older { _ = try decoder.decode(RuleState.self, from: data) }
    let olderSeconds = BenchmarkClock.seconds() - started
    let count = Double(states.count)
    print(String(format: "  rule states as stored (JSON, %@ of them): %.0f bytes each (the version before's form: %.0f); write %.1f µs, read %.1f µs each "
                 + "(the version before's form read by this version: %.1f µs)", BenchmarkClock.grouped(count),
                 Double(encoded.map(\.count).reduce(0, +)) / count, Double(older.map(\.count).reduce(0, +)) / count,
                 encodeSeconds / count * 1e6, decodeSeconds / count * 1e6, olderSeconds / count * 1e6))
}

/// Every rule of `engine` stepped through one day from `start`, each evaluated when it asked to be.
private func simulateDay(engine: RuleEngine, facts: FactSet, from start: Int64)
    -> (evaluations: Int, notifications: Int, wall: Double, cpu: Double, states: [RuleState]) {
    let end = start + 86_400
    var states = [RuleState](repeating: RuleState(), count: engine.rules.count)
    var notifications = 0
    var evaluations = 0
    var schedules = ScheduleCache()
    let started = BenchmarkClock.seconds(), cpuStarted = threadCPUSeconds()
    for index in engine.rules.indices {
        var now = start
        while now < end {
            let result = engine.evaluate(rule: index, facts: facts, state: &states[index], now: now, schedules: &schedules)
            evaluations += 1
            notifications += result.notifications.count
            guard let next = result.nextWakeUp, next < end else { break }
            now = max(next, now + 1)
        }
    }
    return (evaluations, notifications, BenchmarkClock.seconds() - started, threadCPUSeconds() - cpuStarted, states)
}

/// Wall time of `leavenow dry-run` over the example day, start-up included (median of 15 runs).
func runDryRunWallTime() throws {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("leavenow")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        print("dry-run: \(binary.path) not built; skipped")
        return
    }
    // posix_spawn + waitpid: Foundation's Process adds tens of milliseconds of its own to each run.
    let arguments = [binary.path, "dry-run", "--from", "2024-12-22T00:00", "--to", "2024-12-22T23:59"]
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-bench-dry-run.txt").path
    var times: [Double] = []
    for _ in 0..<15 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let start = BenchmarkClock.seconds()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, binary.path, &actions, nil, argv, environ)
        posix_spawn_file_actions_destroy(&actions)
        guard spawned == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        times.append(BenchmarkClock.seconds() - start)
    }
    let lines = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").count - 1
    print("dry-run of the examples over 2024-12-22 (\(lines) notifications): median \(String(format: "%.1f", BenchmarkClock.median(times) * 1000)) ms, best \(String(format: "%.1f", times.min()! * 1000)) ms, start-up included (goal < 100 ms)")
}

/// Resident set size of this process, from /proc/self/statm.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}
