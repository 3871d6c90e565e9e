/// The validators of a conditional GET: the `ETag` and `Last-Modified` of the copy a client holds.
///
/// Sent as `If-None-Match` and `If-Modified-Since`; a server whose resource is unchanged answers 304.
public struct HTTPValidators: Sendable, Equatable, Codable {
    /// The entity tag exactly as received, quotes included (`"v1"`, `W/"v1"`).
    public var etag: String?
    /// The `Last-Modified` value exactly as received (an HTTP-date).
    public var lastModified: String?

    /// Validators from a previous response's `ETag` and `Last-Modified`.
    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// Whether neither validator is present.
    public var isEmpty: Bool { etag == nil && lastModified == nil }
}
