import Config
import Foundation
import Timetable

/// When to fetch each source next: a pure function of the source, its ``SourceRefreshState`` and
/// the time (injected; nothing here reads a clock or sleeps). Randomness is injected too.
///
/// The regular schedule, from the last time the server confirmed the data:
/// - weather and feeds every `refresh` of their configuration (10 and 15 minutes by default);
///   ODPT service status every ``serviceStatusInterval`` (3 minutes);
/// - ODPT station timetables once a day at the quiet hour (``timetableHour``, 03:xx in
///   ``timetableZone``) plus a per-source stable jitter within that hour, so many timetables do not
///   hit the API in the same second; at least ``timetableMinimumGap`` after the last fetch;
/// - an ODPT body whose `dct:valid` ends earlier is fetched then (at least ``minimumInterval``
///   after the last fetch; an end the server already confirmed past is ignored);
/// - with `needWindows` (the spans where rules need the source, computed by the rules engine):
///   inside a window, or within `refresh` before one, every `refresh`; outside, every
///   ``idleInterval`` (1 hour), but never later than `refresh` before the next window;
/// - realtime feeds (GTFS-Realtime `realtime:`, `odpt: trains:`) every `refresh` inside their
///   windows (``WeatherNeed/init(realtimeOf:rules:refreshSeconds:)``: a leave-now rule of their
///   board) and **not at all** outside: a snapshot is useless after `max_age` (3 × refresh by
///   default), so an idle poll would only spend quota. The next fetch is then `refresh` before the
///   next window, or ``realtimeIdleCheck`` (a day) later when the windows given show none ahead (the
///   worker computes windows two days ahead, so it then plans again). Without `needWindows` (no
///   rule reads the feed at all… or `fetch` on demand) every `refresh`.
///
/// After a failure, from the failed attempt:
/// - exponential backoff with equal jitter: the ceiling is ``firstRetryDelay`` doubled per failure
///   in a row, capped at `interval × 4` and at ``maxBackoff`` (1 hour); the delay is between half
///   the ceiling and the ceiling (never an immediate retry storm, never two sources in lockstep);
/// - a failure that retrying cannot fix (a missing or refused key, a calendar that does not exist)
///   waits the cap straight away;
/// - **stale data**: when nothing is cached, or the cached data is older than
///   ``staleAfterIntervals`` × the interval (20 minutes for 10-minute weather), the retry comes no
///   later than the regular schedule would put the next fetch after the failed attempt: rules need
///   the data, and a failing server then sees no more requests than a healthy one;
/// - `Retry-After` of a 429 / 503 is always a floor (up to ``maxRetryAfter``, 1 day).
public struct SourceRefreshPolicy: Sendable {
    /// ODPT `odpt:TrainInformation`'s interval in seconds (its `dct:valid` is usually 5 minutes on).
    public var serviceStatusInterval: Int64
    /// The local hour at which ODPT timetables are fetched.
    public var timetableHour: Int
    /// The timezone of ``timetableHour`` (the ODPT sources' zone, Asia/Tokyo).
    public var timetableZone: ZoneClock
    /// The shortest time between two daily timetable fetches.
    public var timetableMinimumGap: Int64
    /// The interval outside the need windows.
    public var idleInterval: Int64
    /// The backoff ceiling after the first failure.
    public var firstRetryDelay: Int64
    /// The largest backoff ceiling.
    public var maxBackoff: Int64
    /// The backoff ceiling is at most the interval times this.
    public var backoffIntervalFactor: Int64
    /// Cached data older than this many intervals is stale (see the type's documentation).
    public var staleAfterIntervals: Int64
    /// The shortest time between two fetches that a `dct:valid` can ask for.
    public var minimumInterval: Int64
    /// The longest `Retry-After` honoured.
    public var maxRetryAfter: Int64
    /// A random number in `0..<1`, drawn once per recorded failure.
    public var random: @Sendable () -> Double

    /// The interval of a timetable, for the backoff cap and staleness.
    public static let day: Int64 = 86_400
    /// When a realtime feed has no need window ahead, how long until its schedule is looked at again.
    public static let realtimeIdleCheck: Int64 = 86_400

    /// Asia/Tokyo, the zone of the ODPT sources (a fixed +09:00 if the zone database lacks it).
    public static let tokyo = ZoneClock(identifier: "Asia/Tokyo")
        ?? ZoneClock(timeZone: TimeZone(secondsFromGMT: 9 * 3600) ?? TimeZone.current)

