import Foundation

/// Whether to colour output: stdout is a terminal and `NO_COLOR` is unset (https://no-color.org).
struct Terminal {
    let colour: Bool

    init(environment: [String: String]) {
        colour = isatty(STDOUT_FILENO) == 1 && (environment["NO_COLOR"] ?? "").isEmpty
            && environment["TERM"] != "dumb"
    }

    /// Wraps text in an SGR sequence when colour is on.
    func paint(_ text: String, _ sgr: String) -> String {
        colour ? "\u{1B}[\(sgr)m\(text)\u{1B}[0m" : text
    }
}
