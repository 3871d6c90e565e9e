/// An error that says what went wrong as a catalogue ``Message``: its description is rendered in
/// the reader's language when it is shown, and its English (``Message/english``) is what logs and
/// stored errors keep.
///
/// A decoder's or a transfer's error conforms, so whoever passes it on keeps the message
/// (``Message/init(error:)``) instead of freezing its text in whatever language is current.
public protocol MessageError: Error, CustomStringConvertible {
    /// The whole error (its place and what is wrong), kept for the reader's language.
    var descriptionMessage: Message { get }
}

extension MessageError {
    /// ``descriptionMessage`` in the reader's language.
    public var description: String { descriptionMessage.text }
}

extension Message {
    /// What `error` says: its ``MessageError/descriptionMessage`` when it keeps one, else its description as
    /// it is (an error of the system or of a library, the same in every language).
    public init(error: any Error) {
        if let error = error as? any MessageError {
            self = error.descriptionMessage
        } else {
            self = .verbatim("\(error)")
        }
    }
}
