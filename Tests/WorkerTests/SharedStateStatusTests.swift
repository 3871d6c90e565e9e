import Foundation
import Store
import TestServers
import XCTest

/// `leavenow status` on a shared PostgreSQL state sees the fleet, not the last worker that wrote a
/// record (issue 23, item 2: "the worker: is not running" while three ran):
///
/// - three real `leavenow run` processes on one simulated clock (`--speed 10 --simulate-anchor`: the
///   30-s lease TTL passes in 3 real seconds; `status` reads the workers' clock from their records):
///   healthy, 3 live, in English and Japanese, text and JSON;
/// - one `kill -9`ed: after the TTL it is reported gone, its partitions taken over, still healthy;
/// - the two others stopped (SIGSTOP) past the TTL: a problem, no live worker (exit 1); resumed:
///   healthy again; stopped with SIGTERM: said, and a problem (nothing runs);
/// - in-process leases on the real clock: a worker whose lease expired while the live one did not
///   take its partitions over yet is a problem naming it; once taken over, healthy, the dead one gone.
final class SharedStateStatusTests: XCTestCase {
    nonisolated(unsafe) private static var cluster: PostgresCluster?
    private static let speed = 10.0

    override class func tearDown() {
        cluster?.destroy()
        cluster = nil
        super.tearDown()
    }

    private func database(_ name: String) throws -> String {
        if let reason = PostgresCluster.unavailableReason { throw XCTSkip(reason) }
        let cluster = try Self.cluster ?? PostgresCluster()
        Self.cluster = cluster
        try cluster.createDatabase(name)
        return cluster.socketURL(database: name)
    }

    /// Twelve leave-now rules on a bus every 10 minutes, 08:00–08:05 only (the test runs from 07:50
    /// of the workers' clock: nothing is sent), through a webhook nobody needs to answer.
    private func writeRules(_ scratch: WorkerScratch) throws {
        var yaml = WorkerConfig.webhookChannel() + "\n" + (try WorkerConfig.frequentBoard(in: scratch, folder: "rules", every: 10)) + "\nrules:\n"
        for index in 0..<12 {
            yaml += "  - {id: leave-\(index), kind: leave_now, board: frequent, heads_up: [0m], between: \"08:00-08:05\", channels: [hook]}\n"
        }
        try scratch.write("rules/config.yaml", yaml)
        try scratch.folder("fixtures")
    }

    private struct Status {
        var outcome: LeavenowProcess.Outcome
        var json: [String: Any]
        var workers: [[String: Any]] { json["workers"] as? [[String: Any]] ?? [] }
        var worker: [String: Any] { json["worker"] as? [String: Any] ?? [:] }
        var unheld: [Int] { (json["partitions"] as? [String: Any])?["unheld"] as? [Int] ?? [] }
    }

