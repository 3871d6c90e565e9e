import Daemon
import Foundation
import Secrets
import Timetable
import Worker

/// `leavenow run [--rules DIR] [--state PATH] [--once] [--fixtures DIR] [--simulate-from TIME --speed N] [--until TIME]`:
/// the worker. Logs one logfmt line per event on stderr.
struct RunCommand {
    static let usage = """
    usage: leavenow run [--rules DIR] [--state PATH|postgresql://…] [--cache-dir DIR] [--once]
                        [--fixtures DIR] [--simulate-from TIME [--speed N] [--simulate-anchor REAL]] [--until TIME]

    Runs the worker: fetches sources on their schedules, runs the rules, keeps every notification in
    the outbox at PATH (default $XDG_STATE_HOME/leavenow/state.db; under systemd $STATE_DIRECTORY)
    before sending it, and sleeps until the next thing to do. With --state postgresql://… (or
    postgres://) several workers share one database, each evaluating the rules of the partitions it
    leases; there is no single-instance lock, and the source cache is in --cache-dir (default
    $XDG_STATE_HOME/leavenow). SIGHUP or a change in the rules directory reloads (a broken rule file keeps the running rules); SIGTERM finishes in-flight sends
    and exits. --once runs one pass and exits (for cron). --fixtures uses recorded snapshots instead
    of the network; --simulate-from starts a simulated clock there, --speed times faster (a demo);
    --simulate-anchor says at which real time (seconds since the epoch, or ISO 8601) the simulated
    clock read TIME (default: now), so several workers given the same values share one clock.
    Without --state, the state: section of the rules directory is used (a PostgreSQL URL and the
    secret reference of its password), else the default file.
    """

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        if arguments.contains("--help") || arguments.contains("-h") { return Self.usage }
        let parsed = try ParsedArguments(arguments, options: ["--rules", "--state", "--cache-dir", "--fixtures", "--simulate-from", "--speed",
                                                              "--simulate-anchor", "--until"],
                                         flags: ["--once"])
        _ = try parsed.requirePositionals([])
        let location = try context.stateLocation(parsed.value("--state"), rulesOption: parsed.value("--rules"))
        let statePath: String
        var statePassword: String?
        switch location {
        case .file(let path): statePath = path
        case .postgres(let url): (statePath, statePassword) = (url.string, url.password)
        }
        let tokyo = ZoneClock(identifier: "Asia/Tokyo")!
        var clock: any WorkerClock = SystemWorkerClock()
        if let start = parsed.value("--simulate-from") {
            let speedText = parsed.value("--speed") ?? "1"
            guard let speed = Double(speedText), speed > 0, speed <= 100_000 else {
                throw CommandFailure.usage("--speed: \"\(speedText)\" is not a speed between 0 and 100000")
            }
            var anchor = Date()
            if let text = parsed.value("--simulate-anchor") {
                if let seconds = Double(text), seconds.isFinite, seconds > 0 {
                    anchor = Date(timeIntervalSince1970: seconds)
                } else if let instant = tokyo.parseTimestamp(text) {
                    anchor = Date(timeIntervalSince1970: Double(instant))
                } else {
                    throw CommandFailure.usage("--simulate-anchor: \"\(text)\" is not a real time (seconds since the epoch, or 2024-12-22T10:32:00+09:00)")
                }
            }
            clock = SimulatedWorkerClock(start: Double(try context.instant(start, clock: tokyo)), speed: speed, realStart: anchor)
        } else if parsed.value("--speed") != nil || parsed.value("--simulate-anchor") != nil {
            throw CommandFailure.usage("--speed and --simulate-anchor need --simulate-from TIME")
        }
        let until = try parsed.value("--until").map { try context.instant($0, clock: tokyo) }
        let baseURL = context.environment[FetchCommand.baseURLVariable].flatMap { $0.isEmpty ? nil : $0 }
        var options = WorkerOptions(rulesDirectory: context.rulesDirectory(parsed.value("--rules")), statePath: statePath,
                                    fixtures: parsed.value("--fixtures"), once: parsed.has("--once"), until: until,
                                    environment: context.environment, sourceBaseURL: baseURL,
                                    cacheDirectory: try context.stateDirectory(parsed.value("--state"), cacheDirectory: parsed.value("--cache-dir")))
        options.statePassword = statePassword
        let (configuration, _) = try context.loadConfiguration(rulesOption: options.rulesDirectory)
        var secrets = ConfiguredSecrets.values(in: configuration, secrets: SecretSource(environment: context.environment))
        if case .postgres(let url) = location {  // the database password, from the URL or libpq's variable
            secrets += [url.password, context.environment["PGPASSWORD"]].compactMap { $0 }.filter { !$0.isEmpty }
        }
        let logger = LogfmtLogger(secrets: secrets)
        let worker = try Worker(options: options, clock: clock, logger: logger)
        try worker.run()
        return ""
    }
}
