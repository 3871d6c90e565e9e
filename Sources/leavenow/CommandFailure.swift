/// Why a command stopped: bad usage (exit 64) or a failure / validation errors (exit 1).
enum CommandFailure: Error, CustomStringConvertible {
    /// The command line is wrong; the message says how.
    case usage(String)
    /// The command ran and failed; the message says what and where.
    case failure(String)
    /// The command ran and its report (on stdout) says what failed: failing rule tests.
    case failedReport(String)

    var description: String {
        switch self {
        case .usage(let message), .failure(let message), .failedReport(let message): return message
        }
    }

    var exitCode: Int32 {
        switch self {
        case .usage: return 64
        case .failure, .failedReport: return 1
        }
    }
}
