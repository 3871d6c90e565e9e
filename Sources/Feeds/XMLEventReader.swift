import CXML2

/// One thing the XML reader found, in document order.
enum XMLEvent {
    /// A start tag: its qualified name and attributes (namespace declarations included). An empty element
    /// (`<link href="…"/>`) is followed by its ``end``.
    case start(name: String, attributes: [String: String])
    /// Character data: text with its references resolved, or a CDATA section's content.
    case text(String)
    /// The end of the innermost open element.
    case end
}

/// What a libxml2 parser reported, with its 1-based position.
struct XMLProblem: Equatable {
    /// libxml2's error code (`xmlParserErrors`).
    var code: Int
    /// libxml2's `xmlErrorDomain` (1 parser, 3 namespace, ...).
    var domain: Int
    /// 1 warning, 2 error, 3 fatal error.
    var level: Int
    var line: Int
    var column: Int
    /// libxml2's own words, trimmed.
    var message: String
}

/// Why reading stopped before the end of a well-formed document.
enum XMLReadFailure: Error {
    /// The document is not well-formed XML: the first problem libxml2 reported.
    case notWellFormed(XMLProblem)
    /// The document has a DOCTYPE (refused: entity expansion), at this line.
    case doctype(line: Int)
    /// Elements nested deeper than ``XMLEventReader/maximumDepth``, at this line.
    case tooDeep(line: Int)
}

/// A strict, non-validating XML reader on libxml2's xmlReader, that reports events to a closure.
///
/// - Network access is off (`XML_PARSE_NONET`); no DTD is loaded and no entity is substituted (neither
///   `XML_PARSE_DTDLOAD` nor `XML_PARSE_NOENT`), and a DOCTYPE node stops the read.
/// - Not in recovery mode: the first well-formedness error (invalid UTF-8 anywhere, a mismatched tag, an
///   undefined entity, a broken XML declaration, a truncated document) ends the read with its
///   line:column. Namespace problems (an undeclared prefix) are not well-formedness errors and are
///   tolerated, as `xmllint` does.
/// - libxml2's limits without `XML_PARSE_HUGE` stay on (a text node up to 10,000,000 bytes, a name up to
///   50,000), and elements nest at most ``maximumDepth`` deep.
/// - Nothing is printed: errors go to a structured handler owned by the read, and libxml2's global
///   handlers are silenced on the calling thread.
///
/// The input is expected as UTF-8 (``FeedBytePreparation`` transcodes): the declaration's encoding is ignored.
enum XMLEventReader {
    /// The deepest element nesting read (libxml2's own default without `XML_PARSE_HUGE`).
    static let maximumDepth = 256

    /// The options every read uses.
    static let options: Int32 = Int32(bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_IGNORE_ENC.rawValue)

