import Messages

/// A secret could not be resolved. Names the variable, credential or file, never a value.
public struct SecretError: MessageError, Sendable, Equatable {
    /// What the secret is for, e.g. `weather source "chofu"`.
    public var ownerMessage: Message
    /// Why it could not be resolved, one sentence per place looked at.
    public var reasonMessages: [Message]

    /// An error for `owner` with the reasons of every place looked at.
    public init(owner: Message, reasons: [Message]) {
        self.ownerMessage = owner
        self.reasonMessages = reasons
    }

    /// An error for `owner` with the reasons of every place looked at, both the same in every language.
    public init(owner: String, reasons: [String]) {
        self.init(owner: .verbatim(owner), reasons: reasons.map(Message.verbatim))
    }

    /// What the secret is for, in the reader's language.
    public var owner: String { ownerMessage.text }

    /// Why it could not be resolved, in the reader's language.
    public var reasons: [String] { reasonMessages.map(\.text) }

    /// `no API key for weather source "chofu": the environment variable OPENWEATHER_API_KEY is not set`,
    /// kept for the reader's language.
    public var text: Message {
        Message(.secretNoKey, ["owner": .message(ownerMessage),
                               "reasons": .message(reasonMessages.isEmpty ? Message(.secretNoKeyConfigured)
                                                   : .joined(reasonMessages, separator: .verbatim("; ")))])
    }

    /// ``text`` in the reader's language.
    public var description: String { text.text }

    /// ``text``.
    public var descriptionMessage: Message { text }

    /// Equal when they say the same thing (in English).
    public static func == (a: SecretError, b: SecretError) -> Bool { a.text.english == b.text.english }
}
