import Foundation

/// The worker's sense of time: the instant it is now, and the real moment at which an instant of
/// its clock will come (what it sleeps until). Injected so a demo or a test can run a simulated
/// day faster than real time; timezones never come from here (they are the data's).
public protocol WorkerClock: Sendable {
    /// Seconds since the epoch, with a fraction.
    func now() -> Double
    /// The real time at which this clock reads `instant`.
    func realTime(of instant: Double) -> Date
    /// Real seconds per clock second (1 for the system clock).
    var realSecondsPerSecond: Double { get }
}

extension WorkerClock {
    /// This clock's instant in whole seconds: the `now` of a pass.
    public func seconds() -> Int64 { Int64(now().rounded(.down)) }

    /// This clock as the dispatcher's: retry and expiry times in the worker's time.
    public var date: @Sendable () -> Date { { Date(timeIntervalSince1970: self.now()) } }

    /// The wall clock, whatever this clock reads: for what is read against real time (the database
    /// status record `leavenow status` compares with its own clock, the systemd watchdog's interval).
    /// The only reading of real time in the worker besides ``SystemWorkerClock`` and ``SimulatedWorkerClock``.
    public func realNow() -> Date { Date() }
}

/// The machine's wall clock.
public struct SystemWorkerClock: WorkerClock {
    /// The wall clock.
    public init() {}
    public func now() -> Double { Date().timeIntervalSince1970 }
    public func realTime(of instant: Double) -> Date { Date(timeIntervalSince1970: instant) }
    public var realSecondsPerSecond: Double { 1 }
}

/// A clock that starts at `start` when created and runs `speed` times faster than real time
/// (`make demo`: Sunday 09:55 at Chofu, 60×).
public struct SimulatedWorkerClock: WorkerClock {
    /// The simulated instant at `realStart`.
    public let start: Double
    /// Simulated seconds per real second.
    public let speed: Double
    /// The real time the simulation started.
    public let realStart: Date

    /// A clock reading `start` at `realStart` (nil: now), running `speed`× real time (speed > 0).
    public init(start: Double, speed: Double, realStart: Date? = nil) {
        self.start = start
        self.speed = max(speed, 0.001)
        self.realStart = realStart ?? Date()
    }

    public func now() -> Double { start + Date().timeIntervalSince(realStart) * speed }
    public func realTime(of instant: Double) -> Date { realStart.addingTimeInterval((instant - start) / speed) }
    public var realSecondsPerSecond: Double { 1 / speed }
}
