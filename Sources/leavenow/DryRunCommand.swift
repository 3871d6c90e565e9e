import Config
import Facts
import JSONText
import Rules
import Timetable

/// `leavenow dry-run [--rules DIR] (--at T | --from T1 --to T2) [--fixtures DIR] [--json]`:
/// the timeline of what would be sent. No network, no state written, nothing sent.
struct DryRunCommand {
    /// The longest span `--from … --to` may cover: more than a year, so a year's holidays fit.
    static let maximumSpanDays = 400

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        try context.speaking { try dryRun(arguments, context: context) }
    }

    private func dryRun(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, spec: .dryRun)
        _ = try parsed.requirePositionals([])
        let from: Int64, to: Int64
        switch (parsed.value("--at"), parsed.value("--from"), parsed.value("--to")) {
        case (let at?, nil, nil):
            from = try context.time(at, option: "--at")
            to = from
        case (nil, let start?, let end?):
            from = try context.time(start, option: "--from")
            to = try context.time(end, option: "--to")
            guard from <= to else { throw CommandFailure.usage(Message(.cliFromAfterTo).text) }
            guard to - from <= DryRunCommand.maximumSpanDays * 86_400 else {
                throw CommandFailure.usage(Message(.dryRunTooLong, ["days": .number(DryRunCommand.maximumSpanDays)]).text)
            }
        default:
            throw CommandFailure.usage(Message(.dryRunNeedsTime).text + "\n" + localizedUsage(CommandSpec.dryRun.usage))
        }
        if parsed.value("--fixtures") != nil, parsed.value("--state") != nil {
            throw CommandFailure.usage(Message(.dryRunFixturesOrState).text)
        }
        let workspace = try context.loadWorkspace(rulesOption: parsed.value("--rules"), fixtures: parsed.value("--fixtures"),
                                                  stateOption: parsed.value("--state"))
        let run = workspace.simulation.run(from: from, to: to)
        let deliveries = run.deliveries
        // The leave-now rules that stopped at an unknown service date, in rule order.
        let unknown: [(rule: RuleSpec, dates: [UnknownServiceDate])] = workspace.engine.rules.compactMap { rule in
            run.unknown[rule.id].map { (rule, $0) }
        }
        let rangeClock = workspace.rulesClock
        let outOfService = ServicePeriodCheck.outOfService(configuration: workspace.configuration, boards: workspace.boards, from: from, to: to)
        if parsed.has("--json") {
            return context.english { JSONOutput.object([
                ("from", .string(rangeClock.iso8601(from))), ("to", .string(rangeClock.iso8601(to))),
                ("notifications", .array(deliveries.map { NotificationJSON.encode($0, workspace: workspace) })),
                ("warnings", .array(workspace.impairedBoards.flatMap { board, completeness in
                    completeness.failures.map { failure in
                        JSONOutput.object([("board", .string(board)), ("state", .string(completeness.name)),
                                          ("source", .string(failure.source)), ("message", .string(failure.text.english)),
                                          ("location", .string("\(failure.location)"))])
                    }
                } + outOfService.map { dated in
                    JSONOutput.object([("board", .string(dated.board)), ("state", .string("out_of_service")),
                                       ("source", .string(dated.notice.source)), ("message", .string(dated.notice.message)),
                                       ("location", dated.notice.origin.map { .string($0) } ?? .null)])
                })),
                ("unknown", .array(unknown.map { rule, dates in
                    JSONOutput.object([
                        ("rule", .string(rule.id)), ("board", Self.board(of: rule).map { .string($0) } ?? .null),
                        ("service_dates", .array(dates.map { .string($0.date.description) })),
                        ("sources", .array(Self.causes(of: dates).map { cause in
                            .object([("source", .string(cause.source)), ("message", .string(cause.reasonText.english)),
                                     ("location", cause.origin.map { .string($0) } ?? .null)])
                        })),
                    ])
                })),
            ]).text }
        }
        var lines = [Message(.dryRunHeader, ["from": .text(rangeClock.iso8601(from)), "to": .text(rangeClock.iso8601(to))]).text]
        // Rules of these boards see fewer departures (or none): say so before the timeline.
        lines += workspace.impairedBoards.flatMap { $0.completeness.lines(board: $0.board) } + outOfService.map(\.line)
        // Rules that stopped at a date whose timetable is unknown: nothing is sent from then on.
        lines += unknown.map { rule, dates in
            Message(.dryRunUnknown, ["rule": .text(rule.id), "board": .text(Self.board(of: rule) ?? "-"),
                                     "dates": .message(.list(Self.ranges(of: dates.map(\.date)))),
                                     "causes": .message(.joined(Self.causes(of: dates).map(\.text), separator: Message(.healthDetailSeparator)))]).text
        }
        if deliveries.isEmpty { lines.append(Message(.dryRunNothing).text) }
        let multiDay = rangeClock.localTime(at: from).date != rangeClock.localTime(at: to).date
        for delivery in deliveries {
            let clock = workspace.clock(forRule: delivery.notification.rule)
            let when = (multiDay ? "\(clock.localTime(at: delivery.at).date) " : "") + clock.clockText(delivery.at)
            let notification = delivery.notification
            lines.append("\(when)  \(notification.rule)  → \(notification.channels.joined(separator: ", "))  \(notification.text)"
                + (notification.link.map { "  <\($0)>" } ?? ""))
        }
        return lines.joined(separator: "\n")
    }

    /// The sources that make any of `dates` unknown, each once (by label and place), in order.
    static func causes(of dates: [UnknownServiceDate]) -> [UnknownServiceDate.Cause] {
        var seen = Set<String>()
        return dates.flatMap(\.causes).filter { seen.insert($0.source + "\u{0}" + ($0.origin ?? "") + "\u{0}" + $0.reasonText.english).inserted }
    }

    /// Sorted dates as `2025-01-06..2025-01-10`, `2025-01-14` runs.
    static func ranges(of dates: [LocalDate]) -> [String] {
        var runs: [(LocalDate, LocalDate)] = []
        for date in dates.sorted() {
            if let last = runs.last, last.1.adding(days: 1) == date { runs[runs.count - 1].1 = date } else { runs.append((date, date)) }
        }
        return runs.map { $0 == $1 ? "\($0)" : "\($0)..\($1)" }
    }

    /// The board a leave-now rule reads.
    static func board(of rule: RuleSpec) -> String? {
        if case .leaveNow(let spec) = rule.kind { return spec.board }
        return nil
    }
}

