import Daemon
import Foundation
import Secrets
import Timetable
import Worker

/// `leavenow run [--rules DIR] [--state PATH] [--once] [--fixtures DIR] [--simulate-from TIME --speed N] [--until TIME]`:
/// the worker. Logs one logfmt line per event on stderr.
struct RunCommand {

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, spec: .run)
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
                throw CommandFailure.usage(Message(.runBadSpeed, ["value": .text("\"\(speedText)\"")]).text)
            }
            var anchor = Date()
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
        // The worker's log lines (and the errors it stores in the state) are for machines: English,
        // whatever the reader's language; what this command says to people is not.
        let failures = try context.english {
            let worker = try Worker(options: options, clock: clock, logger: logger)
            try worker.run()
            return worker.fetchFailures.current
        }
        if options.once, options.fixtures == nil {
            try OnceOutcome.check(configuration: configuration, state: location, live: failures, context: context)
        }
        return ""
    }
}
