import Foundation

/// `leavenow-bench startup [--runs N] [--binary PATH] [--data DIR]`: what a person waits for, end to
/// end — each command as a process, from `posix_spawn` to the last byte of its output and its exit.
///
/// `date` is the floor of any process on this machine; `leavenow holidays --year 2025` is leavenow's
/// own start-up floor (it reads no file); `next` and `board` run on the example rules (`rules/`) and
/// on the 11,091-departure board of the query benchmark (`BenchBoard`, written once into
/// `--data`, default `.build/bench-data/`). The commands take turns, run after run, so a load that
/// comes and goes spreads over all of them; the table gives the median and best of `--runs` runs
/// (default 21) and each median over the floor's, with the load average before and after.
func runStartupBenchmark(arguments: [String]) throws {
    var options: [String: String] = [:]
    var index = 0
    while index < arguments.count {
        guard arguments[index].hasPrefix("--"), index + 1 < arguments.count else {
            throw StartupBenchError(message: "usage: startup [--runs N] [--binary PATH] [--data DIR]")
        }
        options[String(arguments[index].dropFirst(2))] = arguments[index + 1]
        index += 2
    }
    let runs = max(5, Int(options["runs"] ?? "") ?? 21)
    let binary = options["binary"] ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("leavenow").path
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        throw StartupBenchError(message: "startup: \(binary) is not built (swift build -c release)")
    }
    let board = try BenchBoard.write(to: options["data"] ?? ".build/bench-data")
    let cases: [StartupCase] = [
        StartupCase(name: "date", arguments: ["/bin/date"]),
        StartupCase(name: "leavenow holidays --year 2025 (floor)", arguments: [binary, "holidays", "--year", "2025"]),
        StartupCase(name: "leavenow next, examples (chofu-to-mitaka)",
                    arguments: [binary, "next", "chofu-to-mitaka", "--rules", "rules", "--at", "2024-12-22T10:32", "--count", "3"]),
        StartupCase(name: "leavenow board, examples (chofu-to-mitaka)",
                    arguments: [binary, "board", "chofu-to-mitaka", "--rules", "rules", "--date", "2024-12-22"]),
        StartupCase(name: "leavenow next, 11k board",
                    arguments: [binary, "next", BenchBoard.id, "--rules", board, "--at", "2025-06-11T12:00"]),
        StartupCase(name: "leavenow next, 11k board, late (23:50)",
                    arguments: [binary, "next", BenchBoard.id, "--rules", board, "--at", "2025-06-11T23:50"]),
        StartupCase(name: "leavenow board, 11k board",
                    arguments: [binary, "board", BenchBoard.id, "--rules", board, "--date", "2025-06-11"]),
    ]
    // A state directory of its own, so no cache of this machine is read.
    let state = NSTemporaryDirectory() + "leavenow-startup-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: state) }
    var environment = ProcessInfo.processInfo.environment
    environment["LANG"] = "C.UTF-8"
    environment["NO_COLOR"] = "1"
    environment["XDG_STATE_HOME"] = state
    environment.removeValue(forKey: "LC_ALL")
    let spawner = try StartupSpawner(environment: environment)

    let loadBefore = loadAverage()
    var seconds = [[Double]](repeating: [], count: cases.count)
    var cpu = [[Double]](repeating: [], count: cases.count)
    for round in 0..<(runs + 2) {
        for (number, startup) in cases.enumerated() {
            let run = try spawner.run(startup.arguments)
            guard run.bytes > 0 else { throw StartupBenchError(message: "startup: \(startup.name) printed nothing") }
            if round >= 2 {  // two warm-up rounds: the page cache is filled
                seconds[number].append(run.seconds)
                cpu[number].append(run.cpu)
            }
        }
    }
    let loadAfter = loadAverage()

    print("start-up: each command as a process, spawn → last byte → exit, \(runs) runs each (taking turns)")
    print("binary: \(binary)")
    print("load average: \(loadBefore) before, \(loadAfter) after")
    print("(wall: what a person waits for; CPU: user + system time of the process, which other work on the machine inflates less)")
    let floor = BenchmarkClock.median(seconds[1]), floorCPU = BenchmarkClock.median(cpu[1])
    print("| command | wall median ms | wall best ms | wall median / floor | CPU median ms | CPU / floor |")
    print("|---|---:|---:|---:|---:|---:|")
    for (number, startup) in cases.enumerated() {
        let median = BenchmarkClock.median(seconds[number]), cpuMedian = BenchmarkClock.median(cpu[number])
        print(String(format: "| %@ | %.1f | %.1f | %.2f× | %.1f | %.2f× |", startup.name, median * 1000,
                     seconds[number].min()! * 1000, median / floor, cpuMedian * 1000, cpuMedian / floorCPU))
    }
    print("goals: floor ≤ 10 ms; next on the examples ≤ 1.3× the floor; next and board on the 11k board < 25 ms")
}

/// One command of the start-up benchmark.
struct StartupCase {
    var name: String
    var arguments: [String]
}

/// Starts a process with `posix_spawn`, reads its stdout to the end (stderr to /dev/null) and waits.
struct StartupSpawner {
    let environment: [String]

    init(environment: [String: String]) throws {
        self.environment = environment.map { "\($0.key)=\($0.value)" }
    }

    /// The seconds from spawn to exit (the output read to its end on the way), the CPU seconds the
    /// process used (user + system, from `wait4`) and the bytes it printed.
    func run(_ arguments: [String]) throws -> (seconds: Double, cpu: Double, bytes: Int) {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw StartupBenchError(message: "pipe: errno \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let start = BenchmarkClock.seconds()
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        close(pipe[1])
        guard spawned == 0 else {
            close(pipe[0])
            throw StartupBenchError(message: "posix_spawn \(arguments[0]): error \(spawned)")
        }
        var bytes = 0
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(pipe[0], &buffer, buffer.count)
            if count > 0 { bytes += count; continue }
            if count < 0, errno == EINTR { continue }
            break
        }
        close(pipe[0])
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        let elapsed = BenchmarkClock.seconds() - start
        guard status == 0 else {
            throw StartupBenchError(message: "\(arguments.joined(separator: " ")): exit status \(status)")
        }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (elapsed, seconds(usage.ru_utime) + seconds(usage.ru_stime), bytes)
    }
}

struct StartupBenchError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
