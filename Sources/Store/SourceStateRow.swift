/// What the store knows about one live source: the index `leavenow status` reads. The fetched bodies
/// themselves stay in LiveSources' file cache.
public struct SourceStateRow: Sendable, Equatable {
    /// The source's name (`weather/chofu`, `odpt/ginza`).
    public var name: String
    /// When the current body was received (a 200).
    public var fetchedAt: Int64?
    /// When the server last confirmed the body (a 200 or a 304).
    public var checkedAt: Int64?
    /// The last fetch's failure; nil after a success.
    public var lastError: String?
    /// Bytes not downloaded thanks to 304 answers (as counted by the cache).
    public var bytesSaved: Int
    /// When the worker plans to fetch it next.
    public var nextRefreshAt: Int64?

    /// A source's row.
    public init(name: String, fetchedAt: Int64?, checkedAt: Int64?, lastError: String?, bytesSaved: Int,
                nextRefreshAt: Int64?) {
        self.name = name
        self.fetchedAt = fetchedAt
        self.checkedAt = checkedAt
        self.lastError = lastError
        self.bytesSaved = bytesSaved
        self.nextRefreshAt = nextRefreshAt
    }
}
