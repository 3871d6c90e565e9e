import Foundation
import Messages

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
                text: Message(.feedTooLarge, ["bytes": .number(bytes.count), "max": .number(maximumDocumentBytes)]))
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
                    text: Message(.feedDoctype))
            case .tooDeep(let line):
                throw FeedDecodeError(
                    code: .malformed, source: source, line: line,
                    text: Message(.feedTooDeep, ["max": .number(maximumDepth)]))
            case .notWellFormed(let problem):
                // A non-feed root was seen before the problem: say what the document is.
                if let root = builder.rootName, builder.kind == nil { throw notAFeed(root: root, source: source) }
                throw FeedDecodeError(
                    code: .malformed, source: source, line: max(problem.line, 1), column: max(problem.column, 1),
                    text: Message(.feedNotWellFormed, ["explanation": .message(explanation(of: problem))]))
            }
        }
        if let root = builder.rootName, builder.kind == nil {
            throw notAFeed(root: root, source: source)
        }
        guard builder.isComplete, let feed = builder.feed else {
            // libxml2 reports a document without a root or with an unclosed one; this is the fallback.
            let root = builder.rootName.map { Message.verbatim("<\($0)>") } ?? Message(.feedTheRootElement)
            throw FeedDecodeError(code: .malformed, source: source, text: Message(.feedTruncated, ["root": .message(root)]))
        }
        return feed
    }

    /// Decodes `data`; `source` (a file name or URL) is quoted in errors.
    public static func decode(_ data: Data, source: String) throws -> Feed {
        try decode([UInt8](data), source: source)
    }

    private static func notAFeed(root: String, source: String) -> FeedDecodeError {
        if root.lowercased() == "html" {
            return FeedDecodeError(code: .html, source: source, text: Message(.feedHTMLPage))
        }
        return FeedDecodeError(
            code: .notAFeed, source: source,
            text: Message(.feedNotAFeed, ["root": .text(root)]))
    }

    /// Words for the libxml2 errors feeds most often have, followed by libxml2's own message.
    static func explanation(of problem: XMLProblem) -> Message {
        let words: MessageKey
        switch problem.code {
        case 4: words = .feedXMLEmpty
        case 5: words = .feedXMLExtraContent
        case 9: words = problem.message.contains("UTF-8") ? .feedXMLInvalidUTF8 : .feedXMLInvalidCharacter
        case 23: words = .feedXMLEntitySemicolon
        case 26, 27: words = .feedXMLUndefinedEntity
        case 39, 40, 41: words = .feedXMLMalformedAttribute
        case 42: words = .feedXMLDuplicateAttribute
        case 56, 57, 64, 78, 79, 96, 108, 109: words = .feedXMLBrokenDeclaration
        case 73: words = .feedXMLExpectedGreaterThan
        case 76: words = .feedXMLMismatchedTag
        case 77: words = .feedXMLUnclosedElement
        default: words = .feedXMLSyntax
        }
        // libxml2's own message is quoted as it is (its words, in English).
        let message = problem.message.replacingOccurrences(of: "\n", with: " ")
        return message.isEmpty ? Message(.feedXMLLibraryCode, ["words": .key(words), "code": .number(Int(problem.code))])
            : Message(.feedXMLLibraryMessage, ["words": .key(words), "message": .text(message)])
    }
}
