import Foundation
import HTTP

/// What a channel sends for one notification: the headers and the body bytes. Built by pure
/// functions (``WebhookPayload``, ``SlackPayload``, ``DiscordPayload``, ``NtfyPayload``); the
/// dispatcher adds the URL and sends it.
public struct DeliveryPayload: Sendable, Equatable {
    /// Request headers, without `User-Agent` (the client sets it).
    public var headers: HTTPHeaders
    /// The exact body bytes.
    public var body: Data

    /// A payload of headers and body.
    public init(headers: HTTPHeaders, body: Data) {
        self.headers = headers
        self.body = body
    }

    /// A JSON body with the headers every JSON channel sends: `Content-Type: application/json` and
    /// the notification's `Idempotency-Key`.
    public static func json(_ body: Data, idempotencyKey key: String) -> DeliveryPayload {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        headers.add("Idempotency-Key", HeaderValue.sanitized(key))
        return DeliveryPayload(headers: headers, body: body)
    }

    /// The body as UTF-8 text (for tests and logs).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// Header values that cannot break the header block: CR, LF and other control characters
/// become spaces.
enum HeaderValue {
    static func sanitized(_ value: String) -> String {
        // Nearly always already clean: no control character, no space at either end.
        let utf8 = value.utf8
        if !utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }), utf8.first.map({ $0 > 0x20 && $0 < 0x80 }) ?? true,
           utf8.last.map({ $0 > 0x20 && $0 < 0x80 }) ?? true {
            return value
        }
        return String(String.UnicodeScalarView(value.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
            .trimmingCharacters(in: .whitespaces)
    }
}
