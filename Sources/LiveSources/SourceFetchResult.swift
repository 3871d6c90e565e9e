import Facts
import Foundation
import Messages

/// What happened to a source in one fetch.
public enum SourceFetchOutcome: Sendable, Equatable {
    /// A new body was validated and stored.
    case updated(bytes: Int)
    /// The server answered 304: the cached body is current; `bytesSaved` were not downloaded.
    case notModified(bytesSaved: Int)
    /// The fetch failed; the last good data (if any) stays.
    case failed(SourceFetchError)
}

/// The result of fetching one source: the outcome and the snapshot in force afterwards.
public struct SourceFetchResult: Sendable, CustomStringConvertible {
    /// The source.
    public var source: LiveSource
    /// What happened.
    public var outcome: SourceFetchOutcome
    /// The cached snapshot after the fetch (the new one, or the last good one kept after a failure).
    public var cached: SourceCacheMetadata?
    /// Problems that did not stop the fetch, e.g. an unreadable cache that was ignored.
    public var warningMessages: [Message]
    /// ``warningMessages`` in the reader's language.
    public var warnings: [String] { warningMessages.map(\.text) }
    /// When the fetch was attempted, by the fetcher's clock (nil when unknown).
    public var attemptedAt: Date?
    /// The new body, decoded when it was validated (an ``SourceFetchOutcome/updated(bytes:)``
    /// outcome); nil otherwise. Whoever keeps facts updates this source from it without decoding again.
    public var fact: SourceFact?

    /// A result.
    public init(source: LiveSource, outcome: SourceFetchOutcome, cached: SourceCacheMetadata?, warnings: [Message] = [],
                attemptedAt: Date? = nil, fact: SourceFact? = nil) {
        self.source = source
        self.outcome = outcome
        self.cached = cached
        self.warningMessages = warnings
        self.attemptedAt = attemptedAt
        self.fact = fact
    }

    /// How long the server asked to wait before the next request (`Retry-After` of a 429 / 503).
    public var retryAfter: Duration? { error?.retryAfter }

    /// The error, when the fetch failed.
    public var error: SourceFetchError? {
        if case .failed(let error) = outcome { return error }
        return nil
    }

    /// `weather source "chofu": updated (12345 bytes)`, `…: not modified (12345 bytes saved)`,
    /// `…: <error>; keeping the last good data fetched at 2024-12-22T01:00:00Z`.
    public var description: String {
        switch outcome {
        case .updated(let bytes): return "\(source): updated (\(bytes) bytes)"
        case .notModified(let saved): return "\(source): not modified (\(saved) bytes saved)"
        case .failed(let error):
            guard let cached else { return "\(error); no earlier data" }
            return "\(error); keeping the last good data fetched at \(ISO8601DateFormatter().string(from: cached.fetchedAt))"
        }
    }
}
