@testable import Daemon
import XCTest

/// Resume and clock-step detection from clock readings (a real suspend cannot run in a test).
final class ClockWatchTests: XCTestCase {
    private let start = SystemClocks(realtime: 1_800_000_000_000_000_000, monotonic: 5_000_000_000_000, boottime: 5_100_000_000_000)

    private func later(by seconds: Int64, suspended: Int64 = 0, stepped: Int64 = 0) -> SystemClocks {
        let second: Int64 = 1_000_000_000
        return SystemClocks(realtime: start.realtime + (seconds + suspended + stepped) * second,
                            monotonic: start.monotonic + seconds * second,
                            boottime: start.boottime + (seconds + suspended) * second)
    }

    func testNothingWhenClocksRunTogether() {
        var watch = ClockWatch(start)
        XCTAssertEqual(watch.reasons(at: later(by: 600), timerCancelled: false), [])
    }

    func testSuspendIsAResumeNotAClockChange() {
        var watch = ClockWatch(start)
        // The kernel cancels CANCEL_ON_SET timers at resume too; boottime tells them apart.
        XCTAssertEqual(watch.reasons(at: later(by: 10, suspended: 3600), timerCancelled: true), [.resumed(suspendedFor: 3600)])
        XCTAssertEqual(watch.reasons(at: later(by: 20, suspended: 3600), timerCancelled: false), [], "reported once")
    }

    func testStepBetweenWaitsIsAClockChange() {
        var watch = ClockWatch(start)
        XCTAssertEqual(watch.reasons(at: later(by: 10, stepped: -120), timerCancelled: false), [.clockChanged])
    }

    func testCancelledTimerWithoutStepIsAClockChange() {
        var watch = ClockWatch(start)
        XCTAssertEqual(watch.reasons(at: later(by: 1), timerCancelled: true), [.clockChanged])
    }

    func testShortSuspendIsIgnored() {
        var watch = ClockWatch(start)
        let blink = SystemClocks(realtime: start.realtime + 200_000_000, monotonic: start.monotonic, boottime: start.boottime + 200_000_000)
        XCTAssertEqual(watch.reasons(at: blink, timerCancelled: false), [])
    }

    func testLiveClocksAreConsistent() {
        let clocks = SystemClocks.now()
        XCTAssertGreaterThanOrEqual(clocks.suspendedTotal, 0)
        XCTAssertGreaterThan(clocks.realtime, clocks.boottime)
    }
}
