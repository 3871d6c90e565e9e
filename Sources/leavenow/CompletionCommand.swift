import Config
import Foundation
import LiveSources

/// `leavenow completion bash|zsh`: the shell completion script, generated from the command table;
/// `leavenow completion ids boards|rules|channels|sources [--rules DIR]`: the ids the configuration
/// defines, one a line (what the scripts call to complete `next BOARD`, `explain RULE`, …).
struct CompletionCommand {
    func run(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, spec: .completion)
        let shells = ["bash", "zsh"]
        switch parsed.positionals.first {
        case "bash":
            _ = try parsed.requirePositionals(["SHELL"])
            return CompletionScript.bash
        case "zsh":
            _ = try parsed.requirePositionals(["SHELL"])
            return CompletionScript.zsh
        case "ids":
            let values = try parsed.requirePositionals(["ids", "KIND"])
            guard let kind = ConfiguredIDs(rawValue: values[1]) else {
                let kinds = ConfiguredIDs.allCases.map(\.rawValue)
                throw CommandFailure.usage(Message(.completionUnknownKind, [
                    "kind": .text("\"\(values[1])\""), "suggestion": .message(NameSuggestion.prefixMessage(for: values[1], among: kinds)),
                    "list": .message(.list(kinds)),
                ]).text)
            }
            return try ids(kind, rulesOption: parsed.value("--rules"), context: context).joined(separator: "\n")
        case let shell?:
            throw CommandFailure.usage(Message(.completionUnknownShell, [
                "shell": .text("\"\(shell)\""), "suggestion": .message(NameSuggestion.prefixMessage(for: shell, among: shells)),
                "list": .message(.list(shells)),
            ]).text)
        case nil:
            throw CommandFailure.usage(Message(.cliMissingPositional, ["name": .text("SHELL")]).text + "\n" + localizedUsage(CommandSpec.completion.usage))
        }
    }

    /// The ids of `kind` in the rules directory. Board ids come from the boards alone (a broken rule
    /// does not stop them, as for `next`); the others need the whole configuration to load.
    func ids(_ kind: ConfiguredIDs, rulesOption: String?, context: CommandContext) throws -> [String] {
        let directory = context.rulesDirectory(rulesOption)
        guard kind != .boards else {
            do {
                return try Configuration.loadBoards(directory: directory).boards.map(\.id)
            } catch {
                throw CommandFailure.failure(Message(.cliDirectoryHasProblems, ["directory": .text(directory)]).text + "\n" + error.rendered)
            }
        }
        let (configuration, _) = try context.loadConfiguration(rulesOption: rulesOption)
        switch kind {
        case .boards: return configuration.boards.map(\.id)
        case .rules: return configuration.rules.map(\.id)
        case .channels: return configuration.channels.map(\.id)
        case .sources: return LiveSource.all(in: configuration).map(\.id)
        }
    }
}
