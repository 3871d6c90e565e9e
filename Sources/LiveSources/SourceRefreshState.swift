import Foundation

/// What ``SourceRefreshPolicy`` needs to know about a source's recent fetches: when its data was
/// last confirmed, when it was last tried, how many tries in a row failed, what the server asked.
///
/// A value the worker keeps per source (and may persist: it is `Codable`). Built from the cache at
/// start (``init(cached:body:source:)``), then advanced with
/// ``SourceRefreshPolicy/recording(_:in:at:cachedBody:)`` after every fetch.
public struct SourceRefreshState: Sendable, Equatable, Codable {
    /// When the server last confirmed the cached data (a 200 or a 304), seconds since the epoch;
    /// nil when nothing is cached.
    public var lastSuccess: Int64?
    /// When the source was last tried, successfully or not.
    public var lastAttempt: Int64?
    /// Failures since the last success (0 after a success).
    public var consecutiveFailures: Int
    /// The reason of the last failure, while ``consecutiveFailures`` > 0.
    public var lastFailure: SourceFetchError.Reason?
    /// The earliest time the server allows another request (`Retry-After` of a 429 / 503).
    public var notBefore: Int64?
    /// The jitter fraction in `0..<1` drawn when the last failure was recorded, so the same state
    /// always schedules the same retry.
    public var backoffJitter: Double
    /// `dc:date` / `dct:valid` of the cached ODPT body.
    public var validity: ODPTValidity?

    /// A state from its parts; by default a source never fetched.
    public init(lastSuccess: Int64? = nil, lastAttempt: Int64? = nil, consecutiveFailures: Int = 0,
                lastFailure: SourceFetchError.Reason? = nil, notBefore: Int64? = nil, backoffJitter: Double = 0,
                validity: ODPTValidity? = nil) {
        self.lastSuccess = lastSuccess
        self.lastAttempt = lastAttempt
        self.consecutiveFailures = consecutiveFailures
        self.lastFailure = lastFailure
        self.notBefore = notBefore
        self.backoffJitter = backoffJitter
        self.validity = validity
    }

    /// The state the cache implies at start: the data's ``SourceCacheMetadata/checkedAt`` as the
    /// last success and attempt, no failure known; the validity of an ODPT `body`.
    public init(cached: SourceCacheMetadata?, body: Data? = nil, source: LiveSource) {
        let checked = cached.map { Self.seconds($0.checkedAt) }
        self.init(lastSuccess: checked, lastAttempt: checked,
                  validity: source.isODPT ? body.flatMap(ODPTValidity.init(body:)) : nil)
    }

    /// Whether the source was ever tried.
    public var neverTried: Bool { lastSuccess == nil && lastAttempt == nil }

    static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }
}

extension LiveSource {
    /// Whether the body is ODPT JSON (with `dc:date` / `dct:valid`), fetched from the ODPT API: a
    /// station's or a bus pole's timetable, or service status.
    public var isODPT: Bool { kind == .odptStationTimetable || kind == .odptBusstopPoleTimetable || kind == .odptTrainInformation }
}
