import Messages

/// A desktop notification could not be shown. The message is kept for the reader's language.
public struct DesktopNotifierError: MessageError, Sendable, Equatable {
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
    public var text: Message

    /// An error saying `text`.
    public init(_ code: Code, _ text: Message) {
        self.code = code
        self.text = text
    }

    /// An error whose message is the same in every language.
    public init(_ code: Code, _ message: String) {
        self.init(code, .verbatim(message))
    }

    /// The message, in the reader's language.
    public var message: String { text.text }

    /// Equal when they are of the same kind and say the same (in English).
    public static func == (a: DesktopNotifierError, b: DesktopNotifierError) -> Bool { a.code == b.code && a.text.english == b.text.english }

    /// Whether a later attempt may succeed (a session may appear, a daemon may start).
    public var isTransient: Bool {
        switch code {
        case .noSessionBus, .failed, .timedOut: true
        case .notInstalled, .spawnFailed: false
        }
    }

    /// ``text``.
    public var descriptionMessage: Message { text }

    /// What the worker does about it and how to fix it, after ``text``: `…; the worker holds this
    /// channel's notifications until it has a session bus: run it in your desktop session …`.
    public var holdMessage: Message {
        Message(code == .notInstalled ? .desktopHeldNotInstalled : .desktopHeldNoBus, ["problem": .message(text)])
    }
}
