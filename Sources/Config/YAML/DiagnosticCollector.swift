import Messages

/// Collects the problems found while decoding one YAML file, so that every problem of a file is
/// reported at once. Owned by one decoding pass (not shared across threads).
public final class DiagnosticCollector {
    /// The file being decoded.
    public let source: YAMLSource
    /// The problems found so far, in the order they were reported.
    public private(set) var diagnostics: [Diagnostic] = []

    /// Keys a parser read that its ``ConfigKey`` table does not declare, as `key in what`: a
    /// programming mistake (the configuration reference would miss the key), not the user's; the
    /// tests keep it empty.
    public private(set) var undeclaredKeys: [String] = []

    /// Creates an empty collector for `source`.
    public init(source: YAMLSource) {
        self.source = source
    }

    /// Whether any problem was reported.
    public var isEmpty: Bool { diagnostics.isEmpty }

    /// Reports a problem at a place of the file.
    public func report(_ message: Message, at mark: YAMLMark) {
        diagnostics.append(source.diagnostic(at: mark, message))
    }

    /// Reports the catalogue entry `key` with `arguments` at a place of the file.
    public func report(_ key: MessageKey, _ arguments: [String: MessageArgument] = [:], at mark: YAMLMark) {
        report(Message(key, arguments), at: mark)
    }

    /// Reports a problem whose message is the same in every language (for callers that have not
    /// moved to the catalogue yet).
    public func report(_ message: String, at mark: YAMLMark) {
        report(.verbatim(message), at: mark)
    }

    /// Reports a bad value.
    public func report(_ error: YAMLValueError) {
        report(error.text, at: error.mark)
    }

    /// Reports a diagnostic made elsewhere (a whole-file problem, a syntax error).
    public func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Notes that `key` of a `what` was read without being declared (see ``undeclaredKeys``).
    public func noteUndeclared(_ key: String, in what: Message) {
        undeclaredKeys.append("\(key) in \(what.english)")
    }

    /// Takes back the last report equal to `diagnostic` (a missing key that turns out to be
    /// misspelt: the unknown key says it better); nothing when there is none.
    public func withdraw(_ diagnostic: Diagnostic) {
        if let index = diagnostics.lastIndex(of: diagnostic) { diagnostics.remove(at: index) }
    }

    /// Runs a typed getter on `node`; on failure reports the problem and answers nil.
    public func decode<T>(_ node: YAMLNode, _ getter: (YAMLNode) throws(YAMLValueError) -> T) -> T? {
        do {
            return try getter(node)
        } catch {
            report(error)
            return nil
        }
    }

    /// The problems sorted by place (stable for equal places).
    public var sortedDiagnostics: [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let left = (a.element.line ?? 0, a.element.column ?? 0, a.offset)
            let right = (b.element.line ?? 0, b.element.column ?? 0, b.offset)
            return left < right
        }.map(\.element)
    }
}

@available(*, unavailable)
extension DiagnosticCollector: Sendable {}