    /// A policy; the defaults are the documented ones.
    public init(serviceStatusInterval: Int64 = 180, timetableHour: Int = 3,
                timetableZone: ZoneClock = SourceRefreshPolicy.tokyo,
                timetableMinimumGap: Int64 = 3600, idleInterval: Int64 = 3600, firstRetryDelay: Int64 = 60,
                maxBackoff: Int64 = 3600, backoffIntervalFactor: Int64 = 4, staleAfterIntervals: Int64 = 2,
                minimumInterval: Int64 = 60, maxRetryAfter: Int64 = 86_400,
                random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) {
        self.serviceStatusInterval = serviceStatusInterval
        self.timetableHour = timetableHour
        self.timetableZone = timetableZone
        self.timetableMinimumGap = timetableMinimumGap
        self.idleInterval = idleInterval
        self.firstRetryDelay = firstRetryDelay
        self.maxBackoff = maxBackoff
        self.backoffIntervalFactor = backoffIntervalFactor
        self.staleAfterIntervals = staleAfterIntervals
        self.minimumInterval = minimumInterval
        self.maxRetryAfter = maxRetryAfter
        self.random = random
    }

    /// The regular interval of `source` in seconds: its configured `refresh` for weather, feeds and
    /// ODPT service status (``serviceStatusInterval`` when a status source has none), a day for timetables.
    public func interval(of source: LiveSource) -> Int64 {
        switch source.origin {
        case .weather(let spec): max(1, Int64(spec.refreshSeconds))
        case .feed(let spec): max(1, Int64(spec.refreshSeconds))
        case .odptTrainInformation: max(1, source.refreshSeconds.map(Int64.init) ?? serviceStatusInterval)
        case .timetable: Self.day
        case .gtfsRealtime(_, let spec): max(1, Int64(spec.refreshSeconds))
        case .odptTrain: max(1, source.refreshSeconds.map(Int64.init) ?? Int64(ODPTTrainsSpec.defaultRefresh))
        }
    }

    /// When to fetch `source` next, seconds since the epoch (at or before `now`: due).
    ///
    /// - Parameter needWindows: the spans (seconds since the epoch) where rules need the source;
    ///   nil to poll at the regular interval all the time. Timetables ignore it.
    public func nextRefresh(for source: LiveSource, state: SourceRefreshState, now: Int64,
                            needWindows: [ClosedRange<Int64>]? = nil) -> Int64 {
        schedule(for: source, state: state, now: now, needWindows: needWindows).at
    }

    /// ``nextRefresh(for:state:now:needWindows:)`` with the reason, for `leavenow sources` and tests.
    public func schedule(for source: LiveSource, state: SourceRefreshState, now: Int64,
                         needWindows: [ClosedRange<Int64>]? = nil) -> SourceRefreshSchedule {
        guard !state.neverTried else { return SourceRefreshSchedule(at: now, reason: .neverFetched) }
        var plan: SourceRefreshSchedule
        if let success = state.lastSuccess {
            plan = regular(after: success, source: source, validity: state.validity, needWindows: needWindows)
        } else {
            plan = SourceRefreshSchedule(at: state.lastAttempt ?? now, reason: .neverFetched)
        }
        if state.consecutiveFailures > 0, let attempt = state.lastAttempt {
            let failures = state.consecutiveFailures
            let interval = interval(of: source)
            let cap = max(1, min(interval * max(1, backoffIntervalFactor), maxBackoff))
            let permanent = state.lastFailure.map(\.isPermanent) ?? false
            let ceiling = permanent ? cap : min(cap, max(1, firstRetryDelay) << Int64(min(failures - 1, 30)))
            let jitter = min(max(state.backoffJitter, 0), 1)
            let half = ceiling / 2
            plan = SourceRefreshSchedule(at: attempt + half + Int64((Double(ceiling - half) * jitter).rounded(.down)),
                                         reason: .backoff(failures: failures))
            let stale = state.lastSuccess.map { attempt - $0 >= staleAfterIntervals * interval } ?? true
            if stale, !permanent {
                let pace = regular(after: attempt, source: source, validity: nil, needWindows: needWindows)
                if pace.at < plan.at { plan = SourceRefreshSchedule(at: pace.at, reason: .staleData(failures: failures)) }
            }
        }
        if let notBefore = state.notBefore, notBefore > plan.at {
            plan = SourceRefreshSchedule(at: notBefore, reason: .retryAfter)
        }
        return plan
    }

