/// A weather response that could not be read, naming the source and the JSON path of the problem.
///
/// The description reads `source: path: message`, e.g.
/// `onecall.json: hourly[3].dt: expected a number, got string "soon"`, or `source: message`
/// when the problem is the whole document (an HTML page, a truncated body).
public struct WeatherDecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, broadly.
    public enum Kind: String, Sendable, Equatable {
        /// The body is empty.
        case empty
        /// The body is an HTML (or XML) page, e.g. an error page from a proxy.
        case notJSON
        /// The JSON ends before it is complete (a cut-off download).
        case truncated
        /// The JSON syntax is broken.
        case malformed
        /// A required value is missing.
        case missingValue
        /// A value has the wrong JSON type.
        case wrongType
        /// A value has the right type but cannot be used (bad date, unknown area, inconsistent lengths).
        case invalidValue
    }

    /// The file or URL that was being read.
    public var source: String
    /// The JSON path of the problem (`hourly[3].dt`), empty for the whole document.
    public var path: String
    /// The kind of problem.
    public var kind: Kind
    /// What is wrong, quoting the bad value.
    public var message: String

    /// Creates an error.
    public init(source: String, path: String, kind: Kind, message: String) {
        self.source = source
        self.path = path
        self.kind = kind
        self.message = message
    }

    /// `source: path: message`, or `source: message` for the whole document.
    public var description: String {
        path.isEmpty ? "\(source): \(message)" : "\(source): \(path): \(message)"
    }
}
