import Daemon
import Foundation
import Store
import TestServers
import Worker
import XCTest

/// Two workers in this process on one PostgreSQL state, passes driven by the test at logical times:
/// the rules are split between them through partition leases (never a rule in both at once), a rule
/// taken over goes on from its committed state (nothing queued twice), and a worker that stops has
/// its rules taken over after the lease TTL.
final class WorkerLeasingTests: XCTestCase {
    nonisolated(unsafe) private static var cluster: PostgresCluster?
    private let ruleIDs = (0..<12).map { "news-\($0)" }

    override class func tearDown() {
        cluster?.destroy()
        cluster = nil
        super.tearDown()
    }

    private func database() throws -> String {
        if let reason = PostgresCluster.unavailableReason { throw XCTSkip(reason) }
        let cluster = try Self.cluster ?? PostgresCluster()
        Self.cluster = cluster
        let name = "leasing_\(UUID().uuidString.prefix(8).lowercased())"
        try cluster.createDatabase(name)
        return cluster.socketURL(database: name)
    }

    /// Twelve (or `ids`) `new_article` rules on one feed of three entries, to a channel whose URL variable is
    /// unset: its notifications stay pending (held), so the outbox counts what was decided.
    private func rulesDirectory(_ scratch: WorkerScratch, ids: [String]? = nil) throws {
        var yaml = WorkerConfig.webhookChannel() + "\nfeeds:\n  - id: news\n    url: https://example.com/feed.xml\n    refresh: 15m\nrules:\n"
        for id in ids ?? ruleIDs {
            yaml += "  - id: \(id)\n    kind: new_article\n    feed: news\n    first_run: notify\n    channels: [hook]\n    language: en\n"
        }
        try scratch.write("rules/config.yaml", yaml)
        try scratch.write("fixtures/feeds/news/2024-12-01T09:00:00+09:00.xml", WorkerConfig.atomFeed(entries: 3))
    }

    private func worker(_ name: String, url: String, scratch: WorkerScratch, clock: any WorkerClock) throws -> Worker {
        var options = WorkerOptions(rulesDirectory: scratch.path("rules"), statePath: url, fixtures: scratch.path("fixtures"),
                                    environment: [:], dispatcherConfiguration: InProcessWorker.quickDispatcher,
                                    cacheDirectory: scratch.path("cache-\(name)"))
        options.leaseTTL = 30
        let log = scratch.path("\(name).log")
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        return try Worker(options: options, clock: clock, logger: LogfmtLogger(fileHandle: try FileHandle(forWritingTo: URL(fileURLWithPath: log))))
    }

    private func assertDisjoint(_ first: Worker, _ second: Worker, at now: Int64, file: StaticString = #filePath, line: UInt = #line) {
        let both = Set(first.activeRules).intersection(second.activeRules)
        XCTAssertTrue(both.isEmpty, "evaluated by both workers at \(now): \(both.sorted())", file: file, line: line)
    }

    func testTwoWorkersSplitTheRulesAndOneTakesOverWhenTheOtherStops() throws {
        let url = try database()
        let scratch = try WorkerScratch()
        try rulesDirectory(scratch)
        let start: Int64 = 1_733_011_200  // 2024-12-01T09:00+09:00
        let clock = ManualWorkerClock(start)
        let first = try worker("first", url: url, scratch: scratch, clock: clock)
        let second = try worker("second", url: url, scratch: scratch, clock: clock)
        let reader = try PostgresStore(url: url)
        func outboxTotal() throws -> Int { try reader.counts().values.reduce(0, +) }

        first.pass()
        second.pass()
        XCTAssertEqual(first.activeRules.sorted(), ruleIDs.sorted(), "alone at first, the first worker leases every partition")
        XCTAssertEqual(second.activeRules, [])
        XCTAssertEqual(try outboxTotal(), 36, "12 rules × 3 entries, decided once")

        // Heartbeats every 10 s: the first worker hands partitions back a few at a time.
        var now = start
        for _ in 0..<12 {
            now += 10
            clock.set(now)
            first.pass()
            second.pass()
            assertDisjoint(first, second, at: now)
            XCTAssertEqual(Set(first.activeRules).union(second.activeRules), Set(ruleIDs), "every rule has a worker at \(now)")
        }
        XCTAssertFalse(second.activeRules.isEmpty, "the second worker took its share")
        XCTAssertFalse(first.activeRules.isEmpty)
        XCTAssertEqual(try outboxTotal(), 36, "rules taken over: each (key, channel) still once in the outbox")
        print("leases: rules split \(first.activeRules.count) / \(second.activeRules.count) after 12 heartbeats")

        // The first worker stops (no more passes): its rules wait for its leases to expire, then move.
        let stoppedAt = now
        let kept = Set(second.activeRules)
        var takenOver: Int64?
        while now < stoppedAt + 60 {
            now += 5
            clock.set(now)
            second.pass()
            if now < stoppedAt + 30 {
                XCTAssertEqual(Set(second.activeRules), kept, "the stopped worker's leases still run at \(now)")
            } else if takenOver == nil, Set(second.activeRules) == Set(ruleIDs) {
                takenOver = now
            }
        }
        let takeover = try XCTUnwrap(takenOver, "the second worker never took every rule")
        XCTAssertLessThanOrEqual(takeover - stoppedAt, 30 + 10, "taken over within the TTL and one heartbeat")
        print("leases: every rule taken over \(takeover - stoppedAt) s after the other worker's last heartbeat (TTL 30 s)")
        XCTAssertEqual(try outboxTotal(), 36, "each (key, channel) still once after the takeover")
    }

