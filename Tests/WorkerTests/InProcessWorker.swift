import Daemon
import Delivery
import Foundation
import Store
import Worker
import XCTest

/// A ``Worker`` in this process on a ``ManualWorkerClock``, logging to a file of the scratch
/// directory: the test decides when each pass happens and what time it is.
final class InProcessWorker {
    let clock: ManualWorkerClock
    let worker: Worker
    let logPath: String
    let statePath: String
    /// Passes run so far.
    private(set) var passes = 0

    init(scratch: WorkerScratch, start: Int64, environment: [String: String], fixtures: Bool = true,
         dispatcher: DispatcherConfiguration = InProcessWorker.quickDispatcher, retentionDays: Int = 30,
         sourceBaseURL: String? = nil) throws {
        clock = ManualWorkerClock(start)
        logPath = scratch.path("worker.log")
        statePath = scratch.path("state/state.db")
        try scratch.folder("state")
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        var options = WorkerOptions(rulesDirectory: scratch.path("rules"), statePath: statePath,
                                    fixtures: fixtures ? scratch.path("fixtures") : nil, environment: environment,
                                    dispatcherConfiguration: dispatcher)
        options.retentionDays = retentionDays
        options.sourceBaseURL = sourceBaseURL
        worker = try Worker(options: options, clock: clock, logger: LogfmtLogger(fileHandle: handle))
    }

    /// Short time limits and a jitter fixed at (almost) the full backoff: retries at 2, 4, 8, … s.
    static let quickDispatcher = DispatcherConfiguration(
        connectTimeout: .seconds(1), requestTimeout: .seconds(1), proxy: .direct,
        retrySchedule: RetrySchedule(random: { 0.999 }))

    /// One pass at the clock's time; returns the worker's next wake-up.
    @discardableResult
    func pass() -> Int64? {
        passes += 1
        return worker.pass()
    }

    /// Passes at each wake-up the worker asks for, up to `end` (the clock is left at `end`), at
    /// most `limit` passes; returns how many ran.
    @discardableResult
    func run(until end: Int64, limit: Int) -> Int {
        var count = 0
        while count < limit {
            let next = pass()
            count += 1
            guard let next, next < end else { break }
            clock.set(next)
        }
        clock.set(max(end, Int64(clock.now())))
        return count
    }

    /// The log so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Every outbox entry (a second connection to the state).
    func outbox() throws -> [OutboxEntry] {
        let store = try SQLiteStore(path: statePath)
        defer { store.close() }
        return try store.list(statuses: nil, limit: 100_000)
    }

    /// Seconds since the epoch of an ISO 8601 time with an offset.
    static func instant(_ text: String) -> Int64 {
        let formatter = ISO8601DateFormatter()
        guard let date = formatter.date(from: text) else { return 0 }
        return Int64(date.timeIntervalSince1970)
    }
}
