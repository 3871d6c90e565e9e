import Foundation

/// Signs webhook bodies so a receiver can check they come from leavenow and were not replayed.
///
/// The scheme follows Stripe's: the header (by default `X-Leavenow-Signature`) is
/// `t=<unix seconds>,v1=<hex>` where `<hex>` is the lower-case hexadecimal
/// HMAC-SHA256 of the string `"<t>.<body>"` under the shared secret (the secret's UTF-8 bytes are
/// the key; the body is the exact bytes sent). A receiver recomputes the code, compares in constant
/// time, and rejects a `t` too far from its own clock (e.g. more than 5 minutes).
///
/// In Python: `hmac.new(secret, f"{t}.".encode() + body, hashlib.sha256).hexdigest()`.
public struct WebhookSigner: Sendable {
    /// The default header name.
    public static let defaultHeader = "X-Leavenow-Signature"

    /// The header the signature is sent in.
    public var header: String
    private let secret: [UInt8]

    /// A signer with a shared `secret` (never printed) sending its signature in `header`.
    public init(secret: String, header: String = WebhookSigner.defaultHeader) {
        self.secret = Array(secret.utf8)
        self.header = header
    }

    /// The hexadecimal HMAC-SHA256 of `"<timestamp>.<body>"`.
    public func signature(body: Data, timestamp: Int64) -> String {
        var message = Data("\(timestamp).".utf8)
        message.append(body)
        return HMACSHA256.hex(HMACSHA256.authenticationCode(key: secret, message: message))
    }

    /// The header value `t=<timestamp>,v1=<signature>`.
    public func headerValue(body: Data, timestamp: Int64) -> String {
        "t=\(timestamp),v1=\(signature(body: body, timestamp: timestamp))"
    }

    /// Whether `headerValue` is a valid signature of `body` made at most `tolerance` seconds from
    /// `now` (a receiver's check; any of several `v1=` entries may match).
    public func verify(headerValue: String, body: Data, now: Int64, tolerance: Int64 = 300) -> Bool {
        var timestamp: Int64?
        var candidates: [String] = []
        for part in headerValue.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            if pair[0] == "t" { timestamp = Int64(pair[1]) }
            if pair[0] == "v1" { candidates.append(pair[1].lowercased()) }
        }
        guard let timestamp, abs(now - timestamp) <= tolerance else { return false }
        let expected = Array(signature(body: body, timestamp: timestamp).utf8)
        return candidates.contains { Self.constantTimeEqual(Array($0.utf8), expected) }
    }

    private static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}

extension WebhookSigner: CustomStringConvertible {
    /// `WebhookSigner(header: X-Leavenow-Signature)`: never the secret.
    public var description: String { "WebhookSigner(header: \(header))" }
}

extension WebhookSigner: CustomReflectable {
    /// Only the header: `dump` and debuggers never show the secret.
    public var customMirror: Mirror { Mirror(self, children: ["header": header]) }
}
