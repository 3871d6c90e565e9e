import Glibc

/// The signals a worker reacts to: `SIGHUP` reloads, `SIGTERM` and `SIGINT` drain and exit.
public enum Signal: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `SIGHUP`: reload the rules (`systemctl reload`, `ExecReload=/bin/kill -HUP $MAINPID`).
    case hangup
    /// `SIGTERM`: drain and exit (`systemctl stop`, `podman stop`).
    case terminate
    /// `SIGINT`: drain and exit (Ctrl-C in a terminal).
    case interrupt

    /// The signal number (`SIGHUP` is 1).
    public var number: Int32 {
        switch self {
        case .hangup: SIGHUP
        case .terminate: SIGTERM
        case .interrupt: SIGINT
        }
    }

    /// The signal for `number`, nil for any other signal.
    public init?(number: Int32) {
        guard let signal = Signal.allCases.first(where: { $0.number == number }) else { return nil }
        self = signal
    }

    /// `SIGHUP`, `SIGTERM`, `SIGINT`.
    public var description: String {
        switch self {
        case .hangup: "SIGHUP"
        case .terminate: "SIGTERM"
        case .interrupt: "SIGINT"
        }
    }
}
