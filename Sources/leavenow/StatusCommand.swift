import Config
import Foundation
import JSONText
import Store
import Timetable
import Worker

/// `leavenow status [--rules DIR] [--state PATH] [--json]`: the health summary first — the
/// problems the worker's watchdog would notify (boards without a source, sources failing, feeds
/// ending, channels failing or without their secret, of what the rules use: the rest is listed as
/// information) and a worker that is not running (on a shared state: no live worker, or rules'
/// partitions no live worker holds; ``StatusWorkers``) — then the worker or the fleet, each rule and its next wake-up, what is wrong with the data, each source's last fetch,
/// the outbox, and each channel held because its secret is missing. Exits 1 while there is any
/// health problem (for monitoring: `leavenow status >/dev/null || alert`).
struct StatusCommand {
    /// The lease TTL of `leavenow run` (``WorkerOptions/leaseTTL``): a worker silent longer is gone.
    static let leaseTTL: Int64 = 30


    func run(_ arguments: [String], context: CommandContext) throws -> String {
        try context.speaking { try status(arguments, context: context) }
    }

    private func status(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, spec: .status)
        _ = try parsed.requirePositionals([])
        let (configuration, _) = try context.loadConfiguration(rulesOption: parsed.value("--rules"))
        let location = try context.stateLocation(parsed.value("--state"), rulesOption: parsed.value("--rules"))
        let stateDirectory = try context.stateDirectory(parsed.value("--state"), cacheDirectory: parsed.value("--cache-dir"))
        let tokyo = ZoneClock(identifier: "Asia/Tokyo")!
        // A worker on a shared state says how it reaches the database in its cache directory: the
        // database itself may be what it cannot reach.
        var connection: DatabaseStatusRecord?
        if case .postgres = location { connection = DatabaseStatusRecord.read(directory: stateDirectory) }
        let store: any NotificationStore
        do {
            store = try context.openState(location, readOnly: true) { path in Message(.statusNoState, ["path": .text(path)]).text }
        } catch let error as StoreError where error.code == .connection {
            var message = Message(.statusCannotRead, ["error": .text("\(error)")]).text
            if let connection, connection.processIsAlive {
                message += "\n" + Self.describe(connection, clock: tokyo)
            } else {
                message += "\n" + Message(.statusNoLocalWorker, ["directory": .text(stateDirectory)]).text
            }
            throw CommandFailure.failure(message)
        }
        defer { store.close() }
        let counts = try store.counts()
        let sources = try store.sourceStates()
        let now = context.now()
        func time(_ instant: Int64?) -> String { instant.map(tokyo.iso8601) ?? "-" }
        // One worker (SQLite), or the fleet sharing a PostgreSQL state, judged on the workers' clock.
        let workers = try StatusWorkers(store: store, real: Double(now))
        var leaseProblems: [String] = []
        if let fleet = workers.fleet, let shared = store.sharedFleet {
            leaseProblems = try shared.leaseProblems(partitions: fleet.partitions, ttl: fleet.ttl, now: fleet.now)
        }
        // The local worker's connection, when it is not simply connected (a live process only).
        let troubled = connection.flatMap { $0.connection != .connected && $0.processIsAlive ? $0 : nil }
        let health = StatusHealth(configuration: configuration, stateDirectory: stateDirectory, sources: sources, now: now)
        // The channels' failure streaks as the worker last saw them, brought up to date from the delivery log.
        var episodes = try store.meta(HealthEpisodes.metaKey).flatMap(HealthEpisodes.init(json:)) ?? HealthEpisodes()
        try episodes.channels.advance(in: store)
        let healthClock = ZoneClock(identifier: health.limits.timeZone) ?? tokyo
        let (problems, information) = health.problems(configuration: configuration, sources: sources, episodes: episodes, held: workers.held,
                                                      workers: workers.problems(rules: configuration.rules.map(\.id), clock: healthClock))
        /// A rule whose board has no source cannot fire, whatever its wake-up says.
        func unloadableBoard(of rule: RuleSpec) -> String? {
            rule.references.first { $0.target == .board && health.unloadableBoards.contains($0.name) }?.name
        }
        func report(_ text: String) throws -> String {
            if problems.isEmpty { return text }
            throw CommandFailure.failedReport(text)
        }

