import XCTest
@testable import Channels
@testable import Delivery

final class RetryScheduleTests: XCTestCase {
    func testBackoffDoublesUpToTheCapWithFullJitter() {
        let top = RetrySchedule(random: { 0.999_999 })
        XCTAssertEqual(top.nextAttempt(after: .retry(after: nil, reason: .verbatim("500")), attempt: 1, now: 100), 102)
        XCTAssertEqual(top.nextAttempt(after: .retry(after: nil, reason: .verbatim("500")), attempt: 2, now: 100), 104)
        XCTAssertEqual(top.nextAttempt(after: .retry(after: nil, reason: .verbatim("500")), attempt: 5, now: 100), 132)
        XCTAssertEqual(top.nextAttempt(after: .retry(after: nil, reason: .verbatim("500")), attempt: 11, now: 100), 400, "capped at 5 minutes")
        let half = RetrySchedule(random: { 0.5 })
        XCTAssertEqual(half.nextAttempt(after: .retry(after: nil, reason: .verbatim("500")), attempt: 4, now: 100), 108)
        let zero = RetrySchedule(random: { 0 })
        XCTAssertEqual(zero.nextAttempt(after: .retry(after: nil, reason: .verbatim("500")), attempt: 1, now: 100), 101, "at least a second")
    }

    func testRetryAfterWinsAndIsCapped() {
        let schedule = RetrySchedule(random: { 0.999 })
        XCTAssertEqual(schedule.nextAttempt(after: .retry(after: .seconds(90), reason: .verbatim("429")), attempt: 1, now: 100), 190)
        XCTAssertEqual(schedule.nextAttempt(after: .retry(after: .milliseconds(1500), reason: .verbatim("429")), attempt: 1, now: 100), 102)
        XCTAssertEqual(schedule.nextAttempt(after: .retry(after: .seconds(86_400), reason: .verbatim("429")), attempt: 1, now: 100), 400,
                       "a Retry-After longer than the cap waits the cap")
    }

    /// No wait of a non-permanent failure is longer than the cap (5 minutes, or the channel's
    /// `max_retry_delay`) nor than the notification's remaining lifetime.
    func testNoWaitExceedsTheCapNorTheRemainingLifetime() {
        let top = RetrySchedule(random: { 0.999_999 })
        let failure = DeliveryOutcome.retry(after: nil, reason: .verbatim("500"))
        XCTAssertEqual(RetrySchedule().maxDelay, .seconds(300))
        // The ninth failed attempt of the issue waited 8 minutes; now at most 5.
        XCTAssertEqual(top.nextAttempt(after: failure, attempt: 9, now: 1_000), 1_300)
        // A channel's own cap, shorter or longer.
        XCTAssertEqual(top.nextAttempt(after: failure, attempt: 9, now: 1_000, maxDelay: .seconds(30)), 1_030)
        XCTAssertEqual(top.nextAttempt(after: failure, attempt: 11, now: 1_000, maxDelay: .seconds(1_800)), 2_800)
        XCTAssertEqual(top.nextAttempt(after: .retry(after: .seconds(90), reason: .verbatim("429")), attempt: 1, now: 1_000,
                                       maxDelay: .seconds(60)), 1_060)
        // A leave-now that expires in 40 s is tried again within its lifetime, a second before it ends at the latest.
        XCTAssertEqual(top.nextAttempt(after: failure, attempt: 9, now: 1_000, expiresAt: 1_040), 1_039)
        XCTAssertEqual(top.nextAttempt(after: .retry(after: .seconds(120), reason: .verbatim("503")), attempt: 1, now: 1_000,
                                       expiresAt: 1_040), 1_039)
        // The jitter is drawn within what is left: half the jitter, half the 39 s left.
        let half = RetrySchedule(random: { 0.5 })
        XCTAssertEqual(half.nextAttempt(after: failure, attempt: 9, now: 1_000, expiresAt: 1_040), 1_020)
        // Nothing left: at least a second, and the expiry decides.
        XCTAssertEqual(top.nextAttempt(after: failure, attempt: 3, now: 1_000, expiresAt: 1_001), 1_001)
        // Early attempts are not stretched: the backoff is below both bounds.
        XCTAssertEqual(top.nextAttempt(after: failure, attempt: 2, now: 1_000, expiresAt: 5_000, maxDelay: .seconds(60)), 1_004)
    }

    func testAttemptsRunOutAndFinalOutcomesStop() {
        let schedule = RetrySchedule(maxAttempts: 3, random: { 0.5 })
        XCTAssertNotNil(schedule.nextAttempt(after: .retry(after: nil, reason: .verbatim("x")), attempt: 2, now: 0))
        XCTAssertNil(schedule.nextAttempt(after: .retry(after: nil, reason: .verbatim("x")), attempt: 3, now: 0), "dead")
        XCTAssertNil(schedule.nextAttempt(after: .delivered(status: 204), attempt: 1, now: 0))
        XCTAssertNil(schedule.nextAttempt(after: .permanent(reason: .verbatim("404")), attempt: 1, now: 0))
        XCTAssertNil(schedule.nextAttempt(after: .expired, attempt: 1, now: 0))
        XCTAssertEqual(schedule.nextAttempt(after: .deferred(until: 50), attempt: 3, now: 10), 50, "a deferral is not an attempt")
        XCTAssertEqual(RetrySchedule().maxAttempts, 12)
    }
}
