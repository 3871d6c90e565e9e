import Foundation
import Messages

/// The member files of a GTFS feed, from a .zip archive or an unpacked directory.
struct GTFSFeedFiles {
    /// The feed's path as given, the prefix of every file label in messages.
    let path: String
    private let archive: ZipArchive?
    /// Member files held in memory (tests and the fuzz targets), instead of a directory.
    private let members: [String: [UInt8]]?

    init(path: String) throws {
        self.path = path
        self.members = nil
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DecodeError(file: path, text: Message(.gtfsNoFeed))
        }
        if isDirectory.boolValue {
            archive = nil
        } else {
            archive = try ZipArchive(bytes: try FileContents.read(path), path: path)
        }
    }

    /// A feed from the bytes of a .zip archive, named `path` in messages.
    init(zip bytes: [UInt8], path: String) throws {
        self.path = path
        self.members = nil
        self.archive = try ZipArchive(bytes: bytes, path: path)
    }

    /// A feed from member files held in memory (`stops.txt` → its bytes), named `path` in messages.
    init(members: [String: [UInt8]], path: String) {
        self.path = path
        self.members = members
        self.archive = nil
    }

    /// `feed.zip/stop_times.txt`: how messages name a member.
    func label(_ name: String) -> String { path + "/" + name }

    /// The bytes of a member file, or nil when the feed does not have it.
    func contents(of name: String) throws -> FileBytes? {
        if let members {
            return members[name].map { FileBytes($0) }
        }
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
            throw DecodeError(file: path, text: Message(.gtfsMissingFile, ["name": .text(name)]))
        }
        return table
    }
}
