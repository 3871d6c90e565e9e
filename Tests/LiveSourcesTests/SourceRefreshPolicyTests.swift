import Foundation
import Timetable
import XCTest
@testable import LiveSources

/// ``SourceRefreshPolicy`` on a simulated clock: regular intervals, need windows, the daily
/// timetable slot, `dct:valid`, backoff, stale data and `Retry-After`.
final class SourceRefreshPolicyTests: XCTestCase {
    private var fixture: LiveSourcesFixture!
    /// 2024-12-22T10:00:00+09:00.
    private let t: Int64 = 1_734_829_200

    override func setUpWithError() throws { fixture = try LiveSourcesFixture() }
    override func tearDown() { fixture?.remove() }

    private func fresh(_ at: Int64) -> SourceRefreshState { SourceRefreshState(lastSuccess: at, lastAttempt: at) }

    private func failing(_ failures: Int, attempt: Int64, lastSuccess: Int64?, reason: SourceFetchError.Reason = .transfer,
                         jitter: Double = 0.5, notBefore: Int64? = nil) -> SourceRefreshState {
        SourceRefreshState(lastSuccess: lastSuccess, lastAttempt: attempt, consecutiveFailures: failures, lastFailure: reason,
                           notBefore: notBefore, backoffJitter: jitter)
    }

    private static func odptBody(_ records: [(date: String, valid: String?)]) -> Data {
        let json = records.map { record in
            "{\"@type\":\"odpt:StationTimetable\",\"dc:date\":\"\(record.date)\""
                + (record.valid.map { ",\"dct:valid\":\"\($0)\"" } ?? "") + "}"
        }.joined(separator: ",")
        return Data("[\(json)]".utf8)
    }

    // MARK: - Regular schedule

    func testNeverFetchedIsDueNow() throws {
        let policy = SourceRefreshPolicy()
        for source in [try fixture.source("chofu"), LiveSourcesFixture.odptTimetable] {
            XCTAssertEqual(policy.schedule(for: source, state: SourceRefreshState(), now: t),
                           SourceRefreshSchedule(at: t, reason: .neverFetched))
        }
    }

    func testIntervalsPerKind() throws {
        let policy = SourceRefreshPolicy()
        XCTAssertEqual(policy.schedule(for: try fixture.source("chofu"), state: fresh(t), now: t + 5),
                       SourceRefreshSchedule(at: t + 600, reason: .interval), "weather: refresh, 10 min by default")
        XCTAssertEqual(policy.nextRefresh(for: try fixture.source("qiita-ios-2024"), state: fresh(t), now: t), t + 900,
                       "feeds: 15 min")
        XCTAssertEqual(policy.nextRefresh(for: LiveSourcesFixture.odptStatus, state: fresh(t), now: t), t + 180,
                       "ODPT service status: 3 min")
        XCTAssertEqual(policy.interval(of: LiveSourcesFixture.odptTimetable), 86_400)
    }

