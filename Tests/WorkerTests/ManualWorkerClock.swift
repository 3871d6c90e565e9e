import Foundation
import Synchronization
import Worker

/// A worker clock the test sets: it stands still between passes, so a pass at `now` sees exactly
/// that instant (retry times, expiry), and the worker never sleeps on it.
final class ManualWorkerClock: WorkerClock {
    private let instant: Mutex<Double>

    init(_ start: Int64) { instant = Mutex(Double(start)) }

    func now() -> Double { instant.withLock { $0 } }
    func set(_ value: Int64) { instant.withLock { $0 = Double(value) } }
    func advance(by seconds: Int64) { instant.withLock { $0 += Double(seconds) } }
    func realTime(of instant: Double) -> Date { Date() }
    var realSecondsPerSecond: Double { 0 }
}
