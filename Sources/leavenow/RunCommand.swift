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
                        [--fixtures DIR] [--simulate-from TIME] [--speed N] [--until TIME]

    Runs the worker: fetches sources on their schedules, runs the rules, keeps every notification in
    the outbox at PATH (default $XDG_STATE_HOME/leavenow/state.db; under systemd $STATE_DIRECTORY)
    before sending it, and sleeps until the next thing to do. With --state postgresql://… (or
    postgres://) several workers share one database, each evaluating the rules of the partitions it
    leases; there is no single-instance lock, and the source cache is in --cache-dir (default
    $XDG_STATE_HOME/leavenow). SIGHUP or a change in the rules directory reloads (a broken rule file keeps the running rules); SIGTERM finishes in-flight sends
    and exits. --once runs one pass and exits (for cron). --fixtures uses recorded snapshots instead
    of the network; --simulate-from starts a simulated clock there, --speed times faster (a demo).
    """

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        if arguments.contains("--help") || arguments.contains("-h") { return Self.usage }
        let parsed = try ParsedArguments(arguments, options: ["--rules", "--state", "--cache-dir", "--fixtures", "--simulate-from", "--speed",
                                                              "--until"],
                                         flags: ["--once"])
        _ = try parsed.requirePositionals([])
        let location = try context.stateLocation(parsed.value("--state"))
        let statePath: String
        switch location {
        case .file(let path): statePath = path
        case .postgres(let url): statePath = url.string
        }
        let tokyo = ZoneClock(identifier: "Asia/Tokyo")!
        var clock: any WorkerClock = SystemWorkerClock()
        if let start = parsed.value("--simulate-from") {
            let speedText = parsed.value("--speed") ?? "1"
            guard let speed = Double(speedText), speed > 0, speed <= 100_000 else {
                throw CommandFailure.usage("--speed: \"\(speedText)\" is not a speed between 0 and 100000")
            }
            clock = SimulatedWorkerClock(start: Double(try context.instant(start, clock: tokyo)), speed: speed)
        } else if parsed.value("--speed") != nil {
            throw CommandFailure.usage("--speed needs --simulate-from TIME")
        }
        let until = try parsed.value("--until").map { try context.instant($0, clock: tokyo) }
        let baseURL = context.environment[FetchCommand.baseURLVariable].flatMap { $0.isEmpty ? nil : $0 }
        let options = WorkerOptions(rulesDirectory: context.rulesDirectory(parsed.value("--rules")), statePath: statePath,
                                    fixtures: parsed.value("--fixtures"), once: parsed.has("--once"), until: until,
                                    environment: context.environment, sourceBaseURL: baseURL,
                                    cacheDirectory: try context.stateDirectory(parsed.value("--state"), cacheDirectory: parsed.value("--cache-dir")))
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
