import Config
import Delivery
import Facts
import JSONText
import Rules
import Secrets
import Messages

/// `leavenow check [--rules DIR] [--strict] [--json]`: validates every configuration file (every
/// channel value the worker would refuse is an error at its place) and loads every source. A channel
/// that cannot deliver here — a secret that is not there (an unset variable, a missing file or
/// credential), a desktop channel without a D-Bus session bus or `notify-send` — is a warning
/// naming it and saying how to fix it: the worker may be given it later, and holds that channel's
/// notifications until then; so is the `state:` section's password. `--strict` fails (exit 1) on
/// any warning too, for CI; `--json` prints the problems and warnings for programs.
struct CheckCommand {

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        try context.speaking { try check(arguments, context: context) }
    }

    private func check(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, spec: .check)
        _ = try parsed.requirePositionals([])
        let directory = context.rulesDirectory(parsed.value("--rules"))
        let json = parsed.has("--json"), strict = parsed.has("--strict")
        // The warnings are counted (and kept for --json instead of printed).
        let warnings = WarningSink(prints: !json)
        var context = context
        context.warningSink = warnings
        let result: Result<Summary, CheckFailure>
        do {
            result = .success(try examine(directory: directory, context: context))
        } catch let failure as CheckFailure {
            result = .failure(failure)
        }
        let failed = (try? result.get()) == nil || (strict && !warnings.messages.isEmpty)
        if json {
            let text = context.english { CheckReportJSON.encode(directory: directory, result: result, warnings: warnings.messages, strict: strict) }
            if failed { throw CommandFailure.failedReport(text) }
            return text
        }
        let summary: Summary
        switch result {
        case .failure(let failure): throw CommandFailure.failure(failure.text)
        case .success(let passed): summary = passed
        }
        if strict, !warnings.messages.isEmpty {
            throw CommandFailure.failure(Message(.checkStrictWarnings, ["count": .number(warnings.messages.count),
                                                                        "directory": .text(directory)]).text)
        }
        let verdict = warnings.messages.isEmpty
            ? Message(.checkOK, ["directory": .text(directory), "counts": .message(summary.counts)])
            : Message(.checkOKWithWarnings, ["directory": .text(directory), "count": .number(warnings.messages.count),
                                              "counts": .message(summary.counts)])
        return verdict.text + "\n" + Message(.checkRequestsADay, ["list": .message(summary.requests)]).text
    }

    /// What a configuration without problems holds, for the last lines.
    struct Summary {
        /// `5 boards, 1 weather source, …`.
        var counts: Message
        /// What is fetched a day (`none (no source is fetched over the network)`).
        var requests: Message
        /// The counts for JSON: `boards`, `weather_sources`, `feeds`, `channels`, `rules`.
        var numbers: [(String, Int)]
    }

    /// Problems that stop the check: the text it prints (as before) and each problem for JSON.
    struct CheckFailure: Error {
        var text: String
        var problems: [Message]
    }

    /// Loads and checks everything in `directory`; warnings go to `context.warn`.
    private func examine(directory: String, context: CommandContext) throws -> Summary {
        let configuration: Configuration
        do {
            configuration = try Configuration.load(directory: directory)
        } catch {
            throw CheckFailure(text: error.rendered + "\n\n"
                + Message(.checkProblems, ["count": .number(error.diagnostics.count), "directory": .text(directory)]).text,
                problems: error.diagnostics.map(\.descriptionMessage))
        }
        let catalog = BoardCatalog.build(configuration.boards)
        guard catalog.problems.isEmpty else {
            throw CheckFailure(text: catalog.problems.joined(separator: "\n") + "\n\n"
                + Message(.checkSourcesNotLoaded, ["count": .number(catalog.problems.count), "directory": .text(directory)]).text,
                problems: catalog.problemMessages)
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
            context.warn(Message(.checkRuleWillNotFire, ["location": .text("\(rule.location)"), "rule": .text("\"\(rule.id)\""), "reason": .message(reason)]))
        }
        for message in Self.holdsWithNothingToHold(configuration) { context.warn(message) }
        // Channels that cannot deliver here (a secret not set, a desktop without a session bus) are
        // warnings; a value the worker would refuse is a problem.
        let channels = ChannelReadiness(channels: configuration.channels, environment: context.environment)
        for warning in channels.warnings { context.warn(warning) }
        if !channels.unusable.isEmpty {
            throw CheckFailure(text: channels.unusable.map(\.description).joined(separator: "\n"),
                               problems: channels.unusable.map(\.descriptionMessage))
        }
        let secrets = SecretSource(environment: context.environment)
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
        return Summary(counts: counts, requests: requests, numbers: [
            ("boards", configuration.boards.count), ("weather_sources", configuration.weather.count), ("feeds", configuration.feeds.count),
            ("channels", configuration.channels.count), ("rules", configuration.rules.count),
        ])
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

/// The JSON of `check --json`:
///
/// ```json
/// {"directory": "rules", "ok": false, "strict": true,
///  "problems": [{"location": "rules/a.yaml:3:15", "message": "unknown timezone \"Asia/Tokio\""}],
///  "warnings": [{"location": "rules/channels.yaml:7:5", "message": "channel \"desktop\": no D-Bus session bus …"}],
///  "counts": {"boards": 5, "weather_sources": 1, "feeds": 1, "channels": 3, "rules": 7}}
/// ```
///
/// `ok` is false when there is a problem (or, with `--strict`, a warning): the exit status is then 1.
/// `location` is the `file:line:col` (or `file:line`, `file`) a message starts with, else null;
/// `counts` is null when the configuration could not be read. English whatever the language.
enum CheckReportJSON {
    static func encode(directory: String, result: Result<CheckCommand.Summary, CheckCommand.CheckFailure>, warnings: [Message],
                       strict: Bool) -> String {
        let problems: [Message], counts: JSONOutput
        switch result {
        case .success(let summary):
            problems = []
            counts = .object(summary.numbers.map { ($0.0, .int(Int64($0.1))) })
        case .failure(let failure):
            problems = failure.problems
            counts = .null
        }
        let ok = problems.isEmpty && !(strict && !warnings.isEmpty)
        return JSONOutput.object([
            ("directory", .string(directory)), ("ok", .bool(ok)), ("strict", .bool(strict)),
            ("problems", .array(problems.map(item))), ("warnings", .array(warnings.map(item))), ("counts", counts),
        ]).text
    }

    /// `{"location": "rules/a.yaml:3:15", "message": "…"}` from a message that starts with its place.
    static func item(_ message: Message) -> JSONOutput {
        let (location, text) = split(message.english)
        return .object([("location", location.map { .string($0) } ?? .null), ("message", .string(text))])
    }

    /// `("rules/a.yaml:3:15", "unknown …")` from `rules/a.yaml:3:15: unknown …`; (nil, text) when it
    /// does not start with `file:line[:col]: ` (the file name without spaces).
    static func split(_ text: String) -> (String?, String) {
        guard let colon = text.range(of: ": ") else { return (nil, text) }
        let head = text[..<colon.lowerBound]
        let parts = head.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.count <= 3, !parts[0].isEmpty, !parts[0].contains(" "),
              parts.dropFirst().allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return (nil, text) }
        return (String(head), String(text[colon.upperBound...]))
    }
}
