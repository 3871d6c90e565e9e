import Facts
import Foundation
import Messages
import Timetable

extension SourceFetcher {
    /// Reads a source that is a file (a `realtime:` feed given as a path) as if it were fetched: the
    /// same bytes as the cached body are "not modified" (the data is confirmed, and stays young);
    /// new bytes replace the cache only after they decode (a truncated or corrupt `.pb` keeps the
    /// last good data and says why); a missing or unreadable file keeps it too.
    func read(_ source: LiveSource, file: String, cached: CachedResponse?, warnings: [Message]) -> SourceFetchResult {
        func failed(_ reason: SourceFetchError.Reason, _ message: Message) -> SourceFetchResult {
            SourceFetchResult(source: source, outcome: .failed(SourceFetchError(source: source.description, reason: reason, text: message,
                                                                                 redactedURL: file)),
                              cached: cached?.metadata, warnings: warnings)
        }
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(file)
        } catch {
            return failed(.unreadableFile, Message(.liveFileUnreadable, ["error": .message(Message(error: error))]))
        }
        let date = now()
        if let cached, cached.body.elementsEqual(bytes) {
            do {
                let metadata = try cache.recordNotModified(for: source, at: date, previous: cached.metadata)
                return SourceFetchResult(source: source, outcome: .notModified(bytesSaved: 0), cached: metadata ?? cached.metadata,
                                         warnings: warnings)
            } catch {
                return failed(.cache, Message(.liveFileUnchangedCacheFailed, ["error": .message(error.placedText)]))
            }
        }
        let fact: SourceFact
        do {
            fact = try decoders.decode(bytes, as: source.bodyKind, label: file)
        } catch {
            return failed(.invalidBody, Message(.liveFileInvalid, ["error": .message(Message(error: error))]))
        }
        let metadata = SourceCacheMetadata(fetchedAt: date, url: file, bytes: bytes.count, status: 200, checksum: "")
        do {
            let stored = try cache.store(Data(bytes), metadata: metadata, for: source, previous: cached?.metadata)
            return SourceFetchResult(source: source, outcome: .updated(bytes: bytes.count), cached: stored, warnings: warnings, fact: fact)
        } catch {
            return failed(.cache, Message(.liveFileCacheWriteFailed, ["error": .message(error.placedText)]))
        }
    }
}
