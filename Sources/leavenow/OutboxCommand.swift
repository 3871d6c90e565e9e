import Channels
import Config
import Foundation
import JSONText
import Secrets
import Store
import Timetable

/// `leavenow outbox [list|retry ID|purge] [--state PATH] [--status S,…] [--older-than DURATION] [--json]`:
/// what the worker has to send, sent, gave up on; put a dead letter back (never one whose expiry has
/// passed); forget old entries.
struct OutboxCommand {

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        try context.speaking { try outbox(arguments, context: context) }
    }

    private func outbox(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, spec: .outbox)
        // Listing only reads: another user may list a state it can read; retry and purge write.
        let store = try context.openState(try context.stateLocation(parsed.value("--state"), rulesOption: parsed.value("--rules")),
                                          readOnly: (parsed.positionals.first ?? "list") == "list") { path in
            Message(.outboxNoState, ["path": .text(path)]).text
        }
        defer { store.close() }
        let statuses = try parsed.value("--status").map(Self.statuses)
        switch parsed.positionals.first ?? "list" {
        case "list":
            _ = try parsed.requirePositionals(parsed.positionals.isEmpty ? [] : ["list"])
            let limit = try parsed.integer("--limit", default: 50, in: 1...100_000)
            let entries = try store.list(statuses: statuses ?? [.pending, .dead], limit: limit)
            let counts = try store.counts()
            return parsed.has("--json") ? context.english { Self.json(entries, counts: counts) } : Self.table(entries, counts: counts)
        case "retry":
            let values = try parsed.requirePositionals(["retry", "ID"])
            guard let id = Int64(values[1]) else { throw CommandFailure.usage(Message(.outboxBadID, ["value": .text("\"\(values[1])\"")]).text) }
            switch try store.retry(id: id, now: context.now()) {
            case .requeued:
                return Message(.outboxRequeued, ["id": .number(Int(id))]).text
            case .notFound:
                throw CommandFailure.failure(Message(.outboxNotFound, ["id": .number(Int(id))]).text)
            case .notRetryable(let status):
                throw CommandFailure.failure(Message(.outboxNotRetryable, ["id": .number(Int(id)), "status": .text(status.rawValue)]).text)
            case .expired(let at):
                throw CommandFailure.failure(Self.expiredMessage(id: id, at: at))
            }
        case "purge":
            _ = try parsed.requirePositionals(["purge"])
            let age = try parsed.value("--older-than").map { text -> Int64 in
                switch DurationText.seconds(in: text) {
                case .success(let seconds): return Int64(seconds)
                case .failure(let error): throw CommandFailure.usage("--older-than: \(error.message)")
                }
            } ?? 7 * 86_400
            let removed = try store.purge(statuses: statuses ?? [.delivered, .expired], olderThan: context.now() - age)
            return Message(.outboxRemoved, ["count": .number(removed)]).text
        default:
            throw CommandFailure.usage(Message(.outboxUnknownAction, ["action": .text("\"\(parsed.positionals[0])\"")]).text + "\n" + localizedUsage(CommandSpec.outbox.usage) + "\n" + Message(.helpOutboxDetails).text)
        }
    }

    /// `outbox entry 7 expired at 2024-12-02T08:33:00+09:00: …`: why `retry` refuses an entry.
    static func expiredMessage(id: Int64, at: Int64) -> String {
        Message(.outboxExpired, ["id": .number(Int(id)), "time": .text(tokyo.iso8601(at))]).text
    }

    static func statuses(_ text: String) throws -> Set<OutboxStatus> {
        var result = Set<OutboxStatus>()
        for name in text.split(separator: ",") {
            guard let status = OutboxStatus(rawValue: String(name)) else {
                throw CommandFailure.usage(Message(.outboxBadStatus, ["value": .text("\"\(name)\""),
                                                                      "list": .message(.list(OutboxStatus.allCases.map(\.rawValue)))]).text)
            }
            result.insert(status)
        }
        return result
    }

    static let tokyo = ZoneClock(identifier: "Asia/Tokyo")!

    /// A stored error with credential headers and secret query values hidden once more: the worker
    /// redacts before it stores, but a row written by an older version may still hold one.
    static func redacted(_ error: String) -> String { URLRedaction.standard.redact(text: error) }

    static func table(_ entries: [OutboxEntry], counts: [OutboxStatus: Int]) -> String {
        let summary = Message.joined(OutboxStatus.allCases.map { Message(.outboxStatusCount, ["count": .number(counts[$0] ?? 0), "status": .text($0.rawValue)]) },
                                     separator: Message(.listSeparator)).text
        guard !entries.isEmpty else { return "outbox: \(summary)" }
        let headers: [MessageKey] = [.outboxHeaderStatus, .outboxHeaderTries, .outboxHeaderWhen, .outboxHeaderRule, .outboxHeaderChannel, .headerLastError]
        var rows = [["ID"] + headers.map { Message($0).text }]
        for entry in entries {
            let when = entry.status == .pending ? entry.nextAttemptAt : (entry.deliveredAt ?? entry.nextAttemptAt)
            rows.append(["\(entry.id)", entry.status.rawValue, "\(entry.attempts)", tokyo.iso8601(when), entry.notification.rule,
                         entry.channel, entry.lastError.map(redacted) ?? "-"])
        }
        return "outbox: \(summary)\n" + TextTable.render(rows)
    }

    static func json(_ entries: [OutboxEntry], counts: [OutboxStatus: Int]) -> String {
        JSONOutput.object([
            ("counts", .object(OutboxStatus.allCases.map { ($0.rawValue, .int(Int64(counts[$0] ?? 0))) })),
            ("entries", .array(entries.map { entry in
                .object([
                    ("id", .int(entry.id)), ("status", .string(entry.status.rawValue)),
                    ("attempts", .int(Int64(entry.attempts))), ("next_attempt_at", .string(tokyo.iso8601(entry.nextAttemptAt))),
                    ("delivered_at", entry.deliveredAt.map { .string(tokyo.iso8601($0)) } ?? .null),
                    ("rule", .string(entry.notification.rule)), ("channel", .string(entry.channel)), ("key", .string(entry.key)),
                    ("text", .string(entry.notification.text)), ("last_error", entry.lastError.map { .string(redacted($0)) } ?? .null),
                ])
            })),
        ]).text
    }
}
