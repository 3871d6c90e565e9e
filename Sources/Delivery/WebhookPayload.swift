import Foundation
import HTTP
import Rules
import Timetable

/// The generic webhook: a JSON document of schema `leavenow.notification/1`, or a
/// ``BodyTemplate``; optionally signed by a ``WebhookSigner``.
///
/// The schema (keys in this order, snake_case, times ISO 8601 in UTC with `Z` or with the offset
/// of the channel's `timezone`):
///
/// ```json
/// {"schema": "leavenow.notification/1", "idempotency_key": "…", "rule": "…", "kind": "leave_now",
///  "fire_at": "2024-12-22T01:32:00Z", "expires_at": "…" | null, "urgency": "low|normal|critical",
///  "language": "ja|en", "title": "…", "text": "…", "link": "…" | null, "channel": "…", "attempt": 1}
/// ```
///
/// Headers: `Content-Type: application/json`, `Idempotency-Key: <key>` (the same on every
/// retry), and the signature header when signed.
public enum WebhookPayload {
    /// The `schema` value of the generic document.
    public static let schema = "leavenow.notification/1"

    /// The payload of attempt `attempt` of `notification` through channel `channel`.
    ///
    /// - Parameters:
    ///   - zone: the clock times are written in; nil writes UTC with `Z`.
    ///   - template: a `body_template` used instead of the generic document.
    ///   - signer: signs the body with `timestamp` (seconds since the epoch, normally now).
    public static func build(
        _ notification: Rules.Notification, channel: String, attempt: Int, zone: ZoneClock? = nil,
        template: BodyTemplate? = nil, signer: WebhookSigner? = nil, timestamp: Int64 = 0
    ) -> DeliveryPayload {
        let body: Data
        if let template {
            body = Data(template.render(notification, channel: channel).utf8)
        } else {
            body = document(notification, channel: channel, attempt: attempt, zone: zone)
        }
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        headers.add("Idempotency-Key", HeaderValue.sanitized(notification.key))
        if let signer {
            headers.add(signer.header, signer.headerValue(body: body, timestamp: timestamp))
        }
        return DeliveryPayload(headers: headers, body: body)
    }

    /// The generic JSON document.
    public static func document(_ notification: Rules.Notification, channel: String, attempt: Int, zone: ZoneClock?) -> Data {
        var writer = JSONObjectWriter()
        writer.add("schema", schema)
        writer.add("idempotency_key", notification.key)
        writer.add("rule", notification.rule)
        writer.add("kind", notification.kind)
        writer.add("fire_at", timestamp(notification.fireAt, zone: zone))
        writer.add("expires_at", notification.expiresAt.map { timestamp($0, zone: zone) })
        writer.add("urgency", notification.urgency.rawValue)
        writer.add("language", notification.language.rawValue)
        writer.add("title", notification.title)
        writer.add("text", notification.text)
        writer.add("link", notification.link)
        writer.add("channel", channel)
        writer.add("attempt", Int64(attempt))
        return writer.data
    }

    /// `2024-12-22T01:32:00Z`, or with the zone's offset (`2024-12-22T10:32:00+09:00`).
    public static func timestamp(_ epoch: Int64, zone: ZoneClock?) -> String {
        if let zone { return zone.iso8601(epoch) }
        let utc = utcClock.iso8601(epoch)
        return utc.hasSuffix("+00:00") ? String(utc.dropLast(6)) + "Z" : utc
    }

    private static let utcClock = ZoneClock(timeZone: TimeZone(secondsFromGMT: 0) ?? TimeZone.current)
}
