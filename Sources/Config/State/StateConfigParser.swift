import Secrets
import Messages

/// Reads the `state:` section (see ``StateSpec``), reporting every problem with its place; a
/// section with any problem is left out (nil). A problem on the `url:` line is shown with the
/// line's password (if someone wrote one) replaced: `check` never prints it.
public struct StateConfigParser {
    public let context: ConfigFileContext
    var diagnostics: DiagnosticCollector { context.diagnostics }

    public init(context: ConfigFileContext) { self.context = context }

    /// Reads the value of `state:`.
    public func parse(_ node: YAMLNode) -> StateSpec? {
        let before = diagnostics.diagnostics.count
        guard var reader = MappingReader(node, what: "state", diagnostics: diagnostics) else { return nil }
        var url: String?
        var urlLocation = context.location(of: node)
        if let urlNode = reader.require("url"), let text = diagnostics.decode(urlNode, YAMLValue.string) {
            urlLocation = context.location(of: urlNode)
            url = text
            check(url: text, at: urlNode)
        }
        let password = reader.optionalSecret("password", resolve: context.resolve(path:))
        // A password written in the file: refused without quoting its line.
        if reader.contains("password"), let inline = reader.optional("password") {
            report(Message(.statePasswordInline), at: inline, hiding: [inline.scalarText ?? ""])
        }
        reader.finish()
        guard diagnostics.diagnostics.count == before, let url else { return nil }
        return StateSpec(url: url, password: password, location: context.location(of: node), urlLocation: urlLocation)
    }

    /// The URL's problems: not a PostgreSQL URL, malformed, or holding a password.
    private func check(url text: String, at node: YAMLNode) {
        guard PostgresURLSyntax.isPostgresURL(text) else {
            report(Message(.stateURLNotPostgres, ["url": .text(quoted(URLRedaction.standard.redact(url: text)))]), at: node, hiding: [])
            return
        }
        let parts: PostgresURLSyntax
        do {
            parts = try PostgresURLSyntax(text)
        } catch {
            report(Message(.stateURLProblem, ["problem": .message(error.descriptionMessage)]), at: node, hiding: [])
            return
        }
        if let password = parts.password {
            report(Message(.stateURLPassword), at: node, hiding: [password])
        }
    }

    /// Reports `message` at `node`, its source line shown with the URL's password and `secrets` replaced.
    private func report(_ message: Message, at node: YAMLNode, hiding secrets: [String]) {
        var diagnostic = diagnostics.source.diagnostic(at: node.mark, message)
        let redaction = URLRedaction.standard.adding(secrets: secrets)
        diagnostic.sourceLine = diagnostic.sourceLine.map { redaction.redact(text: $0) }
        diagnostics.report(diagnostic)
    }
}

@available(*, unavailable)
extension StateConfigParser: Sendable {}
