/// A text for people, kept as a catalogue key and its arguments until it is shown, so that a
/// problem found deep in a parser is rendered in the reader's language when it is printed.
///
/// ```swift
/// let message = Message(.configUnknownTimezone, ["name": .text("\"Asia/Tokio\""), "hint": .text("")])
/// message.rendered(in: .english)   // unknown timezone "Asia/Tokio"
/// message.rendered(in: .japanese)  // 不明なタイムゾーン "Asia/Tokio" です
/// ```
///
/// Texts that are not ours to translate (libyaml's problem, an operating-system error, a value the
/// user wrote) are ``verbatim(_:)``: the same in every language. Messages compose: an argument may
/// be another message (rendered in the same language), and `+` / ``joined(_:separator:)`` put
/// messages one after the other.
public struct Message: Sendable, Hashable, CustomStringConvertible {
    /// What the message is made of (for storing it and reading it back: ``init(parts:)``).
    public let parts: Parts

    /// The catalogue entry `key` with its placeholders filled from `arguments` (by name).
    public init(_ key: MessageKey, _ arguments: [String: MessageArgument] = [:]) {
        parts = .keyed(key, arguments)
    }

    /// A text shown as it is in every language (a value the user wrote, a library's own message).
    public static func verbatim(_ text: String) -> Message { Message(parts: .verbatim(text)) }

    /// The empty text.
    public static let empty = Message.verbatim("")

    /// `lhs` followed by `rhs`.
    public static func + (lhs: Message, rhs: Message) -> Message {
        Message(parts: .sequence([lhs, rhs]))
    }

    /// The messages one after the other with `separator` between them (`MessageKey.listSeparator`
    /// is ", " in English and "、" in Japanese).
    public static func joined(_ items: [Message], separator: Message) -> Message {
        var parts: [Message] = []
        for (index, item) in items.enumerated() {
            if index > 0 { parts.append(separator) }
            parts.append(item)
        }
        return Message(parts: .sequence(parts))
    }

    /// Names shown as they are (ids, keys, values), separated by ``MessageKey/listSeparator``:
    /// `id, title, sources` in English, `id、title、sources` in Japanese.
    public static func list(_ names: [String]) -> Message {
        joined(names.map(verbatim), separator: Message(.listSeparator))
    }

    /// The message with `transform` applied to every text that is not the catalogue's: verbatim
    /// parts and text arguments, however deep (hiding secrets in what an error quotes, for example).
    public func mapTexts(_ transform: (String) -> String) -> Message {
        switch parts {
        case .verbatim(let text):
            return .verbatim(transform(text))
        case .sequence(let parts):
            return Message(parts: .sequence(parts.map { $0.mapTexts(transform) }))
        case .keyed(let key, let arguments):
            return Message(key, arguments.mapValues { argument in
                switch argument {
                case .text(let text): return .text(transform(text))
                case .number: return argument
                case .message(let message): return .message(message.mapTexts(transform))
                }
            })
        }
    }

    /// The catalogue key, for a message made from one entry; nil for a verbatim or composed one.
    public var key: MessageKey? {
        if case .keyed(let key, _) = parts { return key }
        return nil
    }

    /// The arguments of a message made from one entry (empty otherwise).
    public var arguments: [String: MessageArgument] {
        if case .keyed(_, let arguments) = parts { return arguments }
        return [:]
    }

    /// What a message is made of. The store keeps the key and its arguments, not a rendered text,
    /// so a reader in another language gets their own.
    public enum Parts: Sendable, Hashable {
        /// A catalogue entry and its arguments.
        case keyed(MessageKey, [String: MessageArgument])
        /// A text the same in every language.
        case verbatim(String)
        /// Messages one after the other.
        case sequence([Message])
    }

    /// The message made of `parts`.
    public init(parts: Parts) { self.parts = parts }

    /// The text in `language`.
    public func rendered(in language: Language) -> String {
        switch parts {
        case .verbatim(let text):
            return text
        case .sequence(let parts):
            return parts.map { $0.rendered(in: language) }.joined()
        case .keyed(let key, let arguments):
            return CatalogueTemplate.render(MessageCatalogue.template(key, in: language), key: key, arguments: arguments, language: language)
        }
    }

    /// The text in the reader's language (``Language/current``).
    public var text: String { rendered(in: .current) }

    /// The text in English (logs, and the byte-identical English the tests quote).
    public var english: String { rendered(in: .english) }

    /// ``text``.
    public var description: String { text }
}

/// The value of one placeholder of a ``Message``.
public enum MessageArgument: Sendable, Hashable {
    /// Shown as it is in every language: an id, a path, a quoted value, a time.
    case text(String)
    /// A whole number, written in digits; it also chooses the form of `{name|one|other}`.
    case number(Int)
    /// Another message, rendered in the same language.
    case message(Message)

    /// `text` between double quotes, as it is in every language (an id: `"chofu"`).
    public static func inQuotes(_ text: String) -> MessageArgument { .text("\"" + text + "\"") }

    /// The catalogue entry `key` as an argument (a noun, a clause).
    public static func key(_ key: MessageKey, _ arguments: [String: MessageArgument] = [:]) -> MessageArgument {
        .message(Message(key, arguments))
    }

    func rendered(in language: Language) -> String {
        switch self {
        case .text(let text): return text
        case .number(let number): return String(number)
        case .message(let message): return message.rendered(in: language)
        }
    }
}
