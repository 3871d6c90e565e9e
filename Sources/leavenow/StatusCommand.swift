import Config
import Foundation
import JSONText
import Store
import Timetable
import Worker

/// `leavenow status [--rules DIR] [--state PATH] [--json]`: the worker (running or not), each rule
/// and its next wake-up, each source's last fetch and error, the outbox, and each channel held
/// because its secret is missing (with how many notifications wait).
struct StatusCommand {
    /// The lease TTL of `leavenow run` (``WorkerOptions/leaseTTL``): a worker silent longer is gone.
    static let leaseTTL: Int64 = 30

    static let usage = "usage: leavenow status [--rules DIR] [--state PATH|postgresql://…] [--cache-dir DIR] [--json]"

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, options: ["--rules", "--state", "--cache-dir"], flags: ["--json"])
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
            store = try context.openState(location) { path in
                "no state at \(path): the worker has not run yet (leavenow run --state \(path))"
            }
        } catch let error as StoreError where error.code == .connection {
            var message = "cannot read the state: \(error)"
            if let connection, connection.processIsAlive {
                message += "\n" + Self.describe(connection, clock: tokyo)
            } else {
                message += "\nno worker running on this machine with the cache directory \(stateDirectory) says how it reaches the database"
            }
            throw CommandFailure.failure(message)
        }
        defer { store.close() }
        let record = try store.meta(WorkerStatusRecord.metaKey).flatMap(WorkerStatusRecord.init(json:))
        let counts = try store.counts()
        let sources = try store.sourceStates()
        let now = context.now()
        func time(_ instant: Int64?) -> String { instant.map(tokyo.iso8601) ?? "-" }
        // A shared PostgreSQL state: every worker that joined the partition leases (SQLite has one worker, no leases).
        let holders = try (store as? PostgresStore).map { try LeaseHolder.all(in: $0, now: now, ttl: Self.leaseTTL) }
        let leaseProblems = try (store as? PostgresStore).map { try WorkerLeases.audit(connection: $0.connection, ttl: Self.leaseTTL, now: now) } ?? []
        // The local worker's connection, when it is not simply connected (a live process only).
        let troubled = connection.flatMap { $0.connection != .connected && $0.processIsAlive ? $0 : nil }
        // One worker: its process is alive here. Shared state: some worker, on any machine, heartbeat within the lease TTL.
        let running = holders.map { $0.contains { now - $0.heartbeat < Self.leaseTTL } } ?? (record?.processIsAlive ?? false)
        let health = StatusHealth(configuration: configuration, stateDirectory: try context.stateDirectory(parsed.value("--state"), cacheDirectory: parsed.value("--cache-dir")),
                                  sources: sources, now: now)
        /// A rule whose board has no source cannot fire, whatever its wake-up says.
        func unloadableBoard(of rule: RuleSpec) -> String? {
            rule.references.first { $0.target == .board && health.unloadableBoards.contains($0.name) }?.name
        }

        if parsed.has("--json") {
            let workers: [(String, JSONOutput)] = holders.map { holders in
                [("workers", .array(holders.map { holder in
                    .object([("id", .string(holder.id)), ("host", .string(holder.host)), ("pid", .int(Int64(holder.pid))),
                             ("leases", .int(Int64(holder.leases))), ("started", .string(tokyo.iso8601(holder.started))),
                             ("heartbeat", .string(tokyo.iso8601(holder.heartbeat)))])
                }))]
            } ?? []
            var database: [(String, JSONOutput)] = []
            if let troubled {
                database.append(("connection", .object([
                    ("pid", .int(Int64(troubled.pid))), ("state", .string(troubled.connection.rawValue)),
                    ("since", .string(tokyo.iso8601(troubled.since))), ("attempts", .int(Int64(troubled.attempts))),
                    ("next_attempt", troubled.nextAttempt.map { .string(tokyo.iso8601($0)) } ?? .null),
                    ("error", troubled.error.map { .string($0) } ?? .null),
                ])))
            }
            if holders != nil { database.append(("lease_problems", .array(leaseProblems.map { .string($0) }))) }
            return JSONOutput.object(workers + database + [
                ("worker", .object([
                    ("running", .bool(running)), ("pid", record.map { .int(Int64($0.pid)) } ?? .null),
                    ("updated_at", record.map { .string(tokyo.iso8601($0.at)) } ?? .null),
                    ("next_wake", record?.next.map { .string(tokyo.iso8601($0)) } ?? .null),
                ])),
                ("rules", .array(configuration.rules.map { rule in
                    let wake = record?.wakes[rule.id] ?? nil
                    var members: [(String, JSONOutput)] = [("id", .string(rule.id)), ("kind", .string(rule.kindName)),
                                                          ("next_wake", wake.map { .string(tokyo.iso8601($0)) } ?? .null)]
                    if let board = unloadableBoard(of: rule) { members.append(("unloadable_board", .string(board))) }
                    if let reason = health.silentRules[rule.id] { members.append(("will_not_fire", .string(reason))) }
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
                ("held", .array((record?.held ?? []).map { held in
                    .object([("channel", .string(held.channel)), ("secret", .string(held.secret)), ("count", .int(Int64(held.count)))])
                })),
            ]).text
        }

        var lines: [String] = []
        if let record {
            lines.append(running ? "worker: running (pid \(record.pid)), last pass \(time(record.at)), next wake-up \(time(record.next))"
                                 : "worker: not running (last pass \(time(record.at)) by pid \(record.pid))")
        } else {
            lines.append("worker: has not run yet")
        }
        if let troubled { lines.append(Self.describe(troubled, clock: tokyo)) }
        if let holders {
            lines.append("\nworkers sharing the PostgreSQL state:")
            lines.append(holders.isEmpty ? "(none has taken partition leases)" : TextTable.render(
                [["ID", "HOST", "PID", "LEASES", "LAST HEARTBEAT"]]
                    + holders.map { [$0.id, $0.host, "\($0.pid)", "\($0.leases)", tokyo.iso8601($0.heartbeat)] }))
            for problem in leaseProblems { lines.append("lease table: " + problem) }
        }
        lines.append("\nrules:")
        lines.append(TextTable.render([["ID", "KIND", "NEXT WAKE-UP"]] + configuration.rules.map { rule in
            let wake = record?.wakes[rule.id] ?? nil
            if let board = unloadableBoard(of: rule) { return [rule.id, rule.kindName, "never: board \(board) has no loadable source"] }
            if wake == nil, let reason = health.silentRules[rule.id] { return [rule.id, rule.kindName, "never: " + reason] }
            return [rule.id, rule.kindName, wake.map(tokyo.iso8601) ?? (record == nil ? "-" : "on new data")]
        }))
        lines += health.lines
        lines.append("\nsources:")
        if sources.isEmpty {
            lines.append("(none fetched by the worker yet)")
        } else {
            lines.append(TextTable.render([["SOURCE", "LAST FETCH", "AGE", "NEXT REFRESH", "LAST ERROR"]] + sources.map { row in
                [row.name, time(row.checkedAt), row.checkedAt.map { SourceTime.age(now - $0) } ?? "-", time(row.nextRefreshAt),
                 row.lastError ?? "-"]
            }))
        }
        lines.append("\noutbox: " + OutboxStatus.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", "))
        for held in record?.held ?? [] {
            lines.append("held: channel \"\(held.channel)\": \(held.count) notification\(held.count == 1 ? "" : "s") waiting for "
                + "its secret \(held.secret), which the worker did not find (set it, then reload: SIGHUP or restart)")
        }
        return lines.joined(separator: "\n")
    }

    /// `worker pid 7 on this machine: waiting for the PostgreSQL server since …, 3 failed attempts, next at …: <error>`.
    static func describe(_ record: DatabaseStatusRecord, clock: ZoneClock) -> String {
        switch record.connection {
        case .connected:
            return "worker pid \(record.pid) on this machine: connected to \(record.url) since \(clock.iso8601(record.since))"
        case .waiting:
            return "worker pid \(record.pid) on this machine: waiting for the PostgreSQL server \(record.url) since \(clock.iso8601(record.since)) "
                + "(not started: no rule runs until it answers), \(record.attempts) failed attempt\(record.attempts == 1 ? "" : "s")"
                + (record.nextAttempt.map { ", next at \(clock.iso8601($0))" } ?? "") + (record.error.map { ": \($0)" } ?? "")
        case .unreachable:
            return "worker pid \(record.pid) on this machine: cannot reach the PostgreSQL server \(record.url) since \(clock.iso8601(record.since)) "
                + "(its rules' decisions wait; its leases lapse)" + (record.error.map { ": \($0)" } ?? "")
        }
    }
}
