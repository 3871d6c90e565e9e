import Foundation
import Store
import TestServers
import XCTest

/// Partition leases between several workers on one real PostgreSQL database: each partition held by
/// at most one worker at any instant, all of them held once the workers settle, a silent worker's
/// partitions taken over after the TTL, a joining worker served gradually. Time is logical (`now`).
final class WorkerLeasesTests: XCTestCase {
    private let ttl: Int64 = 30
    private let interval: Int64 = 10

    override class func tearDown() {
        PostgresTestCluster.leases.stop()
        super.tearDown()
    }

    /// A fresh database and `count` lease holders on it, each with its own store (connection).
    private func holders(_ count: Int, handover: Int = 4) throws -> (stores: [PostgresStore], leases: [WorkerLeases]) {
        let cluster = try PostgresTestCluster.leases.cluster()
        let name = "leases_\(UUID().uuidString.prefix(8).lowercased())"
        try cluster.createDatabase(name)
        var stores: [PostgresStore] = []
        var leases: [WorkerLeases] = []
        for index in 0..<count {
            let store = try PostgresStore(url: cluster.socketURL(database: name))
            stores.append(store)
            leases.append(WorkerLeases(connection: store.connection, id: "worker-\(index)", host: "test", pid: Int32(1000 + index),
                                       ttl: ttl, handoverPerHeartbeat: handover))
        }
        return (stores, leases)
    }

    /// Fails when two holders consider the same partition theirs at `now`; returns partition → holder.
    @discardableResult
    private func assertExclusive(_ holders: [WorkerLeases], now: Int64, file: StaticString = #filePath, line: UInt = #line) -> [Int: String] {
        var owner: [Int: String] = [:]
        for holder in holders where (holder.validUntil ?? .min) > now {
            for partition in holder.held {
                if let other = owner[partition] {
                    XCTFail("partition \(partition) held by \(other) and \(holder.id) at \(now)", file: file, line: line)
                }
                owner[partition] = holder.id
            }
        }
        return owner
    }

    /// Heartbeats every holder of `holders` from `start` every `interval` seconds up to `end`,
    /// checking exclusivity after each round (and the table against the holders' views).
    private func run(_ holders: [WorkerLeases], store: PostgresStore, from start: Int64, to end: Int64,
                     afterRound: (Int64, [Int: String]) -> Void = { _, _ in }) throws {
        var now = start
        while now <= end {
            for holder in holders { try holder.heartbeat(now: now) }
            let owner = assertExclusive(holders, now: now)
            let rows = try store.connection.query("SELECT partition, worker FROM leavenow_leases WHERE worker IS NOT NULL AND expires_at > $1::bigint",
                                                  [String(now)])
            var table: [Int: String] = [:]
            for row in rows { table[Int(try row.int64(0))] = try row.text(1) }
            for (partition, holder) in owner { XCTAssertEqual(table[partition], holder, "partition \(partition) at \(now)") }
            afterRound(now, owner)
            now += interval
        }
    }

    func testRulePartitionIsStableAndSpreadsRules() {
        XCTAssertEqual(RulePartition.of("commute"), 63, "FNV-1a: the same partition in every process and release")
        XCTAssertEqual(RulePartition.of("commute", count: 7), 0)
        var sizes = [Int](repeating: 0, count: 64)
        for index in 0..<6_400 { sizes[RulePartition.of("rule-\(index)")] += 1 }
        XCTAssertGreaterThan(sizes.min() ?? 0, 50, "\(sizes)")
        XCTAssertLessThan(sizes.max() ?? 0, 150, "\(sizes)")
    }

    func testThreeHoldersHoldEveryPartitionExactlyOnceWithinAFairShare() throws {
        let (stores, leases) = try holders(3)
        for holder in leases { try holder.join(now: 0) }
        assertExclusive(leases, now: 0)
        try run(leases, store: stores[0], from: interval, to: 40 * interval)
        let owner = assertExclusive(leases, now: 40 * interval)
        XCTAssertEqual(owner.count, 64, "every partition held")
        XCTAssertEqual(leases.map(\.held.count).reduce(0, +), 64)
        for holder in leases { XCTAssertLessThanOrEqual(holder.held.count, 22, "\(holder.id): \(holder.held.count)") }
        // Every rule has exactly one evaluator.
        for index in 0..<1_000 {
            XCTAssertEqual(leases.filter { $0.holds(rule: "rule-\(index)", now: 40 * interval) }.count, 1, "rule-\(index)")
        }
    }

