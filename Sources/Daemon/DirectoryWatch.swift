import Foundation
import Glibc
internal import CLinuxEvents

/// An inotify watch on a directory and its subdirectories (`rules/`, `rules/timetables/`, …).
///
/// New subdirectories are watched as they appear. When the root itself is removed or renamed (an
/// editor or a deployment swapping the directory), the watch is re-added by ``rewatchIfNeeded()``
/// as soon as the path exists again.
final class DirectoryWatch {
    /// Closing, writing, creating, deleting and moving entries, plus the root going away.
    static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    /// The watched root.
    let root: String
    /// The inotify descriptor (non-blocking, close-on-exec).
    let descriptor: Int32
    /// Watch descriptor → directory path.
    private var directories: [Int32: String] = [:]

    /// Watches `root` and every directory below it.
    ///
    /// - Throws: ``DaemonError`` when inotify cannot start or `root` cannot be watched (missing,
    ///   not a directory, or the user's inotify watch limit is reached).
    init(root: String) throws(DaemonError) {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw .lastSystemCall("inotify_init1") }
        self.root = root
        self.descriptor = descriptor
        do {
            try watchTree(root)
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit { close(descriptor) }

    /// True while the root is watched.
    var isWatchingRoot: Bool { directories.values.contains(root) }

    /// Re-adds the root watch (and its subdirectories) when the root came back; silent while it is absent.
    func rewatchIfNeeded() {
        guard !isWatchingRoot else { return }
        try? watchTree(root)
    }

    /// Reads every queued event; true when anything in the tree changed.
    func drain() -> Bool {
        var changed = false
        let capacity = 16 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, capacity)
            if count < 0 && Glibc.errno == EINTR { continue }
            guard count > 0 else { return changed }
            var offset = 0
            while offset + 16 <= count {
                let watch = buffer.load(fromByteOffset: offset, as: Int32.self)
                let mask = buffer.load(fromByteOffset: offset + 4, as: UInt32.self)
                let nameLength = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
                let name = nameLength > 0
                    ? String(cString: buffer.advanced(by: offset + 16).assumingMemoryBound(to: CChar.self)) : ""
                offset += 16 + nameLength
                changed = true
                if mask & UInt32(IN_IGNORED) != 0 {
                    directories[watch] = nil
                } else if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0,
                          let parent = directories[watch], !name.isEmpty {
                    try? watchTree(parent + "/" + name)
                }
            }
        }
    }

    /// Watches `path` and, recursively, the directories below it.
    private func watchTree(_ path: String) throws(DaemonError) {
        let watch = inotify_add_watch(descriptor, path, Self.mask)
        guard watch >= 0 else { throw .lastSystemCall("inotify_add_watch", path) }
        directories[watch] = path
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for entry in entries.sorted() {
            let child = path + "/" + entry
            var status = stat()
            // lstat: a symbolic link to a directory is not followed (no loops, no escaping the tree).
            if lstat(child, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                try? watchTree(child)
            }
        }
    }
}
