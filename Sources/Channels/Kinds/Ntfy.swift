import Foundation
import Messages
import Notifications
import Secrets

extension ChannelKind {
    /// `type: ntfy`: a topic on an ntfy server.
    public static let ntfy: ChannelKind = "ntfy"
}

/// `type: ntfy`. Settings: `topic` / `topic_env` / `topic_file` (one, required), `token_env` /
/// `token_file` (an access token), `server` (`https://ntfy.sh` by default), `priority` (1–5),
/// `tags`, `icon`, `rate_per_minute` (60 by default).
public struct NtfyIntegration: ChannelIntegration {
    /// An ntfy channel's checked settings.
    public struct Settings: Sendable {
        /// `server`, without a trailing slash.
        public var server = NtfyIntegration.defaultServer
        /// `priority`, 1 to 5; nil: from the notification's urgency.
        public var priority: Int?
        /// `tags`, split at commas and trimmed (empty ones left out).
        public var tags: [String] = []
        /// `icon`, an http(s) URL.
        public var icon: String?
    }

    /// The default server.
    public static let defaultServer = "https://ntfy.sh"

    /// The integration.
    public init() {}
    /// `ntfy`.
    public var kind: ChannelKind { .ntfy }
    /// `server`, `priority`, `tags`, `icon`.
    public var settingKeys: [String] { ["server", "priority", "tags", "icon"] }
    /// The topic (required; a literal warns) and the token.
    public var secrets: [SecretSetting] {
        [SecretSetting(what: Message(.secretWhatTopic), prefix: "topic", literal: .warned(Message(.secretLiteralNtfyTopic)), required: true),
         SecretSetting(what: Message(.secretWhatToken), prefix: "token", required: false)]
    }
    /// 60 a minute.
    public var defaultRatePerMinute: Int? { 60 }

    /// Checks the topic, `server`, `priority`, `tags` and `icon`.
    public func check(_ values: ChannelValues) throws(ChannelSettingsError) -> Settings {
        var values = values
        var settings = Settings()
        values.requireExactlyOne(of: ["topic", "topic_env", "topic_file"], article: "an")
        if let topic = values["topic"], topic.trimmingCharacters(in: .whitespaces).isEmpty {
            values.problem("topic", .channelNotEmpty, ["key": .text("topic")])
        }
        if let server = values.plainURL("server") { settings.server = server }
        if let text = values["priority"] {
            if let value = Int(text), (1...5).contains(value) {
                settings.priority = value
            } else {
                values.problem("priority", .channelNtfyPriority, ["value": .text("\"\(text)\"")])
            }
        }
        if let text = values["tags"] {
            let list = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if let bad = list.first(where: { tag in tag.unicodeScalars.contains { $0.properties.generalCategory == .control } }) {
                values.problem("tags", .channelNtfyTags, ["value": .text("\"\(ChannelValueChecks.visible(bad))\"")])
            } else {
                settings.tags = list
            }
        }
        if let text = values["icon"] {
            if ChannelValueChecks.urlProblem(text, key: .verbatim("icon")) != nil {
                values.problem("icon", .channelNtfyIcon, ["value": .text("\"\(ChannelValueChecks.visible(text))\"")])
            } else {
                settings.icon = text
            }
        }
        return try values.result(settings)
    }

    /// A notifier publishing to `<server>/<topic>`.
    public func notifier(_ settings: Settings, secrets: ResolvedSecrets, channel: String) throws(ChannelSetupError) -> any Notifier {
        guard let topic = secrets["topic"] else { throw ChannelSetupError(.channelNeedsOneOf, ["keys": .message(.list(["topic", "topic_env", "topic_file"]))]) }
        guard !topic.value.isEmpty else { throw ChannelSetupError(.channelSecretEmpty, ["what": .key(.secretWhatTopic)], secret: topic.name) }
        var hidden = [topic.value]
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))
        let encodedTopic = topic.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? topic.value
        if encodedTopic != topic.value { hidden.append(encodedTopic) }
        let token = secrets["token"]?.value
        if let token { hidden.append(token) }
        let url = settings.server + "/" + encodedTopic
        if let problem = ChannelValueChecks.urlProblem(url, key: Message(.nounTheURL)) { throw ChannelSetupError(problem) }
        return NtfyNotifier(destination: HTTPDestination(url: url, urlIsSecret: false, secrets: hidden), settings: settings, token: token)
    }
}

