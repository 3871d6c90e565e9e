import Foundation
import Store
import TestServers
import XCTest

/// Three long-running `leavenow run` workers on one PostgreSQL state, 1,000 rules, one simulated
/// clock (`--simulate-from 07:57:30 --speed 10 --simulate-anchor`, shared to the millisecond, so the
/// 30-s lease TTL passes in 3 real seconds):
///
/// - a burst of 1,500 notifications: at 07:58:50 500 article rules × 2 new entries, at 07:59 500
///   leave-nows (a 1-minute walk: each expires at 08:00, when the claims of 07:59 end), which go
///   out before the articles still queued (the earliest expiry first);
/// - `kill -9` of the worker holding the most partitions once it sent 10 of its leave-nows (articles
///   and leave-nows in flight, more of both claimed), while the other two keep running;
/// - then: every article notification delivered, each `Idempotency-Key` accepted once by a sink that
///   honours it, sent twice at most what was in flight at the kill; nothing sent after its expiry
///   (the dead worker's unsent leave-nows expire with their claims, never sent); the dead worker's
///   partitions taken over at the end of its lease — within the TTL of the kill, measured; its rules
///   adopted with the state it committed (`leases.adopted … states=`, one per rule taken); and at
///   08:00:20 a third entry is notified by all 500 article rules once.
final class SharedStateKillTests: XCTestCase {
    nonisolated(unsafe) private static var cluster: PostgresCluster?
    private static let speed = 10.0
    private static let ttl = 30.0
    /// 2024-12-02T07:57:30+09:00 (a Monday): 80 s for the leases to spread over the three before the burst.
    private static let simulatedStart: Int64 = 1_733_093_850
    private static let leaveNowRules = 500, articleRules = 500

    override class func tearDown() {
        cluster?.destroy()
        cluster = nil
        super.tearDown()
    }

    /// An Atom feed with the given entry ids.
    private static func feed(_ ids: [String]) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom"><title>Test feed</title><id>urn:test:feed</id>
            <updated>2024-12-01T00:00:00Z</updated>

