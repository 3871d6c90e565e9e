import Foundation
import Glibc
internal import CLinuxEvents

/// An exclusive `flock` on `worker.lock` in the state directory, so two workers never share one
/// state file. The holder writes its pid into the file, and a refused worker names it.
///
/// The kernel drops the lock when the holder exits or crashes: no stale lock to clean up. The lock
/// is held until ``release()`` or until the value is gone.
public final class SingleInstanceLock {
    /// The lock file.
    public let path: String
    private var descriptor: Int32

    /// The lock file's name in the state directory.
    public static let fileName = "worker.lock"

    /// Takes the lock in `stateDirectory` (the directory of `--state`).
    ///
    /// - Throws: ``DaemonError/lockHeld(path:pid:)`` when another process holds it, or a system-call
    ///   error naming the file (a missing or read-only state directory).
    public convenience init(stateDirectory: String, processID: Int32 = getpid()) throws(DaemonError) {
        try self.init(path: (stateDirectory as NSString).appendingPathComponent(Self.fileName), processID: processID)
    }

    /// Takes the lock on the file at `path` (created with mode 0600 when missing).
    public init(path: String, processID: Int32 = getpid()) throws(DaemonError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .lastSystemCall("open", path) }
        var result: Int32
        repeat { result = flock(descriptor, LOCK_EX | LOCK_NB) } while result != 0 && Glibc.errno == EINTR
        if result != 0 {
            let code = Glibc.errno
            let holder = Self.readPID(descriptor)
            close(descriptor)
            if code == EWOULDBLOCK { throw .lockHeld(path: path, pid: holder) }
            throw .systemCall(name: "flock", subject: path, errno: code)
        }
        let text = Array("\(processID)\n".utf8)
        guard ftruncate(descriptor, 0) == 0, pwrite(descriptor, text, text.count, 0) == text.count else {
            let error = DaemonError.lastSystemCall("write", path)
            close(descriptor)
            throw error
        }
        self.path = path
        self.descriptor = descriptor
    }

    deinit { release() }

    /// True until ``release()``.
    public var isHeld: Bool { descriptor >= 0 }

    /// Gives the lock up (closing the descriptor; the file stays, its pid is stale but harmless).
    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    /// The pid the holder wrote, if any.
    private static func readPID(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer.prefix(count), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Int32(text).flatMap { $0 > 0 ? $0 : nil }
    }
}

@available(*, unavailable)
extension SingleInstanceLock: Sendable {}
