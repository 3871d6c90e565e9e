import Config
import JSONText
import Rules
import Timetable

/// `leavenow explain RULE --at T [--rules DIR] [--fixtures DIR]`: why a rule fires or does not.
struct ExplainCommand {
    static let usage = "usage: leavenow explain RULE --at TIME [--rules DIR] [--fixtures DIR] [--json]"

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, options: ["--rules", "--at", "--fixtures"], flags: ["--json"])
        let id = try parsed.requirePositionals(["rule"])[0]
        guard let atText = parsed.value("--at") else { throw CommandFailure.usage("--at TIME is required\n" + ExplainCommand.usage) }
        let at = try context.time(atText, option: "--at")
        let workspace = try context.loadWorkspace(rulesOption: parsed.value("--rules"), fixtures: parsed.value("--fixtures"))
        guard let evaluation = workspace.explain(rule: id, at: at) else {
            let ids = workspace.engine.rules.map(\.id).sorted(), known = ids.joined(separator: ", ")
            throw CommandFailure.failure("no rule \"\(id)\" (\(NameSuggestion.prefix(for: id, among: ids))rules: \(known.isEmpty ? "none" : known))")
        }
        let clock = workspace.clock(forRule: id)
        let rule = workspace.engine.rules[workspace.engine.index(of: id)!]
        if parsed.has("--json") {
            return JSONOutput.object([
                ("rule", .string(id)), ("kind", .string(rule.kindName)), ("at", .string(clock.iso8601(at))),
                ("fires", .bool(!evaluation.notifications.isEmpty)),
                ("notifications", .array(evaluation.notifications.map { NotificationJSON.encode(SimulatedDelivery(at: at, notification: $0), workspace: workspace) })),
                ("next_wake_up", evaluation.nextWakeUp.map { .string(clock.iso8601($0)) } ?? .null),
                ("reasons", .array(evaluation.explanation.map { .string($0) })),
            ]).text
        }
        var lines = ["rule \(id) (\(rule.kindName)) at \(clock.iso8601(at)) — defined at \(rule.location)"]
        lines += evaluation.explanation.map { "  " + $0 }
        lines.append(evaluation.notifications.isEmpty ? "→ does not fire at this time" : "→ fires: " + evaluation.notifications.map(\.text).joined(separator: " | "))
        if let next = evaluation.nextWakeUp {
            lines.append("→ next time it could fire: \(clock.iso8601(next))")
        } else {
            lines.append("→ no time ahead: it runs again only when a source it reads has new data")
        }
        return lines.joined(separator: "\n")
    }
}
