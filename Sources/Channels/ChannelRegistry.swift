import Messages
import Secrets

/// Every kind of channel. Adding a kind is one file under `Sources/Channels/Kinds/` (its
/// ``ChannelIntegration``, its ``Notifier``, its payload) and one line in ``integrations``.
public enum ChannelRegistry {
    /// The integrations, in the order messages list them.
    public static let integrations: [any ChannelIntegration] = [
        WebhookIntegration(),
        SlackIntegration(),
        DiscordIntegration(),
        NtfyIntegration(),
        DesktopIntegration(),
        GotifyIntegration(),
    ]

    /// The integration of `kind`; nil for a kind no integration has.
    public static func integration(for kind: ChannelKind) -> (any ChannelIntegration)? {
        integrations.first { $0.kind == kind }
    }

    /// The keys a channel of `kind` accepts besides `id` and `type`: its secrets' keys, its own
    /// settings, `rate_per_minute` and `max_retry_delay`; every kind's keys for an unknown kind.
    public static func knownKeys(for kind: ChannelKind) -> [String] {
        guard let integration = integration(for: kind) else {
            var seen = Set<String>()
            return integrations.flatMap { knownKeys(for: $0.kind) }.filter { seen.insert($0).inserted }
        }
        return integration.secrets.flatMap(\.keys) + integration.settingKeys + ["rate_per_minute", "max_retry_delay"]
    }

    /// Checks the values of a channel of `kind` (strings as written in the YAML): `rate_per_minute`
    /// and `max_retry_delay`, then the kind's own checks.
    /// - Throws: ``ChannelSettingsError`` with every problem, each naming its setting (an unknown
    ///   kind is a problem of the channel as a whole).
    public static func check(kind: ChannelKind, values: [String: String]) throws(ChannelSettingsError) -> CheckedChannelSettings {
        guard let integration = integration(for: kind) else {
            throw ChannelSettingsError(problems: [.init(key: nil, text: unknownKind(kind.rawValue))])
        }
        var channelValues = ChannelValues(values, kind: kind)
        var ratePerMinute: Double?
        if let rate = values["rate_per_minute"] {
            if let value = Double(rate), value >= 0, value.isFinite {
                ratePerMinute = value
            } else {
                channelValues.problem("rate_per_minute", .channelRatePerMinute, ["value": .text("\"\(rate)\"")])
            }
        }
        var maxRetryDelaySeconds: Int?
        if let text = values["max_retry_delay"] {
            if case .success(let seconds) = DurationText.seconds(in: text), (1...maxRetryDelayLimit).contains(seconds) {
                maxRetryDelaySeconds = seconds
            } else {
                channelValues.problem("max_retry_delay", .channelMaxRetryDelay, ["value": .text(diagnosticQuoted(text))])
            }
        }
        // The kind's check throws every problem recorded, this one's too.
        let settings = try integration.check(channelValues)
        return CheckedChannelSettings(kind: kind, ratePerMinute: ratePerMinute, maxRetryDelaySeconds: maxRetryDelaySeconds,
                                      settings: settings)
    }

    /// The longest `max_retry_delay` accepted: a day (a notification worth retrying later than that
    /// is better retried by hand, `leavenow outbox retry`).
    public static let maxRetryDelayLimit = 86_400

    /// `unknown channel type "x" (expected one of: webhook, slack, …)`.
    public static func unknownKind(_ name: String) -> Message {
        Message(.channelUnknownKind, ["name": .quoted(name), "list": .message(.list(integrations.map(\.kind.rawValue)))])
    }

    /// ``unknownKind(_:)`` in the reader's language.
    public static func unknownKindMessage(_ name: String) -> String { unknownKind(name).text }

    /// The secret references of a channel's values: `<prefix>_env` and `<prefix>_file` of each of
    /// its kind's secret settings, by prefix (`resolve` makes a file's path absolute).
    public static func secretReferences(kind: ChannelKind, values: [String: String],
                                        resolve: (String) -> String = { $0 }) -> [String: SecretReference] {
        var references: [String: SecretReference] = [:]
        for setting in integration(for: kind)?.secrets ?? [] {
            let variable = values[setting.prefix + "_env"], file = values[setting.prefix + "_file"].map(resolve)
            if variable != nil || file != nil {
                references[setting.prefix] = SecretReference(environmentVariable: variable, file: file)
            }
        }
        return references
    }

