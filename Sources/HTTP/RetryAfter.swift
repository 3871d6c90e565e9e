internal import CCurl
import Foundation

/// A `Retry-After` header: a number of seconds or an HTTP-date.
public enum RetryAfter: Sendable, Equatable {
    /// `Retry-After: 120`.
    case seconds(Int)
    /// `Retry-After: Wed, 21 Oct 2015 07:28:00 GMT` (any of the three HTTP-date forms).
    case date(Date)

    /// Parses a header value; nil when it is neither a non-negative integer nor an HTTP-date.
    public init?(headerValue: String) {
        let value = headerValue.trimmingCharacters(in: .whitespaces)
        if !value.isEmpty, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            self = .seconds(Int(value) ?? Int.max)
        } else if let date = Self.parseHTTPDate(value) {
            self = .date(date)
        } else {
            return nil
        }
    }

    /// The wait this header asks for, measured from `reference` (the response's `Date` header,
    /// or when it was received); never negative.
    public func delay(from reference: Date) -> Duration {
        switch self {
        case .seconds(let seconds):
            return .seconds(seconds)
        case .date(let date):
            // curl_getdate accepts years far past 9999 (`Sun Nov  6 08:49:37 899999977`): capped at
            // 10^12 s so the milliseconds fit an Int64 (the http-headers fuzz target found the trap).
            let seconds = min(date.timeIntervalSince(reference), 1e12)
            return seconds > 0 ? .milliseconds(Int64((seconds * 1000).rounded(.up))) : .zero
        }
    }

    /// Parses an HTTP-date (IMF-fixdate, RFC 850 or asctime) with libcurl's `curl_getdate`.
    public static func parseHTTPDate(_ text: String) -> Date? {
        // curl_getdate also accepts looser forms; require a weekday or month name at least.
        guard text.contains(where: \.isLetter) else { return nil }
        let seconds = curl_getdate(text, nil)
        guard seconds != -1 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
