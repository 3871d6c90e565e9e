internal import JSONText
import Messages

extension WeatherDecodeError {
    /// A body that is not JSON, as a whole-document error: `.empty`, `.notJSON` (an HTML page or
    /// plain text, quoting its start), `.truncated` or `.malformed` (with the byte offset).
    init(_ error: JSONSyntaxError, source: String) {
        switch error.kind {
        case .empty:
            self.init(source: source, pathText: .empty, kind: .empty, text: Message(.weatherEmpty))
        case .html:
            self.init(source: source, pathText: .empty, kind: .notJSON, text: Message(.weatherErrorPageHint, ["message": .message(error.text)]))
        case .notJSON:
            self.init(source: source, pathText: .empty, kind: .notJSON, text: error.text)
        case .truncated:
            self.init(source: source, pathText: .empty, kind: .truncated,
                      text: Message(.weatherAtByte, ["offset": .number(error.offset), "message": .message(error.text)]))
        case .syntax, .tooDeep:
            self.init(source: source, pathText: .empty, kind: .malformed,
                      text: Message(.weatherAtByte, ["offset": .number(error.offset), "message": .message(error.text)]))
        }
    }
}
