internal import CYAML
import Messages

/// One libyaml parsing event, copied out of libyaml's memory into Swift values.
struct YAMLEvent {
    enum Kind {
        case streamStart
        case streamEnd
        case documentStart
        case documentEnd
        case alias(anchor: String)
        case scalar(text: String, style: YAMLScalarStyle)
        case sequenceStart
        case sequenceEnd
        case mappingStart
        case mappingEnd
    }

    var kind: Kind
    /// 1-based start position.
    var mark: YAMLMark
    /// The `&anchor` name of a node, if any.
    var anchor: String?
    /// The resolved explicit tag of a node, if any.
    var tag: String?
}

/// A libyaml syntax error: libyaml's problem text and 1-based place.
struct YAMLSyntaxError: Error {
    var mark: YAMLMark?
    var message: Message
}

/// The one owner of a libyaml `yaml_parser_t`: it holds the parser, the event and a copy of the
/// input on the heap (libyaml keeps pointers into all three) and frees them in `deinit`.
final class YAMLEventParser {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let event: UnsafeMutablePointer<yaml_event_t>
    private let input: UnsafeMutableBufferPointer<UInt8>
    private let inputCount: Int
    private let isInitialized: Bool
    private var isFinished = false

    /// Prepares to parse `bytes` (UTF-8 without a byte order mark).
    init(bytes: [UInt8]) {
        parser = .allocate(capacity: 1)
        event = .allocate(capacity: 1)
        input = .allocate(capacity: max(1, bytes.count))
        _ = input.initialize(from: bytes)
        inputCount = bytes.count
        isInitialized = yaml_parser_initialize(parser) == 1
        if isInitialized {
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(parser, UnsafePointer(input.baseAddress), bytes.count)
        }
    }

    deinit {
        if isInitialized { yaml_parser_delete(parser) }
        parser.deallocate()
        event.deallocate()
        input.deallocate()
    }

    /// The next event; after `streamEnd` it keeps answering `streamEnd`.
    func next() throws(YAMLSyntaxError) -> YAMLEvent {
        guard isInitialized else { throw YAMLSyntaxError(mark: nil, message: Message(.yamlNoParser)) }
        if isFinished { return YAMLEvent(kind: .streamEnd, mark: YAMLMark(line: 1, column: 1)) }
        guard yaml_parser_parse(parser, event) == 1 else { throw syntaxError() }
        defer { yaml_event_delete(event) }
        let e = event.pointee
        let mark = YAMLMark(line: e.start_mark.line + 1, column: e.start_mark.column + 1)
        switch e.type {
        case YAML_STREAM_START_EVENT:
            return YAMLEvent(kind: .streamStart, mark: mark)
        case YAML_STREAM_END_EVENT:
            isFinished = true
            return YAMLEvent(kind: .streamEnd, mark: mark)
        case YAML_DOCUMENT_START_EVENT:
            return YAMLEvent(kind: .documentStart, mark: mark)
        case YAML_DOCUMENT_END_EVENT:
            return YAMLEvent(kind: .documentEnd, mark: mark)
        case YAML_ALIAS_EVENT:
            return YAMLEvent(kind: .alias(anchor: string(e.data.alias.anchor) ?? ""), mark: mark)
        case YAML_SCALAR_EVENT:
            let scalar = e.data.scalar
            let text = scalar.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
            } ?? ""
            return YAMLEvent(kind: .scalar(text: text, style: style(scalar.style)), mark: mark,
                             anchor: string(scalar.anchor), tag: string(scalar.tag))
        case YAML_SEQUENCE_START_EVENT:
            let start = e.data.sequence_start
            return YAMLEvent(kind: .sequenceStart, mark: mark, anchor: string(start.anchor), tag: string(start.tag))
        case YAML_SEQUENCE_END_EVENT:
            return YAMLEvent(kind: .sequenceEnd, mark: mark)
        case YAML_MAPPING_START_EVENT:
            let start = e.data.mapping_start
            return YAMLEvent(kind: .mappingStart, mark: mark, anchor: string(start.anchor), tag: string(start.tag))
        case YAML_MAPPING_END_EVENT:
            return YAMLEvent(kind: .mappingEnd, mark: mark)
        default:
            throw YAMLSyntaxError(mark: mark, message: Message(.yamlUnknownEvent, ["event": .text("\(e.type.rawValue)")]))
        }
    }

    /// libyaml's error as a message with its place.
    private func syntaxError() -> YAMLSyntaxError {
        let p = parser.pointee
        let problem: MessageArgument = p.problem.map { .text(String(cString: $0)) } ?? .key(.yamlUnknownProblem)
        switch p.error {
        case YAML_MEMORY_ERROR:
            return YAMLSyntaxError(mark: nil, message: Message(.yamlOutOfMemory))
        case YAML_READER_ERROR:
            // libyaml's problem is its own English text: quoted as it is in every language.
            let message = p.problem_value == -1
                ? Message(.yamlInvalidText, ["problem": problem])
                : Message(.yamlInvalidTextByte, ["problem": problem,
                                                 "byte": .text("0x\(String(p.problem_value, radix: 16, uppercase: true))")])
            return YAMLSyntaxError(mark: mark(atByteOffset: p.problem_offset), message: message)
        default:
            let problemMark = YAMLMark(line: p.problem_mark.line + 1, column: p.problem_mark.column + 1)
            var message = Message(.yamlSyntaxError, ["problem": problem])
            if let context = p.context.map({ String(cString: $0) }) {
                let contextMark = YAMLMark(line: p.context_mark.line + 1, column: p.context_mark.column + 1)
                message = contextMark == problemMark
                    ? Message(.yamlSyntaxErrorContext, ["problem": problem, "context": .text(context)])
                    : Message(.yamlSyntaxErrorContextAt, ["problem": problem, "context": .text(context), "place": .text("\(contextMark)")])
            }
            return YAMLSyntaxError(mark: problemMark, message: message)
        }
    }

    /// The line and column (in scalars) of a byte offset into the input.
    private func mark(atByteOffset offset: Int) -> YAMLMark {
        var line = 1, column = 1
        for byte in input.prefix(min(offset, inputCount)) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return YAMLMark(line: line, column: column)
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private func style(_ style: yaml_scalar_style_t) -> YAMLScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }
}

@available(*, unavailable)
extension YAMLEventParser: Sendable {}
