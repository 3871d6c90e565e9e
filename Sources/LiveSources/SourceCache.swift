import Foundation
import Messages

/// The last good response of each source, kept in `<state>/sources/` (mode 0700):
/// `<kind>-<id>.body` (the bytes) and `<kind>-<id>.json` (``SourceCacheMetadata``), both mode 0600,
/// each written to a temporary file and renamed into place.
///
/// Only validated bodies are stored (see ``SourceFetcher``): a failed fetch never replaces them.
/// The sidecar is renamed last and carries the body's checksum, so a crash between the two renames
/// leaves a pair that ``load(_:)`` recognises as inconsistent rather than a wrong pairing.
public struct SourceCache: Sendable {
    /// `<state>/sources`.
    public let directory: String

    /// The cache under `stateDirectory` (created on the first store).
    public init(stateDirectory: String) {
        var state = stateDirectory
        while state.count > 1, state.hasSuffix("/") { state.removeLast() }
        directory = state + "/sources"
    }

    /// The body file of `source`.
    public func bodyPath(for source: LiveSource) -> String { "\(directory)/\(source.cacheName).body" }

    /// The sidecar file of `source`.
    public func metadataPath(for source: LiveSource) -> String { "\(directory)/\(source.cacheName).json" }

    /// The last good response of `source`, or nil if none was stored.
    ///
    /// - Throws: ``SourceCacheError`` for an unreadable or inconsistent pair (a sidecar that does not
    ///   decode, a body missing or not matching the sidecar's size and checksum).
    public func load(_ source: LiveSource) throws(SourceCacheError) -> CachedResponse? {
        try Self.validName(source)
        let metadataPath = metadataPath(for: source), bodyPath = bodyPath(for: source)
        guard FileManager.default.fileExists(atPath: metadataPath) else { return nil }
        let metadata = try readMetadata(metadataPath)
        guard let body = FileManager.default.contents(atPath: bodyPath) else {
            throw SourceCacheError(path: bodyPath, text: Message(.cacheBodyMissing, ["sidecar": .text(metadataPath)]))
        }
        guard body.count == metadata.bytes, SourceCacheMetadata.checksum(of: body) == metadata.checksum else {
            throw SourceCacheError(path: bodyPath, text: Message(.cacheBodyMismatch, ["bytes": .number(body.count), "expected": .number(metadata.bytes),
                                                                            "checksum": .text(metadata.checksum)]))
        }
        return CachedResponse(body: body, metadata: metadata)
    }

    /// Stores `body` as the last good response of `source`, replacing the previous one atomically.
    /// `metadata.bytes` and `metadata.checksum` are set from `body`; the bytes saved by 304s so far
    /// carry over from `previous` (the sidecar the caller already read; read here when not given).
    @discardableResult
    public func store(_ body: Data, metadata: SourceCacheMetadata, for source: LiveSource,
                      previous: SourceCacheMetadata? = nil) throws(SourceCacheError) -> SourceCacheMetadata {
        try Self.validName(source)
        try AtomicFile.makeDirectory(directory)
        var metadata = metadata
        metadata.bytes = body.count
        metadata.checksum = SourceCacheMetadata.checksum(of: body)
        if let previous = previous ?? (try? readMetadata(metadataPath(for: source))) {
            metadata.bytesSaved += previous.bytesSaved
        }
        try AtomicFile.store(body, at: bodyPath(for: source))
        try writeMetadata(metadata, for: source)
        return metadata
    }

    /// Records a 304 for `source`: the body stays, `checkedAt` becomes `date`, `bytesSaved` grows by
    /// the body's size, and new validators (if the 304 carried any) replace the old ones.
    ///
    /// `previous` is the metadata the caller already loaded (with its body verified); without it
    /// the entry is loaded here.
    ///
    /// - Returns: the updated metadata, or nil when nothing is cached.
    @discardableResult
    public func recordNotModified(for source: LiveSource, at date: Date, etag: String? = nil, lastModified: String? = nil,
                                  previous: SourceCacheMetadata? = nil) throws(SourceCacheError) -> SourceCacheMetadata? {
        var loaded = previous
        if loaded == nil { loaded = try load(source)?.metadata }
        guard var metadata = loaded else { return nil }
        metadata.checkedAt = date
        metadata.bytesSaved += metadata.bytes
        if let etag { metadata.etag = etag }
        if let lastModified { metadata.lastModified = lastModified }
        try writeMetadata(metadata, for: source)
        return metadata
    }

    private func writeMetadata(_ metadata: SourceCacheMetadata, for source: LiveSource) throws(SourceCacheError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do { data = try encoder.encode(metadata) } catch {
            throw SourceCacheError(path: metadataPath(for: source), text: Message(.cacheCannotEncode, ["error": .message(Message(error: error))]))
        }
        try AtomicFile.store(data, at: metadataPath(for: source))
    }

    private func readMetadata(_ path: String) throws(SourceCacheError) -> SourceCacheMetadata {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SourceCacheError(path: path, text: Message(.cacheCannotRead))
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do { return try decoder.decode(SourceCacheMetadata.self, from: data) } catch {
            throw SourceCacheError(path: path, text: Message(.cacheBadSidecar, ["error": .message(Message(error: error))]))
        }
    }

    /// Ids become file names: no `/`, no leading `.`, not empty.
    private static func validName(_ source: LiveSource) throws(SourceCacheError) {
        let id = source.id
        guard !id.isEmpty, !id.hasPrefix("."), !id.contains("/"), !id.contains("\0") else {
            throw SourceCacheError(path: source.cacheName, text: Message(.cacheBadID, ["id": .text("\"\(id)\""), "source": .message(source.name)]))
        }
    }
}
