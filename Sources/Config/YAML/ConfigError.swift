/// Every problem found in one or more configuration files, thrown once so that a user sees
/// them all at once instead of fixing one per run.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems, in file order, then line and column order within a file.
    public var diagnostics: [Diagnostic]

    /// Creates the error from its problems.
    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One `file:line:col: message` per line.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }

    /// Every diagnostic with its source line and caret, separated by blank lines.
    public var rendered: String {
        diagnostics.map(\.rendered).joined(separator: "\n\n")
    }
}
