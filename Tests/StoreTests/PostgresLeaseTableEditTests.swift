import Foundation
import Store
import TestServers
import XCTest

/// The lease tables edited by hand (a stray partition, a lease of a worker that does not exist or
/// whose heartbeat lapsed, an expiry far in the future, a NULL holder, a deleted row, a heartbeat in
/// the future, a garbage partition count): the workers neither crash nor stall — every partition
/// 0…63 ends up held by exactly one live worker — and ``WorkerLeases/audit(now:)`` names each
/// problem with its fix. A live holder's lease is never taken, whatever its row says.
final class PostgresLeaseTableEditTests: XCTestCase {
    private let ttl: Int64 = 30
    private let interval: Int64 = 10

    override class func tearDown() {
        PostgresTestCluster.leases.stop()
        super.tearDown()
    }

    /// A fresh database, its cluster and name, and `count` holders joined at 0 and settled by 200.
    private func settled(_ count: Int) throws -> (cluster: PostgresCluster, database: String, store: PostgresStore, leases: [WorkerLeases]) {
        let cluster = try PostgresTestCluster.leases.cluster()
        let name = "edits_\(UUID().uuidString.prefix(8).lowercased())"
        try cluster.createDatabase(name)
        let store = try PostgresStore(url: cluster.socketURL(database: name))
        let leases = (0..<count).map { WorkerLeases(connection: store.connection, id: "worker-\($0)", host: "test", pid: Int32(100 + $0), ttl: ttl) }
        for holder in leases { try holder.join(now: 0) }
        try beat(leases, from: interval, to: 200)
        return (cluster, name, store, leases)
    }

    /// Heartbeats every holder every `interval` from `start` to `end`, checking at each round that no
    /// partition is held by two of them.
    private func beat(_ holders: [WorkerLeases], from start: Int64, to end: Int64, file: StaticString = #filePath, line: UInt = #line) throws {
        var now = start
        while now <= end {
            for holder in holders { try holder.heartbeat(now: now) }
            assertExclusive(holders, now: now, file: file, line: line)
            now += interval
        }
    }

    @discardableResult
    private func assertExclusive(_ holders: [WorkerLeases], now: Int64, file: StaticString = #filePath, line: UInt = #line) -> [Int: String] {
        var owner: [Int: String] = [:]
        for holder in holders where (holder.validUntil ?? .min) > now {
            for partition in holder.held {
                if let other = owner[partition] { XCTFail("partition \(partition) held by \(other) and \(holder.id) at \(now)", file: file, line: line) }
                owner[partition] = holder.id
            }
        }
        return owner
    }

    func testAStrayPartitionRowIsIgnoredAndNamedWithItsFix() throws {
        let (cluster, database, store, leases) = try settled(2)
        try cluster.psql("INSERT INTO leavenow_leases VALUES (70, NULL, 0), (99, 'worker-0', 999999)", database: database)
        try beat(leases, from: 210, to: 300)
        let owner = assertExclusive(leases, now: 300)
        XCTAssertEqual(Set(owner.keys), Set(0..<64), "every partition 0…63 held, nothing else")
        let problems = try leases[0].audit(now: 300)
        XCTAssertEqual(problems.count, 1, "\(problems)")
        XCTAssertTrue(problems.first?.contains("partitions outside 0…63 (70, 99): they are ignored") == true, "\(problems)")
        XCTAssertTrue(problems.first?.contains("DELETE FROM leavenow_leases WHERE partition NOT BETWEEN 0 AND 63") == true, "\(problems)")
        // A new worker joining the edited table is not refused: the count is the one agreed in meta.
        let late = WorkerLeases(connection: store.connection, id: "late", ttl: ttl)
        XCTAssertNoThrow(try late.join(now: 310))
    }

    func testALeaseOfAnUnknownOrNullWorkerWithAFarExpiryIsTakenOverAsFree() throws {
        let (cluster, database, _, leases) = try settled(2)
        // Partition 5 leased "forever" to a worker id that is not registered; 6 to NULL, also "forever".
        try cluster.psql("""
            UPDATE leavenow_leases SET worker = 'ghost\n\u{7}', expires_at = 9999999999 WHERE partition = 5;
            UPDATE leavenow_leases SET worker = NULL, expires_at = 9999999999 WHERE partition = 6;
            """, database: database)
        // The two holders lost 5 and 6 at their next heartbeat; within one more they are held again.
        try beat(leases, from: 210, to: 230)
        let owner = assertExclusive(leases, now: 230)
        XCTAssertEqual(Set(owner.keys), Set(0..<64), "the partitions of the ghost and of nobody are held again")
        let problems = try leases[0].audit(now: 205)
        XCTAssertTrue(problems.isEmpty, "taken over and renewed: nothing left to report: \(problems)")
    }

