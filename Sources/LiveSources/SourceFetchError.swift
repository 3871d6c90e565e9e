import Messages


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
    /// What went wrong, e.g. `the API key was refused (HTTP 401); check OPENWEATHER_API_KEY`, kept
    /// for the reader's language.
    public var text: Message
    /// The request's URL with secrets redacted, when a request was made.
    public var redactedURL: String?
    /// The HTTP status, when the server answered.
    public var status: Int?
    /// How long the server asked to wait (`Retry-After` of a 429 / 503).
    public var retryAfter: Duration?

    /// An error; `text` must already be redacted.
    public init(source: String, reason: Reason, text: Message, redactedURL: String? = nil, status: Int? = nil,
                retryAfter: Duration? = nil) {
        self.source = source
        self.reason = reason
        self.text = text
        self.redactedURL = redactedURL
        self.status = status
        self.retryAfter = retryAfter
    }

    /// An error whose message is the same in every language; `message` must already be redacted.
    public init(source: String, reason: Reason, message: String, redactedURL: String? = nil, status: Int? = nil,
                retryAfter: Duration? = nil) {
        self.init(source: source, reason: reason, text: .verbatim(message), redactedURL: redactedURL, status: status, retryAfter: retryAfter)
    }

    /// What went wrong in English: what the state's source index stores and the log shows (``text``
    /// is for people, in their language).
    public var message: String { text.english }

    /// Equal when they say the same thing (in English) about the same request.
    public static func == (a: SourceFetchError, b: SourceFetchError) -> Bool {
        a.source == b.source && a.reason == b.reason && a.message == b.message && a.redactedURL == b.redactedURL
            && a.status == b.status && a.retryAfter == b.retryAfter
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
