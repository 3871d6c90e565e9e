import Config
import Foundation
import JSONText
import Notifications
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
        _ notification: Notice, channel: String, attempt: Int, zone: ZoneClock? = nil,
        template: BodyTemplate? = nil, signer: WebhookSigner? = nil, timestamp: Int64 = 0
    ) -> DeliveryPayload {
        let body: Data
        if let template {
            body = Data(template.render(notification, channel: channel).utf8)
        } else {
            body = document(notification, channel: channel, attempt: attempt, zone: zone)
        }
        var payload = DeliveryPayload.json(body, idempotencyKey: notification.key)
        if let signer {
            payload.headers.add(signer.header, signer.headerValue(body: body, timestamp: timestamp))
        }
        return payload
    }

    /// The generic JSON document.
    public static func document(_ notification: Notice, channel: String, attempt: Int, zone: ZoneClock?) -> Data {
        var writer = JSONWriter(style: .compact, capacity: 512)
        writer.beginObject()
        writer.member("schema", schema)
        writer.member("idempotency_key", notification.key)
        writer.member("rule", notification.rule)
        writer.member("kind", notification.kind.rawValue)
        writer.member("fire_at", timestamp(notification.fireAt, zone: zone))
        writer.member("expires_at", notification.expiresAt.map { timestamp($0, zone: zone) })
        writer.member("urgency", notification.urgency.rawValue)
        writer.member("language", notification.language.rawValue)
        writer.member("title", notification.title)
        writer.member("text", notification.text)
        writer.member("link", notification.link)
        writer.member("channel", channel)
        writer.member("attempt", Int64(attempt))
        writer.endObject()
        return Data(writer.bytes)
    }

    /// `2024-12-22T01:32:00Z`, or with the zone's offset (`2024-12-22T10:32:00+09:00`).
    public static func timestamp(_ epoch: Int64, zone: ZoneClock?) -> String {
        if let zone { return zone.iso8601(epoch) }
        return utcTimestamp(epoch)
    }

    /// `2024-12-22T01:32:00Z`, computed directly (proleptic Gregorian, years 0…9999; other years
    /// through ZoneClock): the generic document writes two per notification.
    static func utcTimestamp(_ epoch: Int64) -> String {
        let days = epoch >= 0 ? epoch / 86_400 : (epoch - 86_399) / 86_400
        let seconds = Int(epoch - days * 86_400)
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        let month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        let year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
        guard (0...9999).contains(year) else {
            let utc = utcClock.iso8601(epoch)
            return utc.hasSuffix("+00:00") ? String(utc.dropLast(6)) + "Z" : utc
        }
        var bytes = [UInt8](repeating: 0, count: 20)
        func put(_ value: Int, at offset: Int, digits: Int) {
            var value = value
            for position in stride(from: offset + digits - 1, through: offset, by: -1) {
                bytes[position] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
        }
        put(year, at: 0, digits: 4)
        put(month, at: 5, digits: 2)
        put(day, at: 8, digits: 2)
        put(seconds / 3600, at: 11, digits: 2)
        put(seconds % 3600 / 60, at: 14, digits: 2)
        put(seconds % 60, at: 17, digits: 2)
        bytes[4] = UInt8(ascii: "-"); bytes[7] = UInt8(ascii: "-"); bytes[10] = UInt8(ascii: "T")
        bytes[13] = UInt8(ascii: ":"); bytes[16] = UInt8(ascii: ":"); bytes[19] = UInt8(ascii: "Z")
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let utcClock = ZoneClock(timeZone: TimeZone(secondsFromGMT: 0) ?? TimeZone.current)
}
