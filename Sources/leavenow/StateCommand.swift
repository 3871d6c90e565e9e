import Config
import Foundation
import JSONText
import Store

/// `leavenow state migrate --from FILE --to postgresql://… [--json]`: copies an SQLite state into an
/// empty PostgreSQL database in one transaction, verifies the row count of every table and prints them.
struct StateCommand {
    func run(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, spec: .state)
        let usage = localizedUsage(CommandSpec.state.usage)
        guard parsed.positionals.first == "migrate" else {
            let action = parsed.positionals.first.map {
                Message(.stateUnknownAction, ["action": .text("\"\($0)\""),
                                              "suggestion": .message(NameSuggestion.prefixMessage(for: $0, among: ["migrate"]))]).text + "\n"
            } ?? ""
            throw CommandFailure.usage(action + usage)
        }
        _ = try parsed.requirePositionals(["migrate"])
        guard let from = parsed.value("--from") else { throw CommandFailure.usage(Message(.stateNeedsFrom).text + "\n" + usage) }
        guard let to = parsed.value("--to") else { throw CommandFailure.usage(Message(.stateNeedsTo).text + "\n" + usage) }
        guard case .file(let path) = try context.stateLocation(from) else {
            throw CommandFailure.usage(Message(.stateFromNotFile).text)
        }
        guard case .postgres(let url) = try context.stateLocation(to) else {
            throw CommandFailure.usage(Message(.stateToNotURL, ["value": .text("\"\(to)\"")]).text)
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure.failure(Message(.stateFromMissing, ["path": .text(path)]).text)
        }
        let source = try SQLiteStore(readingPath: path)
        defer { source.close() }
        let target = try PostgresStore(url: url)
        defer { target.close() }
        let counts: [StateMigration.TableCount]
        do {
            counts = try StateMigration.copy(from: source, to: target)
        } catch {
            throw CommandFailure.failure(Message(.stateMigrateFailed, ["error": .text("\(error)")]).text)
        }
        if parsed.has("--json") {
            return context.english { JSONOutput.object([
                ("from", .string(path)), ("to", .string(url.redacted)),
                ("tables", .array(counts.map { .object([("table", .string($0.table)), ("sqlite", .int(Int64($0.source))),
                                                        ("postgresql", .int(Int64($0.target)))]) })),
            ]).text }
        }
        return Message(.stateCopied, ["from": .text(path), "to": .text(url.redacted)]).text + "\n"
            + TextTable.render([[Message(.stateHeaderTable).text, "SQLITE", "POSTGRESQL"]] + counts.map { [$0.table, "\($0.source)", "\($0.target)"] })
    }
}
