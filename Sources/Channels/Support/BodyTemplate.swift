import JSONText
import Messages
import Notifications

/// A webhook `body_template`: text with `{title}`, `{text}`, `{link}`, `{key}`, `{rule}`,
/// `{kind}`, `{urgency}`, `{language}` and `{channel}` placeholders, each replaced by the
/// notification's value escaped for the inside of a JSON string (the template supplies the quotes):
/// `{"msg": "{title}: {text}"}`. Delivery renders it.
///
/// Other braces are kept as they are, so JSON objects can be written around the placeholders; a
/// brace pair around a plain word that is not a placeholder (`{titel}`) is refused when the
/// template is read (so `leavenow check` refuses it), naming the word.
public struct BodyTemplate: Sendable, Equatable {
    /// The placeholder names.
    public static let placeholders = ["title", "text", "link", "key", "rule", "kind", "urgency", "language", "channel"]

    /// A piece of a template: text copied as it is, or a placeholder's name.
    public enum Piece: Sendable, Equatable {
        /// Text copied as it is.
        case literal(String)
        /// A placeholder's name (one of ``BodyTemplate/placeholders``), without braces.
        case placeholder(String)
    }

    /// The template, in order.
    public let pieces: [Piece]

    /// Reads a template.
    /// - Throws: ``BodyTemplateError`` for an unknown placeholder.
    public init(_ text: String) throws(BodyTemplateError) {
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            let afterOpen = rest.index(after: open)
            let word = rest[afterOpen...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            let close = word.endIndex
            if !word.isEmpty, close < rest.endIndex, rest[close] == "}" {
                let name = String(word)
                guard Self.placeholders.contains(name) else {
                    throw BodyTemplateError(placeholder: name)
                }
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                pieces.append(.placeholder(name))
                rest = rest[rest.index(after: close)...]
            } else {
                literal += "{"
                rest = rest[afterOpen...]
            }
        }
        literal += rest
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = pieces
    }
}

/// A `body_template` names a placeholder that does not exist.
public struct BodyTemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The unknown name, without braces.
    public var placeholder: String

    /// An error for the unknown placeholder `placeholder` (without braces).
    public init(placeholder: String) {
        self.placeholder = placeholder
    }

    /// `unknown placeholder {titel} in body_template (known: {title}, …)`, in the reader's language.
    public var description: String { text.text }

    /// ``description`` kept for the reader's language.
    public var text: Message {
        Message(.channelBodyTemplatePlaceholder, ["placeholder": .text("{\(placeholder)}"),
                                                  "list": .message(.list(BodyTemplate.placeholders.map { "{\($0)}" }))])
    }
}

extension BodyTemplate {
    /// The body for `notification` sent through `channel`, values JSON-escaped.
    public func render(_ notification: Notice, channel: String) -> String {
        pieces.map { piece in
            switch piece {
            case .literal(let text): return text
            case .placeholder(let name): return JSONStringEscaping.escaped(Self.value(name, notification, channel))
            }
        }.joined()
    }

    private static func value(_ name: String, _ notification: Notice, _ channel: String) -> String {
        switch name {
        case "title": notification.title
        case "text": notification.text
        case "link": notification.link ?? ""
        case "key": notification.key
        case "rule": notification.rule
        case "kind": notification.kind.rawValue
        case "urgency": notification.urgency.rawValue
        case "language": notification.language.rawValue
        default: channel
        }
    }
}
