import Daemon
import Foundation

/// The `leavenow` command line: one place that maps errors to exit codes (0 ok, 1 failure, 64 usage).
let help = """
leavenow — tells you when to leave.

usage:
  leavenow next BOARD [--rules DIR] [--at TIME] [--count N] [--json]
  leavenow board BOARD [--rules DIR] [--date YYYY-MM-DD] [--at TIME] [--json]
  leavenow holidays (--year Y | --from DATE --to DATE) [--json]
  leavenow check [--rules DIR]
  leavenow dry-run [--rules DIR] (--at TIME | --from TIME --to TIME) [--fixtures DIR] [--json]
  leavenow explain RULE --at TIME [--rules DIR] [--fixtures DIR] [--json]
  leavenow test [--rules DIR] [FILES…]
  leavenow fetch [SOURCE…] [--rules DIR] [--state DIR] [--json]
  leavenow sources [--rules DIR] [--state DIR] [--json]
  leavenow run [--rules DIR] [--state PATH] [--once] [--fixtures DIR] [--simulate-from TIME --speed N] [--until TIME]
  leavenow status [--rules DIR] [--state PATH] [--json]
  leavenow history RULE [--since TIME] [--limit N] [--json] [--rules DIR] [--state PATH]
  leavenow outbox [list | retry ID | purge] [--state PATH] [--status S,…] [--json]
  leavenow notify CHANNEL MESSAGE [--title T] [--urgency U] [--rules DIR]
  leavenow state migrate --from STATE.db --to postgresql://USER@HOST/DB [--json]

TIME is ISO 8601 with an offset (2024-12-22T10:32:00+09:00) or a wall time in the board's
timezone (2024-12-22T10:32). Rules come from --rules, $XDG_CONFIG_HOME/leavenow/rules or ./rules.
State (the worker's state.db and the source cache in sources/) lives in --state (a directory or a
.db file), $STATE_DIRECTORY under systemd, $XDG_STATE_HOME/leavenow or $HOME/.local/state/leavenow.
--state postgresql://… (or postgres://) keeps it in PostgreSQL, shared by several workers; the
source cache is then in --cache-dir or that default directory.
For testing, LEAVENOW_SOURCE_BASE_URL=http://127.0.0.1:PORT sends every fetch to that server.
"""

func runCommand(_ arguments: [String], context: CommandContext) throws -> String {
    guard let command = arguments.first else { throw CommandFailure.usage(help) }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "next": return try NextCommand().run(rest, context: context)
    case "board": return try BoardCommand().run(rest, context: context)
    case "holidays": return try HolidaysCommand().run(rest, context: context)
    case "check": return try CheckCommand().run(rest, context: context)
    case "dry-run": return try DryRunCommand().run(rest, context: context)
    case "explain": return try ExplainCommand().run(rest, context: context)
    case "test": return try TestCommand().run(rest, context: context)
    case "fetch": return try FetchCommand().run(rest, context: context)
    case "sources": return try SourcesCommand().run(rest, context: context)
    case "run": return try RunCommand().run(rest, context: context)
    case "status": return try StatusCommand().run(rest, context: context)
    case "history": return try HistoryCommand().run(rest, context: context)
    case "outbox": return try OutboxCommand().run(rest, context: context)
    case "notify": return try NotifyCommand().run(rest, context: context)
    case "state": return try StateCommand().run(rest, context: context)
    case "help", "--help", "-h": return help
    default: throw CommandFailure.usage("unknown command \"\(command)\"\n\n" + help)
    }
}

// The worker takes SIGHUP / SIGTERM / SIGINT through a signalfd: they must be blocked before any
// thread starts, in every thread (threads inherit the mask). A closed pipe is an error, not a death.
if CommandLine.arguments.dropFirst().first == "run" {
    signal(SIGPIPE, SIG_IGN)
    do {
        try WakeSource.blockSignals()
    } catch {
        FileHandle.standardError.write(Data("leavenow: \(error)\n".utf8))
        exit(1)
    }
}

do {
    let output = try runCommand(Array(CommandLine.arguments.dropFirst()), context: .live)
    if !output.isEmpty { print(output) }
    exit(0)
} catch CommandFailure.failedReport(let report) {
    print(report)
    exit(1)
} catch let failure as CommandFailure {
    FileHandle.standardError.write(Data(("leavenow: " + failure.description + "\n").utf8))
    exit(failure.exitCode)
} catch {
    FileHandle.standardError.write(Data(("leavenow: \(error)\n").utf8))
    exit(1)
}
