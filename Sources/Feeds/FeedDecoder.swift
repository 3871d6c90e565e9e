import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Decodes Atom 1.0 / 0.3, RSS 2.0 and RSS 1.0 (RDF) documents into a ``Feed``. Pure: bytes in, value out.
///
/// Safe by construction: a document with a DOCTYPE is refused before parsing (so no internal or
/// external entity is ever expanded), external entities are never resolved, and any entity
/// declaration the parser still reports aborts the parse. Lenient where real feeds are sloppy
/// (see ``FeedBytePreparation``). Every failure is a ``FeedDecodeError``; nothing traps.
public enum FeedDecoder {
    /// Decodes `bytes`; `source` (a file name or URL) is quoted in errors.
    public static func decode(_ bytes: [UInt8], source: String) throws -> Feed {
        let prepared = try FeedBytePreparation.prepare(bytes, source: source)
        let parser = XMLParser(data: Data(prepared))
        parser.shouldResolveExternalEntities = false
        parser.externalEntityResolvingPolicy = .never
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        let builder = FeedTreeBuilder()
        parser.delegate = builder
        let succeeded = parser.parse()
        if builder.sawEntityDeclaration {
            throw FeedDecodeError(
                code: .doctype, source: source, line: parser.lineNumber,
                message: "feed declares an entity; refusing to parse it (entity expansion)")
        }
        if let root = builder.rootName, builder.kind == nil {
            throw notAFeed(root: root, source: source)
        }
        if succeeded, !builder.isComplete, let root = builder.rootName {
            throw FeedDecodeError(
                code: .malformed, source: source, line: parser.lineNumber, column: parser.columnNumber,
                message: "truncated: the document ends before <\(root)> is closed")
        }
        guard succeeded, let feed = builder.feed else {
            let code = (parser.parserError as? NSError)?.code ?? 0
            throw FeedDecodeError(
                code: .malformed, source: source,
                line: builder.errorPosition?.line ?? parser.lineNumber, column: builder.errorPosition?.column ?? parser.columnNumber,
                message: "not well-formed XML: \(explanation(ofLibxml2Code: code))")
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

    /// Words for the libxml2 error codes feeds most often trigger (corelibs passes them through).
    private static func explanation(ofLibxml2Code code: Int) -> String {
        switch code {
        case 4: return "the document is empty"
        case 5: return "extra content after the root element"
        case 9: return "an invalid character"
        case 23: return "an entity reference is missing its ';'"
        case 26, 27: return "an undefined entity"
        case 39, 40, 41: return "a malformed attribute"
        case 64: return "the XML declaration is not at the very start"
        case 73: return "'>' expected"
        case 76: return "a closing tag does not match its opening tag"
        case 77: return "an element is not closed before the end of the document"
        default: return "syntax error (libxml2 code \(code))"
        }
    }
}
