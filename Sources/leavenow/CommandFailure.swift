/// Why a command stopped, and its exit code (the README's table of exit codes):
///
/// - 1 (``failure(_:)``, ``failedReport(_:)``): the command ran and failed — configuration problems,
///   a board with no loadable source, a failed fetch, a notification not delivered, a failing rule test;
/// - 64 (``usage(_:)``): the command line is wrong — an unknown command or option, a missing or bad
///   argument, and a board, rule, channel or source id the configuration does not define;
/// - 75 (``tempFailure(_:)``, sysexits' `EX_TEMPFAIL`): `run --once` ran its pass on the last good
///   data, but a source could not be fetched: try again later.
enum CommandFailure: Error, CustomStringConvertible {
    /// The command line is wrong; the message says how.
    case usage(String)
    /// The command ran and failed; the message says what and where.
    case failure(String)
    /// The command ran and its report (on stdout) says what failed: failing rule tests.
    case failedReport(String)
    /// The command did its work on the last good data, but something it needs failed for now.
    case tempFailure(String)

    var description: String {
        switch self {
        case .usage(let message), .failure(let message), .failedReport(let message), .tempFailure(let message): return message
        }
    }

    var exitCode: Int32 {
        switch self {
        case .usage: return 64
        case .failure, .failedReport: return 1
        case .tempFailure: return 75
        }
    }
}
