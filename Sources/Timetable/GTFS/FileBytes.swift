import Foundation
import Messages

/// The bytes of one file, owned by this object: either mapped from disk (private and
/// copy-on-write, so the CSV reader may unescape cells in place without touching the file) or a
/// buffer filled by the caller (an inflated zip member). Unmapped or freed when released.
///
/// Used by one reader at a time and never shared across threads.
final class FileBytes {
    /// The start of the bytes (nil when empty).
    let base: UnsafeMutablePointer<UInt8>?
    /// Number of bytes.
    let count: Int
    private let isMapped: Bool

    /// A buffer of `count` bytes that `fill` initializes completely.
    /// When `fill` throws, the buffer is freed here and the object is never made: had every property
    /// been set first, the throw would release a complete object whose `deinit` frees it a second time
    /// (a double free the gtfs-zip fuzz target found on a corrupt deflated member).
    init(count: Int, fill: (UnsafeMutableBufferPointer<UInt8>) throws -> Void) rethrows {
        let pointer = count > 0 ? UnsafeMutablePointer<UInt8>.allocate(capacity: count) : nil
        do {
            try fill(UnsafeMutableBufferPointer(start: pointer, count: count))
        } catch {
            pointer?.deallocate()
            throw error
        }
        self.base = pointer
        self.count = count
        self.isMapped = false
    }

    /// A copy of `bytes`.
    convenience init(_ bytes: [UInt8]) {
        self.init(count: bytes.count) { buffer in _ = buffer.initialize(from: bytes) }
    }

    private init(mapped: UnsafeMutablePointer<UInt8>, count: Int) {
        self.base = mapped
        self.count = count
        self.isMapped = true
    }

    deinit {
        if isMapped {
            if let base { munmap(UnsafeMutableRawPointer(base), count) }
        } else {
            base?.deallocate()
        }
    }

    /// The bytes as a read-only buffer, valid while this object lives.
    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Maps the file at `path`; nil when it does not exist.
    ///
    /// - Throws: `DecodeError` naming `label` when the file cannot be opened or mapped.
    static func map(path: String, label: String) throws -> FileBytes? {
        let descriptor = open(path, O_RDONLY)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw DecodeError(file: label, text: Message(.fileOpenFailed, ["reason": .text(String(cString: strerror(code)))]))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw DecodeError(file: label, text: Message(.fileStatFailed, ["reason": .text(String(cString: strerror(errno)))]))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw DecodeError(file: label, text: Message(.fileIsDirectory))
        }
        let size = Int(info.st_size)
        if size == 0 { return FileBytes(count: 0) { _ in } }
        #if os(Linux)
        let flags = MAP_PRIVATE | MAP_POPULATE  // fault every page in at once
        #else
        let flags = MAP_PRIVATE
        #endif
        // Mapped read-only first so that populating shares the page cache's pages instead of
        // copying them; made writable after, so only pages actually written get copied.
        let address = mmap(nil, size, PROT_READ, flags, descriptor, 0)
        guard let address, address != MAP_FAILED else {
            throw DecodeError(file: label, text: Message(.fileMapFailed, ["reason": .text(String(cString: strerror(errno)))]))
        }
        guard mprotect(address, size, PROT_READ | PROT_WRITE) == 0 else {
            let code = errno
            munmap(address, size)
            throw DecodeError(file: label, text: Message(.fileMapFailed, ["reason": .text(String(cString: strerror(code)))]))
        }
        return FileBytes(mapped: address.assumingMemoryBound(to: UInt8.self), count: size)
    }
}
