import Config
import Daemon
import Foundation

/// The `leavenow` command line: the commands of the command table (``CommandSpec/all``), `--help`
/// on each from the same table, and one place that maps errors to exit codes (``CommandFailure``:
/// 0 ok, 1 failure, 64 usage, 75 `run --once` with a failed source). Everything runs in the
/// reader's language (``CommandContext/speaking(_:)``). With no command, the help on stdout and
/// exit 0, as `leavenow help` (and swift-argument-parser's command groups, kubectl, docker) —
/// not git's usage with exit 1: nothing failed, the person asked what the program does.
func runCommand(_ arguments: [String], context: CommandContext) throws -> String {
    guard let command = arguments.first else { return CommandHelp.overview }
    let rest = Array(arguments.dropFirst())
    if let spec = CommandSpec.named(command), ParsedArguments.asksForHelp(rest, spec: spec) { return CommandHelp.text(of: spec) }
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
    case "completion": return try CompletionCommand().run(rest, context: context)
    case "version", "--version": return try VersionCommand().run(rest, context: context)
    case "help", "--help", "-h": return try HelpCommand().run(rest, context: context)
    default: throw CommandFailure.usage(HelpCommand.unknownCommand(command))
    }
}

// The worker takes SIGHUP / SIGTERM / SIGINT through a signalfd: they must be blocked before any
// thread starts, in every thread (threads inherit the mask). A closed pipe is an error, not a death.
if CommandLine.arguments.dropFirst().first == "run" {
    signal(SIGPIPE, SIG_IGN)
    do {
        try WakeSource.blockSignals()
    } catch {
        let language = Language(environment: ProcessInfo.processInfo.environment)
        FileHandle.standardError.write(Data("leavenow: \(Message(error: error).rendered(in: language))\n".utf8))
        exit(1)
    }
}

let context = CommandContext.live
do {
    let output = try context.speaking { try runCommand(Array(CommandLine.arguments.dropFirst()), context: context) }
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
