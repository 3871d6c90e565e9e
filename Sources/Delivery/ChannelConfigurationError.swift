import Config
import Messages

/// A channel cannot be used: a missing secret, a bad URL or setting. Names the file, the place
/// and the channel; never a secret. The message is kept for the reader's language.
public struct ChannelConfigurationError: MessageError, Sendable, Equatable {
    /// The channel id.
    public var channel: String
    /// Where the channel is configured.
    public var location: ConfigLocation
    /// What is wrong (secrets redacted).
    public var text: Message
    /// The secret (`LEAVENOW_HOOK_URL`, or a file's path) when the problem is a secret that is not
    /// set, cannot be read, or holds a value the channel cannot use; nil for a problem of the
    /// configuration itself. A channel whose only problem is a secret can work after a reload.
    public var secret: String?

    /// An error for a channel saying `text`.
    public init(channel: String, location: ConfigLocation, text: Message, secret: String? = nil) {
        self.channel = channel
        self.location = location
        self.text = text
        self.secret = secret
    }

    /// An error for a channel whose message is the same in every language.
    public init(channel: String, location: ConfigLocation, message: String, secret: String? = nil) {
        self.init(channel: channel, location: location, text: .verbatim(message), secret: secret)
    }

    /// What is wrong, in the reader's language.
    public var message: String { text.text }

    /// `rules/channels.yaml:10:5: channel "team": no URL: the environment variable … is not set`,
    /// kept for the reader's language.
    public var descriptionMessage: Message {
        Message(.deliveryChannelProblem, ["location": .text("\(location)"), "channel": .text("\"\(channel)\""), "message": .message(text)])
    }

    /// Equal when they name the same channel and say the same (in English).
    public static func == (a: ChannelConfigurationError, b: ChannelConfigurationError) -> Bool {
        a.channel == b.channel && a.location == b.location && a.secret == b.secret && a.text.english == b.text.english
    }
}
