import Foundation
import JSONText
import Notifications
import Secrets

extension ChannelKind {
    /// `type: slack`: a Slack incoming webhook.
    public static let slack: ChannelKind = "slack"
}

/// `type: slack`. Settings: `url` / `url_env` / `url_file` (one, required), `rate_per_minute`
/// (60 by default).
public struct SlackIntegration: ChannelIntegration {
    /// The integration.
    public init() {}
    /// `slack`.
    public var kind: ChannelKind { .slack }
    /// None besides the URL.
    public var settingKeys: [String] { [] }
    /// The URL.
    public var secrets: [SecretSetting] { [.webhookURL] }
    /// 60 a minute.
    public var defaultRatePerMinute: Int? { 60 }

    /// Checks the URL.
    public func check(_ values: ChannelValues) throws(ChannelSettingsError) {
        var values = values
        values.checkWebhookURL()
        try values.result(())
    }

    /// A notifier posting ``SlackPayload``s.
    public func notifier(_ settings: Void, secrets: ResolvedSecrets, channel: String) throws(ChannelSetupError) -> any Notifier {
        PayloadNotifier(destination: HTTPDestination(url: try secrets.postURL(), urlIsSecret: true), build: SlackPayload.build)
    }
}

/// A Slack incoming webhook message: `{"text": "*title*\ntext\n<link>"}` in mrkdwn.
///
/// Slack's control characters `&`, `<` and `>` in the title and text are written as `&amp;`,
/// `&lt;` and `&gt;`, so a message cannot forge a link or a mention (`<!channel>`).
public enum SlackPayload {
    /// The payload for `notification`.
    public static func build(_ notification: Notice) -> DeliveryPayload {
        var lines = ["*" + escaped(notification.title) + "*"]
        if !notification.text.isEmpty { lines.append(escaped(notification.text)) }
        if let link = notification.linkAfterText { lines.append("<" + linkTarget(link) + ">") }
        var writer = JSONWriter(style: .compact, capacity: 512)
        writer.beginObject()
        writer.member("text", lines.joined(separator: "\n"))
        writer.endObject()
        return DeliveryPayload.json(Data(writer.bytes), idempotencyKey: notification.key)
    }

    /// `&`, `<`, `>` as entities (the only characters Slack asks to escape): the desktop markup escaping.
    public static func escaped(_ text: String) -> String { DesktopArguments.markupEscaped(text) }

    /// A URL inside `<…>`: `&` as an entity, `<`, `>`, `|` and spaces percent-encoded.
    static func linkTarget(_ url: String) -> String {
        url.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "%3C")
            .replacingOccurrences(of: ">", with: "%3E")
            .replacingOccurrences(of: "|", with: "%7C")
            .replacingOccurrences(of: " ", with: "%20")
    }
}
