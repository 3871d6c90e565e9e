import Foundation

/// What a channel sends for one notification: the headers and the body bytes. Built by pure
/// functions (``WebhookPayload``, ``SlackPayload``, ``DiscordPayload``, ``NtfyPayload``,
/// ``GotifyPayload``); the dispatcher sends it to the notifier's URL.
public struct DeliveryPayload: Sendable, Equatable {
    /// Request headers, without `User-Agent` (the client sets it).
    public var headers: PayloadHeaders
    /// The exact body bytes.
    public var body: Data

    /// A payload of headers and body.
    public init(headers: PayloadHeaders, body: Data) {
        self.headers = headers
        self.body = body
    }

    /// A JSON body with the headers every JSON channel sends: `Content-Type: application/json` and
    /// the notification's `Idempotency-Key`.
    public static func json(_ body: Data, idempotencyKey key: String) -> DeliveryPayload {
        var headers: PayloadHeaders = ["Content-Type": "application/json"]
        headers.add("Idempotency-Key", HeaderValue.sanitized(key))
        return DeliveryPayload(headers: headers, body: body)
    }

    /// The body as UTF-8 text (for tests and logs).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// Header values that cannot break the header block: CR, LF and other control characters
/// become spaces.
package enum HeaderValue {
    /// `value` with control characters as spaces, trimmed.
    package static func sanitized(_ value: String) -> String {
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

/// The header fields of a payload, in order, with case-insensitive lookup (the dispatcher copies
/// them into the HTTP request).
public struct PayloadHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One field.
    public struct Field: Sendable, Equatable {
        /// The name as spelled.
        public var name: String
        /// The value.
        public var value: String
    }

    /// The fields in order.
    public private(set) var fields: [Field] = []

    /// Headers from `name: value` pairs in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value for `name` (case-insensitive), or nil.
    public subscript(name: String) -> String? {
        let wanted = name.lowercased()
        return fields.first { $0.name.lowercased() == wanted }?.value
    }

    /// Appends a field.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }
}
