import Foundation
import Messages
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why this process cannot use a state file, in words that say what to do: who it runs as, who owns
/// the file or directory, its mode, and the fix — instead of SQLite's "attempt to write a readonly
/// database" or Foundation's "The operation could not be completed".
enum StateFileAccess {
    /// Whether this process may write `path` (an existing file) and create files next to it (SQLite's
    /// `-wal` and `-shm`): what a read-write connection needs.
    static func isWritable(_ path: String) -> Bool {
        access(path, W_OK) == 0 && access(directory(of: path), W_OK) == 0
    }

    /// What stops this process from writing the state at `path` (the directory, a file that does
    /// not exist yet, the file, its `-wal` / `-shm`), nil when nothing visible does.
    static func writeProblem(_ path: String) -> Message? {
        if access(path, F_OK) == 0 {
            if access(path, R_OK) != 0 { return readProblem(path) }
            if access(path, W_OK) != 0 { return fixWrite(path) }
            for journal in [path + "-wal", path + "-shm"] where access(journal, F_OK) == 0 && access(journal, R_OK | W_OK) != 0 {
                return fixWrite(journal)
            }
        }
        let directory = directory(of: path)
        if access(directory, W_OK) != 0 { return fixWrite(directory) }
        return nil
    }

    /// What stops this process from reading the state at `path`, nil when nothing visible does.
    static func readProblem(_ path: String) -> Message? {
        guard access(path, F_OK) == 0, access(path, R_OK) != 0 else { return nil }
        let owner = owner(of: path)
        return Message(.storeFixRead, ["problem": .message(Message(.storeNotReadableBy, facts(path))), "owner": .text(owner.name)])
    }

    /// Why a directory on the way to `path` cannot be created (`mkdir` failed with `number`), with
    /// the fix.
    static func directoryProblem(_ directory: String, errno number: Int32) -> Message {
        // The nearest ancestor that exists says why: not a directory, or not writable.
        var ancestor = directory
        while !ancestor.isEmpty, ancestor != "/", access(ancestor, F_OK) != 0 { ancestor = Self.directory(of: ancestor) }
        var isDirectory: ObjCBool = false
        let problem: Message
        if FileManager.default.fileExists(atPath: ancestor, isDirectory: &isDirectory), !isDirectory.boolValue {
            problem = Message(.storeNotDirectory, ["directory": .text(ancestor)])
        } else if number == EACCES || number == EPERM || number == EROFS, access(ancestor, W_OK) != 0 {
            problem = Message(.storeNotWritableBy, facts(ancestor))
        } else {
            problem = .verbatim(String(cString: strerror(number)))
        }
        return Message(.storeFixPath, ["problem": .message(problem)])
    }

    private static func fixWrite(_ path: String) -> Message {
        Message(.storeFixWrite, ["problem": .message(Message(.storeNotWritableBy, facts(path))), "owner": .text(owner(of: path).name)])
    }

    /// `path`, `user`, `owner`, `mode` for the messages.
    private static func facts(_ path: String) -> [String: MessageArgument] {
        let owner = owner(of: path)
        return ["path": .text(path), "user": .text(currentUser), "owner": .text(owner.name), "mode": .text(owner.mode)]
    }

    /// The owner's name (or uid) and the mode (`0644`) of `path`.
    private static func owner(of path: String) -> (name: String, mode: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return ("?", "?") }
        let mode = String(info.st_mode & 0o7777, radix: 8)
        return (userName(info.st_uid), String(repeating: "0", count: max(0, 4 - mode.count)) + mode)
    }

    /// This process's user: `nobody (uid 65534)`.
    static var currentUser: String {
        let uid = geteuid()
        return "\(userName(uid)) (uid \(uid))"
    }

    private static func userName(_ uid: uid_t) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid \(uid)" }
        return String(cString: name)
    }

    private static func directory(of path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }
}
