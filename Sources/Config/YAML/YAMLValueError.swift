import Messages

/// A value of the wrong type or shape, at the node's place; `DiagnosticCollector` turns it into a
/// `Diagnostic` of its file.
public struct YAMLValueError: Error, Sendable, Equatable {
    /// Where the bad value is.
    public var mark: YAMLMark
    /// What is wrong, quoting the bad value.
    public var text: Message

    /// Creates the error.
    public init(mark: YAMLMark, text: Message) {
        self.mark = mark
        self.text = text
    }

    /// Creates the error with a message that is the same in every language.
    public init(mark: YAMLMark, message: String) {
        self.init(mark: mark, text: .verbatim(message))
    }

    /// What is wrong, in the reader's language.
    public var message: String { text.text }

    /// Equal when they say the same thing (in English) at the same place.
    public static func == (a: YAMLValueError, b: YAMLValueError) -> Bool {
        a.mark == b.mark && a.text.english == b.text.english
    }
}