    /// Reads `bytes` (at most `Int32.max`), calling `handle` for each event until it returns `false`
    /// (the caller saw enough) or the document ends.
    static func read(_ bytes: [UInt8], handle: (XMLEvent) -> Bool) throws(XMLReadFailure) {
        _ = initialized
        leavenow_xml2_silence_global_errors()
        let collector = ProblemCollector()
        let outcome: Result<Void, XMLReadFailure> = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else {
                return .failure(.notWellFormed(XMLProblem(code: 4, domain: 1, level: 3, line: 1, column: 1, message: "Document is empty")))
            }
            guard buffer.count <= Int(Int32.max) else {
                return .failure(.notWellFormed(XMLProblem(
                    code: 1, domain: 1, level: 3, line: 1, column: 1, message: "the document is larger than libxml2 reads (2 GiB)")))
            }
            let start = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
            guard let reader = xmlReaderForMemory(start, Int32(buffer.count), nil, "UTF-8", options) else {
                return .failure(.notWellFormed(XMLProblem(code: 1, domain: 1, level: 3, line: 1, column: 1, message: "libxml2 could not create a reader")))
            }
            defer { xmlFreeTextReader(reader) }
            xmlTextReaderSetStructuredErrorHandler(reader, { context, error in
                guard let context, let error else { return }
                Unmanaged<ProblemCollector>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
            }, Unmanaged.passUnretained(collector).toOpaque())
            return readEvents(reader, collector: collector, handle: handle)
        }
        try outcome.get()
    }

    private static func readEvents(
        _ reader: xmlTextReaderPtr, collector: ProblemCollector, handle: (XMLEvent) -> Bool
    ) -> Result<Void, XMLReadFailure> {
        while true {
            let status = xmlTextReaderRead(reader)
            if let problem = collector.firstWellFormednessError {
                return .failure(.notWellFormed(problem))
            }
            if status == 0 { return .success(()) }
            if status < 0 {
                // libxml2 always reports why; this is the fallback should it not have.
                return .failure(.notWellFormed(collector.firstError ?? XMLProblem(
                    code: 1, domain: 1, level: 3, line: Int(xmlTextReaderGetParserLineNumber(reader)),
                    column: Int(xmlTextReaderGetParserColumnNumber(reader)), message: "the XML parser stopped")))
            }
            let line = Int(xmlTextReaderGetParserLineNumber(reader))
            switch Int(xmlTextReaderNodeType(reader)) {
            case Int(XML_READER_TYPE_ELEMENT.rawValue):
                if Int(xmlTextReaderDepth(reader)) >= maximumDepth { return .failure(.tooDeep(line: line)) }
                let name = string(xmlTextReaderConstName(reader))
                let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
                var attributes: [String: String] = [:]
                while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                    attributes[string(xmlTextReaderConstName(reader))] = string(xmlTextReaderConstValue(reader))
                }
                guard handle(.start(name: name, attributes: attributes)) else { return .success(()) }
                if isEmpty, !handle(.end) { return .success(()) }
            case Int(XML_READER_TYPE_END_ELEMENT.rawValue):
                guard handle(.end) else { return .success(()) }
            case Int(XML_READER_TYPE_TEXT.rawValue), Int(XML_READER_TYPE_CDATA.rawValue),
                 Int(XML_READER_TYPE_WHITESPACE.rawValue), Int(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
                guard handle(.text(string(xmlTextReaderConstValue(reader)))) else { return .success(()) }
            case Int(XML_READER_TYPE_DOCUMENT_TYPE.rawValue), Int(XML_READER_TYPE_ENTITY_REFERENCE.rawValue),
                 Int(XML_READER_TYPE_ENTITY.rawValue):
                return .failure(.doctype(line: line))
            default:
                break  // comments, processing instructions
            }
        }
    }

    /// libxml2 hands out valid UTF-8; decoding repairs rather than traps should it ever not.
    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    /// `xmlInitParser` once per process, before the first reader (it is not safe to race).
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()
}

/// The problems one read reported, through its own structured error handler. Confined to that read.
private final class ProblemCollector {
    private var problems: [XMLProblem] = []
    /// The parser context behind the errors, to ask libxml2 whether the document is still well-formed.
    private var context: UnsafeMutableRawPointer?

    func record(_ error: xmlError) {
        if context == nil { context = error.ctxt }
        guard Int(error.level.rawValue) >= Int(XML_ERR_ERROR.rawValue) else { return }
        problems.append(XMLProblem(
            code: Int(error.code), domain: Int(error.domain), level: Int(error.level.rawValue),
            line: Int(error.line), column: Int(error.int2),
            message: error.message.map { String(cString: $0).trimmingWhitespace } ?? ""))
    }

    /// The first error that is not about namespaces, else the first error.
    var firstError: XMLProblem? {
        problems.first { $0.domain != Int(XML_FROM_NAMESPACE.rawValue) } ?? problems.first
    }

    /// libxml2's own verdict (`wellFormed`, which `xmllint` also goes by): an undeclared namespace prefix
    /// leaves a document well-formed; anything else it reports as an error does not.
    var firstWellFormednessError: XMLProblem? {
        guard let context, leavenow_xml2_context_is_well_formed(context) == 0 else { return nil }
        return firstError
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        var scalars = Substring(self)
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        return String(scalars)
    }
}
