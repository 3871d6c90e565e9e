import Foundation
import LiveSources

/// The error of each source whose last fetch in this process failed, by cache name, as the fetcher
/// said it: a ``LiveSources/SourceFetchError`` keeps its message for the reader's language, so
/// `run --once` can name the failures in Japanese (the state's source index keeps their English).
public final class LiveFetchFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [String: SourceFetchError] = [:]

    public init() {}

    /// Records the outcome of one fetch: a failure replaces the source's last one, a success clears it.
    func record(_ result: SourceFetchResult) {
        lock.lock()
        defer { lock.unlock() }
        if case .failed(let error) = result.outcome {
            failures[result.source.cacheName] = error
        } else {
            failures[result.source.cacheName] = nil
        }
    }

    /// The failures now, by the source's cache name.
    public var current: [String: SourceFetchError] {
        lock.lock()
        defer { lock.unlock() }
        return failures
    }
}