    func testTimetableOnceADayAtTheQuietHourWithAStableJitter() throws {
        let policy = SourceRefreshPolicy()
        let source = LiveSourcesFixture.odptTimetable
        let jitter = Int64(SourceRefreshPolicy.jitterSeconds(of: source))
        XCTAssertEqual(SourceRefreshPolicy.jitterSeconds(of: source), SourceRefreshPolicy.jitterSeconds(of: source))
        XCTAssertTrue((0..<3600).contains(jitter))
        var other = source
        other.id = "ginza"
        XCTAssertNotEqual(SourceRefreshPolicy.jitterSeconds(of: other), Int(jitter), "sources spread over the hour")
        // 2024-12-23T03:00:00+09:00
        let tomorrowThree: Int64 = 1_734_890_400
        XCTAssertEqual(policy.schedule(for: source, state: fresh(t), now: t),
                       SourceRefreshSchedule(at: tomorrowThree + jitter, reason: .dailyQuietHour))
        // Fetched just after its slot: tomorrow's slot, not one a few minutes later.
        let slotToday = tomorrowThree - 86_400 + jitter
        XCTAssertEqual(policy.nextRefresh(for: source, state: fresh(slotToday + 60), now: slotToday + 60), tomorrowThree + jitter)
        // Fetched at 01:00 (a worker's first start): today's slot is over an hour away.
        let one = tomorrowThree - 86_400 - 2 * 3600
        XCTAssertEqual(policy.nextRefresh(for: source, state: fresh(one), now: one), slotToday)
        // The hour is in the zone's wall clock: the same slot in UTC is 9 hours later.
        let utc = SourceRefreshPolicy(timetableZone: try XCTUnwrap(ZoneClock(identifier: "UTC")))
        XCTAssertEqual(utc.nextRefresh(for: source, state: fresh(t), now: t), tomorrowThree + 9 * 3600 - 86_400 + jitter)
        XCTAssertEqual(policy.nextRefresh(for: source, state: fresh(t), now: t, needWindows: [t...t + 60]), tomorrowThree + jitter,
                       "timetables ignore need windows")
    }

    func testTimetableValidityEndComesFirst() throws {
        let policy = SourceRefreshPolicy()
        let source = LiveSourcesFixture.odptTimetable
        let body = Self.odptBody([("2024-12-20T10:00:00+09:00", "2024-12-22T15:00:00+09:00"),
                                  ("2024-12-21T09:30:00+09:00", nil)])
        let fetched = SourceFetchResult(source: source, outcome: .updated(bytes: body.count), cached: nil)
        let state = policy.recording(fetched, in: SourceRefreshState(), at: t, cachedBody: body)
        XCTAssertEqual(state.validity, ODPTValidity(latestDate: 1_734_741_000, validityEnds: [1_734_847_200]))
        XCTAssertEqual(policy.schedule(for: source, state: state, now: t),
                       SourceRefreshSchedule(at: 1_734_847_200, reason: .validityEnds), "15:00, before tomorrow 03:xx")
        // Confirmed again after the end passed (a 304): the end is ignored, back to the daily slot.
        let later = policy.recording(SourceFetchResult(source: source, outcome: .notModified(bytesSaved: 10), cached: nil),
                                     in: state, at: 1_734_847_300)
        XCTAssertEqual(later.validity, state.validity, "a 304 keeps the body and its validity")
        XCTAssertEqual(policy.schedule(for: source, state: later, now: 1_734_847_300).reason, .dailyQuietHour)
    }

