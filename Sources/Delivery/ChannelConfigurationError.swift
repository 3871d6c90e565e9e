import Config

/// A channel cannot be used: a missing secret, a bad URL or setting. Names the file, the place
/// and the channel; never a secret.
public struct ChannelConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The channel id.
    public var channel: String
    /// Where the channel is configured.
    public var location: ConfigLocation
    /// What is wrong (secrets redacted).
    public var message: String
    /// The secret (`LEAVENOW_HOOK_URL`, or a file's path) when the problem is a secret that is not
    /// set, cannot be read, or holds a value the channel cannot use; nil for a problem of the
    /// configuration itself. A channel whose only problem is a secret can work after a reload.
    public var secret: String?

    /// An error for a channel.
    public init(channel: String, location: ConfigLocation, message: String, secret: String? = nil) {
        self.channel = channel
        self.location = location
        self.message = message
        self.secret = secret
    }

    /// `rules/channels.yaml:10:5: channel "team": no URL: the environment variable … is not set`.
    public var description: String { "\(location): channel \"\(channel)\": \(message)" }
}
