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

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        try context.speaking { try check(arguments, context: context) }
    }

    private func check(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, spec: .check)
        _ = try parsed.requirePositionals([])
        let directory = context.rulesDirectory(parsed.value("--rules"))
        let configuration: Configuration
        do {
            configuration = try Configuration.load(directory: directory)
        } catch {
            throw CommandFailure.failure(error.rendered + "\n\n"
                + Message(.checkProblems, ["count": .number(error.diagnostics.count), "directory": .text(directory)]).text)
        }
        let catalog = BoardCatalog.build(configuration.boards)
        guard catalog.problems.isEmpty else {
            throw CommandFailure.failure(catalog.problems.joined(separator: "\n") + "\n\n"
                + Message(.checkSourcesNotLoaded, ["count": .number(catalog.problems.count), "directory": .text(directory)]).text)
        }
        for warning in catalog.warningMessages { context.warn(warning) }
        // Loaded but dated: a date of the next two weeks without a source, a feed or timetable that
        // ended (or ends soon), holidays on which nothing runs or that a feed's calendar ignores.
        let now = context.now()
        for warning in ServicePeriodCheck.warnings(specs: configuration.boards, catalog: catalog, now: now)
            + ServicePeriodCheck.holidaysOutsideService(specs: configuration.boards, catalog: catalog)
            + ServicePeriodCheck.declaredDaysTheFeedIgnores(specs: configuration.boards, catalog: catalog, now: now) {
            context.warn(.verbatim(warning))
        }
        for warning in configuration.quotaPlan.warningMessages { context.warn(.verbatim("\(warning.location): ") + warning.message) }
        for (rule, reason) in RuleEngine(configuration: configuration).silentLeaveNowRules(boards: catalog.boardsByID, now: context.now()) {
            context.warn(Message(.checkRuleWillNotFire, ["location": .text("\(rule.location)"), "rule": .text("\"\(rule.id)\""), "reason": .text(reason)]))
        }
        for message in Self.holdsWithNothingToHold(configuration) { context.warn(message) }
        let secrets = SecretSource(environment: context.environment)
        for channel in configuration.channels {
            do {
                let endpoint = try ChannelEndpoint(channel, secrets: secrets)
                for warning in endpoint.warnings { context.warn(.verbatim(warning)) }
            } catch {
                guard error.secret != nil else { throw CommandFailure.failure(error.description) }
                context.warn(Message(.checkChannelHeld, ["problem": .text("\(error)")]))
            }
        }
        // The state's URL was checked where it is parsed; its password may come later (like a channel's secret).
        if let state = configuration.state, let reference = state.password {
            do {
                _ = try secrets.resolve(reference, for: "the state")
            } catch {
                context.warn(Message(.checkStateNoPassword, ["place": .text("\(state.location)"),
                                                             "reasons": .text(error.reasons.joined(separator: "; "))]))
            }
        }
        // The heartbeat's URL, like a channel's secret, may be given to the worker later.
        if let heartbeat = configuration.health?.heartbeat {
            do {
                _ = try secrets.resolve(heartbeat.url, for: "the heartbeat")
            } catch {
                context.warn(Message(.checkHeartbeatNoURL, ["place": .text("\(heartbeat.location)"),
                                                            "reasons": .text(error.reasons.joined(separator: "; "))]))
            }
        }
        let counts = Message.joined([
            Message(.countBoards, ["count": .number(configuration.boards.count)]),
            Message(.countWeatherSources, ["count": .number(configuration.weather.count)]),
            Message(.countFeeds, ["count": .number(configuration.feeds.count)]),
            Message(.countChannels, ["count": .number(configuration.channels.count)]),
            Message(.countRules, ["count": .number(configuration.rules.count)]),
        ], separator: Message(.listSeparator))
        let requests = configuration.quotaPlan.lines.isEmpty ? Message(.checkNoRequests)
            : Message.joined(configuration.quotaPlan.lines.map(\.summaryMessage), separator: Message(.listSeparator))
        return Message(.checkOK, ["directory": .text(directory), "counts": .message(counts)]).text + "\n"
            + Message(.checkRequestsADay, ["list": .message(requests)]).text
    }

    /// Leave-now rules with `when_suspended: hold` on a board where nothing can say a line is
    /// suspended (no `status:`, no `realtime:` feed for its alerts): the setting would never act.
    /// The message names the rule's place.
    static func holdsWithNothingToHold(_ configuration: Configuration) -> [Message] {
        let boards = Dictionary(configuration.boards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return configuration.rules.compactMap { rule in
            guard case .leaveNow(let spec) = rule.kind, spec.whenSuspended == .hold, let board = boards[spec.board],
                  board.status == nil, board.realtimeFeeds.isEmpty else { return nil }
            return Message(.checkHoldsNothing, ["location": .text("\(rule.location)"), "rule": .text("\"\(rule.id)\""),
                                                "board": .text("\"\(board.id)\"")])
        }
    }
}
