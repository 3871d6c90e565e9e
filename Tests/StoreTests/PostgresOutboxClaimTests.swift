import Dispatch
import Foundation
import Glibc
import Notifications
import Store
import Synchronization
import TestServers
import XCTest

/// One outbox shared by several workers: `due` claims what it returns (each entry to one worker at a
/// time, a dead worker's claims back after `claimSeconds`), and `NOTIFY leavenow_outbox` wakes a
/// `PostgresListener` when anything is queued. A real PostgreSQL cluster (`PostgresTestCluster.claims`).
final class PostgresOutboxClaimTests: XCTestCase {
    override class func tearDown() {
        PostgresTestCluster.claims.stop()
        super.tearDown()
    }

    private func freshDatabase(_ label: String) throws -> (PostgresCluster, String) {
        let cluster = try PostgresTestCluster.claims.cluster()
        let name = "\(label)_\(UUID().uuidString.prefix(8).lowercased())"
        try cluster.createDatabase(name)
        return (cluster, cluster.socketURL(database: name))
    }

    private func notice(_ index: Int, fireAt: Int64 = 100, expiresAt: Int64? = nil) -> Notice {
        Notice(key: "k\(index)", rule: "rule-\(index % 300)", kind: .leaveNow, fireAt: fireAt, expiresAt: expiresAt,
               channels: ["phone"], urgency: .normal, language: .en, title: "Leave now", text: "10:33 from platform 2", link: nil)
    }

    private func store(_ url: String, claimer: String?) throws -> PostgresStore {
        let store = try PostgresStore(url: url)
        store.claimer = claimer
        store.claimSeconds = 60
        return store
    }

    func testAClaimedEntryIsLeftToItsWorkerUntilTheClaimExpires() throws {
        let (_, url) = try freshDatabase("claim")
        let a = try store(url, claimer: "worker-a"), b = try store(url, claimer: "worker-b")
        defer { a.close(); b.close() }
        _ = try a.enqueue((0..<10).map { notice($0) }, now: 50)
        // Queued by worker a: claimed by it from the start (for 60 s from 50).
        XCTAssertEqual(try b.due(now: 100, limit: 100), [])
        XCTAssertEqual(try b.nextAttemptTime(), 110, "b looks again when a's claims end")
        XCTAssertEqual(try a.nextAttemptTime(), 100)
        let mine = try a.due(now: 100, limit: 4)
        XCTAssertEqual(mine.map(\.key), ["k0", "k1", "k2", "k3"], "oldest due first, then by id")
        XCTAssertEqual(try a.due(now: 100, limit: 100).count, 10, "a's own claims come back to a")
        // a renewed every claim at 100: until 160. b gets nothing before then.
        XCTAssertEqual(try b.due(now: 159, limit: 100), [])
        try a.record([DeliveryRecord(entryID: mine[0].id, outcome: .delivered(status: 204)),
                      DeliveryRecord(entryID: mine[1].id, outcome: .retry(at: 120, error: "HTTP 503"))], now: 101)
        // A recorded outcome ends the claim: the retry is anybody's at 120.
        XCTAssertEqual(try b.due(now: 120, limit: 100).map(\.key), ["k1"])
        // a "died": at 160 its claims are over and b takes them.
        let takenOver = try b.due(now: 160, limit: 100)
        XCTAssertEqual(Set(takenOver.map(\.key)), Set((1..<10).map { "k\($0)" }))
        XCTAssertEqual(try a.due(now: 161, limit: 100), [], "now b's")
        XCTAssertEqual(try a.counts()[.delivered], 1)
    }

    /// Worker a's notifications failed and wait on their backoff; the channel answers worker b: b's
    /// release reaches a's entries (an UPDATE of the channel's pending rows, whoever claimed them),
    /// wakes the listening workers, and b claims them at once. An entry a is sending (claimed, due)
    /// is left to a.
    func testAChannelThatAnswersAnotherWorkerReleasesEveryWorkersBackoff() throws {
        let (_, url) = try freshDatabase("release")
        let a = try store(url, claimer: "worker-a"), b = try store(url, claimer: "worker-b")
        defer { a.close(); b.close() }
        _ = try a.enqueue((0..<4).map { notice($0) }, now: 50)
        let claimed = try a.due(now: 100, limit: 10)
        XCTAssertEqual(claimed.count, 4)
        try a.record(claimed.prefix(3).map { DeliveryRecord(entryID: $0.id, outcome: .retry(at: 400, error: "HTTP 500")) }, now: 101)
        XCTAssertEqual(try b.due(now: 102, limit: 10), [], "three wait until 400, the fourth is a's (sending)")

        let listener = try PostgresListener(url: PostgresURL(url))
        defer { listener.close() }
        XCTAssertEqual(try listener.wait(milliseconds: 50), .timeout)
        XCTAssertEqual(try b.releaseBackoff(channels: ["phone"], now: 110), 3)
        XCTAssertEqual(try listener.wait(milliseconds: 30_000), .notified, "the idle workers are woken")
        let taken = try b.due(now: 110, limit: 10)
        XCTAssertEqual(taken.map(\.key), ["k0", "k1", "k2"], "a's failed entries, due now, claimed by b")
        XCTAssertEqual(taken.map(\.attempts), [1, 1, 1])
        XCTAssertEqual(try a.due(now: 110, limit: 10).map(\.key), ["k3"], "the one a is sending stays a's")
    }

