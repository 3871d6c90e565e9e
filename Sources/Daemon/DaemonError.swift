import Glibc

/// Why a worker primitive failed: the system call with its subject and errno text, a lock held by
/// another worker, or a malformed variable from systemd's environment.
public enum DaemonError: Error, Equatable, CustomStringConvertible {
    /// `name` failed with `errno`; `subject` is the path / descriptor it was about, if any.
    case systemCall(name: String, subject: String?, errno: Int32)
    /// Another process holds the single-instance lock at `path` (its pid when it wrote one).
    case lockHeld(path: String, pid: Int32?)
    /// The environment variable `name` has a value that cannot be used.
    case invalidEnvironment(name: String, value: String, reason: String)

    /// `epoll_wait failed: Bad file descriptor`, `inotify_add_watch(/etc/leavenow/rules) failed: …`.
    public var description: String {
        switch self {
        case .systemCall(let name, let subject, let code):
            let call = subject.map { "\(name)(\($0))" } ?? name
            return "\(call) failed: \(Self.text(errno: code)) (errno \(code))"
        case .lockHeld(let path, let pid):
            let holder = pid.map { "another leavenow worker (pid \($0))" } ?? "another leavenow worker"
            return "\(holder) holds the lock \(path): two workers must not share one state directory; "
                + "stop the other worker or give this one another --state"
        case .invalidEnvironment(let name, let value, let reason):
            return "\(name)=\"\(value)\" cannot be used: \(reason)"
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