    private func status(_ scratch: WorkerScratch, _ url: String) throws -> Status {
        let json = try LeavenowProcess.run(["status", "--rules", scratch.path("rules"), "--state", url, "--cache-dir", scratch.path("cache"), "--json"])
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], json.all)
        return Status(outcome: json, json: object)
    }

    private func text(_ scratch: WorkerScratch, _ url: String, japanese: Bool = false) throws -> LeavenowProcess.Outcome {
        try LeavenowProcess.run(["status", "--rules", scratch.path("rules"), "--state", url, "--cache-dir", scratch.path("cache")],
                                environment: japanese ? ["LANG": "ja_JP.UTF-8"] : [:])
    }

    /// Polls `status --json` (every 100 ms, at most `timeout` s) until `done`; returns the last answer.
    private func poll(_ scratch: WorkerScratch, _ url: String, timeout: Double, until done: (Status) -> Bool) throws -> Status {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try status(scratch, url)
        while !done(last), Date() < deadline {
            usleep(100_000)
            last = try status(scratch, url)
        }
        return last
    }

    func testThreeRunningWorkersAreLiveTheKilledOneIsGoneAndTakenOverNoLiveWorkerIsAProblem() throws {
        let url = try database("status_fleet")
        let scratch = try WorkerScratch()
        try writeRules(scratch)
        let anchor = Date().timeIntervalSince1970 + 0.3
        var workers: [LeavenowProcess] = []
        for index in 0..<3 {
            workers.append(try LeavenowProcess(
                ["run", "--rules", scratch.path("rules"), "--state", url, "--cache-dir", scratch.path("cache-\(index)"),
                 "--fixtures", scratch.path("fixtures"), "--simulate-from", "2024-12-02T07:50", "--speed", "\(Int(Self.speed))",
                 "--simulate-anchor", String(format: "%.3f", anchor)],
                environment: ["LEAVENOW_TEST_HOOK_URL": "http://127.0.0.1:1/hook"]))
        }
        defer {
            for worker in workers where worker.process.isRunning {
                worker.signal(SIGCONT)
                worker.signal(SIGKILL)
            }
        }
        func logs() -> String { workers.map { $0.stderr.text.suffix(1_500) }.joined(separator: "\n---\n") }

        // Three live workers: healthy, and said so.
        let three = try poll(scratch, url, timeout: 20) { ($0.worker["live"] as? Int) == 3 && $0.unheld.isEmpty }
        XCTAssertEqual(three.outcome.status, 0, three.outcome.stdout + logs())
        XCTAssertEqual(three.json["healthy"] as? Bool, true, three.outcome.stdout)
        XCTAssertEqual(three.worker["running"] as? Bool, true, three.outcome.stdout)
        XCTAssertEqual(three.worker["live"] as? Int, 3, three.outcome.stdout)
        XCTAssertEqual(three.workers.map { $0["live"] as? Bool }, [true, true, true], three.outcome.stdout)
        XCTAssertEqual(Set(three.workers.compactMap { $0["pid"] as? Int }), Set(workers.map { Int($0.pid) }), three.outcome.stdout)
        let english = try text(scratch, url)
        XCTAssertEqual(english.status, 0, english.stdout)
        XCTAssertTrue(english.stdout.hasPrefix("health: ok ("), english.stdout)
        XCTAssertTrue(english.stdout.contains("\nworkers: 3 of 3 live (a heartbeat within the lease TTL of 30 s), holding "), english.stdout)
        XCTAssertFalse(english.stdout.contains("not running"), english.stdout)
        let japanese = try text(scratch, url, japanese: true)
        XCTAssertEqual(japanese.status, 0, japanese.stdout)
        XCTAssertTrue(japanese.stdout.hasPrefix("健康状態: 問題なし（"), japanese.stdout)
        XCTAssertTrue(japanese.stdout.contains("\nワーカー: 3 台中 3 台が稼働中（リースの TTL 30 秒以内にハートビートあり）、パーティション 64 個中 "), japanese.stdout)

        // One killed: after its TTL it is gone, the others took its partitions over, still healthy.
        let victim = workers[0]
        let victimID = try XCTUnwrap(three.workers.first { ($0["pid"] as? Int) == Int(victim.pid) }?["id"] as? String)
        victim.signal(SIGKILL)
        victim.wait(timeout: 10)
        let taken = try poll(scratch, url, timeout: 15) { status in
            status.workers.contains { ($0["id"] as? String) == victimID && ($0["live"] as? Bool) == false } && status.unheld.isEmpty
                && (status.worker["live"] as? Int) == 2
        }
        XCTAssertEqual(taken.outcome.status, 0, taken.outcome.stdout + logs())
        XCTAssertEqual(taken.json["healthy"] as? Bool, true, taken.outcome.stdout)
        XCTAssertEqual(taken.workers.first { ($0["id"] as? String) == victimID }?["leases"] as? Int, 0, taken.outcome.stdout)
        XCTAssertEqual(taken.workers.filter { ($0["live"] as? Bool) == true }.compactMap { $0["leases"] as? Int }.reduce(0, +), 64,
                       taken.outcome.stdout)
        let goneText = try text(scratch, url)
        XCTAssertEqual(goneText.status, 0, goneText.stdout)
        XCTAssertTrue(goneText.stdout.contains("\nworkers: 2 of 3 live (a heartbeat within the lease TTL of 30 s), holding 64 of 64 partitions\n"),
                      goneText.stdout)
        XCTAssertTrue(goneText.stdout.contains("\nworker \(victimID.prefix(8)) (pid \(victim.pid) on "), goneText.stdout)
        XCTAssertTrue(goneText.stdout.contains("live workers took its partitions over\n"), goneText.stdout)
        XCTAssertNotNil(goneText.stdout.range(of: "\(victimID)\\s+\\S+\\s+\(victim.pid)\\s+gone\\s+0\\s", options: .regularExpression), goneText.stdout)
        let goneJapanese = try text(scratch, url, japanese: true)
        XCTAssertTrue(goneJapanese.stdout.contains("\nワーカー \(victimID.prefix(8))（"), goneJapanese.stdout)
        XCTAssertTrue(goneJapanese.stdout.contains("そのパーティションは稼働中のワーカーが引き継ぎました\n"), goneJapanese.stdout)

        // The two others frozen past the TTL: nobody evaluates the rules — a problem, exit 1.
        let survivors = Array(workers.dropFirst())
        for worker in survivors { worker.signal(SIGSTOP) }
        // (Between the two lapses — their heartbeats may be a second of their clock apart — one is
        // live and the other's partitions have nobody: a problem too, naming that worker.)
        let frozen = try poll(scratch, url, timeout: 15) { ($0.worker["running"] as? Bool) == false }
        XCTAssertEqual(frozen.outcome.status, 1, frozen.outcome.stdout)
        XCTAssertEqual(frozen.worker["running"] as? Bool, false, frozen.outcome.stdout)
        XCTAssertEqual(frozen.unheld.count, 64, frozen.outcome.stdout)
        XCTAssertEqual((frozen.json["health"] as? [[String: Any]])?.map { $0["kind"] as? String }, ["worker"], frozen.outcome.stdout)
        let frozenText = try text(scratch, url)
        XCTAssertTrue(frozenText.stdout.hasPrefix("health: 1 problem (exit status 1)\n  the workers: none is live (the last heartbeat was "),
                      frozenText.stdout)
        XCTAssertTrue(frozenText.stdout.contains("; the lease TTL is 30 s): no rule runs, nothing is sent (since "), frozenText.stdout)
        XCTAssertTrue(frozenText.stdout.contains("\nworkers: none live (the last heartbeat "), frozenText.stdout)
        let frozenJapanese = try text(scratch, url, japanese: true)
        XCTAssertTrue(frozenJapanese.stdout.hasPrefix("健康状態: 問題 1 件（終了コード 1）\n  共有状態のワーカー：稼働中のものがありません（最後のハートビートは "),
                      frozenJapanese.stdout)

        // Resumed: they heartbeat, take the partitions back, healthy again.
        for worker in survivors { worker.signal(SIGCONT) }
        let resumed = try poll(scratch, url, timeout: 15) { $0.outcome.status == 0 && $0.unheld.isEmpty }
        XCTAssertEqual(resumed.outcome.status, 0, resumed.outcome.stdout + logs())
        XCTAssertEqual(resumed.worker["live"] as? Int, 2, resumed.outcome.stdout)

        // Stopped (SIGTERM): they hand their partitions back and say so; nothing runs, a problem.
        for worker in survivors { worker.signal(SIGTERM) }
        for worker in survivors { XCTAssertEqual(worker.wait(timeout: 30), 0, worker.stderr.text.suffix(2_000).description) }
        let stopped = try status(scratch, url)
        XCTAssertEqual(stopped.outcome.status, 1, stopped.outcome.stdout)
        XCTAssertEqual((stopped.worker["stopped"] as? [String: Any])?["reason"] as? String, "signal", stopped.outcome.stdout)
        let stoppedText = try text(scratch, url)
        XCTAssertTrue(stoppedText.stdout.hasPrefix("health: 1 problem (exit status 1)\n  the worker: stopped at "), stoppedText.stdout)
        XCTAssertTrue(stoppedText.stdout.contains("\nworker: stopped at "), stoppedText.stdout)
    }

    /// The `health:` heartbeat of a fleet: one worker pings — the one leasing the watchdog's
    /// partition — not each of them; when it dies, another takes the partition over at the end of
    /// its lease and pings on.
    func testTheFleetPingsTheHeartbeatOnceAndAnotherWorkerTakesOverWhenThePingerDies() throws {
        let url = try database("status_heartbeat")
        let scratch = try WorkerScratch()
        try writeRules(scratch)
        try scratch.write("rules/health.yaml", "health:\n  heartbeat: {url_env: LEAVENOW_HEARTBEAT_URL, every: 1m}\n")
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script([], dedupe: true)
        // 60×: `every: 1m` is a real second, the 30-s TTL half a second.
        let anchor = Date().timeIntervalSince1970 + 0.3
        var workers: [LeavenowProcess] = []
        for index in 0..<3 {
            workers.append(try LeavenowProcess(
                ["run", "--rules", scratch.path("rules"), "--state", url, "--cache-dir", scratch.path("cache-\(index)"),
                 "--fixtures", scratch.path("fixtures"), "--simulate-from", "2024-12-02T07:00", "--speed", "60",
                 "--simulate-anchor", String(format: "%.3f", anchor)],
                environment: ["LEAVENOW_TEST_HOOK_URL": sink.url, "LEAVENOW_HEARTBEAT_URL": "http://127.0.0.1:\(sink.port)/ping/fleet"]))
        }
        defer { for worker in workers where worker.process.isRunning { worker.signal(SIGKILL) } }
        func pings() throws -> [Double] { try sink.all().requests.filter { $0.path == "/ping/fleet" }.map(\.arrival) }
        let deadline = Date().addingTimeInterval(20)
        while try pings().isEmpty, Date() < deadline { usleep(50_000) }
        let start = Date().timeIntervalSince1970
        Thread.sleep(forTimeInterval: 5)
        let beforeKill = try pings().filter { $0 >= start }
        // One pinger: about one ping a second (three would ping about three times as often).
        XCTAssertGreaterThanOrEqual(beforeKill.count, 3, "\(beforeKill)")
        XCTAssertLessThanOrEqual(beforeKill.count, 7, "pinged by more than one worker: \(beforeKill)")

        // The pinger is the worker leasing the watchdog's partition: killed, another pings on.
        let check = try PostgresStore(url: url)
        defer { check.close() }
        let holder = try XCTUnwrap(try check.connection.query("""
            SELECT w.pid FROM leavenow_leases l JOIN leavenow_workers w ON w.id = l.worker WHERE l.partition = $1::integer
            """, [String(RulePartition.of("@health"))]).first?.int64(0))
        let pinger = try XCTUnwrap(workers.first { Int64($0.pid) == holder })
        pinger.signal(SIGKILL)
        pinger.wait(timeout: 10)
        let killed = Date().timeIntervalSince1970
        Thread.sleep(forTimeInterval: 5)
        let afterKill = try pings().filter { $0 > killed }
        XCTAssertGreaterThanOrEqual(afterKill.count, 2, "nobody pinged after the pinger died: " + workers.map { $0.stderr.text.suffix(800) }.joined())
        XCTAssertLessThanOrEqual(afterKill.count, 7, "\(afterKill)")
    }

    func testALeaseThatExpiredWithoutATakeoverIsAProblemUntilALiveWorkerTakesItOver() throws {
        let url = try database("status_expired")
        let scratch = try WorkerScratch()
        try writeRules(scratch)
        let store = try PostgresStore(url: url)
        defer { store.close() }
        // On the real clock (no worker record: `status` reads the real one). "dead" joined 40 s ago
        // and took every partition; "live" joined 15 s ago, while dead's leases still held (they
        // expired 10 s ago): it holds none, and will take them at its next heartbeat.
        let now = Int64(Date().timeIntervalSince1970)
        let dead = WorkerLeases(connection: store.connection, id: "dead", host: "host-d", pid: 4614)
        XCTAssertEqual(try dead.join(now: now - 40).count, 64)
        let live = WorkerLeases(connection: store.connection, id: "live", host: "host-l", pid: 4615)
        XCTAssertEqual(try live.join(now: now - 15).count, 0)

        let expired = try status(scratch, url)
        XCTAssertEqual(expired.outcome.status, 1, expired.outcome.stdout)
        XCTAssertEqual(expired.worker["running"] as? Bool, true, "a worker is live: \(expired.outcome.stdout)")
        XCTAssertEqual(expired.unheld.count, 64, expired.outcome.stdout)
        XCTAssertEqual((expired.json["health"] as? [[String: Any]])?.map { $0["subject"] as? String }, ["dead"], expired.outcome.stdout)
        let english = try text(scratch, url)
        XCTAssertTrue(english.stdout.hasPrefix("health: 1 problem (exit status 1)\n  worker dead: its heartbeat stopped at "), english.stdout)
        XCTAssertTrue(english.stdout.contains(" (pid 4614 on host-d), its lease expired, and no live worker has taken over its 64 partitions: "
                                              + "12 rules are not evaluated (since "), english.stdout)
        XCTAssertTrue(english.stdout.contains("\nleave-0   leave_now  not evaluated: no live worker holds its partition\n"), english.stdout)
        let japanese = try text(scratch, url, japanese: true)
        XCTAssertTrue(japanese.stdout.hasPrefix("健康状態: 問題 1 件（終了コード 1）\n  ワーカー dead："), japanese.stdout)
        XCTAssertTrue(japanese.stdout.contains("（host-d の pid 4614）、リースが切れましたが、その 64 個のパーティションを引き継いだ稼働中のワーカーがいません。"
                                               + "12 件のルールが評価されていません（"), japanese.stdout)

        // The live worker's next heartbeat takes them over: healthy, the dead one gone.
        XCTAssertEqual(try live.heartbeat(now: Int64(Date().timeIntervalSince1970)).count, 64)
        let taken = try text(scratch, url)
        XCTAssertEqual(taken.status, 0, taken.stdout)
        XCTAssertTrue(taken.stdout.contains("\nworkers: 1 of 2 live (a heartbeat within the lease TTL of 30 s), holding 64 of 64 partitions\n"),
                      taken.stdout)
        XCTAssertTrue(taken.stdout.contains("\nworker dead (pid 4614 on host-d) is gone: its last heartbeat was "), taken.stdout)
    }
}
