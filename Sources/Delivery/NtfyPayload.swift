import Foundation
import HTTP
import Notifications

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
        var headers: HTTPHeaders = ["Content-Type": "text/plain; charset=utf-8"]
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
