import Messages

extension MessageArgument {
    /// `text` quoted as diagnostics quote a bad value (``diagnosticQuoted(_:)``): the same in every language.
    package static func quoted(_ text: String) -> MessageArgument { .text(diagnosticQuoted(text)) }
}
