import Foundation
import HTTP

/// The sidecar of a cached response (`<kind>-<id>.json`): when it was fetched, its validators, the
/// redacted URL, its size and a checksum that ties it to its body file.
public struct SourceCacheMetadata: Sendable, Equatable, Codable {
    /// When the body was received (a 200).
    public var fetchedAt: Date
    /// When the server last confirmed the body (a 200 or a 304); the data is this old.
    public var checkedAt: Date
    /// The `ETag` of the body, sent as `If-None-Match` next time.
    public var etag: String?
    /// The `Last-Modified` of the body, sent as `If-Modified-Since` next time.
    public var lastModified: String?
    /// The URL the body came from, secrets redacted.
    public var url: String
    /// The body's size in bytes.
    public var bytes: Int
    /// The status of the response that delivered the body.
    public var status: Int
    /// Bytes not downloaded thanks to 304 answers since the source was first cached (kept across new bodies).
    public var bytesSaved: Int
    /// FNV-1a 64 of the body (hex): a body that does not match its sidecar is not used.
    public var checksum: String

    /// Metadata of a body received now; `checkedAt` is `fetchedAt`.
    public init(fetchedAt: Date, etag: String? = nil, lastModified: String? = nil, url: String, bytes: Int,
                status: Int = 200, checksum: String, bytesSaved: Int = 0) {
        self.fetchedAt = fetchedAt
        self.checkedAt = fetchedAt
        self.etag = etag
        self.lastModified = lastModified
        self.url = url
        self.bytes = bytes
        self.status = status
        self.bytesSaved = bytesSaved
        self.checksum = checksum
    }

    /// ``checkedAt`` in whole seconds since the epoch: the fetch time of the facts the body holds.
    public var checkedAtSeconds: Int64 { SourceRefreshState.seconds(checkedAt) }

    /// The validators to send with the next request.
    public var validators: HTTPValidators { HTTPValidators(etag: etag, lastModified: lastModified) }

    /// FNV-1a 64 of `data`, 16 hex digits.
    public static func checksum(of data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    enum CodingKeys: String, CodingKey {
        case fetchedAt = "fetched_at", checkedAt = "checked_at", etag, lastModified = "last_modified", url, bytes, status
        case bytesSaved = "bytes_saved", checksum
    }
}
