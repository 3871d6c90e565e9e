import Messages

/// The cache could not be read or written. Names the file and what failed.
public struct SourceCacheError: MessageError, Sendable, Equatable {
    /// The file or directory concerned.
    public var path: String
    /// What went wrong, e.g. `rename failed: Is a directory`.
    public var text: Message

    /// An error about `path`.
    public init(path: String, text: Message) {
        self.path = path
        self.text = text
    }

    /// An error about `path` whose message is the same in every language.
    public init(path: String, message: String) {
        self.init(path: path, text: .verbatim(message))
    }

    /// What went wrong, in the reader's language.
    public var message: String { text.text }

    /// `<path>: <message>`, kept for the reader's language.
    public var placedText: Message { .verbatim("\(path): ") + text }

    /// `<path>: <message>`, in the reader's language.
    public var description: String { placedText.text }

    /// ``placedText``.
    public var descriptionMessage: Message { placedText }

    /// Equal when they name the same file and say the same thing (in English).
    public static func == (a: SourceCacheError, b: SourceCacheError) -> Bool { a.path == b.path && a.text.english == b.text.english }
}