    /// `state` after `result`, the fetch attempted at `time`: a success resets the failures (and
    /// reads the `dct:valid` of `cachedBody`, the body now cached, for ODPT sources); a failure
    /// counts, draws its jitter and keeps the server's `Retry-After`.
    public func recording(_ result: SourceFetchResult, in state: SourceRefreshState, at time: Int64,
                          cachedBody: Data? = nil) -> SourceRefreshState {
        var next = state
        next.lastAttempt = time
        switch result.outcome {
        case .updated, .notModified:
            next.lastSuccess = result.cached.map { SourceRefreshState.seconds($0.checkedAt) } ?? time
            next.consecutiveFailures = 0
            next.lastFailure = nil
            next.notBefore = nil
            next.backoffJitter = 0
            if result.source.isODPT, let cachedBody {
                next.validity = ODPTValidity(body: cachedBody)
            } else if case .updated = result.outcome {
                next.validity = nil
            }
        case .failed(let error):
            next.consecutiveFailures += 1
            next.lastFailure = error.reason
            next.backoffJitter = min(max(random(), 0), 1)
            if next.lastSuccess == nil, let cached = result.cached {
                next.lastSuccess = SourceRefreshState.seconds(cached.checkedAt)
            }
            next.notBefore = error.retryAfter.map { time + min(Self.wholeSeconds($0), max(0, maxRetryAfter)) }
        }
        return next
    }

    /// The first time ≥ `earliest` at ``timetableHour`` plus `source`'s jitter in ``timetableZone``.
    public func quietSlot(for source: LiveSource, notBefore earliest: Int64) -> Int64 {
        let secondOfDay = min(max(timetableHour, 0), 23) * 3600 + Self.jitterSeconds(of: source)
        var date = timetableZone.localTime(at: earliest).date
        for _ in 0..<4 {
            let slot = timetableZone.instant(date: date, seconds: secondOfDay)
            if slot >= earliest { return slot }
            date = date.adding(days: 1)
        }
        return earliest + Self.day
    }

    /// A stable offset in `0..<3600` seconds from the source's cache name (FNV-1a).
    public static func jitterSeconds(of source: LiveSource) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in source.cacheName.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return Int(hash % 3600)
    }

    // MARK: - Regular schedule

    private func regular(after base: Int64, source: LiveSource, validity: ODPTValidity?,
                         needWindows: [ClosedRange<Int64>]?) -> SourceRefreshSchedule {
        var plan: SourceRefreshSchedule
        // Every fetched timetable (a station's, a bus pole's): once a day, in the quiet hour.
        if case .timetable = source.kind {
            plan = SourceRefreshSchedule(at: quietSlot(for: source, notBefore: base + max(1, timetableMinimumGap)),
                                         reason: .dailyQuietHour)
        } else {
            plan = windowed(after: base, interval: interval(of: source), needWindows: needWindows, pollIdle: !source.isRealtime)
        }
        if let end = validity?.firstEnd(after: base) {
            let at = max(end, base + max(1, minimumInterval))
            if at < plan.at { plan = SourceRefreshSchedule(at: at, reason: .validityEnds) }
        }
        return plan
    }

    private func windowed(after base: Int64, interval: Int64, needWindows: [ClosedRange<Int64>]?, pollIdle: Bool) -> SourceRefreshSchedule {
        let soon = base + interval
        guard let needWindows else { return SourceRefreshSchedule(at: soon, reason: .interval) }
        if needWindows.contains(where: { soon >= $0.lowerBound - interval && soon <= $0.upperBound }) {
            return SourceRefreshSchedule(at: soon, reason: .needWindow)
        }
        let idle = base + (pollIdle ? max(interval, idleInterval) : max(interval, Self.realtimeIdleCheck))
        if let lead = needWindows.map({ $0.lowerBound - interval }).filter({ $0 > soon }).min(), lead < idle {
            return SourceRefreshSchedule(at: lead, reason: .windowAhead)
        }
        return SourceRefreshSchedule(at: idle, reason: .idle)
    }

    private static func wholeSeconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return max(0, seconds + (attoseconds > 0 ? 1 : 0))
    }
}
