/// Why ``WakeSource/wait(until:)`` returned. Several may come at once.
public enum WakeReason: Sendable, Equatable, CustomStringConvertible {
    /// The deadline given to `wait(until:)` has passed on the wall clock.
    case deadline
    /// A signal arrived (`SIGHUP`, `SIGTERM`, `SIGINT`).
    case signal(Signal)
    /// Files changed in the watched directory (the watched root, after the debounce interval).
    case directoryChanged(String)
    /// The wall clock was set or jumped (`date -s`, an NTP step, `clock_settime`).
    case clockChanged
    /// The machine resumed from suspend after this many seconds asleep.
    case resumed(suspendedFor: Double)
    /// Another thread called ``WakeUpHandle/wakeUp()``.
    case woken

    /// The logfmt-friendly name: `deadline`, `signal.SIGHUP`, `directory_changed`, `clock_changed`,
    /// `resumed`, `woken`.
    public var description: String {
        switch self {
        case .deadline: "deadline"
        case .signal(let signal): "signal.\(signal)"
        case .directoryChanged: "directory_changed"
        case .clockChanged: "clock_changed"
        case .resumed: "resumed"
        case .woken: "woken"
        }
    }
}
