import Foundation
import JSONText
import Notifications

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
        if let link = notification.link, !link.isEmpty { content += "\n" + link }
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
