import Config
import Facts
import Foundation
import Rules
import TestServers
import Timetable

/// 100,000 leave-now rules over the example boards, each evaluated across a simulated day the way
/// the worker does (woken only when it asked to be): rule-days/s on one core and memory per rule.
/// Then `leavenow dry-run` of the examples over a day, as a user runs it: wall time with start-up.
func runRuleBenchmark(arguments: [String]) throws {
    let ruleCount = Int(arguments.first ?? "") ?? 100_000
    // First, while this process is small: spawning from a process holding 100k rules costs more.
    try runDryRunWallTime()
    let catalog = try BoardCatalog.load(directory: "rules")
    let boards = catalog.boardsByID
    let zone = TimeZone(identifier: "Asia/Tokyo")!
    let location = ConfigLocation(file: "bench", line: 1, column: 1)
    let boardIDs = ["chofu-to-mitaka", "mitaka-to-chofu", "ginza"]
    let perDay = boardIDs.map { boards[$0]!.serviceDay(LocalDate("2024-12-23")!).count }

    let residentBefore = residentBytes()
    var rng = SplitMix64(seed: 7)
    var rules: [RuleSpec] = []
    rules.reserveCapacity(ruleCount)
    for index in 0..<ruleCount {
        // A commute: one platform (or one direction at Ginza), a 30-minute window between 05:00 and 23:00.
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
    let engine = RuleEngine(rules: rules)
    let clock = ZoneClock(timeZone: zone)
    let dayStart = clock.instant(date: LocalDate("2024-12-23")!, seconds: 0)
    let dayEnd = dayStart + 86_400
    let facts = FactSet(boards: boards)
    var states = [RuleState](repeating: RuleState(), count: ruleCount)
    var notifications = 0
    var evaluations = 0
    let started = BenchmarkClock.seconds()
    var schedules = ScheduleCache()
    for index in 0..<ruleCount {
        var now = dayStart
        while now < dayEnd {
            let result = engine.evaluate(rule: index, facts: facts, state: &states[index], now: now, schedules: &schedules)
            evaluations += 1
            notifications += result.notifications.count
            guard let next = result.nextWakeUp, next < dayEnd else { break }
            now = max(next, now + 1)
        }
    }
    let elapsed = BenchmarkClock.seconds() - started
    let residentAfter = residentBytes()
    print("rules: \(ruleCount) leave-now rules (10 min heads-up + leave-now; one platform or direction, a 30-minute window each) over boards of \(perDay.map(String.init).joined(separator: " / ")) departures/day")
    print("  a simulated day (2024-12-23): \(evaluations) evaluations, \(notifications) notifications, \(String(format: "%.3f", elapsed)) s on one core")
    print("  rule-days/s: \(BenchmarkClock.grouped(Double(ruleCount) / elapsed))  (goal: 100k rules × 1 day < 0.5 s)")
    print("  memory: ~\((residentAfter - residentBefore) / max(ruleCount, 1)) bytes per rule (resident growth for rules + their state after a day; goal ≤ 1 KB)")
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
