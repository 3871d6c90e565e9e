import Config
import Delivery
import Facts
import Rules
import Secrets

/// `leavenow check [--rules DIR]`: validates every configuration file (every channel value the
/// worker would refuse is an error at its place) and loads every source. A channel secret that is
/// not there (an unset variable, a missing file or credential) is a warning naming it: the worker
/// may be given it later, and holds that channel's notifications until then; so is the `state:`
/// section's password.
struct CheckCommand {
    static let usage = "usage: leavenow check [--rules DIR]"

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, options: ["--rules"], flags: [])
        _ = try parsed.requirePositionals([])
        let directory = context.rulesDirectory(parsed.value("--rules"))
        let configuration: Configuration
        do {
            configuration = try Configuration.load(directory: directory)
        } catch {
            throw CommandFailure.failure(error.rendered + "\n\n\(error.diagnostics.count) problem\(error.diagnostics.count == 1 ? "" : "s") in \(directory)")
        }
        let catalog = BoardCatalog.build(configuration.boards)
        guard catalog.problems.isEmpty else {
            throw CommandFailure.failure(catalog.problems.joined(separator: "\n")
                + "\n\n\(catalog.problems.count) source\(catalog.problems.count == 1 ? "" : "s") could not be loaded in \(directory)")
        }
        for warning in catalog.warnings { context.warn(warning) }
        // Loaded but dated: a date of the next two weeks without a source, a feed or timetable that
        // ended (or ends soon), holidays on which nothing runs or that a feed's calendar ignores.
        let now = context.now()
        for warning in ServicePeriodCheck.warnings(specs: configuration.boards, catalog: catalog, now: now)
            + ServicePeriodCheck.holidaysOutsideService(specs: configuration.boards, catalog: catalog)
            + ServicePeriodCheck.declaredDaysTheFeedIgnores(specs: configuration.boards, catalog: catalog, now: now) {
            context.warn(warning)
        }
        for warning in configuration.quotaPlan.warnings { context.warn("\(warning.location): \(warning.message)") }
        for (rule, reason) in RuleEngine(configuration: configuration).silentLeaveNowRules(boards: catalog.boardsByID, now: context.now()) {
            context.warn("\(rule.location): rule \"\(rule.id)\" will not fire: \(reason)")
        }
        for (rule, message) in Self.holdsWithNothingToHold(configuration) { context.warn("\(rule.location): rule \"\(rule.id)\" \(message)") }
        let secrets = SecretSource(environment: context.environment)
        for channel in configuration.channels {
            do {
                let endpoint = try ChannelEndpoint(channel, secrets: secrets)
                for warning in endpoint.warnings { context.warn(warning) }
            } catch {
                guard error.secret != nil else { throw CommandFailure.failure(error.description) }
                context.warn("\(error); the worker holds this channel's notifications until a reload finds it")
            }
        }
        // The state's URL was checked where it is parsed; its password may come later (like a channel's secret).
        if let state = configuration.state, let reference = state.password {
            do {
                _ = try secrets.resolve(reference, for: "the state")
            } catch {
                context.warn("\(state.location): no password for the PostgreSQL state: " + error.reasons.joined(separator: "; ")
                    + "; the worker cannot log in until it is there")
            }
        }
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        return "\(directory): ok — " + [
            count(configuration.boards.count, "board"), count(configuration.weather.count, "weather source"),
            count(configuration.feeds.count, "feed"), count(configuration.channels.count, "channel"),
            count(configuration.rules.count, "rule"),
        ].joined(separator: ", ") + "\nrequests a day: "
            + (configuration.quotaPlan.lines.isEmpty ? "none (no source is fetched over the network)"
                : configuration.quotaPlan.lines.map(\.summary).joined(separator: ", "))
    }

    /// Leave-now rules with `when_suspended: hold` on a board where nothing can say a line is
    /// suspended (no `status:`, no `realtime:` feed for its alerts): the setting would never act.
    static func holdsWithNothingToHold(_ configuration: Configuration) -> [(RuleSpec, String)] {
        let boards = Dictionary(configuration.boards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return configuration.rules.compactMap { rule in
            guard case .leaveNow(let spec) = rule.kind, spec.whenSuspended == .hold, let board = boards[spec.board],
                  board.status == nil, board.realtimeFeeds.isEmpty else { return nil }
            return (rule, "has when_suspended: hold, but board \"\(board.id)\" has no status: and no realtime: feed, so no "
                + "suspension can ever hold it")
        }
    }
}
