import Glibc

/// The three Linux clocks the worker compares, in nanoseconds.
///
/// `CLOCK_MONOTONIC` stops during suspend, `CLOCK_BOOTTIME` does not, and `CLOCK_REALTIME` moves
/// when someone sets the time. Slewing (NTP `adjtime`) changes their rates together, so only a
/// suspend changes `boottime − monotonic` and only a step changes `realtime − boottime`.
struct SystemClocks: Equatable {
    var realtime: Int64
    var monotonic: Int64
    var boottime: Int64

    /// Time spent suspended since boot.
    var suspendedTotal: Int64 { boottime - monotonic }
    /// The wall clock's offset from boot; changes only when the clock is set.
    var wallOffset: Int64 { realtime - boottime }

    /// Reads the three clocks back to back.
    static func now() -> SystemClocks {
        SystemClocks(realtime: read(CLOCK_REALTIME), monotonic: read(CLOCK_MONOTONIC), boottime: read(CLOCK_BOOTTIME))
    }

    /// `clock_gettime` in nanoseconds (it cannot fail for these clocks on Linux ≥ 2.6.39).
    static func read(_ clock: clockid_t) -> Int64 {
        var value = timespec()
        clock_gettime(clock, &value)
        return Int64(value.tv_sec) * 1_000_000_000 + Int64(value.tv_nsec)
    }
}