            """
        for id in ids {
            text += "<entry><id>urn:test:\(id)</id><title>Article \(id)</title><link href=\"https://example.com/\(id)\"/>"
                + "<published>2024-12-01T00:00:00Z</published><updated>2024-12-01T00:00:00Z</updated></entry>\n"
        }
        return text + "</feed>\n"
    }

    private func writeRules(_ scratch: WorkerScratch) throws {
        var yaml = WorkerConfig.webhookChannel() + "\n"
        yaml += try WorkerConfig.frequentBoard(in: scratch, folder: "rules", every: 10, walk: "1m")
        yaml += "\nfeeds:\n  - id: news\n    url: https://example.com/feed.xml\n    refresh: 15m\nrules:\n"
        for index in 0..<Self.leaveNowRules {
            yaml += "  - id: leave-\(index)\n    kind: leave_now\n    board: frequent\n    heads_up: [0m]\n"
                + "    between: \"08:00-08:05\"\n    channels: [hook]\n    language: en\n"
        }
        for index in 0..<Self.articleRules {
            yaml += "  - id: news-\(index)\n    kind: new_article\n    feed: news\n    channels: [hook]\n    language: en\n"
        }
        try scratch.write("rules/config.yaml", yaml)
        try scratch.write("fixtures/feeds/news/2024-12-02T07:00:00+09:00.xml", Self.feed(["a0"]))
        try scratch.write("fixtures/feeds/news/2024-12-02T07:58:50+09:00.xml", Self.feed(["a0", "b0", "b1"]))
        try scratch.write("fixtures/feeds/news/2024-12-02T08:00:20+09:00.xml", Self.feed(["a0", "b0", "b1", "c0"]))
    }

    func testThreeRunningWorkersOneKilledMidSendEveryNotificationOnceTakenOverWithinTheTTL() throws {
        if let reason = PostgresCluster.unavailableReason, getuid() != 0 { throw XCTSkip(reason) }
        let cluster = try Self.cluster ?? PostgresCluster()
        Self.cluster = cluster
        try cluster.createDatabase("kill_running")
        let url = cluster.socketURL(database: "kill_running")
        let scratch = try WorkerScratch()
        try writeRules(scratch)
        let burst = Self.leaveNowRules + 2 * Self.articleRules
        let total = burst + Self.articleRules
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        // 100 ms a request (160/s per worker): the killed worker is still sending its share when it is killed.
        try sink.script(Array(repeating: ["stall_ms": 100, "status": 204], count: total + 100), dedupe: true)

        let anchor = Date().timeIntervalSince1970 + 0.5
        func simulated(_ real: Double) -> Double { Double(Self.simulatedStart) + (real - anchor) * Self.speed }
        var workers: [LeavenowProcess] = []
        for index in 0..<3 {
            workers.append(try LeavenowProcess(
                ["run", "--rules", scratch.path("rules"), "--state", url, "--cache-dir", scratch.path("cache-\(index)"),
                 "--fixtures", scratch.path("fixtures"), "--simulate-from", "2024-12-02T07:57:30", "--speed", "\(Int(Self.speed))",
                 "--simulate-anchor", String(format: "%.3f", anchor)],
                environment: ["LEAVENOW_TEST_HOOK_URL": sink.url]))
        }
        defer {
            for worker in workers where worker.process.isRunning { worker.signal(SIGKILL) }
        }
        let check = try PostgresStore(url: url)
        defer { check.close() }
        func pids() throws -> [String: Int32] {
            var result: [String: Int32] = [:]
            for row in try check.connection.query("SELECT id, pid FROM leavenow_workers") { result[try row.text(0)] = Int32(try row.int64(1)) }
            return result
        }

        // Just before the burst (07:58:45): the worker holding the most partitions is the one to kill.
        let beforeBurst = anchor + 75 / Self.speed
        Thread.sleep(forTimeInterval: max(0, beforeBurst - Date().timeIntervalSince1970))
        for worker in workers { XCTAssertTrue(worker.process.isRunning, worker.stderr.text.suffix(2_000).description) }
        let nowSimulated = Int64(simulated(Date().timeIntervalSince1970))
        var holdings: [String: Int] = [:]
        for row in try check.connection.query("SELECT worker, COUNT(*) FROM leavenow_leases WHERE worker IS NOT NULL AND expires_at > $1::bigint GROUP BY worker",
                                              [String(nowSimulated)]) {
            holdings[try row.text(0)] = Int(try row.int64(1))
        }
        XCTAssertEqual(holdings.count, 3, "all three workers hold partitions before the burst: \(holdings)\n"
                       + workers.map { $0.lines.filter { $0.contains("leases") || $0.contains("error") }.prefix(40).joined(separator: "\n") }
                           .joined(separator: "\n---\n"))
        XCTAssertLessThanOrEqual(holdings.values.reduce(0, +), 64, "(a few may be between a hand-back and a take)")
        let (victimID, victimShare) = try XCTUnwrap(holdings.max { $0.value < $1.value })
        let victimPID = try XCTUnwrap(try pids()[victimID])
        let victim = try XCTUnwrap(workers.first { $0.pid == victimPID })
        let survivors = workers.filter { $0.pid != victimPID }

        // Mid-send: 10 of its leave-nows sent (from 07:59), more of them and of its articles in flight or claimed.
        let sentLine = victim.waitForLine(timeout: 30) { _ in
            victim.lines.filter { $0.contains("event=notification.sent") && $0.contains("rule=leave-") }.count >= 10
        }
        XCTAssertNotNil(sentLine, victim.stderr.text.suffix(3_000).description)
        let linesAtKill = survivors.map(\.lines.count)
        victim.signal(SIGKILL)
        let killedAt = Date().timeIntervalSince1970
        victim.wait(timeout: 10)
        let sentByVictim = victim.lines.filter { $0.contains("event=notification.sent") }.count
        XCTAssertLessThan(sentByVictim, burst / 3, "the victim had finished its share before the kill: make the sink slower")

        // Its partitions and its last heartbeat, as the database has them now.
        let orphaned = Set(try check.connection.query("SELECT partition FROM leavenow_leases WHERE worker = $1", [victimID]).map { try $0.int64(0) })
        let lastHeartbeat = try XCTUnwrap(try check.connection.query("SELECT heartbeat FROM leavenow_workers WHERE id = $1", [victimID]).first?.int64(0))
        XCTAssertFalse(orphaned.isEmpty)
        let claimedAtKill = Set(try check.connection.query("SELECT key FROM outbox WHERE claimed_by = $1 AND status = 'pending'", [victimID])
            .map { try $0.text(0) })

        // Taken over: every orphaned partition leased by a survivor (polled every 20 ms of real time).
        var takenOverAt: Double?
        let pollEnd = Date().addingTimeInterval(Self.ttl * 3 / Self.speed + 10)
        while Date() < pollEnd {
            let now = simulated(Date().timeIntervalSince1970)
            let rows = try check.connection.query("SELECT partition, worker, expires_at FROM leavenow_leases WHERE partition = ANY($1::bigint[])",
                                                  ["{" + orphaned.map(String.init).joined(separator: ",") + "}"])
            var moved = 0
            for row in rows where row.optionalText(1) != victimID && row.optionalText(1) != nil && Double(row.optionalInt64(2) ?? 0) > now {
                moved += 1
            }
            if moved > 0 {
                XCTAssertGreaterThanOrEqual(now, Double(lastHeartbeat) + Self.ttl - 1,
                                            "a partition of the dead worker was taken before its lease ended (\(moved) moved)")
            }
            if moved == orphaned.count {
                takenOverAt = Date().timeIntervalSince1970
                break
            }
            usleep(20_000)
        }
        let takeoverReal = try XCTUnwrap(takenOverAt, "the dead worker's partitions were not taken over")
        let takeoverSimulated = (takeoverReal - killedAt) * Self.speed
        let sinceHeartbeat = simulated(takeoverReal) - Double(lastHeartbeat)
        // Within the TTL of the kill (the lease ends at the last heartbeat + TTL ≤ the kill + TTL), with
        // 2 simulated seconds (200 ms) for the survivors' processes to be scheduled on a busy machine.
        XCTAssertLessThanOrEqual(takeoverSimulated, Self.ttl + 2, "taken over \(takeoverSimulated) s after the kill (TTL \(Self.ttl) s)")

        // The survivors read the committed state of every rule they took over (each had run and committed one).
        let victimRules = (0..<Self.leaveNowRules).map { "leave-\($0)" } + (0..<Self.articleRules).map { "news-\($0)" }
        let orphanedRules = victimRules.filter { orphaned.contains(Int64(RulePartition.of($0))) }.count
        func adoptedSinceTheKill() -> (taken: Int, states: Int) {
            var adopted = (taken: 0, states: 0)
            for (index, worker) in survivors.enumerated() {
                for line in worker.lines.dropFirst(linesAtKill[index]).map(LogLine.init) where line.event == "leases.adopted" {
                    adopted.taken += Int(line["taken"] ?? "") ?? 0
                    adopted.states += Int(line["states"] ?? "") ?? 0
                }
            }
            return adopted
        }
        // (Logged once the adoption is done, a moment after the lease rows changed hands.)
        let adoptionEnd = Date().addingTimeInterval(10)
        while adoptedSinceTheKill().taken < orphanedRules, Date() < adoptionEnd { usleep(20_000) }
        let adopted = adoptedSinceTheKill()
        XCTAssertGreaterThanOrEqual(adopted.taken, orphanedRules, "the dead worker's rules were not all adopted: "
                                    + survivors.map { $0.lines.filter { $0.contains("leases.") }.suffix(6).joined(separator: "\n") }.joined(separator: "\n---\n"))
        XCTAssertEqual(adopted.states, adopted.taken, "a rule taken over without its committed state")

        // Everything sent: 1,500 articles delivered, each leave-now delivered or expired.
        let end = Date().addingTimeInterval(60)
        var pending = 1
        while Date() < end {
            let counts = try check.counts()
            pending = counts[.pending] ?? 0
            if pending == 0, counts.values.reduce(0, +) == total { break }
            usleep(100_000)
        }
        let left = try check.counts()
        XCTAssertEqual(pending, 0, "pending entries left: \(left)")
        for worker in survivors { XCTAssertTrue(worker.process.isRunning, worker.stderr.text.suffix(2_000).description) }
        for worker in survivors { worker.signal(SIGTERM) }
        for worker in survivors { XCTAssertEqual(worker.wait(timeout: 30), 0, worker.stderr.text.suffix(2_000).description) }

        var entries: [String: (status: String, expiresAt: Int64?)] = [:]
        for row in try check.connection.query("SELECT key, status, expires_at FROM outbox") {
            entries[try row.text(0)] = (try row.text(1), row.optionalInt64(2))
        }
        XCTAssertEqual(entries.count, total, "each rule decided each notification once")
        let articles = entries.filter { $0.key.hasPrefix("news-") }
        let leaveNows = entries.filter { $0.key.hasPrefix("leave-") }
        XCTAssertEqual(articles.count, 3 * Self.articleRules, "b0, b1 and (after the takeover, from the state committed) c0 by every article rule")
        XCTAssertEqual(articles.values.filter { $0.status == "delivered" }.count, articles.count, "every article delivered")
        XCTAssertEqual(leaveNows.count, Self.leaveNowRules)
        let expired = Set(leaveNows.filter { $0.value.status == "expired" }.map(\.key))
        XCTAssertEqual(leaveNows.values.filter { $0.status == "delivered" }.count + expired.count, Self.leaveNowRules)
        XCTAssertTrue(expired.isSubset(of: claimedAtKill), "expired but not held by the dead worker: \(expired.subtracting(claimedAtKill).sorted().prefix(5))")

        let (requests, duplicates) = try sink.all()
        var taken: [String: Int] = [:]
        for request in requests where request.taken { if let key = request.key { taken[key, default: 0] += 1 } }
        XCTAssertEqual(taken.values.filter { $0 > 1 }.count, 0, "a key accepted twice")
        for (key, entry) in entries where entry.status == "delivered" { XCTAssertEqual(taken[key], 1, "\(key) delivered but not accepted once") }
        XCTAssertLessThanOrEqual(duplicates, 16, "sent again: more than the dead worker's pool in flight at the kill")
        // Nothing sent after its expiry (a second of the clock's rounding allowed), by anyone.
        for request in requests {
            guard let key = request.key, let expiry = entries[key]?.expiresAt else { continue }
            XCTAssertLessThan(simulated(request.arrival), Double(expiry) + 1, "\(key) arrived after its expiry")
            if expired.contains(key) {
                XCTAssertLessThan(request.arrival, killedAt + 0.05, "\(key) expired in the outbox, yet sent after the kill")
            }
        }
        print("3 running workers, \(Self.leaveNowRules + Self.articleRules) rules, burst of \(burst) at 07:59: killed the worker holding "
              + "\(victimShare) of 64 partitions after \(sentByVictim) sent; its \(orphaned.count) partitions taken over "
              + String(format: "%.1f", takeoverSimulated) + " s (simulated) after the kill, "
              + String(format: "%.1f", sinceHeartbeat) + " s after its last heartbeat (TTL 30 s); \(claimedAtKill.count) of its claims "
              + "pending at the kill, \(expired.count) leave-nows expired (none sent after the kill), \(duplicates) sent again and accepted once; "
              + "\(total) decided once, \(articles.count) articles delivered")
    }
}
