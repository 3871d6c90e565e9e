import Foundation
import Notifications
import Store
import XCTest

/// A fresh temporary directory per test, removed afterwards; real files, real SQLite.
class StoreTestCase: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("leavenow-store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// `<temporary directory>/<name>`.
    func file(_ name: String = "state.db") -> String { directory + "/" + name }

    func openStore(_ name: String = "state.db") throws -> SQLiteStore { try SQLiteStore(path: file(name)) }

    /// A leave-now notification for `channels`.
    func notification(_ key: String, channels: [String] = ["phone"], fireAt: Int64 = 1_000, expiresAt: Int64? = nil,
                      rule: String = "commute") -> Notice {
        Notice(key: key, rule: rule, kind: .leaveNow, fireAt: fireAt, expiresAt: expiresAt, channels: channels,
                           urgency: .critical, language: .ja, title: "調布 10:33", text: "Leave now: 10:33 from platform 2",
                           link: nil)
    }

    /// The file's mode bits (`0o600`).
    func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}
