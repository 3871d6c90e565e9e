import Foundation
import JSONText
import Messages
import Notifications
import Secrets
import Timetable

extension ChannelKind {
    /// `type: webhook`: the generic JSON document (or a `body_template`), optionally signed.
    public static let webhook: ChannelKind = "webhook"
}

/// `type: webhook`. Settings: `url` / `url_env` / `url_file` (one, required), `secret_env` /
/// `secret_file` (the signing secret), `signature_header`, `body_template`, `timezone`,
/// `rate_per_minute` (unlimited by default).
public struct WebhookIntegration: ChannelIntegration {
    /// A webhook's checked settings.
    public struct Settings: Sendable {
        /// `body_template`, used instead of the generic document.
        public var bodyTemplate: BodyTemplate?
        /// `timezone`: the zone of the times in the body (UTC when nil).
        public var timezone: ZoneClock?
        /// `signature_header`, when given.
        public var signatureHeader: String?
    }

    /// The integration.
    public init() {}
    /// `webhook`.
    public var kind: ChannelKind { .webhook }
    /// `signature_header`, `body_template`, `timezone`.
    public var settingKeys: [String] { ["signature_header", "body_template", "timezone"] }
    /// The URL (required) and the signing secret.
    public var secrets: [SecretSetting] {
        [.webhookURL, SecretSetting(what: Message(.secretWhatSigningSecret), prefix: "secret", required: false)]
    }
    /// Unlimited.
    public var defaultRatePerMinute: Int? { nil }

    /// Checks the URL, `body_template`, `timezone` and `signature_header`.
    public func check(_ values: ChannelValues) throws(ChannelSettingsError) -> Settings {
        var values = values
        values.checkWebhookURL()
        var settings = Settings()
        if let text = values["body_template"] {
            do { settings.bodyTemplate = try BodyTemplate(text) } catch { values.problem("body_template", error.text) }
        }
        if let name = values["timezone"] {
            if let clock = ZoneClock(identifier: name) { settings.timezone = clock } else { values.problem("timezone", .configUnknownTimezone, ["name": .text("\"\(name)\""), "hint": .key(.configTimezoneHint, ["hint": .key(.configTimezoneExample)])]) }
        }
        if let header = values["signature_header"] {
            if !ChannelValueChecks.isHeaderName(header) {
                values.problem("signature_header", .channelSignatureHeader, ["value": .text("\"\(ChannelValueChecks.visible(header))\"")])
            } else if values["secret_env"] == nil && values["secret_file"] == nil {
                values.problem("signature_header", .channelSignatureNeedsSecret)
            } else {
                settings.signatureHeader = header
            }
        }
        return try values.result(settings)
    }

    /// A ``WebhookNotifier``.
    public func notifier(_ settings: Settings, secrets: ResolvedSecrets, channel: String) throws(ChannelSetupError) -> any Notifier {
        let url = try secrets.postURL()
        let signer = secrets["secret"].map {
            WebhookSigner(secret: $0.value, header: settings.signatureHeader ?? WebhookSigner.defaultHeader)
        }
        let destination = HTTPDestination(url: url, urlIsSecret: true, secrets: secrets["secret"].map { [$0.value] } ?? [])
        return WebhookNotifier(destination: destination, settings: settings, signer: signer)
    }
}

/// Sends the generic document (or the template) to a webhook URL, signed when it has a signer.
public struct WebhookNotifier: Notifier {
    let destination: HTTPDestination
    let settings: WebhookIntegration.Settings
    let signer: WebhookSigner?

    /// The webhook's payload, signed at `now`.
    public func message(for job: ChannelJob, now: Int64) -> ChannelMessage {
        .http(url: destination.url, payload: WebhookPayload.build(
            job.notification, channel: job.channel, attempt: job.attempt, zone: settings.timezone,
            template: settings.bodyTemplate, signer: signer, timestamp: now))
    }
    /// Hides the URL and the signing secret.
    public var redaction: URLRedaction { destination.redaction }
    /// The URL's scheme and host.
    public var displayURL: String { destination.displayURL }
    /// The URL.
    public var url: String? { destination.url }
    /// `authorization` and the signature header.
    public var credentialHeaders: Set<String> { Set(["authorization"] + (signer.map { [$0.header.lowercased()] } ?? [])) }
}

extension WebhookNotifier: CustomReflectable {
    /// The host only: `dump` never shows the URL or the secret.
    public var customMirror: Mirror { Mirror(self, children: ["displayURL": destination.displayURL]) }
}

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
