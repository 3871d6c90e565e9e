
/// Why fetching a source failed, in words for the user, with secrets redacted.
public struct SourceFetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure.
    public enum Reason: String, Sendable, Equatable, Codable {
        /// The secret could not be resolved; no request was sent.
        case missingSecret
        /// The server refused the key (401 / 403).
        case keyRefused
        /// A Qiita Advent Calendar that does not exist (404).
        case calendarNotFound
        /// Any other status than 2xx or 304.
        case unexpectedStatus
        /// The transfer failed (timeout, connection, size cap, …).
        case transfer
        /// A 2xx whose body does not decode as the source's format.
        case invalidBody
        /// A 304 while nothing is cached.
        case notModifiedWithoutCache
        /// The cache could not be written.
        case cache
        /// A source read from a file (a `realtime:` feed given as a path) could not be read.
        case unreadableFile
    }

    /// The source, e.g. `weather source "chofu"`.
    public var source: String
    /// The kind of failure.
    public var reason: Reason
    /// What went wrong, e.g. `the API key was refused (HTTP 401); check OPENWEATHER_API_KEY`.
    public var message: String
    /// The request's URL with secrets redacted, when a request was made.
    public var redactedURL: String?
    /// The HTTP status, when the server answered.
    public var status: Int?
    /// How long the server asked to wait (`Retry-After` of a 429 / 503).
    public var retryAfter: Duration?

    /// An error; `message` must already be redacted.
    public init(source: String, reason: Reason, message: String, redactedURL: String? = nil, status: Int? = nil,
                retryAfter: Duration? = nil) {
        self.source = source
        self.reason = reason
        self.message = message
        self.redactedURL = redactedURL
        self.status = status
        self.retryAfter = retryAfter
    }

    /// Whether trying again cannot help until the configuration or the secret changes (a missing
    /// or refused key, a calendar that does not exist).
    public var isPermanent: Bool { reason.isPermanent }

    /// `feed "qiita": the calendar 2099/nope does not exist (404) (GET https://qiita.com/…/feed)`.
    public var description: String {
        var text = "\(source): \(message)"
        if let redactedURL, !message.contains(redactedURL) { text += " (GET \(redactedURL))" }
        return text
    }
}

extension SourceFetchError.Reason {
    /// Whether trying again cannot help before the configuration changes (a missing or refused
    /// key, a calendar that does not exist).
    public var isPermanent: Bool {
        switch self {
        case .missingSecret, .keyRefused, .calendarNotFound: true
        case .unexpectedStatus, .transfer, .invalidBody, .notModifiedWithoutCache, .cache, .unreadableFile: false
        }
    }
}
