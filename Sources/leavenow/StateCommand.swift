import Foundation
import JSONText
import Store

/// `leavenow state migrate --from FILE --to postgresql://… [--json]`: copies an SQLite state into an
/// empty PostgreSQL database in one transaction, verifies the row count of every table and prints them.
struct StateCommand {
    static let usage = """
    usage: leavenow state migrate --from STATE.db --to postgresql://USER@HOST/DB [--json]

    Copies the outbox (with its delivery log), the rule state, the source index and the meta values
    of an SQLite state into an EMPTY PostgreSQL database, in one transaction, and verifies the row
    count of every table: the database gets all of it or nothing. A database that already holds a
    leavenow state is refused. The SQLite file is only read; stop its worker first. The password
    comes from the URL or from PGPASSWORD / ~/.pgpass and is never printed.
    """

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        if arguments.contains("--help") || arguments.contains("-h") { return Self.usage }
        let parsed = try ParsedArguments(arguments, options: ["--from", "--to"], flags: ["--json"])
        guard parsed.positionals.first == "migrate" else {
            let action = parsed.positionals.first.map { "unknown state action \"\($0)\"\n" } ?? ""
            throw CommandFailure.usage(action + Self.usage)
        }
        _ = try parsed.requirePositionals(["migrate"])
        guard let from = parsed.value("--from") else { throw CommandFailure.usage("state migrate needs --from STATE.db\n" + Self.usage) }
        guard let to = parsed.value("--to") else { throw CommandFailure.usage("state migrate needs --to postgresql://…\n" + Self.usage) }
        guard case .file(let path) = try context.stateLocation(from) else {
            throw CommandFailure.usage("--from: give the SQLite state file to copy, not a PostgreSQL URL")
        }
        guard case .postgres(let url) = try context.stateLocation(to) else {
            throw CommandFailure.usage("--to: \"\(to)\" is not a postgresql:// or postgres:// URL")
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure.failure("--from: no state at \(path)")
        }
        let source = try SQLiteStore(path: path)
        defer { source.close() }
        let target = try PostgresStore(url: url)
        defer { target.close() }
        let counts: [StateMigration.TableCount]
        do {
            counts = try StateMigration.copy(from: source, to: target)
        } catch {
            throw CommandFailure.failure("state migrate: \(error)")
        }
        if parsed.has("--json") {
            return JSONOutput.object([
                ("from", .string(path)), ("to", .string(url.redacted)),
                ("tables", .array(counts.map { .object([("table", .string($0.table)), ("sqlite", .int(Int64($0.source))),
                                                        ("postgresql", .int(Int64($0.target)))]) })),
            ]).text
        }
        return "copied \(path) to \(url.redacted) in one transaction; rows per table (verified):\n"
            + TextTable.render([["TABLE", "SQLITE", "POSTGRESQL"]] + counts.map { [$0.table, "\($0.source)", "\($0.target)"] })
    }
}