    /// Three workers, 96 rules, a pass of each every second of the clock for five minutes (in a
    /// rotating order, joined 3 s apart); the first, still handing partitions back, stops passing (killed) at +45 s. At every second, the rules each worker
    /// may evaluate — its engine's rules while its lease is valid, the stopped one's included until
    /// its lease ends — are disjoint, and once settled every rule has a worker, except the stopped
    /// one's for at most the TTL. The check that catches two workers on one rule at one instant.
    func testThreeWorkersNeverHoldARuleAtTheSameInstantAcrossRebalancingAndAKill() throws {
        let url = try database()
        let scratch = try WorkerScratch()
        let ids = (0..<96).map { "news-\($0)" }
        try rulesDirectory(scratch, ids: ids)
        let start: Int64 = 1_733_011_200
        let clock = ManualWorkerClock(start)
        let workers = try (0..<3).map { try worker("w\($0)", url: url, scratch: scratch, clock: clock) }
        // The first worker, still above its share (handing partitions back), is killed while the others are below theirs.
        let killedAt = start + 45
        var gaps: [Int64] = []
        var lastHeartbeatOfTheKilled: Int64?
        var everyRuleAgainAt: Int64?
        for now in start...(start + 300) {
            clock.set(now)
            let order = (0..<3).map { (Int(now - start) + $0) % 3 }
            // Joined 3 s apart, so their heartbeats fall at different instants, as on real machines.
            for index in order where now >= start + Int64(3 * index) && (index != 0 || now < killedAt) { workers[index].pass() }
            if now == killedAt - 1 { lastHeartbeatOfTheKilled = try lastHeartbeat(workers[0].workerID, url: url) }
            var owner: [String: Int] = [:]
            for (index, worker) in workers.enumerated() where (worker.leasedUntil ?? .min) > now {
                for rule in worker.activeRules {
                    if let other = owner[rule] { XCTFail("rule \(rule) evaluable by w\(other) and w\(index) at +\(now - start) s") }
                    owner[rule] = index
                }
            }
            if now > start + 200, owner.count < ids.count { gaps.append(now) }
            if now >= killedAt, everyRuleAgainAt == nil, owner.count == ids.count, owner.values.allSatisfy({ $0 != 0 }) { everyRuleAgainAt = now }
        }
        XCTAssertEqual(gaps, [], "rules without a worker after the takeover")
        let heartbeat = try XCTUnwrap(lastHeartbeatOfTheKilled)
        let back = try XCTUnwrap(everyRuleAgainAt, "the killed worker's rules were never taken over")
        XCTAssertLessThanOrEqual(back - heartbeat, 30, "taken over at the end of the killed worker's lease (TTL 30 s)")
        XCTAssertLessThanOrEqual(back - killedAt, 30, "within the TTL of the kill")
        print("3 workers, 96 rules, a pass a second: never one rule on two at once; the killed worker's rules back \(back - killedAt) s "
              + "after the kill, \(back - heartbeat) s after its last heartbeat (TTL 30 s)")
    }

    private func lastHeartbeat(_ id: String, url: String) throws -> Int64? {
        let store = try PostgresStore(url: url)
        defer { store.close() }
        return try store.connection.query("SELECT heartbeat FROM leavenow_workers WHERE id = $1", [id]).first?.int64(0)
    }

