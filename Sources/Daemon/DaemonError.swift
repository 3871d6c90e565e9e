import Glibc
import Messages

/// Why a worker primitive failed: the system call with its subject and errno text, a lock held by
/// another worker, or a malformed variable from systemd's environment. Said in the reader's language
/// when shown (`run` prints it before exiting), in English in the log.
public enum DaemonError: MessageError, Equatable {
    /// `name` failed with `errno`; `subject` is the path / descriptor it was about, if any.
    case systemCall(name: String, subject: String?, errno: Int32)
    /// Another process holds the single-instance lock at `path` (its pid when it wrote one).
    case lockHeld(path: String, pid: Int32?)
    /// The environment variable `name` has a value that cannot be used.
    case invalidEnvironment(name: String, value: String, reason: Message)

    /// `epoll_wait failed: Bad file descriptor (errno 9)`, `inotify_add_watch(/etc/leavenow/rules) failed: …`,
    /// kept for the reader's language (the system's `strerror` text as it is).
    public var descriptionMessage: Message {
        switch self {
        case .systemCall(let name, let subject, let code):
            let call = subject.map { "\(name)(\($0))" } ?? name
            return Message(.daemonCallFailed, ["call": .text(call), "reason": .text(Self.text(errno: code)), "code": .number(Int(code))])
        case .lockHeld(let path, let pid):
            guard let pid else { return Message(.daemonLockHeld, ["path": .text(path)]) }
            return Message(.daemonLockHeldByPID, ["pid": .number(Int(pid)), "path": .text(path)])
        case .invalidEnvironment(let name, let value, let reason):
            return Message(.daemonInvalidEnvironment, ["name": .text(name), "value": .text("\"\(value)\""), "reason": .message(reason)])
        }
    }

    /// The errno of a system-call failure, nil for the other cases.
    public var errno: Int32? {
        if case .systemCall(_, _, let code) = self { return code }
        return nil
    }

    /// A ``systemCall(name:subject:errno:)`` error with the current `errno`.
    static func lastSystemCall(_ name: String, _ subject: String? = nil) -> DaemonError {
        .systemCall(name: name, subject: subject, errno: Glibc.errno)
    }

    /// `strerror` text, thread-safe (`strerror_r`, the XSI flavour Glibc exports to Swift).
    static func text(errno code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let result = buffer.withUnsafeMutableBufferPointer { pointer -> Int32 in
            guard let base = pointer.baseAddress else { return -1 }
            return strerror_r(code, base, pointer.count)
        }
        guard result == 0 else { return "errno \(code)" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
