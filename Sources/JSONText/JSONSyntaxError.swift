import Messages

/// Why a body is not a JSON document, and where.
///
/// `description` reads `line:column: message`, in the reader's language (the message is kept as a
/// catalogue ``Messages/Message``, ``text``). Callers usually map it to their own error type,
/// adding the file or URL.
public struct JSONSyntaxError: MessageError, Sendable, Equatable {
    /// What went wrong, broadly.
    public enum Kind: String, Sendable, Equatable {
        /// There is nothing but whitespace (or a byte-order mark).
        case empty
        /// The body is an HTML or XML page (an error page from a proxy, a wrong URL).
        case html
        /// The body is plain text, not JSON (`Service Unavailable`, `Invalid API key`).
        case notJSON
        /// The JSON ends before it is complete (a cut-off download).
        case truncated
        /// The JSON syntax is broken (a trailing comma, a bad escape, trailing garbage, bad UTF-8).
        case syntax
        /// Arrays and objects are nested deeper than `JSONParser.maximumDepth`.
        case tooDeep
    }

    /// The kind of problem.
    public var kind: Kind
    /// What is wrong, quoting the bad character or the start of the body; no position.
    public var text: Message
    /// The 0-based byte offset of the problem in the input.
    public var offset: Int
    /// The 1-based line of the problem.
    public var line: Int
    /// The 1-based column of the problem, counted in characters.
    public var column: Int

    /// Creates an error saying `text`.
    public init(kind: Kind, text: Message, offset: Int, line: Int, column: Int) {
        self.kind = kind
        self.text = text
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// Creates an error whose message is the same in every language.
    public init(kind: Kind, message: String, offset: Int, line: Int, column: Int) {
        self.init(kind: kind, text: .verbatim(message), offset: offset, line: line, column: column)
    }

    /// What is wrong, in the reader's language.
    public var message: String { text.text }

    /// `line:column: message`, kept for the reader's language.
    public var descriptionMessage: Message { .verbatim("\(line):\(column): ") + text }

    /// Equal when they are of the same kind at the same place and say the same (in English).
    public static func == (a: JSONSyntaxError, b: JSONSyntaxError) -> Bool {
        a.kind == b.kind && a.offset == b.offset && a.line == b.line && a.column == b.column && a.text.english == b.text.english
    }
}