    /// A bus pole's timetable from the ODPT API is a timetable like a station's: fetched once a day in
    /// the quiet hour, sooner when its `dct:valid` ends (it used to be polled like a feed, its validity
    /// ignored).
    func testABusPoleTimetableIsFetchedLikeAStationTimetable() throws {
        let policy = SourceRefreshPolicy()
        let source = LiveSourcesFixture.odptPoleTimetable
        XCTAssertTrue(source.isODPT)
        XCTAssertEqual(policy.schedule(for: source, state: fresh(t), now: t).reason, .dailyQuietHour)
        let body = Data(#"[{"@type":"odpt:BusstopPoleTimetable","dc:date":"2024-12-20T10:00:00+09:00","dct:valid":"2024-12-22T15:00:00+09:00"}]"#.utf8)
        let fetched = SourceFetchResult(source: source, outcome: .updated(bytes: body.count), cached: nil)
        let state = policy.recording(fetched, in: SourceRefreshState(), at: t, cachedBody: body)
        XCTAssertEqual(policy.schedule(for: source, state: state, now: t), SourceRefreshSchedule(at: 1_734_847_200, reason: .validityEnds))
    }

    func testServiceStatusHonoursDctValidFromTheRealFixture() throws {
        let body = try Data(contentsOf: ScriptServerFixtures.file("odpt/TrainInformation_TokyoMetro.json"))
        let validity = try XCTUnwrap(ODPTValidity(body: body))
        let date = try XCTUnwrap(ODPTValidity.parseTimestamp("2017-12-11T13:15:05+09:00"))
        let valid = try XCTUnwrap(ODPTValidity.parseTimestamp("2017-12-11T13:20:05+09:00"))
        XCTAssertEqual(date, 1_512_965_705)
        XCTAssertEqual(validity, ODPTValidity(latestDate: date, validityEnds: [date, valid]))
        let source = LiveSourcesFixture.odptStatus
        let slow = SourceRefreshPolicy(serviceStatusInterval: 900)
        func state(_ at: Int64) -> SourceRefreshState {
            SourceRefreshState(cached: SourceCacheMetadata(fetchedAt: Date(timeIntervalSince1970: TimeInterval(at)), url: "", bytes: 1,
                                                           checksum: ""), body: body, source: source)
        }
        XCTAssertEqual(slow.schedule(for: source, state: state(date + 60), now: date + 60),
                       SourceRefreshSchedule(at: valid, reason: .validityEnds))
        XCTAssertEqual(slow.nextRefresh(for: source, state: state(valid - 10), now: valid - 10), valid - 10 + 60,
                       "no sooner than the minimum interval")
        XCTAssertEqual(slow.schedule(for: source, state: state(valid + 5), now: valid + 5),
                       SourceRefreshSchedule(at: valid + 5 + 900, reason: .interval), "an end already passed is ignored")
        XCTAssertEqual(SourceRefreshPolicy().nextRefresh(for: source, state: state(date + 60), now: date + 60), date + 60 + 180,
                       "the 3-minute interval comes before the 5-minute validity")
        XCTAssertNil(SourceRefreshState(cached: nil, body: body, source: try fixture.source("chofu")).validity,
                     "only ODPT bodies are read")
    }

    func testTimestampParsing() {
        XCTAssertEqual(ODPTValidity.parseTimestamp("2017-12-11T04:20:05Z"), 1_512_966_005)
        XCTAssertEqual(ODPTValidity.parseTimestamp("2017-12-11T13:20:05.250+09:00"), 1_512_966_005)
        XCTAssertEqual(ODPTValidity.parseTimestamp("2017-12-11T13:20+09:00"), 1_512_966_000)
        XCTAssertEqual(ODPTValidity.parseTimestamp("2017-12-11T00:00:00-05:00"), 1_512_968_400)
        for bad in ["", "2017-12-11", "2017-12-11T13:20:05", "2017-13-11T13:20:05Z", "2017-12-11T13:20:05+0900x", "yesterday"] {
            XCTAssertNil(ODPTValidity.parseTimestamp(bad), bad)
        }
        XCTAssertNil(ODPTValidity(body: Data("<html>".utf8)))
        XCTAssertNil(ODPTValidity(body: Data("[{\"owl:sameAs\":\"x\"}]".utf8)))
    }

    // MARK: - Need windows

    func testWeatherPolledOftenOnlyNearTheWindows() throws {
        let policy = SourceRefreshPolicy()
        let chofu = try fixture.source("chofu")
        let window = (t + 10_800)...(t + 12_600)  // 13:00–13:30
        let start = window.lowerBound
        func next(_ base: Int64, _ windows: [ClosedRange<Int64>]? = [window]) -> SourceRefreshSchedule {
            policy.schedule(for: chofu, state: fresh(base), now: base, needWindows: windows)
        }
        XCTAssertEqual(next(start - 7200), SourceRefreshSchedule(at: start - 3600, reason: .idle))
        XCTAssertEqual(next(start - 3600), SourceRefreshSchedule(at: start - 600, reason: .windowAhead), "refresh before the window")
        XCTAssertEqual(next(start - 600), SourceRefreshSchedule(at: start, reason: .needWindow))
        XCTAssertEqual(next(start + 900), SourceRefreshSchedule(at: start + 1500, reason: .needWindow))
        XCTAssertEqual(next(start + 1500), SourceRefreshSchedule(at: start + 1500 + 3600, reason: .idle), "after the window")
        XCTAssertEqual(next(start, []), SourceRefreshSchedule(at: start + 3600, reason: .idle), "no window at all")
        XCTAssertEqual(next(start, nil), SourceRefreshSchedule(at: start + 600, reason: .interval), "no windows given")
        let relaxed = SourceRefreshPolicy(idleInterval: 7200)
        XCTAssertEqual(relaxed.nextRefresh(for: chofu, state: fresh(start - 30_000), now: start - 30_000, needWindows: [window]),
                       start - 30_000 + 7200)
    }

    // MARK: - Failures

    func testBackoffDoublesWithJitterUpToFourIntervals() throws {
        let policy = SourceRefreshPolicy()
        let chofu = try fixture.source("chofu")
        let attempt = t + 100
        // Weather, 10 min: ceilings 60, 120, 240, 480, 960, 1920 and then 4 × 600 = 2400.
        let ceilings: [Int64] = [60, 120, 240, 480, 960, 1920, 2400, 2400]
        for (index, ceiling) in ceilings.enumerated() {
            for (jitter, expected) in [(0.0, ceiling / 2), (0.5, ceiling / 2 + ceiling / 4), (0.999_999, ceiling - 1)] {
                let state = failing(index + 1, attempt: attempt, lastSuccess: attempt - 60, jitter: jitter)
                XCTAssertEqual(policy.schedule(for: chofu, state: state, now: attempt),
                               SourceRefreshSchedule(at: attempt + expected, reason: .backoff(failures: index + 1)),
                               "failure \(index + 1), jitter \(jitter)")
            }
        }
        let capped: [(LiveSource, Int64)] = [(try fixture.source("qiita-ios-2024"), 3600), (LiveSourcesFixture.odptStatus, 720),
                                             (LiveSourcesFixture.odptTimetable, 3600)]
        for (source, cap) in capped {
            let state = failing(20, attempt: attempt, lastSuccess: attempt - 60, jitter: 0.999_999)
            XCTAssertEqual(policy.nextRefresh(for: source, state: state, now: attempt), attempt + cap - 1, "\(source)")
        }
    }

    func testStaleDataIsRetriedNoLaterThanTheRegularPace() throws {
        let policy = SourceRefreshPolicy()
        let chofu = try fixture.source("chofu")
        let attempt = t
        // 50 minutes old (stale after 20): the 6th failure's 1440 s backoff becomes the 600 s interval.
        XCTAssertEqual(policy.schedule(for: chofu, state: failing(6, attempt: attempt, lastSuccess: attempt - 3000), now: attempt),
                       SourceRefreshSchedule(at: attempt + 600, reason: .staleData(failures: 6)))
        XCTAssertEqual(policy.schedule(for: chofu, state: failing(6, attempt: attempt, lastSuccess: attempt - 600), now: attempt),
                       SourceRefreshSchedule(at: attempt + 1440, reason: .backoff(failures: 6)), "fresh enough: back off")
        XCTAssertEqual(policy.schedule(for: chofu, state: failing(6, attempt: attempt, lastSuccess: nil), now: attempt).at,
                       attempt + 600, "nothing cached counts as stale")
        XCTAssertEqual(policy.schedule(for: chofu, state: failing(2, attempt: attempt, lastSuccess: nil), now: attempt),
                       SourceRefreshSchedule(at: attempt + 90, reason: .backoff(failures: 2)), "an early retry stays early")
        // Outside the need windows the regular pace is the idle hour: the backoff stands.
        XCTAssertEqual(policy.schedule(for: chofu, state: failing(6, attempt: attempt, lastSuccess: nil), now: attempt,
                                       needWindows: [(attempt + 20_000)...(attempt + 21_000)]).at, attempt + 1440)
    }

    func testPermanentFailuresWaitTheCap() throws {
        let policy = SourceRefreshPolicy()
        let chofu = try fixture.source("chofu")
        for reason in [SourceFetchError.Reason.keyRefused, .missingSecret, .calendarNotFound] {
            XCTAssertEqual(policy.schedule(for: chofu, state: failing(1, attempt: t, lastSuccess: nil, reason: reason, jitter: 0), now: t),
                           SourceRefreshSchedule(at: t + 1200, reason: .backoff(failures: 1)), "\(reason)")
        }
    }

    func testRetryAfterIsAFloor() throws {
        let chofu = try fixture.source("chofu")
        let policy = SourceRefreshPolicy(random: { 0.5 })
        func failure(_ retryAfter: Duration?) -> SourceFetchResult {
            SourceFetchResult(source: chofu, outcome: .failed(SourceFetchError(
                source: chofu.description, reason: .unexpectedStatus, message: "HTTP 429", status: 429, retryAfter: retryAfter)),
                cached: nil)
        }
        var state = policy.recording(failure(.seconds(7200)), in: fresh(t - 60), at: t)
        XCTAssertEqual(state.notBefore, t + 7200)
        XCTAssertEqual(state.consecutiveFailures, 1)
        XCTAssertEqual(state.backoffJitter, 0.5)
        XCTAssertEqual(policy.schedule(for: chofu, state: state, now: t), SourceRefreshSchedule(at: t + 7200, reason: .retryAfter),
                       "beyond the backoff cap and the regular interval")
        state = policy.recording(failure(.milliseconds(10_500)), in: fresh(t - 60), at: t)
        XCTAssertEqual(state.notBefore, t + 11, "rounded up")
        XCTAssertEqual(policy.schedule(for: chofu, state: state, now: t), SourceRefreshSchedule(at: t + 45, reason: .backoff(failures: 1)),
                       "a short Retry-After does not hurry the backoff")
        state = policy.recording(failure(.seconds(30 * 86_400)), in: fresh(t - 60), at: t)
        XCTAssertEqual(state.notBefore, t + 86_400, "clamped to a day")
        // Stale data does not override the server's wish either.
        let stale = failing(6, attempt: t, lastSuccess: t - 9000, notBefore: t + 5000)
        XCTAssertEqual(policy.schedule(for: chofu, state: stale, now: t), SourceRefreshSchedule(at: t + 5000, reason: .retryAfter))
    }

    func testRecordingASuccessResetsTheFailures() throws {
        let chofu = try fixture.source("chofu")
        let policy = SourceRefreshPolicy(random: { 0.25 })
        let failed = SourceFetchResult(source: chofu, outcome: .failed(SourceFetchError(source: "", reason: .transfer, message: "x")),
                                       cached: nil)
        var state = policy.recording(failed, in: SourceRefreshState(), at: t)
        state = policy.recording(failed, in: state, at: t + 30)
        XCTAssertEqual(state, SourceRefreshState(lastSuccess: nil, lastAttempt: t + 30, consecutiveFailures: 2, lastFailure: .transfer,
                                                 backoffJitter: 0.25))
        XCTAssertEqual(policy.schedule(for: chofu, state: state, now: t + 30), policy.schedule(for: chofu, state: state, now: t + 31),
                       "the jitter is drawn once per failure: the same state gives the same time")
        let metadata = SourceCacheMetadata(fetchedAt: Date(timeIntervalSince1970: TimeInterval(t + 100)), url: "", bytes: 5, checksum: "")
        state = policy.recording(SourceFetchResult(source: chofu, outcome: .updated(bytes: 5), cached: metadata), in: state, at: t + 100)
        XCTAssertEqual(state, fresh(t + 100))
        XCTAssertEqual(policy.nextRefresh(for: chofu, state: state, now: t + 100), t + 700)
    }
}