    func testAStoreWithoutAClaimerReadsAsBefore() throws {
        let (_, url) = try freshDatabase("noclaim")
        let cli = try store(url, claimer: nil), worker = try store(url, claimer: "worker-a")
        defer { cli.close(); worker.close() }
        _ = try cli.enqueue((0..<3).map { notice($0) }, now: 50)
        XCTAssertEqual(try worker.due(now: 100, limit: 10).count, 3, "queued without a claim: anybody's")
        XCTAssertEqual(try cli.due(now: 100, limit: 10).count, 3, "a reader without a claimer sees every due entry")
    }

    /// Four workers, each on its own connection and thread, claim and record 2,000 entries in batches
    /// of 25 at the same instant: every entry is claimed exactly once.
    func testConcurrentClaimsNeverHandTheSameEntryToTwoWorkers() throws {
        let (_, url) = try freshDatabase("concurrent")
        do {
            let seed = try store(url, claimer: nil)
            _ = try seed.enqueue((0..<2_000).map { notice($0) }, now: 50)
            seed.close()
        }
        let workers = 4
        let results = Array(repeating: [Int64](), count: workers)
        nonisolated(unsafe) var claimed = results
        nonisolated(unsafe) var failures: [String] = []
        let lock = NSLock()
        let group = DispatchGroup()
        for index in 0..<workers {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                do {
                    let store = try PostgresStore(url: url)
                    defer { store.close() }
                    store.claimer = "worker-\(index)"
                    var mine: [Int64] = []
                    // Bounded: 2,000 entries in batches of 25 need at most 80 rounds per worker.
                    for _ in 0..<400 {
                        let batch = try store.due(now: 100, limit: 25)
                        if batch.isEmpty { break }
                        mine += batch.map(\.id)
                        try store.record(batch.map { DeliveryRecord(entryID: $0.id, outcome: .delivered(status: 204)) }, now: 100)
                    }
                    lock.withLock { claimed[index] = mine }
                } catch {
                    lock.withLock { failures.append("worker \(index): \(error)") }
                }
            }
            thread.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 300), .success, "the workers did not finish within 300 s")
        lock.withLock {
            XCTAssertEqual(failures, [])
            let all = claimed.flatMap { $0 }
            XCTAssertEqual(all.count, 2_000, "claimed \(all.count) times for 2,000 entries (by worker: \(claimed.map(\.count)))")
            XCTAssertEqual(Set(all).count, 2_000, "an entry was claimed by two workers")
        }
        let check = try store(url, claimer: nil)
        defer { check.close() }
        XCTAssertEqual(try check.counts()[.delivered], 2_000)
        XCTAssertEqual(try check.connection.query("SELECT COUNT(*) FROM outbox WHERE claimed_by IS NOT NULL").first?.int64(0), 0,
                       "a recorded outcome ends its claim")
    }

    func testAnExpiredEntryIsNeverClaimed() throws {
        let (_, url) = try freshDatabase("expired")
        let a = try store(url, claimer: "worker-a"), b = try store(url, claimer: "worker-b")
        defer { a.close(); b.close() }
        _ = try a.enqueue([notice(0, fireAt: 100, expiresAt: 130), notice(1, fireAt: 100, expiresAt: 200)], now: 100)
        // a dies holding both (claims until 160): at 160 the first has expired, b gets only the second.
        XCTAssertEqual(try b.due(now: 160, limit: 10).map(\.key), ["k1"])
        XCTAssertEqual(try b.expire(now: 160).map(\.key), ["k0"])
    }

    func testTheListenerWakesWhenAnotherConnectionQueues() throws {
        let (_, url) = try freshDatabase("listen")
        let listener = try PostgresListener(url: PostgresURL(url))
        defer { listener.close() }
        XCTAssertEqual(try listener.wait(milliseconds: 50), .timeout, "nothing queued yet")
        var pipeEnds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&pipeEnds), 0)
        let wake = pipeEnds[0]
        defer { Glibc.close(pipeEnds[0]); Glibc.close(pipeEnds[1]) }
        var byte: UInt8 = 1
        _ = Glibc.write(pipeEnds[1], &byte, 1)
        XCTAssertEqual(try listener.wait(milliseconds: 10_000, wakeDescriptor: wake), .woken)
        _ = Glibc.read(wake, &byte, 1)

        let queuer = try store(url, claimer: "worker-a")
        defer { queuer.close() }
        let started = Date()
        _ = try queuer.enqueue([notice(0)], now: 50)
        XCTAssertEqual(try listener.wait(milliseconds: 30_000, wakeDescriptor: wake), .notified)
        print("NOTIFY to listener: \(String(format: "%.1f", Date().timeIntervalSince(started) * 1_000)) ms")
        XCTAssertEqual(try listener.wait(milliseconds: 50), .timeout, "one enqueue, one wake")
        // Nothing inserted (the (key, channel) exists): no NOTIFY.
        _ = try queuer.enqueue([notice(0)], now: 51)
        XCTAssertEqual(try listener.wait(milliseconds: 200), .timeout)
        // A commit (rule state and entries in one transaction) notifies at its commit.
        _ = try queuer.commit(notifications: [notice(1)], ruleStates: ["rule-1": ["fired": 1]], now: 52)
        XCTAssertEqual(try listener.wait(milliseconds: 30_000), .notified)
    }

    func testTheListenerComesBackAfterTheServerRestarts() throws {
        let (cluster, url) = try freshDatabase("relisten")
        let listener = try PostgresListener(url: PostgresURL(url))
        defer { listener.close() }
        cluster.stop()
        try cluster.start()
        // The wait sees the socket closed, reconnects, listens again and says so (something may
        // have been queued while it was away).
        XCTAssertEqual(try listener.wait(milliseconds: 30_000), .notified)
        let queuer = try store(url, claimer: nil)
        defer { queuer.close() }
        _ = try queuer.enqueue([notice(0)], now: 50)
        XCTAssertEqual(try listener.wait(milliseconds: 30_000), .notified, "listening again after the restart")
    }

    func testARateLimitedChannelIsClaimedAsItsSharedBucketAllowsWhicheverWorkerClaims() throws {
        let (_, url) = try freshDatabase("rate")
        let seed = try store(url, claimer: nil)
        defer { seed.close() }
        _ = try seed.enqueue((0..<100).map { notice($0) } + [Notice(key: "free", rule: "r", kind: .leaveNow, fireAt: 100, expiresAt: nil,
                                                                   channels: ["hook"], urgency: .normal, language: .en, title: "t",
                                                                   text: "x", link: nil)], now: 50)
        let workers = try ["a", "b", "c"].map { try store(url, claimer: "worker-\($0)") }
        defer { workers.forEach { $0.close() } }
        for worker in workers { worker.channelRates = ["phone": ChannelRate(perMinute: 60, burst: 5)] }
        // A full bucket of 5: the first worker gets 5 of "phone" (and the unlimited "hook"); the others none.
        let first = try workers[0].due(now: 100, limit: 200)
        XCTAssertEqual(first.filter { $0.channel == "phone" }.count, 5)
        XCTAssertEqual(first.filter { $0.channel == "hook" }.count, 1, "an unlimited channel is not held back")
        XCTAssertEqual(try workers[1].due(now: 100, limit: 200), [])
        XCTAssertEqual(try workers[2].due(now: 100, limit: 200), [])
        XCTAssertEqual(try workers[1].nextAttemptTime(), 101, "the bucket has a token again in 1 s")
        // Its own claims come back to the first worker without taking tokens.
        XCTAssertEqual(Set(try workers[0].due(now: 100, limit: 200).map(\.id)), Set(first.map(\.id)))
        // 3 s later: 3 tokens, whoever asks.
        let later = try workers[1].due(now: 103, limit: 200).count + workers[2].due(now: 103, limit: 200).count
        XCTAssertEqual(later, 3)
        // A worker whose clock lags gets no refill from the past.
        XCTAssertEqual(try workers[2].due(now: 101, limit: 200), [])
    }

    /// Three workers on threads claim a 60-per-minute channel (burst 5) at every second from 100 to
    /// 160, in any interleaving: together never more than 5 + 60.
    func testConcurrentWorkersNeverClaimMoreThanTheSharedRate() throws {
        let (_, url) = try freshDatabase("raterace")
        do {
            let seed = try store(url, claimer: nil)
            _ = try seed.enqueue((0..<500).map { notice($0) }, now: 50)
            seed.close()
        }
        let counts = Mutex([Int](repeating: 0, count: 3))
        let failures = Mutex([String]())
        let group = DispatchGroup()
        for index in 0..<3 {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    let store = try PostgresStore(url: url)
                    defer { store.close() }
                    store.claimer = "worker-\(index)"
                    store.channelRates = ["phone": ChannelRate(perMinute: 60, burst: 5)]
                    var claimed = 0
                    for now in Int64(100)...160 {
                        let batch = try store.due(now: now, limit: 50)
                        claimed += batch.count
                        try store.record(batch.map { DeliveryRecord(entryID: $0.id, outcome: .delivered(status: 204)) }, now: now)
                    }
                    counts.withLock { $0[index] = claimed }
                } catch {
                    failures.withLock { $0.append("worker \(index): \(error)") }
                }
            }.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 300), .success, "the workers did not finish within 300 s")
        XCTAssertEqual(failures.withLock { $0 }, [])
        let total = counts.withLock { $0.reduce(0, +) }
        XCTAssertLessThanOrEqual(total, 65, "claimed by worker: \(counts.withLock { $0 })")
        XCTAssertGreaterThan(total, 5)
        let check = try store(url, claimer: nil)
        defer { check.close() }
        XCTAssertEqual(try check.counts()[.delivered], total)
    }
}
