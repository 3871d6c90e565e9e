/// A feed that could not be decoded: names the source, the place when known, and what was wrong.
///
/// Printed as `source:line:column: message` when the XML parser gave a position, else `source: message`.
public struct FeedDecodeError: Error, CustomStringConvertible, Equatable, Sendable {
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
    public var message: String

    /// Creates an error value.
    public init(code: Code, source: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.code = code
        self.source = source
        self.line = line
        self.column = column
        self.message = message
    }

    /// `source:line:column: message`, or `source: message` without a position.
    public var description: String {
        if let line {
            if let column { return "\(source):\(line):\(column): \(message)" }
            return "\(source):\(line): \(message)"
        }
        return "\(source): \(message)"
    }
}
