/// When a source is fetched next and why, as decided by ``SourceRefreshPolicy``.
public struct SourceRefreshSchedule: Sendable, Equatable, CustomStringConvertible {
    /// Why the time was chosen.
    public enum Reason: Sendable, Equatable {
        /// Nothing was ever fetched or tried: now.
        case neverFetched
        /// The source's regular interval (`refresh`, or the policy's for ODPT service status).
        case interval
        /// Inside a window where rules need the source (or within `refresh` before one): `refresh`.
        case needWindow
        /// Outside every window: the idle interval.
        case idle
        /// Outside the windows, but the next window's lead time comes before the idle interval.
        case windowAhead
        /// An ODPT timetable: once a day at the quiet hour (with the source's jitter).
        case dailyQuietHour
        /// The cached ODPT body's `dct:valid` ends before the regular time.
        case validityEnds
        /// After `failures` failures in a row: exponential backoff with jitter.
        case backoff(failures: Int)
        /// After failures, but the cached data is stale: no later than the regular pace.
        case staleData(failures: Int)
        /// The server's `Retry-After` (a floor over every other reason).
        case retryAfter
    }

    /// When to fetch, seconds since the epoch; at or before "now" means due.
    public var at: Int64
    /// Why.
    public var reason: Reason

    /// A schedule.
    public init(at: Int64, reason: Reason) {
        self.at = at
        self.reason = reason
    }

    /// `1734825600 (interval)`.
    public var description: String { "\(at) (\(reason))" }
}
