import Foundation
import Notifications
import Store
import XCTest

/// 10,000 notifications through each store: one `enqueue` (one transaction), one `due`, one `record`
/// of them all delivered (one transaction). Prints the times; runs only with LEAVENOW_STORE_TIMING=1
/// (`LEAVENOW_STORE_TIMING=1 swift test --skip-build --filter StoreBatchTimingTests`).
final class StoreBatchTimingTests: XCTestCase {
    private let count = 10_000

    override func setUpWithError() throws {
        guard ProcessInfo.processInfo.environment["LEAVENOW_STORE_TIMING"] == "1" else {
            throw XCTSkip("timing only: set LEAVENOW_STORE_TIMING=1")
        }
    }

    override class func tearDown() {
        PostgresTestCluster.shared.stop()
        super.tearDown()
    }

    func testSQLiteAndPostgreSQL() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-timing-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let sqlite = try measure("SQLite", try SQLiteStore(path: directory + "/state.db"))

        let cluster = try PostgresTestCluster.shared.cluster()
        try cluster.createDatabase("timing")
        let postgres = try measure("PostgreSQL", try PostgresStore(url: cluster.socketURL(database: "timing")))
        XCTAssertEqual(sqlite, postgres, "both stores end in the same state")
    }

    /// Runs the batch on `store`; returns its final counts.
    private func measure(_ name: String, _ store: any NotificationStore) throws -> [OutboxStatus: Int] {
        let notices = (0..<count).map { index in
            Notice(key: "commute/2026-12-01/\(index)", rule: "commute", kind: .leaveNow, fireAt: 1_000 + Int64(index % 60),
                   expiresAt: 90_000, channels: ["phone"], urgency: .critical, language: .ja, title: "調布 10:33",
                   text: "Leave now: 10:33 from platform 2", link: nil)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let inserted = try store.enqueue(notices, now: 900)
        let enqueued = clock.now
        let due = try store.due(now: 2_000, limit: count)
        let listed = clock.now
        try store.record(due.map { DeliveryRecord(entryID: $0.id, outcome: .delivered(status: 200)) }, now: 2_001)
        let recorded = clock.now
        XCTAssertEqual(inserted.count, count)
        XCTAssertEqual(due.count, count)
        func ms(_ duration: Duration) -> String { String(format: "%.0f ms", Double(duration.components.attoseconds) / 1e15
                                                          + Double(duration.components.seconds) * 1e3) }
        print("\(name): \(count) enqueued in \(ms(enqueued - start)), due in \(ms(listed - enqueued)), "
            + "recorded in \(ms(recorded - listed)); total \(ms(recorded - start))")
        return try store.counts()
    }
}
