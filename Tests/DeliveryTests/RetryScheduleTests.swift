import XCTest
@testable import Channels
@testable import Delivery

final class RetryScheduleTests: XCTestCase {
    func testBackoffDoublesUpToTheCapWithFullJitter() {
        let top = RetrySchedule(random: { 0.999_999 })
        XCTAssertEqual(top.nextAttempt(after: .retry(after: nil, reason: .verbatim("500")), attempt: 1, now: 100), 102)
        XCTAssertEqual(top.nextAttempt(after: .retry(after: nil, reason: .verbatim("500")), attempt: 2, now: 100), 104)
        XCTAssertEqual(top.nextAttempt(after: .retry(after: nil, reason: .verbatim("500")), attempt: 5, now: 100), 132)
        XCTAssertEqual(top.nextAttempt(after: .retry(after: nil, reason: .verbatim("500")), attempt: 11, now: 100), 700, "capped at 10 minutes")
        let half = RetrySchedule(random: { 0.5 })
        XCTAssertEqual(half.nextAttempt(after: .retry(after: nil, reason: .verbatim("500")), attempt: 4, now: 100), 108)
        let zero = RetrySchedule(random: { 0 })
        XCTAssertEqual(zero.nextAttempt(after: .retry(after: nil, reason: .verbatim("500")), attempt: 1, now: 100), 101, "at least a second")
    }

    func testRetryAfterWinsAndIsCapped() {
        let schedule = RetrySchedule(random: { 0.999 })
        XCTAssertEqual(schedule.nextAttempt(after: .retry(after: .seconds(90), reason: .verbatim("429")), attempt: 1, now: 100), 190)
        XCTAssertEqual(schedule.nextAttempt(after: .retry(after: .milliseconds(1500), reason: .verbatim("429")), attempt: 1, now: 100), 102)
        XCTAssertEqual(schedule.nextAttempt(after: .retry(after: .seconds(86_400), reason: .verbatim("429")), attempt: 1, now: 100), 3700)
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
