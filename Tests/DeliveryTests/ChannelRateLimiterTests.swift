import Foundation
import XCTest
@testable import Channels
@testable import Delivery

final class ChannelRateLimiterTests: XCTestCase {
    func testBurstThenOnePerIntervalThenRefill() {
        let clock = ManualClock(1000)
        var limiter = ChannelRateLimiter(limits: ["slack": .init(perMinute: 60)], now: clock.now)
        XCTAssertEqual(limiter.limit(of: "slack")?.burst, 10)
        for index in 0..<10 { XCTAssertNil(limiter.acquire("slack"), "burst \(index)") }
        XCTAssertEqual(limiter.acquire("slack"), 1001, "one token a second")
        XCTAssertEqual(limiter.acquire("slack"), 1002, "deferred jobs are spread out")
        clock.advance(1)
        XCTAssertNil(limiter.acquire("slack"))
        clock.advance(600)
        for _ in 0..<10 { XCTAssertNil(limiter.acquire("slack")) }
        XCTAssertNotNil(limiter.acquire("slack"), "the bucket holds no more than the burst")
    }

    func testUnlimitedChannelsAndDefaults() {
        var limiter = ChannelRateLimiter(limits: ["discord": .init(perMinute: 6)], now: ManualClock(0).now)
        for _ in 0..<1000 { XCTAssertNil(limiter.acquire("webhook")) }
        XCTAssertNil(limiter.acquire("discord"))
        XCTAssertEqual(limiter.acquire("discord"), 10, "6 a minute: the next in 10 s")
        XCTAssertNil(ChannelRateLimiter.defaultRatePerMinute(for: .webhook))
        XCTAssertEqual(ChannelRateLimiter.defaultRatePerMinute(for: .slack), 60)
        XCTAssertEqual(ChannelRateLimiter.defaultRatePerMinute(for: .discord), 30)
        XCTAssertEqual(ChannelRateLimiter.defaultRatePerMinute(for: .ntfy), 60)
        XCTAssertEqual(ChannelRateLimiter.defaultRatePerMinute(for: .desktop), 30)
    }
}