    /// (The lease table renamed away makes the heartbeat fail at once; a stopped server would too,
    /// after the connection's reconnect backoff on every statement of the pass.)
    func testAWorkerWhoseHeartbeatFailsStopsEvaluatingAtItsLeaseExpiry() throws {
        let url = try database()
        let cluster = try XCTUnwrap(Self.cluster)
        let scratch = try WorkerScratch()
        try rulesDirectory(scratch)
        let start: Int64 = 1_733_011_200
        let clock = ManualWorkerClock(start)
        let alone = try worker("alone", url: url, scratch: scratch, clock: clock)
        alone.pass()
        XCTAssertEqual(alone.activeRules.count, ruleIDs.count)

        let database = String(url.components(separatedBy: "@/").last?.split(separator: "?").first ?? "")
        try cluster.psql("ALTER TABLE leavenow_leases RENAME TO leavenow_leases_away", database: database)
        clock.set(start + 20)
        alone.pass()  // the heartbeat fails; the lease (until start + 30) still holds
        XCTAssertEqual(alone.activeRules.count, ruleIDs.count)
        clock.set(start + 30)
        alone.pass()
        XCTAssertEqual(alone.activeRules, [], "no rule is evaluated on an expired lease")

        try cluster.psql("ALTER TABLE leavenow_leases_away RENAME TO leavenow_leases", database: database)
        clock.set(start + 40)
        alone.pass()
        XCTAssertEqual(alone.activeRules.count, ruleIDs.count, "the leases come back with the table")
        let log = try String(contentsOfFile: scratch.path("alone.log"), encoding: .utf8)
        XCTAssertTrue(log.contains("event=leases.heartbeat_failed"), log)
    }

    /// The lease table edited under a running worker — a stray partition, a partition leased "forever"
    /// to a worker that does not exist, a deleted row — neither stops it nor leaves a rule without
    /// it: it logs each problem with its fix (once) and holds every partition again.
    func testAWorkerGoesOnThroughAHandEditedLeaseTableAndSaysWhatToFix() throws {
        let url = try database()
        let cluster = try XCTUnwrap(Self.cluster)
        let scratch = try WorkerScratch()
        try rulesDirectory(scratch)
        let start: Int64 = 1_733_011_200
        let clock = ManualWorkerClock(start)
        let alone = try worker("edited", url: url, scratch: scratch, clock: clock)
        alone.pass()
        XCTAssertEqual(alone.activeRules.count, ruleIDs.count)
        let database = String(url.components(separatedBy: "@/").last?.split(separator: "?").first ?? "")
        let partition = RulePartition.of(ruleIDs[0])
        try cluster.psql("""
            INSERT INTO leavenow_leases VALUES (70, 'ghost', 0);
            UPDATE leavenow_leases SET worker = 'ghost', expires_at = 9999999999 WHERE partition = \(partition);
            DELETE FROM leavenow_leases WHERE partition = \(RulePartition.of(ruleIDs[1]));
            """, database: database)
        for step in 1...8 {
            clock.set(start + Int64(10 * step))
            alone.pass()
        }
        XCTAssertEqual(Set(alone.activeRules), Set(ruleIDs), "every rule evaluated again after the edits")
        let log = try String(contentsOfFile: scratch.path("edited.log"), encoding: .utf8)
        let problems = LogLine.events("leases.table_problem", in: log)
        XCTAssertTrue(problems.contains { $0["msg"]?.contains("partitions outside 0…63 (70): they are ignored; remove them with DELETE FROM") == true },
                      log)
        XCTAssertEqual(problems.count, 1, "each problem logged once; the ghost's lease was taken and renewed: \(problems.map(\.fields))")
    }

    func testAPassSlowerThanTheLeaseCommitsNothing() throws {
        let url = try database()
        let scratch = try WorkerScratch()
        try rulesDirectory(scratch)
        let start: Int64 = 1_733_011_200
        // The pass reads the clock at its start; every later reading is 40 s on: past the 30 s lease.
        let clock = JumpingClock(start: start, jump: 40)
        let slow = try worker("slow", url: url, scratch: scratch, clock: clock)
        clock.arm()
        slow.pass()
        XCTAssertEqual(try PostgresStore(url: url).counts().values.reduce(0, +), 0, "nothing committed on an expired lease")
        let log = try String(contentsOfFile: scratch.path("slow.log"), encoding: .utf8)
        XCTAssertTrue(log.contains("the partition leases expired during the pass"), log)
    }
}

/// A clock that reads `start` once after ``arm()``, then `start + jump` (a pass that took that long).
private final class JumpingClock: WorkerClock, @unchecked Sendable {
    private let lock = NSLock()
    private let start: Double
    private let jump: Double
    private var readings = Int.max

    init(start: Int64, jump: Int64) {
        self.start = Double(start)
        self.jump = Double(jump)
    }

    func arm() { lock.withLock { readings = 0 } }

    func now() -> Double {
        lock.withLock {
            defer { readings += readings == Int.max ? 0 : 1 }
            return readings == 0 || readings == Int.max ? start : start + jump
        }
    }

    func realTime(of instant: Double) -> Date { Date() }
    var realSecondsPerSecond: Double { 0 }
}