    /// What names a secret in the log and in `leavenow status`: the variable (also the systemd
    /// credential's name), else the file.
    public static func secretName(_ reference: SecretReference) -> String {
        reference.environmentVariable ?? reference.credential ?? reference.file ?? "?"
    }

    /// Resolves a checked channel's secrets and builds its notifier.
    ///
    /// - Parameters:
    ///   - values: the values as written (a literal secret: `url`, `topic`).
    ///   - references: the `_env` / `_file` references by prefix (``secretReferences(kind:values:resolve:)``).
    ///   - channel: the id, in messages.
    /// - Throws: ``ChannelSetupError``; its ``ChannelSetupError/secret`` names the secret when that is
    ///   what is missing or unusable.
    public static func setUp(
        _ checked: CheckedChannelSettings, values: [String: String], references: [String: SecretReference],
        secrets source: SecretSource, channel: String
    ) throws(ChannelSetupError) -> ChannelSetup {
        guard let integration = integration(for: checked.kind) else { throw ChannelSetupError(unknownKind(checked.kind.rawValue)) }
        var resolved: [String: ResolvedSecrets.Secret] = [:]
        var warnings: [Message] = []
        for setting in integration.secrets {
            if case .warned(let warning) = setting.literal, let literal = values[setting.prefix] {
                resolved[setting.prefix] = ResolvedSecrets.Secret(value: literal, name: nil)
                warnings.append(Message(.channelSecretInConfig, ["what": .message(setting.what), "warning": .message(warning)]))
            } else if let reference = references[setting.prefix] {
                do {
                    resolved[setting.prefix] = ResolvedSecrets.Secret(
                        value: try source.resolve(reference, for: Message(.secretOwnerChannel, ["channel": .text(channel)])), name: secretName(reference))
                } catch {
                    throw ChannelSetupError(.channelNoSecret, ["what": .message(setting.what),
                                                               "reasons": .message(.joined(error.reasonMessages, separator: .verbatim("; ")))],
                                            secret: secretName(reference))
                }
            } else if setting.required {
                throw ChannelSetupError(.channelNeedsOneOf, ["keys": .message(.list(setting.keys))])
            }
        }
        let notifier = try integration.erasedNotifier(checked.settings, secrets: ResolvedSecrets(resolved), channel: channel)
        let rate = checked.ratePerMinute ?? integration.defaultRatePerMinute.map(Double.init)
        return ChannelSetup(notifier: notifier, warningMessages: warnings, ratePerMinute: rate == 0 ? nil : rate,
                            maxRetryDelaySeconds: checked.maxRetryDelaySeconds)
    }
}

/// A channel's values checked by its kind: the typed settings its notifier is built from.
public struct CheckedChannelSettings: Sendable {
    /// The kind.
    public var kind: ChannelKind
    /// `rate_per_minute` as given: nil for the kind's default, 0 for unlimited.
    public var ratePerMinute: Double?
    /// `max_retry_delay` in seconds: the longest wait between two attempts; nil for the default (5 minutes).
    public var maxRetryDelaySeconds: Int? = nil
    /// The kind's ``ChannelIntegration/Settings``.
    public var settings: any Sendable
}

/// A channel set up: its notifier, the warnings about it and its rate.
public struct ChannelSetup: Sendable {
    /// Turns jobs into what to send.
    public var notifier: any Notifier
    /// Things worth fixing that do not stop the channel (a secret written in the configuration),
    /// without the place (the caller knows it).
    public var warningMessages: [Message]
    /// ``warningMessages`` in the reader's language.
    public var warnings: [String] { warningMessages.map(\.text) }
    /// Notifications a minute; nil when unlimited.
    public var ratePerMinute: Double?
    /// The longest wait between two attempts (`max_retry_delay`), in seconds; nil for the default.
    public var maxRetryDelaySeconds: Int?
}

extension ChannelIntegration {
    /// ``notifier(_:secrets:channel:)`` for settings of unknown static type.
    func erasedNotifier(_ settings: any Sendable, secrets: ResolvedSecrets, channel: String) throws(ChannelSetupError) -> any Notifier {
        guard let typed = settings as? Settings else { throw ChannelSetupError(.channelNotKindSettings, ["kind": .text(kind.rawValue)]) }
        return try notifier(typed, secrets: secrets, channel: channel)
    }
}
