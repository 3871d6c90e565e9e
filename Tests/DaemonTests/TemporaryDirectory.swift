import Foundation

/// A fresh directory under the system temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
    let path: String

    init(_ label: String) throws {
        path = NSTemporaryDirectory() + "leavenow-daemon-\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
