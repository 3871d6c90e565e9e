import Config
import Foundation
import JSONText
import Store
import Timetable
import Worker

/// `leavenow history RULE [--since TIME] [--limit N] [--json] [--rules DIR] [--state PATH]`: the
/// last evaluations the worker recorded of a rule (the `history:` section says how many it keeps):
/// when and why it ran, the facts it read and how old they were, what it decided and why — the
/// engine's reasons, as `explain` gives them — what it queued, and when it looks again. `explain`
/// stays the simulation; this is what happened.
struct HistoryCommand {
    func run(_ arguments: [String], context: CommandContext) throws -> String {
        return try context.speaking { try history(arguments, context: context) }
    }

    private func history(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, spec: .history)
        let id = try parsed.requirePositionals(["RULE"])[0]
        let limit = try parsed.integer("--limit", default: 100, in: 1...100_000)
        // The rule's kind and timezone come from the configuration when it loads; the history is the state's.
        let directory = context.rulesDirectory(parsed.value("--rules"))
        let configuration = try? Configuration.load(directory: directory)
        let rule = configuration?.rules.first { $0.id == id }
        let clock = rule?.common.clock ?? ZoneClock(identifier: "Asia/Tokyo")!
        let since = try parsed.value("--since").map { text -> Int64 in
            guard let instant = context.parseTime(text, clock: clock) else {
                throw CommandFailure.usage(Message(.historyBadSince, ["value": .text("\"\(text)\"")]).text)
            }
            return instant
        }
        let store = try context.openState(try context.stateLocation(parsed.value("--state"), rulesOption: parsed.value("--rules")),
                                          readOnly: true) { path in
            Message(.outboxNoState, ["path": .text(path)]).text
        }
        defer { store.close() }
        let recorded = try store.historyRules()
        guard rule != nil || recorded.contains(id) else {
            let known = Array(Set(recorded + (configuration?.rules.map(\.id) ?? []))).sorted()
            throw CommandFailure.usage(Message(.historyNoRule, [
                "rule": .text("\"\(id)\""),
                "hint": .message(NameSuggestion.hintMessage(for: id, among: known, plural: Message(.pluralRules))),
            ]).text)
        }
        let keep = configuration?.historyKeep ?? HistorySpec.defaultKeep
        let entries = try store.history(rule: id, since: since, limit: limit)
        let records = entries.map { ($0.at, RuleHistoryRecord(json: $0.record)) }
        if parsed.has("--json") {
            return context.english { Self.json(rule: id, kind: rule?.kindName, keep: keep, records: records, clock: clock) }
        }
        let sinceText = since.map { Message(.historySince, ["time": .text(clock.iso8601($0))]) } ?? .empty
        guard !records.isEmpty else {
            return Message(.historyNone, ["rule": .text(id), "since": .message(sinceText), "keep": .number(keep)]).text
        }
        var lines = [Message(.historyHeader, ["rule": .text(id), "kind": .text(rule?.kindName ?? "?"), "count": .number(records.count),
                                              "since": .message(sinceText), "keep": .number(keep)]).text]
        for (at, record) in records {
            lines.append("")
            lines += Self.lines(at: at, record: record, clock: clock)
        }
        return lines.joined(separator: "\n")
    }

    /// One evaluation for people: its time and trigger, then what it read, decided, queued, why, and next.
    static func lines(at: Int64, record: RuleHistoryRecord?, clock: ZoneClock) -> [String] {
        guard let record else { return [clock.iso8601(at) + "  " + Message(.historyUnreadable).text] }
        let trigger: Message
        switch record.trigger {
        case .start: trigger = Message(.historyTriggerStart)
        case .time: trigger = Message(.historyTriggerTime)
        case .data: trigger = Message(.historyTriggerData, ["sources": .message(.list(record.updated))])
        }
        var lines = [clock.iso8601(at) + "  " + trigger.text]
        if !record.facts.isEmpty {
            let facts = record.facts.map { fact -> Message in
                let what = Message(.historyFact, ["kind": .message(kindNoun(fact.kind)), "source": .text(fact.source)])
                if fact.kind == "board" { return what }
                guard let fetched = fact.at else { return what + Message(.historyFactNoData) }
                return what + Message(.historyFactFetched, ["time": .text(clock.iso8601(fetched)), "age": .message(HealthCheck.age(at - fetched))])
            }
            lines.append(Message(.historyRead, ["facts": .message(.joined(facts, separator: Message(.historyFactSeparator)))]).text)
        }
        switch record.decision {
        case .sent: lines.append(Message(.historyDecidedSend, ["count": .number(record.queued.count)]).text)
        case .held: lines.append(Message(.historyDecidedHeld, ["count": .number(record.held), "time": .text(record.heldUntil.map(clock.iso8601) ?? "-")]).text)
        case .nothing: lines.append(Message(.historyDecidedNothing).text)
        }
        for item in record.queued {
            lines.append(Message(.historyQueued, ["key": .text(item.key), "channels": .message(.list(item.channels))]).text)
        }
        if !record.reasons.isEmpty {
            lines.append(Message(.historyWhy).text)
            lines += record.reasons.map { "    " + $0.text }
        }
        lines.append(record.next.map { Message(.historyNext, ["time": .text(clock.iso8601($0))]).text } ?? Message(.historyNextOnData).text)
        return lines
    }

    /// The noun of a fact's kind: `board`, `weather source`, `feed`, `service status`, …
    private static func kindNoun(_ kind: String) -> Message {
        switch kind {
        case "board": return Message(.nounBoard)
        case "weather": return Message(.nounWeather)
        case "feed": return Message(.nounFeed)
        case "service_status": return Message(.nounServiceStatus)
        case "trains": return Message(.nounODPTTrains)
        case "realtime": return Message(.historyKindRealtime)
        default: return .verbatim(kind)
        }
    }

    /// `{"rule", "kind", "keep", "evaluations": [{"at", "trigger", "updated", "facts", "decision", "queued", "held", "held_until", "next_wake", "reasons"}]}`.
    static func json(rule: String, kind: String?, keep: Int, records: [(Int64, RuleHistoryRecord?)], clock: ZoneClock) -> String {
        JSONOutput.object([
            ("rule", .string(rule)), ("kind", kind.map { .string($0) } ?? .null), ("keep", .int(Int64(keep))),
            ("evaluations", .array(records.compactMap { at, record in
                guard let record else { return nil }
                return .object([
                    ("at", .string(clock.iso8601(at))), ("trigger", .string(record.trigger.rawValue)),
                    ("updated", .array(record.updated.map { .string($0) })),
                    ("facts", .array(record.facts.map { fact in
                        .object([("source", .string(fact.source)), ("kind", .string(fact.kind)),
                                 ("fetched_at", fact.at.map { .string(clock.iso8601($0)) } ?? .null)])
                    })),
                    ("decision", .string(record.decision.rawValue)),
                    ("queued", .array(record.queued.map { item in
                        .object([("key", .string(item.key)), ("channels", .array(item.channels.map { .string($0) }))])
                    })),
                    ("held", .int(Int64(record.held))), ("held_until", record.heldUntil.map { .string(clock.iso8601($0)) } ?? .null),
                    ("next_wake", record.next.map { .string(clock.iso8601($0)) } ?? .null),
                    ("reasons", .array(record.reasons.map { .string($0.english) })),
                ])
            })),
        ]).text
    }
}