    func testAFarExpiryOfAWorkerWhoseHeartbeatLapsedDoesNotKeepItsPartitions() throws {
        let (cluster, database, _, leases) = try settled(3)
        let silent = leases[2], survivors = Array(leases[0..<2])
        let orphaned = silent.held
        XCTAssertFalse(orphaned.isEmpty)
        // The silent worker's leases "renewed" by hand far into the future, after its last heartbeat at 200.
        try cluster.psql("UPDATE leavenow_leases SET expires_at = 9999999999 WHERE worker = 'worker-2'", database: database)
        let far = try survivors[0].audit(now: 210)
        XCTAssertTrue(far.contains { $0.contains("expiries more than two TTLs (60 s) ahead") && $0.contains("worker \"worker-2\"") }, "\(far)")
        var takenAt: Int64?
        var now: Int64 = 210
        while now <= 300 {
            for holder in survivors { try holder.heartbeat(now: now) }
            // The silent worker counts while its own lease runs (until 230): nobody else may hold its partitions then.
            let owner = assertExclusive(leases, now: now)
            if takenAt == nil, orphaned.isSubset(of: Set(owner.keys)), now >= 200 + ttl { takenAt = now }
            now += interval
        }
        let takeover = try XCTUnwrap(takenAt, "the far expiry kept the partitions from the others")
        XCTAssertLessThanOrEqual(takeover - 200, ttl + interval, "taken over after the TTL of its last heartbeat, not at the row's expiry")
    }

    func testALiveHoldersLeasesWithAFarExpiryAreNotTakenWhileItHoldsThem() throws {
        let (cluster, database, store, leases) = try settled(1)
        let holder = leases[0]
        XCTAssertEqual(holder.held.count, 64)
        // Every lease of the live holder "extended" by hand; then a second worker joins, wanting half.
        try cluster.psql("UPDATE leavenow_leases SET expires_at = 9999999999", database: database)
        let joiner = WorkerLeases(connection: store.connection, id: "joiner", ttl: ttl)
        try joiner.join(now: 205)
        XCTAssertEqual(joiner.held, [], "a live holder's partitions taken because their rows looked odd")
        // It gets them only as the holder hands them back, four a heartbeat; never one held twice.
        try beat([holder, joiner], from: 210, to: 400)
        XCTAssertEqual(assertExclusive([holder, joiner], now: 400).count, 64)
        XCTAssertEqual([holder.held.count, joiner.held.count], [32, 32])
        XCTAssertTrue(try holder.audit(now: 400).isEmpty, "the heartbeats wrote normal expiries again")
    }

    func testADeletedRowIsCreatedAgainAndHeld() throws {
        let (cluster, database, _, leases) = try settled(2)
        try cluster.psql("DELETE FROM leavenow_leases WHERE partition IN (3, 40)", database: database)
        try beat(leases, from: 210, to: 240)
        XCTAssertEqual(Set(assertExclusive(leases, now: 240).keys), Set(0..<64))
    }

    func testAHeartbeatDatedInTheFutureDoesNotCountAsLive() throws {
        let (cluster, database, _, leases) = try settled(2)
        // A third "worker" whose heartbeat is far ahead, holding partitions 0 and 1.
        try cluster.psql("""
            INSERT INTO leavenow_workers VALUES ('future', 'elsewhere', 1, 0, 9999999999);
            UPDATE leavenow_leases SET worker = 'future', expires_at = 9999999999 WHERE partition IN (0, 1);
            """, database: database)
        let problems = try leases[0].audit(now: 205)
        XCTAssertTrue(problems.contains { $0.contains("heartbeats more than a TTL in the future (\"future\" at 9999999999)") && $0.contains("clock") },
                      "\(problems)")
        try beat(leases, from: 210, to: 240)
        let owner = assertExclusive(leases, now: 240)
        XCTAssertEqual(Set(owner.keys), Set(0..<64), "partitions 0 and 1 taken back from the worker that is not live")
        XCTAssertEqual(leases.map(\.held.count), [32, 32], "the fair share counts two live workers, not three")
    }

    func testAGarbagePartitionCountIsRefusedSayingWhatToSet() throws {
        let (cluster, database, store, _) = try settled(1)
        try cluster.psql("UPDATE meta SET value = 'lots' WHERE key = 'leases.partitions'", database: database)
        let late = WorkerLeases(connection: store.connection, id: "late", ttl: ttl)
        XCTAssertThrowsError(try late.join(now: 300)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("leases.partitions = \"lots\") is not a positive number"), text)
            XCTAssertTrue(text.contains("UPDATE meta SET value = '64' WHERE key = 'leases.partitions'"), text)
        }
    }
}
