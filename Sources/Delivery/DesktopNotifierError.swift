/// A desktop notification could not be shown.
public struct DesktopNotifierError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why.
    public enum Code: String, Sendable, Equatable {
        /// There is no D-Bus session bus to send it on.
        case noSessionBus
        /// `notify-send` is not installed (or not executable).
        case notInstalled
        /// `notify-send` could not be started.
        case spawnFailed
        /// `notify-send` exited with a failure.
        case failed
        /// `notify-send` did not finish in time and was killed.
        case timedOut
    }

    /// Why.
    public var code: Code
    /// The message, with `notify-send`'s standard error when it failed.
    public var message: String

    /// An error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// Whether a later attempt may succeed (a session may appear, a daemon may start).
    public var isTransient: Bool {
        switch code {
        case .noSessionBus, .failed, .timedOut: true
        case .notInstalled, .spawnFailed: false
        }
    }

    /// The message.
    public var description: String { message }
}
