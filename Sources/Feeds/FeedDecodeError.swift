import Messages

/// A feed that could not be decoded: names the source, the place when known, and what was wrong.
///
/// Printed as `source:line:column: message` when the XML parser gave a position, else `source: message`;
/// the message is a catalogue message, shown in the reader's language.
public struct FeedDecodeError: MessageError, Equatable, Sendable {
    /// What kind of problem it was, for callers that react differently (e.g. "not a feed").
    public enum Code: String, Sendable, Equatable {
        /// The document has no bytes (or only whitespace).
        case empty
        /// The document declares a DOCTYPE; refused because of entity expansion attacks.
        case doctype
        /// The document is an HTML page (often an error page or a login wall), not a feed.
        case html
        /// Well-formed XML, but its root is not `<feed>`, `<rss>` or `<rdf:RDF>`.
        case notAFeed
        /// The declared character encoding is not one we can read.
        case unsupportedEncoding
        /// The bytes are not well-formed XML.
        case malformed
    }

    /// The kind of problem.
    public var code: Code
    /// Where the bytes came from (a file name or URL), as given to the decoder.
    public var source: String
    /// The 1-based line of the problem, when known.
    public var line: Int?
    /// The 1-based column of the problem, when known.
    public var column: Int?
    /// What was wrong, quoting the bad value when there is one.
    public var text: Message

    /// Creates an error saying `text`.
    public init(code: Code, source: String, line: Int? = nil, column: Int? = nil, text: Message) {
        self.code = code
        self.source = source
        self.line = line
        self.column = column
        self.text = text
    }

    /// Creates an error whose message is the same in every language.
    public init(code: Code, source: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.init(code: code, source: source, line: line, column: column, text: .verbatim(message))
    }

    /// What was wrong, in the reader's language.
    public var message: String { text.text }

    /// `source:line:column: message`, or `source: message` without a position, kept for the reader's language.
    public var descriptionMessage: Message {
        var place = source
        if let line {
            place += ":\(line)"
            if let column { place += ":\(column)" }
        }
        return .verbatim(place + ": ") + text
    }

    /// Equal when they are of the same kind at the same place and say the same thing (in English).
    public static func == (a: FeedDecodeError, b: FeedDecodeError) -> Bool {
        a.code == b.code && a.source == b.source && a.line == b.line && a.column == b.column && a.text.english == b.text.english
    }
}
