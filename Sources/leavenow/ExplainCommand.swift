import Config
import JSONText
import Rules
import Timetable

/// `leavenow explain RULE --at T [--rules DIR] [--fixtures DIR]`: why a rule fires or does not.
struct ExplainCommand {

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        try context.speaking { try explain(arguments, context: context) }
    }

    private func explain(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, spec: .explain)
        let id = try parsed.requirePositionals(["rule"])[0]
        guard let atText = parsed.value("--at") else { throw CommandFailure.usage(Message(.explainNeedsAt).text + "\n" + localizedUsage(CommandSpec.explain.usage)) }
        let at = try context.time(atText, option: "--at")
        // The rule's own board only: another board's problem is not why this rule fires or not.
        // Its problems are said after the explanation, once: not again when the explanation gives their reason.
        let workspace = try context.loadWorkspace(rulesOption: parsed.value("--rules"), fixtures: parsed.value("--fixtures"), rules: [id],
                                                  reportsBoards: true)
        guard let evaluation = workspace.explain(rule: id, at: at) else {
            let ids = workspace.engine.rules.map(\.id).sorted()
            throw CommandFailure.usage(Message(.explainNoRule, [
                "rule": .text("\"\(id)\""), "suggestion": .message(NameSuggestion.prefixMessage(for: id, among: ids)),
                "known": .message(ids.isEmpty ? Message(.cliNone) : .list(ids)),
            ]).text)
        }
        let clock = workspace.clock(forRule: id)
        let rule = workspace.engine.rules[workspace.engine.index(of: id)!]
        if parsed.has("--json") {
            for warning in workspace.boardWarnings { context.warn(warning) }
            return context.english { JSONOutput.object([
                ("rule", .string(id)), ("kind", .string(rule.kindName)), ("at", .string(clock.iso8601(at))),
                ("fires", .bool(!evaluation.notifications.isEmpty)),
                ("notifications", .array(evaluation.notifications.map { NotificationJSON.encode(SimulatedDelivery(at: at, notification: $0), workspace: workspace) })),
                ("next_wake_up", evaluation.nextWakeUp.map { .string(clock.iso8601($0)) } ?? .null),
                ("reasons", .array(evaluation.explanation.map { .string($0) })),
            ]).text }
        }
        var lines = [Message(.explainHeader, ["rule": .text(id), "kind": .text(rule.kindName), "at": .text(clock.iso8601(at)),
                                              "location": .text("\(rule.location)")]).text]
        lines += evaluation.reasons.map { "  " + $0.text }
        lines.append(evaluation.notifications.isEmpty ? Message(.explainNoFire).text
            : Message(.explainFires, ["texts": .text(evaluation.notifications.map(\.text).joined(separator: " | "))]).text)
        if let next = evaluation.nextWakeUp {
            lines.append(Message(.explainNext, ["time": .text(clock.iso8601(next))]).text)
        } else {
            lines.append(Message(.explainNoTimeAhead).text)
        }
        let explained = lines.joined(separator: "\n")
        let reasons = workspace.impairedBoards.flatMap { $0.completeness.failures.map(\.text.text) }
        for warning in workspace.boardWarnings where !reasons.contains(where: { warning.contains($0) && explained.contains($0) }) {
            context.warn(warning)
        }
        return explained
    }
}
