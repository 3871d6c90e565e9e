import Foundation

/// The last good response of a source: its body and its metadata.
public struct CachedResponse: Sendable, Equatable {
    /// The body exactly as received (decoded from any content encoding).
    public var body: Data
    /// When and from where it was fetched.
    public var metadata: SourceCacheMetadata

    /// A cached response.
    public init(body: Data, metadata: SourceCacheMetadata) {
        self.body = body
        self.metadata = metadata
    }
}
