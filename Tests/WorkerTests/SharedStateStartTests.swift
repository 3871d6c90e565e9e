import Foundation
import Store
import TestServers
import XCTest

/// A long-running `leavenow run` on a PostgreSQL state whose server is not there: down at the start
/// (retried with backoff, logged, said by `status` from the worker's record in its cache directory,
/// then the worker starts when the server does), stopped while it runs (one reconnect backoff, then
/// each pass fails at once; `status` says so; it goes on when the server is back), and what is not
/// worth a retry — a refused login, a newer schema — ending the worker with what to fix.
final class SharedStateStartTests: XCTestCase {
    nonisolated(unsafe) private static var cluster: PostgresCluster?
    private static let password = "start-Pass_w0rd-5150"

    override class func tearDown() {
        cluster?.destroy()
        cluster = nil
        super.tearDown()
    }

    private func cluster() throws -> PostgresCluster {
        if let reason = PostgresCluster.unavailableReason, getuid() != 0 { throw XCTSkip(reason) }
        if let cluster = Self.cluster { return cluster }
        let cluster = try PostgresCluster()
        try cluster.psql("CREATE ROLE leavenow LOGIN PASSWORD '\(Self.password)'")
        Self.cluster = cluster
        return cluster
    }

    private func scratch() throws -> WorkerScratch {
        let scratch = try WorkerScratch()
        try scratch.write("rules/config.yaml", WorkerConfig.webhookChannel() + "\n" + WorkerConfig.feedRule())
        try scratch.write("fixtures/feeds/news/2024-12-01T09:00:00+09:00.xml", WorkerConfig.atomFeed(entries: 2))
        return scratch
    }

    /// `leavenow run` on a clock 10× faster than real time (a heartbeat every real second; the
    /// connection's backoff and retries wait real time).
    private func run(_ scratch: WorkerScratch, state: String, environment: [String: String] = [:]) throws -> LeavenowProcess {
        try LeavenowProcess(["run", "--rules", scratch.path("rules"), "--state", state, "--cache-dir", scratch.path("cache"),
                             "--fixtures", scratch.path("fixtures"), "--simulate-from", "2024-12-01T09:30", "--speed", "10"],
                            environment: ["LEAVENOW_TEST_HOOK_URL": "http://127.0.0.1:1/hook"].merging(environment) { _, new in new })
    }

    private func status(_ scratch: WorkerScratch, state: String) throws -> LeavenowProcess.Outcome {
        try LeavenowProcess.run(["status", "--rules", scratch.path("rules"), "--state", state, "--cache-dir", scratch.path("cache")],
                                environment: ["LEAVENOW_TEST_HOOK_URL": "http://127.0.0.1:1/hook"])
    }

