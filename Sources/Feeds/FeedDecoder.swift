import Foundation

/// Decodes Atom 1.0 / 0.3, RSS 2.0 and RSS 1.0 (RDF) documents into a ``Feed``. Pure: bytes in, value out.
///
/// Safe by construction: one parser (libxml2's xmlReader, see ``XMLEventReader``) that never loads a DTD,
/// never substitutes an entity and never touches the network; a document with a DOCTYPE is refused
/// before parsing (so no internal or external entity is ever expanded). Lenient only where real feeds
/// are sloppy and the meaning is clear (see ``FeedBytePreparation``); otherwise strict: a document that
/// is not well-formed XML (invalid UTF-8 anywhere, a mismatched tag, an undefined entity, a broken XML
/// declaration, a truncated document) is never a feed, so a caller keeps its last good snapshot.
/// Every failure is a ``FeedDecodeError`` with the source and, from the parser, line:column; nothing traps.
public enum FeedDecoder {
    /// The largest document decoded: 10 MiB, the response limit of a fetched source.
    public static let maximumDocumentBytes = 10 * 1024 * 1024

    /// The deepest element nesting decoded (libxml2's default limit).
    public static let maximumDepth = XMLEventReader.maximumDepth

    /// Decodes `bytes`; `source` (a file name or URL) is quoted in errors.
    public static func decode(_ bytes: [UInt8], source: String) throws -> Feed {
        guard bytes.count <= maximumDocumentBytes else {
            throw FeedDecodeError(
                code: .malformed, source: source,
                message: "the document is \(bytes.count) bytes; feeds are decoded up to \(maximumDocumentBytes) bytes (10 MiB)")
        }
        let prepared = try FeedBytePreparation.prepare(bytes, source: source)
        let builder = FeedTreeBuilder()
        do {
            try XMLEventReader.read(prepared) { builder.take($0) }
        } catch {
            switch error {
            case .doctype(let line):
                throw FeedDecodeError(
                    code: .doctype, source: source, line: line,
                    message: "feed has a DOCTYPE; refusing to parse it (entity expansion)")
            case .tooDeep(let line):
                throw FeedDecodeError(
                    code: .malformed, source: source, line: line,
                    message: "elements are nested deeper than \(maximumDepth) levels")
            case .notWellFormed(let problem):
                // A non-feed root was seen before the problem: say what the document is.
                if let root = builder.rootName, builder.kind == nil { throw notAFeed(root: root, source: source) }
                throw FeedDecodeError(
                    code: .malformed, source: source, line: max(problem.line, 1), column: max(problem.column, 1),
                    message: "not well-formed XML: \(explanation(of: problem))")
            }
        }
        if let root = builder.rootName, builder.kind == nil {
            throw notAFeed(root: root, source: source)
        }
        guard builder.isComplete, let feed = builder.feed else {
            // libxml2 reports a document without a root or with an unclosed one; this is the fallback.
            let root = builder.rootName.map { "<\($0)>" } ?? "the root element"
            throw FeedDecodeError(code: .malformed, source: source, message: "truncated: the document ends before \(root) is closed")
        }
        return feed
    }

    /// Decodes `data`; `source` (a file name or URL) is quoted in errors.
    public static func decode(_ data: Data, source: String) throws -> Feed {
        try decode([UInt8](data), source: source)
    }

    private static func notAFeed(root: String, source: String) -> FeedDecodeError {
        if root.lowercased() == "html" {
            return FeedDecodeError(code: .html, source: source, message: "this is an HTML page, not a feed")
        }
        return FeedDecodeError(
            code: .notAFeed, source: source,
            message: "not a feed: the root element is <\(root)>; expected <feed> (Atom), <rss> (RSS 2.0) or <rdf:RDF> (RSS 1.0)")
    }

    /// Words for the libxml2 errors feeds most often have, followed by libxml2's own message.
    static func explanation(of problem: XMLProblem) -> String {
        let words: String
        switch problem.code {
        case 4: words = "the document is empty"
        case 5: words = "extra content after the root element"
        case 9: words = problem.message.contains("UTF-8") ? "invalid UTF-8" : "an invalid character"
        case 23: words = "an entity reference is missing its ';'"
        case 26, 27: words = "an undefined entity"
        case 39, 40, 41: words = "a malformed attribute"
        case 42: words = "an attribute given twice"
        case 56, 57, 64, 78, 79, 96, 108, 109: words = "a broken XML declaration"
        case 73: words = "'>' expected"
        case 76: words = "a closing tag does not match its opening tag"
        case 77: words = "truncated: an element is not closed before the end of the document"
        default: words = "syntax error"
        }
        let message = problem.message.replacingOccurrences(of: "\n", with: " ")
        return message.isEmpty ? "\(words) (libxml2 code \(problem.code))" : "\(words) (libxml2: \(message))"
    }
}