/// Publishes to an ntfy topic.
public struct NtfyNotifier: Notifier {
    let destination: HTTPDestination
    let settings: NtfyIntegration.Settings
    let token: String?

    /// The ntfy payload.
    public func message(for job: ChannelJob, now: Int64) -> ChannelMessage {
        .http(url: destination.url, payload: NtfyPayload.build(
            job.notification, priority: settings.priority, tags: settings.tags, icon: settings.icon, token: token))
    }
    /// Hides the topic and the token.
    public var redaction: URLRedaction { destination.redaction }
    /// The server's scheme and host.
    public var displayURL: String { destination.displayURL }
    /// `<server>/<topic>`.
    public var url: String? { destination.url }
}

extension NtfyNotifier: CustomReflectable {
    /// The host only: `dump` never shows the topic or the token.
    public var customMirror: Mirror { Mirror(self, children: ["displayURL": destination.displayURL]) }
}

/// An ntfy message, published by `POST <server>/<topic>` with the text as the body and the rest
/// in headers: `Title`, `Priority` (low → 2, normal → 3, critical → 5), `Tags`, `Click` (the
/// link), `Icon`, and `Authorization: Bearer <token>` for a protected topic.
///
/// Header values that are not ASCII (a Japanese title) are sent as RFC 2047 encoded words, which
/// ntfy decodes. The body is cut to ntfy's 4096-byte message limit at a character boundary.
public enum NtfyPayload {
    /// ntfy's default largest message; a longer one would become an attachment.
    public static let maxMessageBytes = 4096

    /// ntfy's priority (1–5) for an urgency.
    public static func priority(for urgency: Urgency) -> Int {
        switch urgency {
        case .low: 2
        case .normal: 3
        case .critical: 5
        }
    }

    /// The payload for `notification`.
    ///
    /// - Parameters:
    ///   - priority: the channel's `priority` setting, replacing the urgency's.
    ///   - tags: the channel's `tags` (emoji short codes or words).
    ///   - icon: the channel's `icon` URL.
    ///   - token: an access token (sent as a bearer token).
    public static func build(
        _ notification: Notice, priority: Int? = nil, tags: [String] = [], icon: String? = nil, token: String? = nil
    ) -> DeliveryPayload {
        var headers: PayloadHeaders = ["Content-Type": "text/plain; charset=utf-8"]
        headers.add("Title", EncodedWord.encodeIfNeeded(HeaderValue.sanitized(notification.title)))
        headers.add("Priority", String(priority ?? self.priority(for: notification.urgency)))
        let tagList = tags.map(HeaderValue.sanitized).filter { !$0.isEmpty }
        if !tagList.isEmpty { headers.add("Tags", EncodedWord.encodeIfNeeded(tagList.joined(separator: ","))) }
        if let link = notification.link, !link.isEmpty { headers.add("Click", HeaderValue.sanitized(link)) }
        if let icon, !icon.isEmpty { headers.add("Icon", HeaderValue.sanitized(icon)) }
        if let token { headers.add("Authorization", "Bearer " + HeaderValue.sanitized(token)) }
        headers.add("Idempotency-Key", HeaderValue.sanitized(notification.key))
        return DeliveryPayload(headers: headers, body: Data(truncatedUTF8(notification.text, maxBytes: maxMessageBytes).utf8))
    }

    /// `text` cut to at most `maxBytes` UTF-8 bytes at a character boundary.
    static func truncatedUTF8(_ text: String, maxBytes: Int) -> String {
        guard text.utf8.count > maxBytes else { return text }
        var result = ""
        var size = 0
        for character in text {
            let bytes = character.utf8.count
            if size + bytes > maxBytes { break }
            result.append(character)
            size += bytes
        }
        return result
    }
}
