import Foundation
import Messages
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file writes that a crash or an error never leaves half done: the bytes go to a temporary
/// file in the same directory (mode 0600), are flushed, then renamed over the target.
enum AtomicFile {
    /// Writes `data` to `path` atomically with mode 0600. On failure the temporary file is removed
    /// and `path` is untouched.
    static func store(_ data: Data, at path: String) throws(SourceCacheError) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = "\(directory)/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure(temporary, .cacheCannotCreate) }
        var written = 0
        let ok: Bool = data.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += count
            }
            return true
        }
        guard ok, fchmod(descriptor, 0o600) == 0, fsync(descriptor) == 0 else {
            let error = failure(temporary, .cacheCannotWrite)
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard close(descriptor) == 0 else {
            let error = failure(temporary, .cacheCannotClose)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let error = failure(path, .cacheCannotReplace)
            unlink(temporary)
            throw error
        }
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Creates `path` and missing parents with mode 0700; an existing `path` is set to 0700.
    static func makeDirectory(_ path: String) throws(SourceCacheError) {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw SourceCacheError(path: path, text: Message(.cacheCannotCreateDirectory, ["error": .text(error.localizedDescription)]))
            }
        } else if !isDirectory.boolValue {
            throw SourceCacheError(path: path, text: Message(.cacheNotDirectory))
        }
        guard chmod(path, 0o700) == 0 else { throw failure(path, .cacheCannotSetMode) }
    }

    private static func failure(_ path: String, _ what: MessageKey) -> SourceCacheError {
        SourceCacheError(path: path, text: Message(what) + .verbatim(": \(String(cString: strerror(errno)))"))
    }
}
