import LiveSources
import Store

extension SourceIndexStore {
    /// Records one fetch in the source index (`leavenow sources` / `status` read it): the cached
    /// body's fetch and check times, the failure's message (nil after a success), the bytes saved by
    /// 304s so far and when the source is due next. Written by the worker and by `leavenow fetch`.
    public func recordFetch(_ result: SourceFetchResult, nextRefreshAt: Int64) throws {
        try recordSourceFetch(name: result.source.cacheName, fetchedAt: result.cached.map { Int64($0.fetchedAt.timeIntervalSince1970.rounded(.down)) },
                              checkedAt: result.cached.map { Int64($0.checkedAt.timeIntervalSince1970.rounded(.down)) },
                              lastError: result.error?.message, bytesSaved: result.cached?.bytesSaved ?? 0, nextRefreshAt: nextRefreshAt)
    }
}
