import Messages

/// One kind of channel, described in one file under `Sources/Channels/Kinds/`: its `type:` name,
/// the settings it accepts, its secrets, its default rate, the checks of its values and the
/// ``Notifier`` it builds.
///
/// The configuration parser asks the ``ChannelRegistry`` to ``check(_:)`` a channel's values
/// (so `leavenow check` refuses exactly what delivery could not use, each problem at its value),
/// and delivery asks it for the notifier once the secrets are resolved.
public protocol ChannelIntegration: Sendable {
    /// The checked, typed settings of a channel of this kind.
    associatedtype Settings: Sendable

    /// The `type:` name.
    var kind: ChannelKind { get }
    /// The plain setting keys it accepts besides `id`, `type`, `rate_per_minute` and the keys of its
    /// ``secrets`` (which the registry adds).
    var settingKeys: [String] { get }
    /// Its secret settings (`url` → `url_env` / `url_file`, and `url` itself when a literal is allowed).
    var secrets: [SecretSetting] { get }
    /// The default `rate_per_minute`; nil for unlimited.
    var defaultRatePerMinute: Int? { get }

    /// Checks the values of a channel (strings by key, as written; `rate_per_minute` is checked by
    /// the registry before).
    /// - Throws: ``ChannelSettingsError`` with every problem, each naming its setting.
    func check(_ values: ChannelValues) throws(ChannelSettingsError) -> Settings

    /// The notifier of a channel from its checked settings and its resolved secrets.
    /// - Throws: ``ChannelSetupError`` when a resolved secret cannot be used (a URL that is not
    ///   http(s), an empty topic).
    func notifier(_ settings: Settings, secrets: ResolvedSecrets, channel: String) throws(ChannelSetupError) -> any Notifier
}

/// A secret setting of a channel kind: what it holds and the prefix of its keys.
public struct SecretSetting: Sendable, Equatable {
    /// Whether the setting may be written as it is in the YAML (`url: https://…`).
    public enum Literal: Sendable, Equatable {
        /// Only `<prefix>_env` / `<prefix>_file`.
        case refused
        /// Accepted, with this warning (why a secret should not be in the configuration).
        case warned(Message)
    }

    /// What it holds, in messages: `URL`, `topic`, `token`, `signing secret`.
    public var what: Message
    /// The key prefix: `url` names `url_env` and `url_file` (and `url` when a literal is allowed).
    public var prefix: String
    /// Whether a literal value is accepted.
    public var literal: Literal
    /// Whether a channel of the kind needs it (checked by the kind: a missing one is a problem of the
    /// channel as a whole).
    public var required: Bool

    /// A secret setting.
    public init(what: Message, prefix: String, literal: Literal = .refused, required: Bool) {
        self.what = what
        self.prefix = prefix
        self.literal = literal
        self.required = required
    }

    /// The keys it is written with: `url`, `url_env`, `url_file` (the literal only when allowed).
    public var keys: [String] {
        (literal == .refused ? [] : [prefix]) + [prefix + "_env", prefix + "_file"]
    }
}

/// The values of a channel as written (strings by key), with the problems found while reading them.
public struct ChannelValues: Sendable {
    /// The values by key.
    public let values: [String: String]
    /// The channel's kind (for messages about the channel as a whole).
    public let kind: ChannelKind
    /// The problems found so far, in the order checked.
    public private(set) var problems: [ChannelSettingsError.Problem] = []

    /// Values of a channel of `kind`.
    public init(_ values: [String: String], kind: ChannelKind) {
        self.values = values
        self.kind = kind
    }

    /// The value of `key`.
    public subscript(key: String) -> String? { values[key] }

    /// Records a problem with `key` (nil: the channel as a whole).
    public mutating func problem(_ key: String?, _ message: Message) {
        problems.append(ChannelSettingsError.Problem(key: key, text: message))
    }

    /// Records the catalogue entry `messageKey` as a problem with `key` (nil: the channel as a whole).
    public mutating func problem(_ key: String?, _ messageKey: MessageKey, _ arguments: [String: MessageArgument] = [:]) {
        problem(key, Message(messageKey, arguments))
    }

