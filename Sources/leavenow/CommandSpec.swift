/// One command of the command line as a table row: its name, synopsis, what it does, the
/// positional arguments it takes and every option it accepts. ``ParsedArguments`` parses against
/// it, `--help` is rendered from it (``CommandHelp``) and so are the shell completions
/// (``CompletionScript``): help, parsing and completion cannot say different things.
struct CommandSpec: Sendable {
    /// `next`.
    var name: String
    /// The synopsis after `leavenow `, one line per form: `["next BOARD [--rules DIR] …"]`.
    var synopsis: [String]
    /// One line: what the command does.
    var summary: MessageKey
    /// What the positional arguments are, in order; the last one may repeat (``Positional/repeats``).
    var positionals: [Positional] = []
    /// Every option the command accepts, in the order help lists them.
    var options: [OptionSpec] = []
    /// Paragraphs after the options (how it behaves, where things are), or nil.
    var details: MessageKey?

    /// The options that take a value.
    var valueOptions: Set<String> { Set(options.filter { $0.value != nil }.map(\.name)) }

    /// The options that take none.
    var flags: Set<String> { Set(options.filter { $0.value == nil }.map(\.name)) }

    /// The option named `name`.
    func option(_ name: String) -> OptionSpec? { options.first { $0.name == name } }

    /// `usage: leavenow next BOARD …` (one line per form, aligned; a form that starts with a space
    /// continues the one before), in English: the reader's language comes from ``localizedUsage(_:)``.
    var usage: String {
        let prefix = "usage: "
        return synopsis.enumerated().map { index, form in
            (index == 0 ? prefix : String(repeating: " ", count: prefix.count)) + (form.hasPrefix(" ") ? "        " : "leavenow ") + form
        }.joined(separator: "\n")
    }
}

/// An option of a command: `--rules DIR` or the flag `--json`.
struct OptionSpec: Sendable {
    /// `--rules`.
    var name: String
    /// What its value is called in help (`DIR`); nil for a flag.
    var value: String?
    /// One line: what it does.
    var summary: MessageKey
    /// What completes its value.
    var completion: Completion = .none

    /// An option with a value.
    static func value(_ name: String, _ value: String, _ summary: MessageKey, completion: Completion = .none) -> OptionSpec {
        OptionSpec(name: name, value: value, summary: summary, completion: completion)
    }

    /// A flag.
    static func flag(_ name: String, _ summary: MessageKey) -> OptionSpec {
        OptionSpec(name: name, value: nil, summary: summary)
    }
}

/// A positional argument: its name in help and what completes it.
struct Positional: Sendable {
    /// `BOARD`.
    var name: String
    /// What completes it.
    var completion: Completion
    /// True for the last positional when any number of them may follow (`SOURCE…`, `FILES…`).
    var repeats = false
}

/// What a shell offers to complete a word with.
enum Completion: Sendable, Equatable {
    /// Nothing (a time, a number, free text).
    case none
    /// Directories.
    case directory
    /// Files and directories.
    case file
    /// These words.
    case words([String])
    /// The ids the configuration defines (read from the rules directory when the shell asks).
    case ids(ConfiguredIDs)
    /// The names of the commands (`leavenow help COMMAND`).
    case commands
}

/// The kinds of id a configuration defines that a command line names.
enum ConfiguredIDs: String, Sendable, CaseIterable {
    /// Board ids (`next`, `board`).
    case boards
    /// Rule ids (`explain`).
    case rules
    /// Channel ids (`notify`).
    case channels
    /// Weather source and feed ids (`fetch`).
    case sources
}
