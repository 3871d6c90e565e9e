import Messages

/// The secret URL of the webhook-like kinds (webhook, Slack, Discord): `url_env` / `url_file`, or
/// `url` written in the YAML with a warning.
extension SecretSetting {
    /// `url` / `url_env` / `url_file`, required; a literal warns.
    public static let webhookURL = SecretSetting(
        what: Message(.secretWhatURL), prefix: "url", literal: .warned(Message(.secretLiteralWebhookURL)), required: true)
}

extension ChannelValues {
    /// Records a problem unless exactly one of `url`, `url_env`, `url_file` is given, and a
    /// literal `url` that cannot be posted to (without quoting it: it is a secret).
    public mutating func checkWebhookURL() {
        requireExactlyOne(of: SecretSetting.webhookURL.keys)
        if let literal = self["url"], let message = ChannelValueChecks.urlProblem(literal, key: .verbatim("url")) {
            problem("url", message)
        }
    }
}

extension ResolvedSecrets {
    /// The URL of `prefix` (`url`), checked now that it is known (one written in the YAML already was).
    /// - Throws: ``ChannelSetupError`` naming the secret when it is not an http(s) URL with a host.
    public func postURL(_ prefix: String = "url") throws(ChannelSetupError) -> String {
        guard let secret = self[prefix] else { throw ChannelSetupError(.channelNeedsOneOf, ["keys": .message(.list([prefix, prefix + "_env", prefix + "_file"]))]) }
        let key = secret.name.map { Message(.nounTheURLFrom, ["secret": .text($0)]) } ?? Message(.nounTheURL)
        if let problem = ChannelValueChecks.urlProblem(secret.value, key: key) {
            throw ChannelSetupError(problem, secret: secret.name)
        }
        return secret.value
    }
}
