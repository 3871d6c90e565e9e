import Foundation
import JSONText
import Notifications
import Secrets

extension ChannelKind {
    /// `type: discord`: a Discord webhook.
    public static let discord: ChannelKind = "discord"
}

/// `type: discord`. Settings: `url` / `url_env` / `url_file` (one, required), `rate_per_minute`
/// (30 by default).
public struct DiscordIntegration: ChannelIntegration {
    /// The integration.
    public init() {}
    /// `discord`.
    public var kind: ChannelKind { .discord }
    /// None besides the URL.
    public var settingKeys: [String] { [] }
    /// The URL.
    public var secrets: [SecretSetting] { [.webhookURL] }
    /// 30 a minute.
    public var defaultRatePerMinute: Int? { 30 }

    /// Checks the URL.
    public func check(_ values: ChannelValues) throws(ChannelSettingsError) {
        var values = values
        values.checkWebhookURL()
        try values.result(())
    }

    /// A notifier posting ``DiscordPayload``s.
    public func notifier(_ settings: Void, secrets: ResolvedSecrets, channel: String) throws(ChannelSetupError) -> any Notifier {
        PayloadNotifier(destination: HTTPDestination(url: try secrets.postURL(), urlIsSecret: true), build: DiscordPayload.build)
    }
}

/// A Discord webhook message: `{"content": "**title**\ntext\nlink", "allowed_mentions": {"parse": []}}`.
///
/// `allowed_mentions` with an empty `parse` list means `@everyone`, `@here`, user and role
/// mentions in the text are shown but ping nobody. The content is cut to Discord's 2000
/// characters (counted in UTF-16 units, which is never fewer than Discord's count), ending in `…`.
public enum DiscordPayload {
    /// Discord's limit on `content`.
    public static let maxContentLength = 2000

    /// The payload for `notification`.
    public static func build(_ notification: Notice) -> DeliveryPayload {
        var content = "**" + notification.title + "**"
        if !notification.text.isEmpty { content += "\n" + notification.text }
        if let link = notification.linkAfterText { content += "\n" + link }
        var writer = JSONWriter(style: .compact, capacity: 512)
        writer.beginObject()
        writer.member("content", truncated(content, to: maxContentLength))
        writer.member("allowed_mentions", raw: #"{"parse":[]}"#)
        writer.endObject()
        return DeliveryPayload.json(Data(writer.bytes), idempotencyKey: notification.key)
    }

    /// `text` cut at a character boundary so that it with a trailing `…` fits `limit` UTF-16 units.
    static func truncated(_ text: String, to limit: Int) -> String {
        guard text.utf16.count > limit else { return text }
        var result = ""
        var length = 0
        for character in text {
            let size = character.utf16.count
            if length + size > limit - 1 { break }
            result.append(character)
            length += size
        }
        return result + "…"
    }
}
