import Channels
import Config
import Foundation
import Secrets
import Messages

/// A channel ready to send: its settings checked (``Config/ChannelSpec/checked``), its secrets
/// resolved and its ``Channels/Notifier`` built by its kind's integration. Its description and
/// errors never show a secret.
///
/// Secrets are each kind's ``Channels/ChannelIntegration/secrets``: `url_env` / `url_file` (and
/// systemd credentials named like the variable) for webhook, Slack and Discord; `topic_env` /
/// `topic_file` and `token_env` / `token_file` for ntfy; `token_env` / `token_file` for Gotify;
/// `secret_env` / `secret_file` for a signed webhook. A literal `url`, `topic` or Gotify `token` in
/// the YAML is accepted (handy for a local sink) but gives a warning, because whoever knows it can
/// post.
public struct ChannelEndpoint: Sendable {
    /// The channel id.
    public var id: String
    /// The kind of channel.
    public var kind: ChannelKind
    /// Turns jobs into what to send.
    public let notifier: any Notifier
    /// The rate limit; nil when unlimited.
    public var rateLimit: ChannelRateLimiter.Limit?
    /// The longest wait between two attempts (`max_retry_delay`); nil for the retry schedule's
    /// (``RetrySchedule/defaultMaxDelay``).
    public var maxRetryDelay: Duration?
    /// Things worth fixing that do not stop the channel (a literal secret URL), for the reader's language.
    public var warnings: [Message]

    /// Builds the channel from its checked settings (the same checks `leavenow check` makes) and
    /// resolves its secrets from `secrets`.
    /// - Throws: ``ChannelConfigurationError`` naming the place and the problem; its
    ///   ``ChannelConfigurationError/secret`` names the secret when that is what is missing or unusable.
    public init(_ spec: ChannelSpec, secrets: SecretSource) throws(ChannelConfigurationError) {
        func fail(_ text: Message, secret: String? = nil) -> ChannelConfigurationError {
            ChannelConfigurationError(channel: spec.id, location: spec.location, text: text, secret: secret)
        }
        let checked: CheckedChannelSettings
        switch spec.checked {
        case .success(let settings): checked = settings
        case .failure(let error): throw fail(error.text)
        }
        let setup: ChannelSetup
        do {
            setup = try ChannelRegistry.setUp(checked, values: spec.settings, references: spec.secrets, secrets: secrets, channel: spec.id)
        } catch {
            throw fail(error.text, secret: error.secret)
        }
        id = spec.id
        kind = spec.kind
        notifier = setup.notifier
        rateLimit = setup.ratePerMinute.map { ChannelRateLimiter.Limit(perMinute: $0) }
        maxRetryDelay = setup.maxRetryDelaySeconds.map { .seconds($0) }
        warnings = setup.warningMessages.map { warning in
            Message(.deliveryChannelProblem, ["location": .text("\(spec.location)"), "channel": .text("\"\(spec.id)\""), "message": .message(warning)])
        }
    }

    /// The URL posted to (a secret); nil for a desktop channel.
    var url: String? { notifier.url }
    /// Hides the URL, topic, token and signing secret in messages.
    public var redaction: URLRedaction { notifier.redaction }
    /// `https://hooks.slack.com/…`: the URL's scheme and host only.
    public var displayURL: String { notifier.displayURL }

    /// What `job` is sent as at `now` (seconds since the epoch; the signature's timestamp).
    public func message(for job: DeliveryJob, now: Int64) -> ChannelMessage {
        notifier.message(for: ChannelJob(notification: job.notification, attempt: job.attempt, channel: id), now: now)
    }

    /// The HTTP payload of `job` at `now`; nil for a desktop channel.
    public func payload(for job: DeliveryJob, now: Int64) -> DeliveryPayload? {
        guard case .http(_, let payload) = message(for: job, now: now) else { return nil }
        return payload
    }

    /// `text` with this channel's secrets and its URL hidden.
    public func redact(_ text: String) -> String { redaction.redact(text: text) }

    /// The redaction of a request carrying `payload`: this channel's, plus the values of the
    /// credential headers it sends (see ``Channels/Notifier/redaction(sending:)``).
    public func redaction(sending payload: DeliveryPayload) -> URLRedaction { notifier.redaction(sending: payload) }
}

extension ChannelEndpoint: CustomStringConvertible {
    /// `slack channel "team" → https://hooks.slack.com/…`: never a secret.
    public var description: String {
        (Self.place(kind: kind, id: id) + .verbatim(displayURL.isEmpty ? "" : " → \(displayURL)")).text
    }

    /// `slack channel "team"`, the start of this channel's problems, for the reader's language.
    static func place(kind: ChannelKind, id: String) -> Message {
        Message(.deliveryChannelPlace, ["kind": .text(kind.rawValue), "channel": .text("\"\(id)\"")])
    }
}

extension ChannelEndpoint: CustomReflectable {
    /// The id, kind and host only: `dump` and debuggers never show the URL or a secret.
    public var customMirror: Mirror {
        Mirror(self, children: ["id": id, "kind": kind, "displayURL": displayURL])
    }
}
