import Config
import Daemon
import Foundation
import Secrets
import Rules
import Timetable
import Worker

/// `leavenow run [--rules DIR] [--state PATH] [--once] [--fixtures DIR] [--simulate-from TIME --speed N] [--until TIME]`:
/// the worker. Logs one logfmt line per event on stderr.
struct RunCommand {

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, spec: .run)
        _ = try parsed.requirePositionals([])
        // `--state` is checked before anything is read; the `state:` section is read with the rules.
        let givenState = try parsed.value("--state").map { try context.stateLocation($0) }
        let tokyo = ZoneClock(identifier: "Asia/Tokyo")!
        var clock: any WorkerClock = SystemWorkerClock()
        if let start = parsed.value("--simulate-from") {
            let speedText = parsed.value("--speed") ?? "1"
            guard let speed = Double(speedText), speed > 0, speed <= 100_000 else {
                throw CommandFailure.usage(Message(.runBadSpeed, ["value": .text("\"\(speedText)\"")]).text)
            }
            var anchor: Date?
            if let text = parsed.value("--simulate-anchor") {
                if let seconds = Double(text), seconds.isFinite, seconds > 0 {
                    anchor = Date(timeIntervalSince1970: seconds)
                } else if let instant = tokyo.parseTimestamp(text) {
                    anchor = Date(timeIntervalSince1970: Double(instant))
                } else {
                    throw CommandFailure.usage(Message(.runBadAnchor, ["value": .text("\"\(text)\"")]).text)
                }
            }
            clock = SimulatedWorkerClock(start: Double(try context.instant(start, clock: tokyo, option: "--simulate-from")), speed: speed,
                                         realStart: anchor)
        } else if parsed.value("--speed") != nil || parsed.value("--simulate-anchor") != nil {
            throw CommandFailure.usage(Message(.runNeedsSimulateFrom).text)
        }
        let until = try parsed.value("--until").map { try context.instant($0, clock: tokyo, option: "--until", endOfDay: true) }
        let baseURL = context.environment[FetchCommand.baseURLVariable].flatMap { $0.isEmpty ? nil : $0 }
        var options = WorkerOptions(rulesDirectory: context.rulesDirectory(parsed.value("--rules")), statePath: "",
                                    fixtures: parsed.value("--fixtures"), once: parsed.has("--once"), until: until,
                                    environment: context.environment, sourceBaseURL: baseURL,
                                    cacheDirectory: try context.stateDirectory(parsed.value("--state"), cacheDirectory: parsed.value("--cache-dir")))
        // The rules are loaded once, here, and handed to the worker.
        let rules = try loadRules(options, context: context)
        let location = try givenState ?? context.stateLocation(configured: rules.configuration.state)
        switch location {
        case .file(let path): options.statePath = path
        case .postgres(let url): (options.statePath, options.statePassword) = (url.string, url.password)
        }
        var secrets = ConfiguredSecrets.values(in: rules.configuration, secrets: SecretSource(environment: context.environment))
        if case .postgres(let url) = location {  // the database password, from the URL or libpq's variable
            secrets += [url.password, context.environment["PGPASSWORD"]].compactMap { $0 }.filter { !$0.isEmpty }
        }
        let logger = LogfmtLogger(secrets: secrets)
        // The worker's log lines (and the errors it stores in the state) are for machines: English,
        // whatever the reader's language; what this command says to people is not.
        let failures = try context.english {
            let worker = try Worker(options: options, rules: rules, clock: clock, logger: logger)
            try worker.run()
            return worker.fetchFailures.current
        }
        if options.once, options.fixtures == nil {
            try OnceOutcome.check(configuration: rules.configuration, state: location, live: failures, context: context)
        }
        return ""
    }

    /// The rules directory of `options` as the worker runs it, its messages in English (they go to
    /// the log); when it has problems, they are said in the reader's language.
    private func loadRules(_ options: WorkerOptions, context: CommandContext) throws -> Workspace {
        let directory = options.rulesDirectory
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandFailure.failure(Message(.cliNoRulesDirectory, ["directory": .text("\"\(directory)\"")]).text)
        }
        do {
            return try context.english { try options.loadRules() }
        } catch let error as ConfigError {
            throw CommandFailure.failure(Message(.cliDirectoryHasProblems, ["directory": .text(directory)]).text + "\n" + error.rendered)
        }
    }
}
