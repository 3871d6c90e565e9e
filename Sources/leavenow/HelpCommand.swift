import Config

/// `leavenow help [COMMAND]` (also `--help`, `-h`): the overview, or one command's help.
struct HelpCommand {
    func run(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, spec: .help)
        guard let name = parsed.positionals.first else { return CommandHelp.overview }
        _ = try parsed.requirePositionals(["COMMAND"])
        guard let spec = CommandSpec.named(name) else { throw CommandFailure.usage(Self.unknownCommand(name)) }
        return CommandHelp.text(of: spec)
    }

    /// `unknown command "nxt" (did you mean "next"? commands: next, board, …); leavenow --help …`.
    static func unknownCommand(_ name: String) -> String {
        let names = CommandSpec.all.map(\.name)
        return Message(.cliUnknownCommand, ["command": .text("\"\(name)\""),
                                            "suggestion": .message(NameSuggestion.prefixMessage(for: name, among: names)),
                                            "list": .message(.list(names))]).text
    }
}

/// `leavenow version` (also `--version`): `leavenow 0.15.0 (git 73e4741c2f1a)`.
struct VersionCommand {
    func run(_ arguments: [String], context: CommandContext) throws -> String {
        _ = try ParsedArguments(arguments, spec: .version).requirePositionals([])
        return Version.text
    }
}
