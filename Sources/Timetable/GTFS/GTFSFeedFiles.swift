import Foundation

/// The member files of a GTFS feed, from a .zip archive or an unpacked directory.
struct GTFSFeedFiles {
    /// The feed's path as given, the prefix of every file label in messages.
    let path: String
    private let archive: ZipArchive?

    init(path: String) throws {
        self.path = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DecodeError(file: path, message: "no such file or directory (a GTFS feed is a .zip file or a directory of .txt files)")
        }
        if isDirectory.boolValue {
            archive = nil
        } else {
            guard let bytes = try GTFSFeedFiles.read(path: path, label: path) else {
                throw DecodeError(file: path, message: "no such file")
            }
            archive = try ZipArchive(bytes: bytes, path: path)
        }
    }

    /// `feed.zip/stop_times.txt`: how messages name a member.
    func label(_ name: String) -> String { path + "/" + name }

    /// The bytes of a member file, or nil when the feed does not have it.
    func contents(of name: String) throws -> FileBytes? {
        if let archive {
            guard let entry = archive.entry(named: name) else { return nil }
            return try archive.bytes(of: entry)
        }
        return try FileBytes.map(path: path + "/" + name, label: label(name))
    }

    /// A member parsed as a CSV table (encoding checked, header read), or nil when absent.
    func table(_ name: String) throws -> CSVTable? {
        guard let bytes = try contents(of: name) else { return nil }
        return try CSVTable(bytes: bytes, file: label(name))
    }

    /// A member the feed must have.
    func requiredTable(_ name: String) throws -> CSVTable {
        guard let table = try table(name) else {
            throw DecodeError(file: path, message: "the feed has no \(name), which GTFS requires")
        }
        return table
    }

    /// Reads a whole file; nil when it does not exist.
    private static func read(path: String, label: String) throws -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw DecodeError(file: label, message: "cannot open: \(String(cString: strerror(code)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw DecodeError(file: label, message: "cannot stat: \(String(cString: strerror(errno)))")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw DecodeError(file: label, message: "is a directory, not a file")
        }
        let size = Int(info.st_size)
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var done = 0
            while done < size, let base = buffer.baseAddress {
                let count = readSome(descriptor, base + done, size - done)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if count == 0 { break }
                done += count
            }
            initialized = done
        }
        if failure != 0 {
            throw DecodeError(file: label, message: "cannot read: \(String(cString: strerror(failure)))")
        }
        return bytes
    }
}

/// `read(2)`, named apart from `GTFSFeedFiles.read(path:label:)`.
private func readSome(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
