import Config

/// A command's arguments split into positionals, options with values and flags.
///
/// Accepts `--name value` and `--name=value`; an unknown option (with the closest known one: "did
/// you mean --rules?") or a missing value is a usage error (in the reader's language). Commands
/// parse against their row of the command table: `ParsedArguments(arguments, spec: .next)`.
struct ParsedArguments {
    private(set) var positionals: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    /// `arguments` parsed against the options of `spec` (``CommandSpec``), which `--help` lists.
    init(_ arguments: [String], spec: CommandSpec) throws {
        try self.init(arguments, options: spec.valueOptions, flags: spec.flags, command: spec.name)
    }

    /// `arguments` parsed against these option and flag names. Commands use ``init(_:spec:)``, so
    /// that what they parse is what their help lists.
    init(_ arguments: [String], options: Set<String>, flags flagNames: Set<String>, command: String? = nil) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positionals.append(contentsOf: arguments[index...])
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                positionals.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if flagNames.contains(name) {
                guard inlineValue == nil else { throw CommandFailure.usage(Message(.cliTakesNoValue, ["option": .text(name)]).text) }
                flags.insert(name)
            } else if options.contains(name) {
                if let inlineValue {
                    values[name] = inlineValue
                } else {
                    guard index < arguments.count else { throw CommandFailure.usage(Message(.cliNeedsValue, ["option": .text(name)]).text) }
                    values[name] = arguments[index]
                    index += 1
                }
            } else {
                let known = options.union(flagNames).sorted()
                if known.isEmpty, let command {
                    throw CommandFailure.usage(Message(.cliUnknownOptionNone, ["option": .text(name), "command": .text(command)]).text)
                }
                throw CommandFailure.usage(Message(.cliUnknownOption, [
                    "option": .text(name), "suggestion": .message(NameSuggestion.prefixMessage(for: name, among: known)),
                    "list": .message(.list(known)),
                ]).text)
            }
        }
    }

    /// Whether `arguments` ask for help: `--help` or `-h` where an option may stand (not as the value
    /// of an option, not after `--`).
    static func asksForHelp(_ arguments: [String], spec: CommandSpec) -> Bool {
        let valueOptions = spec.valueOptions
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return false }
            if argument == "--help" || argument == "-h" { return true }
            if valueOptions.contains(argument) { index += 1 }
        }
        return false
    }

    /// The value of an option, if given.
    func value(_ name: String) -> String? { values[name] }

    /// Whether a flag was given.
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// An integer option within a range.
    func integer(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let text = values[name] else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw CommandFailure.usage(Message(.cliIntegerRange, ["option": .text(name), "min": .number(range.lowerBound), "max": .number(range.upperBound),
                                                                 "value": .text("\"\(text)\"")]).text)
        }
        return value
    }

    /// Exactly `count` positionals, or a usage error naming what is expected.
    func requirePositionals(_ names: [String]) throws -> [String] {
        guard positionals.count == names.count else {
            if positionals.count < names.count {
                throw CommandFailure.usage(Message(.cliMissingPositional, ["name": .text(names[positionals.count].uppercased())]).text)
            }
            throw CommandFailure.usage(Message(.cliUnexpectedArgument, ["value": .text("\"\(positionals[names.count])\"")]).text)
        }
        return positionals
    }
}