    func testAHolderThatStopsHeartbeatingLosesItsPartitionsAfterTheTTL() throws {
        let (stores, leases) = try holders(3)
        for holder in leases { try holder.join(now: 0) }
        try run(leases, store: stores[0], from: interval, to: 30 * interval)
        let stoppedAt = 30 * interval
        let silent = leases[2], survivors = Array(leases[0..<2])
        let orphaned = silent.held
        XCTAssertFalse(orphaned.isEmpty)
        var takenOverAt: Int64?
        try run(survivors, store: stores[0], from: stoppedAt + interval, to: stoppedAt + 6 * ttl) { now, owner in
            if now < stoppedAt + self.ttl {
                // The silent worker may still be evaluating: nobody else has its partitions.
                XCTAssertGreaterThan(silent.validUntil ?? 0, now, "the silent worker still believes it holds its partitions")
                XCTAssertTrue(Set(owner.keys).isDisjoint(with: orphaned), "taken before its lease expired, at \(now)")
            } else {
                XCTAssertFalse((silent.validUntil ?? 0) > now, "the silent worker's lease ended at \(stoppedAt + self.ttl)")
            }
            if takenOverAt == nil, orphaned.isSubset(of: Set(owner.keys)) { takenOverAt = now }
        }
        let takeover = try XCTUnwrap(takenOverAt, "the orphaned partitions were never taken over")
        XCTAssertLessThanOrEqual(takeover - stoppedAt, ttl + interval, "taken over within the TTL (plus one heartbeat)")
        XCTAssertEqual(Set(survivors.flatMap(\.held)).count, 64)
        XCTAssertEqual(survivors.map(\.held.count), [32, 32])
    }

    func testJoiningRebalancesGraduallyWithoutABurst() throws {
        let handover = 4
        let (stores, leases) = try holders(3, handover: handover)
        let (first, second, late) = (leases[0], leases[1], leases[2])
        try first.join(now: 0)
        try second.join(now: 0)
        try run([first, second], store: stores[0], from: interval, to: 20 * interval)
        XCTAssertEqual([first.held.count, second.held.count], [32, 32])

        let joinedAt = 21 * interval
        try late.join(now: joinedAt)
        XCTAssertEqual(late.held.count, 0, "nothing is free: the late worker waits for hand-backs")
        var previous = assertExclusive(leases, now: joinedAt)
        var rounds = 0
        try run(leases, store: stores[0], from: joinedAt + interval, to: joinedAt + 30 * interval) { now, owner in
            let moved = owner.filter { previous[$0.key] != $0.value }.count
            XCTAssertLessThanOrEqual(moved, 2 * handover, "at \(now): \(moved) partitions changed hands in one heartbeat")
            if moved > 0 { rounds += 1 }
            previous = owner
        }
        XCTAssertGreaterThan(rounds, 1, "the hand-over took several heartbeats")
        XCTAssertEqual(previous.count, 64)
        for holder in leases { XCTAssertLessThanOrEqual(holder.held.count, 22, "\(holder.id): \(holder.held.count)") }
        XCTAssertGreaterThanOrEqual(late.held.count, 20)
    }

    func testReleaseHandsEverythingBackAtOnce() throws {
        let (stores, leases) = try holders(2)
        for holder in leases { try holder.join(now: 0) }
        try run(leases, store: stores[0], from: interval, to: 20 * interval)
        try leases[0].release()
        XCTAssertEqual(leases[0].held, [])
        XCTAssertFalse(leases[0].holds(rule: "commute", now: 20 * interval))
        try leases[1].heartbeat(now: 21 * interval)
        XCTAssertEqual(leases[1].held.count, 64, "taken at the next heartbeat, not after the TTL")
        XCTAssertEqual(try stores[0].connection.query("SELECT COUNT(*) FROM leavenow_workers").first?.int64(0), 1)
    }

    func testAnotherPartitionCountIsRefusedNamingBoth() throws {
        let (stores, leases) = try holders(1)
        try leases[0].join(now: 0)
        let other = WorkerLeases(connection: stores[0].connection, id: "odd", partitions: 32, ttl: ttl)
        XCTAssertThrowsError(try other.join(now: 1)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("leavenow_leases"), text)
            XCTAssertTrue(text.contains("holds 64 partitions (0…63), this worker expects 32 (0…31)"), text)
        }
        XCTAssertEqual(try stores[0].connection.query("SELECT COUNT(*) FROM leavenow_workers WHERE id = 'odd'").first?.int64(0), 0)
    }
}