    func testAServerDownAtTheStartIsWaitedForLoggedAndShownByStatusThenTheWorkerStarts() throws {
        let cluster = try cluster()
        try cluster.createDatabase("down_at_start")
        let url = cluster.socketURL(database: "down_at_start")
        let scratch = try scratch()
        cluster.stop()
        defer { try? cluster.start() }
        let worker = try run(scratch, state: url)
        defer { worker.signal(SIGKILL); worker.wait(timeout: 10) }
        // Attempts at 0 and 1 s (then 3 s, 7 s, …): logged, the process still running.
        XCTAssertNotNil(worker.waitForLine(timeout: 20) { _ in LogLine.events("state.unreachable", in: worker.stderr.text).count >= 2 },
                        worker.stderr.text)
        XCTAssertTrue(worker.process.isRunning, "the worker exited instead of waiting: \(worker.stderr.text)")
        let line = try XCTUnwrap(LogLine.events("state.unreachable", in: worker.stderr.text).first)
        XCTAssertEqual(line["attempt"], "1")
        XCTAssertEqual(line["retry_in"], "1s")
        XCTAssertTrue(line["msg"]?.contains("No such file or directory") == true, line.fields.description)
        XCTAssertTrue(line["msg"]?.contains("is the server running") == true, line.fields.description)

        // status cannot read the database either: it says so, and what the worker on this machine does.
        let down = try status(scratch, state: url)
        XCTAssertEqual(down.status, 1, down.all)
        XCTAssertTrue(down.stderr.contains("cannot read the state: \(url): connecting:"), down.stderr)
        XCTAssertTrue(down.stderr.contains("worker pid \(worker.pid) on this machine: waiting for the PostgreSQL server \(url) since "), down.stderr)
        XCTAssertTrue(down.stderr.contains("(not started: no rule runs until it answers)"), down.stderr)
        XCTAssertNotNil(down.stderr.range(of: #"[0-9]+ failed attempts?, next at 20"#, options: .regularExpression), down.stderr)

        // The server comes up: the worker connects at its next attempt (within 8 s) and does its work.
        try cluster.start()
        XCTAssertNotNil(worker.waitForLine(timeout: 20) { $0.contains("event=state.connected") }, worker.stderr.text)
        XCTAssertNotNil(worker.waitForLine(timeout: 30) { $0.contains("event=notification.queued") }, worker.stderr.text)
        let up = try status(scratch, state: url)
        // Read, and healthy: `status` judges the heartbeats on the worker's own clock (simulated,
        // December 2024), read from its status record.
        XCTAssertEqual(up.status, 0, up.all)
        XCTAssertTrue(up.stdout.hasPrefix("health: ok ("), up.stdout)
        XCTAssertTrue(up.stdout.contains("\nworkers: 1 of 1 live "), up.stdout)
        XCTAssertFalse(up.stdout.contains("waiting for the PostgreSQL server"), up.stdout)
        XCTAssertTrue(up.stdout.contains("workers sharing the PostgreSQL state:"), up.stdout)
        worker.signal(SIGTERM)
        XCTAssertEqual(worker.wait(timeout: 30), 0, worker.stderr.text)
    }

    func testAServerStoppedWhileRunningCostsOneBackoffThenPassesFailFastAndStatusSaysSo() throws {
        // (Each pass's heartbeat that waited the whole backoff would allow one failure in 4 s.)
        let cluster = try cluster()
        try cluster.createDatabase("stopped_later")
        let url = cluster.socketURL(database: "stopped_later")
        let scratch = try scratch()
        let worker = try run(scratch, state: url)
        defer { worker.signal(SIGKILL); worker.wait(timeout: 10) }
        XCTAssertNotNil(worker.waitForLine(timeout: 30) { $0.contains("event=notification.queued") }, worker.stderr.text)
        cluster.stop()
        defer { try? cluster.start() }
        let stoppedAt = Date()
        // The first failing heartbeat waits through the reconnect backoff (6.3 s); after it the worker
        // tries again every second of its clock (0.1 s here), and each attempt fails at once until the
        // server's retry time: many failures in the next 4 s, not one per backoff.
        XCTAssertNotNil(worker.waitForLine(timeout: 30) { $0.contains("event=leases.heartbeat_failed") }, worker.stderr.text)
        let firstFailure = Date()
        Thread.sleep(forTimeInterval: 4)
        let failures = LogLine.events("leases.heartbeat_failed", in: worker.stderr.text)
        XCTAssertGreaterThanOrEqual(failures.count, 5, "each pass waited through the backoff: \(failures.map(\.fields))")
        XCTAssertTrue(failures.dropFirst().contains { $0["msg"]?.contains("the server is still unreachable") == true },
                      failures.map(\.fields).description)
        print("server stopped: first heartbeat failure after \(String(format: "%.1f", firstFailure.timeIntervalSince(stoppedAt))) s, "
              + "\(failures.count) failures in the next 4 s")
        XCTAssertNotNil(worker.waitForLine(timeout: 5) { $0.contains("event=state.unreachable") }, worker.stderr.text)
        let down = try status(scratch, state: url)
        XCTAssertEqual(down.status, 1, down.all)
        XCTAssertTrue(down.stderr.contains("worker pid \(worker.pid) on this machine: cannot reach the PostgreSQL server \(url) since "),
                      down.stderr)

        try cluster.start()
        XCTAssertNotNil(worker.waitForLine(timeout: 60) { $0.contains("event=state.connected") && $0.contains("answers again") },
                        worker.stderr.text)
        XCTAssertTrue(worker.process.isRunning)
        // Read, and healthy once the worker heartbeats again (judged on its simulated clock).
        var up = try status(scratch, state: url)
        let deadline = Date().addingTimeInterval(10)
        while up.status != 0, Date() < deadline {
            usleep(100_000)
            up = try status(scratch, state: url)
        }
        XCTAssertEqual(up.status, 0, up.all)
        XCTAssertTrue(up.stdout.hasPrefix("health: ok ("), up.stdout)
        XCTAssertFalse(up.stdout.contains("cannot reach"), up.stdout)
        worker.signal(SIGTERM)
        XCTAssertEqual(worker.wait(timeout: 30), 0, worker.stderr.text)
    }

    func testARefusedLoginOrANewerSchemaEndsTheWorkerWithWhatToFixNotARetry() throws {
        let cluster = try cluster()
        try cluster.psql("CREATE DATABASE refused OWNER leavenow")
        let scratch = try scratch()
        let wrong = cluster.tcpURL(database: "refused", user: "leavenow", password: "not-" + Self.password)
        let refused = try run(scratch, state: wrong)
        let refusedStatus = refused.wait(timeout: 30)
        XCTAssertEqual(refusedStatus, 1, "the worker kept running (or was killed): \(refused.stderr.text)")
        XCTAssertFalse(refused.stderr.text.contains(Self.password), refused.stderr.text)
        XCTAssertTrue(refused.stderr.text.contains("password authentication failed for user \"leavenow\" (check the password"), refused.stderr.text)
        XCTAssertFalse(refused.stderr.text.contains("event=state.unreachable"), refused.stderr.text)

        try cluster.createDatabase("newer")
        try cluster.psql("CREATE TABLE leavenow_schema (version integer NOT NULL); INSERT INTO leavenow_schema VALUES (7);", database: "newer")
        let newer = try run(scratch, state: cluster.socketURL(database: "newer"))
        XCTAssertEqual(newer.wait(timeout: 30), 1, newer.stderr.text)
        XCTAssertTrue(newer.stderr.text.contains("the schema version is 7, newer than the 5 this leavenow knows"), newer.stderr.text)
        XCTAssertFalse(newer.stderr.text.contains("event=state.unreachable"), newer.stderr.text)
    }
}
