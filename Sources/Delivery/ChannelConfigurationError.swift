import Rules

/// A channel cannot be used: a missing secret, a bad URL or setting. Names the file, the place
/// and the channel; never a secret.
public struct ChannelConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The channel id.
    public var channel: String
    /// Where the channel is configured.
    public var location: ConfigLocation
    /// What is wrong (secrets redacted).
    public var message: String

    /// An error for a channel.
    public init(channel: String, location: ConfigLocation, message: String) {
        self.channel = channel
        self.location = location
        self.message = message
    }

    /// `rules/channels.yaml:10:5: channel "team": no URL: the environment variable … is not set`.
    public var description: String { "\(location): channel \"\(channel)\": \(message)" }
}
