/// How much a log line matters, in increasing order.
public enum LogLevel: String, Sendable, CaseIterable, Comparable {
    case debug, info, notice, warning, error

    /// The rank: `debug` 0 … `error` 4.
    public var severity: Int {
        switch self {
        case .debug: 0
        case .info: 1
        case .notice: 2
        case .warning: 3
        case .error: 4
        }
    }

    /// Orders by severity: `debug` < `info` < `notice` < `warning` < `error`.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.severity < rhs.severity }
}
