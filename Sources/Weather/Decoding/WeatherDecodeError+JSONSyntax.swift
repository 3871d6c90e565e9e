internal import JSONText

extension WeatherDecodeError {
    /// A body that is not JSON, as a whole-document error: `.empty`, `.notJSON` (an HTML page or
    /// plain text, quoting its start), `.truncated` or `.malformed` (with the byte offset).
    init(_ error: JSONSyntaxError, source: String) {
        switch error.kind {
        case .empty:
            self.init(source: source, path: "", kind: .empty, message: "the response is empty, expected JSON")
        case .html:
            self.init(source: source, path: "", kind: .notJSON, message: error.message + "; an error page or a wrong URL?")
        case .notJSON:
            self.init(source: source, path: "", kind: .notJSON, message: error.message)
        case .truncated:
            self.init(source: source, path: "", kind: .truncated, message: "byte \(error.offset): \(error.message)")
        case .syntax, .tooDeep:
            self.init(source: source, path: "", kind: .malformed, message: "byte \(error.offset): \(error.message)")
        }
    }
}