    /// Records `a slack channel needs exactly one of url, url_env, url_file` unless exactly one of
    /// `keys` is given (`article` as the kind's name is read: "an ntfy channel").
    public mutating func requireExactlyOne(of keys: [String], article: String = "a") {
        guard keys.filter({ values[$0] != nil }).count != 1 else { return }
        problem(nil, article == "an" ? .channelNeedsExactlyOneAn : .channelNeedsExactlyOneA,
                ["kind": .text(kind.rawValue), "keys": .message(.list(keys))])
    }

    /// Records a problem unless `key` is an `https://` or `http://` URL with a host (the value is
    /// quoted: not a secret); answers it without a trailing slash or surrounding spaces.
    public mutating func plainURL(_ key: String) -> String? {
        guard let text = values[key] else { return nil }
        if let message = ChannelValueChecks.urlProblem(text.trimmingCharacters(in: .whitespaces), key: .verbatim(key), showing: text) {
            problem(key, message)
            return nil
        }
        return ChannelValueChecks.trimmingSlashes(text)
    }

    /// Throws every problem recorded, or answers `settings`.
    public func result<Settings>(_ settings: Settings) throws(ChannelSettingsError) -> Settings {
        guard problems.isEmpty else { throw ChannelSettingsError(problems: problems) }
        return settings
    }
}

/// A channel's settings cannot be used: one problem per setting, in the order checked.
public struct ChannelSettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One bad setting.
    public struct Problem: Sendable, Equatable {
        /// The setting (`priority`); nil for a problem of the channel as a whole (a missing `url`).
        public var key: String?
        /// What is wrong, quoting the value unless it is a secret.
        public var text: Message

        /// A problem with `key`.
        public init(key: String?, text: Message) {
            self.key = key
            self.text = text
        }

        /// What is wrong, in the reader's language.
        public var message: String { text.text }
    }

    /// Every problem found.
    public var problems: [Problem]

    /// An error with `problems`.
    public init(problems: [Problem]) {
        self.problems = problems
    }

    /// The problems' messages joined with `; `, in the reader's language.
    public var description: String { problems.map(\.message).joined(separator: "; ") }

    /// The problems' messages joined with `; `, kept for the reader's language.
    public var text: Message { .joined(problems.map(\.text), separator: .verbatim("; ")) }
}

/// A channel cannot be set up: a secret that is missing or unusable, or a setting refused.
public struct ChannelSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong (never a secret).
    public var text: Message
    /// The secret's name (a variable, else a file) when that is the problem.
    public var secret: String?

    /// An error.
    public init(_ text: Message, secret: String? = nil) {
        self.text = text
        self.secret = secret
    }

    /// An error saying the catalogue entry `key`.
    public init(_ key: MessageKey, _ arguments: [String: MessageArgument] = [:], secret: String? = nil) {
        self.init(Message(key, arguments), secret: secret)
    }

    /// What is wrong, in the reader's language.
    public var message: String { text.text }

    /// The message.
    public var description: String { message }
}

/// A channel's secrets, resolved: the value of each secret setting given, by prefix.
public struct ResolvedSecrets: Sendable {
    /// One resolved secret.
    public struct Secret: Sendable {
        /// The value (never printed).
        public var value: String
        /// The variable or file it came from; nil when written in the YAML.
        public var name: String?
    }

    var secrets: [String: Secret]

    /// Secrets by prefix.
    public init(_ secrets: [String: Secret] = [:]) { self.secrets = secrets }

    /// The secret of `prefix`, when the channel gives it.
    public subscript(prefix: String) -> Secret? { secrets[prefix] }
}

extension ResolvedSecrets.Secret: CustomStringConvertible, CustomReflectable {
    /// The name only.
    public var description: String { name ?? Message(.secretWrittenInConfiguration).text }
    /// The name only: `dump` never shows the value.
    public var customMirror: Mirror { Mirror(self, children: ["name": name as Any]) }
}
