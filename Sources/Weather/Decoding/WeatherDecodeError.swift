import Messages

/// A weather response that could not be read, naming the source and the JSON path of the problem.
///
/// The description reads `source: path: message`, e.g.
/// `onecall.json: hourly[3].dt: expected a number, got string "soon"`, or `source: message`
/// when the problem is the whole document (an HTML page, a truncated body). The message (and the
/// `(top level)` of a path) is a catalogue message, shown in the reader's language.
public struct WeatherDecodeError: MessageError, Sendable, Equatable {
    /// What went wrong, broadly.
    public enum Kind: String, Sendable, Equatable {
        /// The body is empty.
        case empty
        /// The body is an HTML (or XML) page, e.g. an error page from a proxy.
        case notJSON
        /// The JSON ends before it is complete (a cut-off download).
        case truncated
        /// The JSON syntax is broken.
        case malformed
        /// A required value is missing.
        case missingValue
        /// A value has the wrong JSON type.
        case wrongType
        /// A value has the right type but cannot be used (bad date, unknown area, inconsistent lengths).
        case invalidValue
    }

    /// The file or URL that was being read.
    public var source: String
    /// The JSON path of the problem (`hourly[3].dt`, `(top level)`), empty for the whole document.
    public var pathText: Message
    /// The kind of problem.
    public var kind: Kind
    /// What is wrong, quoting the bad value.
    public var text: Message

    /// Creates an error saying `text` at `pathText`.
    public init(source: String, pathText: Message, kind: Kind, text: Message) {
        self.source = source
        self.pathText = pathText
        self.kind = kind
        self.text = text
    }

    /// Creates an error whose path and message are the same in every language.
    public init(source: String, path: String, kind: Kind, message: String) {
        self.init(source: source, pathText: .verbatim(path), kind: kind, text: .verbatim(message))
    }

    /// The JSON path, in the reader's language; empty for the whole document.
    public var path: String { pathText.text }

    /// What is wrong, in the reader's language.
    public var message: String { text.text }

    /// `source: path: message`, or `source: message` for the whole document, kept for the reader's language.
    public var descriptionMessage: Message {
        pathText.english.isEmpty ? .verbatim("\(source): ") + text : .verbatim("\(source): ") + pathText + .verbatim(": ") + text
    }

    /// Equal when they name the same place and say the same thing (in English).
    public static func == (a: WeatherDecodeError, b: WeatherDecodeError) -> Bool {
        a.source == b.source && a.kind == b.kind && a.pathText.english == b.pathText.english && a.text.english == b.text.english
    }
}
