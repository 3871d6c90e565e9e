/// Turns two readings of ``SystemClocks`` (and the timerfd's `ECANCELED`) into `.clockChanged` and
/// `.resumed(suspendedFor:)`.
struct ClockWatch {
    /// A suspend shorter than this is not reported (a resume needs no action after a blink).
    static let resumeThreshold: Int64 = 1_000_000_000
    /// A wall-clock step smaller than this between two waits is not reported unless the kernel
    /// cancelled the timer (which it does for every `clock_settime`, however small).
    static let stepThreshold: Int64 = 500_000_000

    private(set) var last: SystemClocks

    init(_ clocks: SystemClocks) { last = clocks }

    /// The reasons seen since the previous call, then remembers `clocks`.
    ///
    /// - Parameter timerCancelled: the realtime timer failed with `ECANCELED` (clock set or resume).
    mutating func reasons(at clocks: SystemClocks, timerCancelled: Bool) -> [WakeReason] {
        defer { last = clocks }
        var reasons: [WakeReason] = []
        let suspended = clocks.suspendedTotal - last.suspendedTotal
        if suspended >= Self.resumeThreshold {
            reasons.append(.resumed(suspendedFor: Double(suspended) / 1e9))
        }
        let stepped = abs(clocks.wallOffset - last.wallOffset)
        if stepped >= Self.stepThreshold || (timerCancelled && reasons.isEmpty) {
            reasons.append(.clockChanged)
        }
        return reasons
    }
}