        if parsed.has("--json") {
            return try report(context.english {
                var database: [(String, JSONOutput)] = []
                if let troubled {
                    database.append(("connection", .object([
                        ("pid", .int(Int64(troubled.pid))), ("state", .string(troubled.connection.rawValue)),
                        ("since", .string(tokyo.iso8601(troubled.since))), ("attempts", .int(Int64(troubled.attempts))),
                        ("next_attempt", troubled.nextAttempt.map { .string(tokyo.iso8601($0)) } ?? .null),
                        ("error", troubled.error.map { .string($0) } ?? .null),
                    ])))
                }
                if workers.fleet != nil { database.append(("lease_problems", .array(leaseProblems.map { .string($0) }))) }
                return JSONOutput.object([("healthy", .bool(problems.isEmpty)), ("health", .array(StatusHealth.problemJSON(problems, clock: healthClock))),
                                          ("information", .array(StatusHealth.problemJSON(information, clock: healthClock)))]
                    + workers.fleetJSON(clock: tokyo) + database + [
                    ("worker", workers.workerJSON(clock: tokyo)),
                    ("rules", .array(configuration.rules.map { rule in
                        let wake = workers.wake(of: rule.id).at
                        var members: [(String, JSONOutput)] = [("id", .string(rule.id)), ("kind", .string(rule.kindName)),
                                                              ("next_wake", wake.map { .string(tokyo.iso8601($0)) } ?? .null)]
                        if workers.isUnheld(rule: rule.id) { members.append(("unheld", .bool(true))) }
                        if let board = unloadableBoard(of: rule) { members.append(("unloadable_board", .string(board))) }
                        if let reason = health.silentRules[rule.id] { members.append(("will_not_fire", .string(reason.english))) }
                        return .object(members)
                    })),
                    ("boards", .array(health.boardJSON)),
                    ("stale_sources", .array(health.staleJSON)),
                    ("ending_feeds", .array(health.endingJSON)),
                    ("sources", .array(sources.map { row in
                        .object([("name", .string(row.name)), ("fetched_at", row.fetchedAt.map { .string(tokyo.iso8601($0)) } ?? .null),
                                 ("checked_at", row.checkedAt.map { .string(tokyo.iso8601($0)) } ?? .null),
                                 ("next_refresh", row.nextRefreshAt.map { .string(tokyo.iso8601($0)) } ?? .null),
                                 ("last_error", row.lastError.map { .string($0) } ?? .null),
                                 ("bytes_saved", .int(Int64(row.bytesSaved)))])
                    })),
                    ("outbox", .object(OutboxStatus.allCases.map { ($0.rawValue, .int(Int64(counts[$0] ?? 0))) })),
                    ("held", .array(workers.held.map { held in
                        .object([("channel", .string(held.channel)), ("reason", .string(held.reason.rawValue)), ("secret", .string(held.secret)),
                                 ("count", .int(Int64(held.count)))])
                    })),
                ]).text
            })
        }

        var lines = health.summaryLines(problems, information: information, clock: healthClock)
        lines.append("")
        lines.append(workers.headline(clock: tokyo))
        if let troubled { lines.append(Self.describe(troubled, clock: tokyo)) }
        if workers.fleet != nil {
            lines += [""] + workers.fleetLines(clock: tokyo)
            for problem in leaseProblems { lines.append(Message(.statusLeaseProblem, ["problem": .text(problem)]).text) }
        }
        lines += ["", Message(.statusRules).text]
        lines.append(TextTable.render([["ID"] + [MessageKey.sourcesHeaderKind, .statusHeaderNextWake].map { Message($0).text }]
            + configuration.rules.map { rule in
                let (known, wake) = workers.wake(of: rule.id)
                if let board = unloadableBoard(of: rule) {
                    return [rule.id, rule.kindName, Message(.statusNeverUnloadable, ["board": .text(board)]).text]
                }
                if workers.isUnheld(rule: rule.id) { return [rule.id, rule.kindName, Message(.statusRuleUnheld).text] }
                if wake == nil, let reason = health.silentRules[rule.id] { return [rule.id, rule.kindName, Message(.statusNever, ["reason": .message(reason)]).text] }
                return [rule.id, rule.kindName, wake.map(tokyo.iso8601) ?? (known ? Message(.statusOnNewData).text : "-")]
            }))
        lines += health.lines
        lines += ["", Message(.statusSources).text]
        if sources.isEmpty {
            lines.append(Message(.statusNoSourcesFetched).text)
        } else {
            let headers: [MessageKey] = [.statusHeaderSource, .sourcesHeaderLastFetch, .sourcesHeaderAge, .sourcesHeaderNextRefresh, .headerLastError]
            lines.append(TextTable.render([headers.map { Message($0).text }] + sources.map { row in
                [row.name, time(row.checkedAt), row.checkedAt.map { SourceTime.age(now - $0) } ?? "-", time(row.nextRefreshAt),
                 row.lastError ?? "-"]
            }))
        }
        let summary = Message.joined(OutboxStatus.allCases.map { Message(.outboxStatusCount, ["count": .number(counts[$0] ?? 0), "status": .text($0.rawValue)]) },
                                     separator: Message(.listSeparator))
        lines += ["", Message(.statusOutbox, ["counts": .message(summary)]).text]
        for held in workers.held {
            var arguments: [String: MessageArgument] = ["channel": .text("\"\(held.channel)\""), "count": .number(held.count)]
            let key: MessageKey
            switch held.reason {
            case .secret:
                key = .statusHeld
                arguments["secret"] = .text(held.secret)
            case .noSessionBus: key = .statusHeldNoSessionBus
            case .noNotifySend: key = .statusHeldNoNotifySend
            }
            lines.append(Message(key, arguments).text)
        }
        return try report(lines.joined(separator: "\n"))
    }

    /// `worker pid 7 on this machine: waiting for the PostgreSQL server since …, 3 failed attempts, next at …: <error>`.
    static func describe(_ record: DatabaseStatusRecord, clock: ZoneClock) -> String {
        let error = record.error.map { Message(.statusDatabaseError, ["error": .text($0)]) } ?? .empty
        switch record.connection {
        case .connected:
            return Message(.statusDatabaseConnected, ["pid": .number(Int(record.pid)), "url": .text(record.url), "since": .text(clock.iso8601(record.since))]).text
        case .waiting:
            return Message(.statusDatabaseWaiting, [
                "pid": .number(Int(record.pid)), "url": .text(record.url), "since": .text(clock.iso8601(record.since)),
                "attempts": .number(record.attempts),
                "next": .message(record.nextAttempt.map { Message(.statusDatabaseNextAttempt, ["time": .text(clock.iso8601($0))]) } ?? .empty),
                "error": .message(error),
            ]).text
        case .unreachable:
            return Message(.statusDatabaseUnreachable, ["pid": .number(Int(record.pid)), "url": .text(record.url),
                                                        "since": .text(clock.iso8601(record.since)), "error": .message(error)]).text
        }
    }
}
