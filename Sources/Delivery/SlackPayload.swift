import Foundation
import JSONText
import Notifications

/// A Slack incoming webhook message: `{"text": "*title*\ntext\n<link>"}` in mrkdwn.
///
/// Slack's control characters `&`, `<` and `>` in the title and text are written as `&amp;`,
/// `&lt;` and `&gt;`, so a message cannot forge a link or a mention (`<!channel>`).
public enum SlackPayload {
    /// The payload for `notification`.
    public static func build(_ notification: Notice) -> DeliveryPayload {
        var lines = ["*" + escaped(notification.title) + "*"]
        if !notification.text.isEmpty { lines.append(escaped(notification.text)) }
        if let link = notification.link, !link.isEmpty { lines.append("<" + linkTarget(link) + ">") }
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