/// The JSON shape of a simulated delivery.
enum NotificationJSON {
    static func encode(_ delivery: SimulatedDelivery, workspace: Workspace) -> JSONOutput {
        let notification = delivery.notification
        let clock = workspace.clock(forRule: notification.rule)
        var members: [(String, JSONOutput)] = [
            ("at", .string(clock.iso8601(delivery.at))),
            ("rule", .string(notification.rule)),
            ("kind", .string(notification.kind.rawValue)),
            ("channels", .array(notification.channels.map { .string($0) })),
            ("title", .string(notification.title)),
            ("text", .string(notification.text)),
            ("key", .string(notification.key)),
            ("fire_at", .string(clock.iso8601(notification.fireAt))),
            ("expires_at", notification.expiresAt.map { .string(clock.iso8601($0)) } ?? .null),
            ("urgency", .string(notification.urgency.rawValue)),
        ]
        if let link = notification.link { members.append(("link", .string(link))) }
        return .object(members)
    }
}

extension Workspace {
    /// The clock of the rules' timezone when they all share one (the range of a dry run is shown
    /// there: a Pacific board's rules read Pacific times), else Asia/Tokyo.
    var rulesClock: ZoneClock {
        let zones = Set(engine.rules.map { $0.common.timeZone.identifier })
        if zones.count == 1, let zone = engine.rules.first?.common.timeZone { return ZoneClock(timeZone: zone) }
        return ZoneClock(identifier: "Asia/Tokyo")!
    }

    /// The clock of a rule's timezone.
    func clock(forRule id: String) -> ZoneClock {
        let zone = engine.index(of: id).map { engine.rules[$0].common.timeZone }
        return zone.map(ZoneClock.init(timeZone:)) ?? ZoneClock(identifier: "Asia/Tokyo")!
    }
}
