import Messages

/// Every problem found in one or more configuration files, thrown once so that a user sees
/// them all at once instead of fixing one per run.
public struct ConfigError: MessageError, Sendable, Equatable {
    /// The problems, in file order, then line and column order within a file.
    public var diagnostics: [Diagnostic]

    /// Creates the error from its problems.
    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One `file:line:col: message` per line, in the reader's language.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }

    /// ``description`` kept for the reader's language.
    public var descriptionMessage: Message { .joined(diagnostics.map(\.descriptionMessage), separator: .verbatim("\n")) }

    /// Every diagnostic with its source line and caret, separated by blank lines, in the reader's language.
    public var rendered: String { rendered(in: .current) }

    /// ``rendered`` in `language`.
    public func rendered(in language: Language) -> String {
        diagnostics.map { $0.rendered(in: language) }.joined(separator: "\n\n")
    }
}
