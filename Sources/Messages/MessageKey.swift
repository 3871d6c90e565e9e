/// One text for people, in every language leavenow speaks: its stable name and its English and
/// Japanese templates, written side by side where the module that says it keeps its messages.
///
/// ```swift
/// // Sources/Config/Messages/BoardsMessages.swift
/// extension MessageKey {
///     static let configUnknownTimezone = MessageKey("configUnknownTimezone",
///         en: "unknown timezone {name}{hint}",
///         ja: "不明なタイムゾーン {name} です{hint}")
/// }
/// // where it is said:
/// Message(.configUnknownTimezone, ["name": .inQuotes("Asia/Tokio"), "hint": .text("")])
/// ```
///
/// A new message is one `static let` in its module's `Messages/` folder (`public` when another
/// module says it too). The `MessageTable` build plugin lists each module's keys
/// (`<Module>MessageTable.keys`) so that the catalogue tests can check every key of every module —
/// the same placeholders in both languages, no empty entry, Japanese that is Japanese, no key that
/// nothing says — and so that a stored message (``name`` and arguments) can be read back
/// (``MessageTable``). Templates: `{name}` is an argument, `{count|one|other}` chooses by a number
/// (see `CatalogueTemplate`); a `{` not followed by a name is text.
///
/// Keys are equal when their names are: the name is what the state stores.
public struct MessageKey: Sendable, Hashable, CustomStringConvertible {
    /// The stable name (what a stored message keeps): the name of its `static let`.
    public let name: String
    /// The English template.
    public let english: String
    /// The Japanese template.
    public let japanese: String

    /// The key `name` with its two templates.
    public init(_ name: String, en english: String, ja japanese: String) {
        self.name = name
        self.english = english
        self.japanese = japanese
    }

    /// The template in `language`.
    public func template(in language: Language) -> String {
        switch language {
        case .english: return english
        case .japanese: return japanese
        }
    }

    /// ``name``.
    public var description: String { name }

    public static func == (lhs: MessageKey, rhs: MessageKey) -> Bool { lhs.name == rhs.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
