/// A command's arguments split into positionals, options with values and flags.
///
/// Accepts `--name value` and `--name=value`; an unknown option or a missing value is a usage error
/// (in the reader's language).
struct ParsedArguments {
    private(set) var positionals: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    init(_ arguments: [String], options: Set<String>, flags flagNames: Set<String>) throws {
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
                let known = Message.list(options.union(flagNames).sorted())
                throw CommandFailure.usage(Message(.cliUnknownOption, ["option": .text(name), "list": .message(known)]).text)
            }
        }
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
