/// A value of the wrong type or shape, at the node's place; `DiagnosticCollector` turns it into a
/// `Diagnostic` of its file.
public struct YAMLValueError: Error, Sendable, Equatable {
    /// Where the bad value is.
    public var mark: YAMLMark
    /// What is wrong, quoting the bad value.
    public var message: String

    /// Creates the error.
    public init(mark: YAMLMark, message: String) {
        self.mark = mark
        self.message = message
    }
}
