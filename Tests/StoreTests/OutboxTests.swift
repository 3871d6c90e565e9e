import Foundation
import Store
import XCTest

/// SQLite-only outbox checks; what every store must do is in `StoreContract` (run on SQLite by
/// `SQLiteStoreContractTests`, on PostgreSQL by `PostgresStoreContractTests`).
final class OutboxTests: StoreTestCase {
    func testEnqueueStoresOneRowPerChannelAndIgnoresKnownKeys() throws {
        let store = try openStore()
        let first = try store.enqueue([notification("k1", channels: ["phone", "desktop"]), notification("k2")], now: 50)
        XCTAssertEqual(first.map { "\($0.key)/\($0.channel)" }, ["k1/phone", "k1/desktop", "k2/phone"])
        XCTAssertEqual(first.map(\.status), [.pending, .pending, .pending])
        XCTAssertEqual(Set(first.map(\.id)).count, 3)

        // The same key again: nothing new, even after it was delivered.
        try store.record([DeliveryRecord(entryID: first[2].id, outcome: .delivered(status: 200))], now: 60)
        XCTAssertEqual(try store.enqueue([notification("k1", channels: ["phone"]), notification("k2")], now: 70), [])
        // The same key for another channel is new; a repeated channel in one notification counts once.
        let second = try store.enqueue([notification("k1", channels: ["ntfy", "ntfy", "phone"])], now: 80)
        XCTAssertEqual(second.map { "\($0.key)/\($0.channel)" }, ["k1/ntfy"])
        // The same key twice in one batch: once.
        XCTAssertEqual(try store.enqueue([notification("k3"), notification("k3")], now: 90).count, 1)
        XCTAssertEqual(try store.counts(), [.pending: 4, .delivered: 1, .dead: 0, .expired: 0])
    }

    func testTheNotificationComesBackAsStored() throws {
        let store = try openStore()
        var original = notification("k", channels: ["phone"], fireAt: 123, expiresAt: 456)
        original.link = "https://example.com/a?b=c&d=\"e\""
        original.text = "改行\nと \"引用\""
        let inserted = try store.enqueue([original], now: 100)
        let listed = try store.list(statuses: nil, limit: 10)
        XCTAssertEqual(listed, inserted)
        XCTAssertEqual(listed.first?.notification, original)
        XCTAssertEqual(listed.first?.nextAttemptAt, 123)
        XCTAssertEqual(listed.first?.createdAt, 100)
    }

    func testDueIsOrderedByNextAttemptThenIDAndSkipsTheFutureAndTheExpired() throws {
        let store = try openStore()
        _ = try store.enqueue([notification("late", fireAt: 300), notification("b", fireAt: 100),
                               notification("a", fireAt: 100), notification("early", fireAt: 50),
                               notification("future", fireAt: 1_000), notification("stale", fireAt: 10, expiresAt: 200)],
                              now: 0)
        XCTAssertEqual(try store.due(now: 500, limit: 10).map(\.key), ["early", "b", "a", "late"])
        XCTAssertEqual(try store.due(now: 500, limit: 2).map(\.key), ["early", "b"])
        XCTAssertEqual(try store.due(now: 150, limit: 10).map(\.key), ["stale", "early", "b", "a"])
        XCTAssertEqual(try store.due(now: 5, limit: 10), [])
    }

    func testNextAttemptTimeIsTheEarliestPendingMomentIncludingExpiry() throws {
        let store = try openStore()
        XCTAssertNil(try store.nextAttemptTime())
        let entries = try store.enqueue([notification("a", fireAt: 400), notification("b", fireAt: 300)], now: 0)
        XCTAssertEqual(try store.nextAttemptTime(), 300)
        try store.record([DeliveryRecord(entryID: entries[1].id, outcome: .delivered(status: nil))], now: 300)
        XCTAssertEqual(try store.nextAttemptTime(), 400)
        // A retry planned after the expiry: the worker must wake at the expiry.
        _ = try store.enqueue([notification("c", fireAt: 100, expiresAt: 350)], now: 100)
        let c = try XCTUnwrap(store.due(now: 100, limit: 1).first)
        try store.record([DeliveryRecord(entryID: c.id, outcome: .retry(at: 500, error: "HTTP 503"))], now: 100)
        XCTAssertEqual(try store.nextAttemptTime(), 350)
        XCTAssertEqual(try store.expire(now: 350).map(\.key), ["c"])
        XCTAssertEqual(try store.nextAttemptTime(), 400)
    }

    func testRecordMovesEntriesAndLogsEveryOutcome() throws {
        let store = try openStore()
        let entries = try store.enqueue([notification("ok"), notification("flaky"), notification("gone"),
                                         notification("late")], now: 1_000)
        let (ok, flaky, gone, late) = (entries[0].id, entries[1].id, entries[2].id, entries[3].id)
        try store.record([DeliveryRecord(entryID: ok, outcome: .delivered(status: 204)),
                          DeliveryRecord(entryID: flaky, outcome: .retry(at: 1_030, error: "HTTP 503")),
                          DeliveryRecord(entryID: gone, outcome: .dead(error: "HTTP 404")),
                          DeliveryRecord(entryID: late, outcome: .expired),
                          DeliveryRecord(entryID: 9_999, outcome: .delivered(status: 200))], now: 1_010)
        let byKey = Dictionary(uniqueKeysWithValues: try store.list(statuses: nil, limit: 10).map { ($0.key, $0) })
        XCTAssertEqual(byKey["ok"]?.status, .delivered)
        XCTAssertEqual(byKey["ok"]?.attempts, 1)
        XCTAssertEqual(byKey["ok"]?.deliveredAt, 1_010)
        XCTAssertEqual(byKey["flaky"]?.status, .pending)
        XCTAssertEqual(byKey["flaky"]?.attempts, 1)
        XCTAssertEqual(byKey["flaky"]?.nextAttemptAt, 1_030)
        XCTAssertEqual(byKey["flaky"]?.lastError, "HTTP 503")
        XCTAssertEqual(byKey["gone"]?.status, .dead)
        XCTAssertEqual(byKey["gone"]?.lastError, "HTTP 404")
        XCTAssertEqual(byKey["late"]?.status, .expired)
        XCTAssertEqual(byKey["late"]?.attempts, 0)
        XCTAssertEqual(try store.due(now: 1_020, limit: 10), [])
        XCTAssertEqual(try store.due(now: 1_030, limit: 10).map(\.key), ["flaky"])

        // A retry that then succeeds: two log lines, in order.
        try store.record([DeliveryRecord(entryID: flaky, outcome: .delivered(status: 200))], now: 1_031)
        let log = try store.deliveryLog(entry: flaky)
        XCTAssertEqual(log.map(\.event), [.retry, .delivered])
        XCTAssertEqual(log.map(\.at), [1_010, 1_031])
        XCTAssertEqual(log.map(\.statusCode), [nil, 200])
        XCTAssertEqual(log.first?.detail, "HTTP 503 (next attempt at 1030)")
        XCTAssertEqual(log.first?.key, "flaky")
        XCTAssertEqual(log.first?.channel, "phone")
        XCTAssertEqual(try store.deliveryLog(entry: ok).map(\.statusCode), [204])
        XCTAssertEqual(try store.deliveryLog(entry: gone).map(\.detail), ["HTTP 404"])
        XCTAssertEqual(try store.deliveryLog(entry: late).map(\.event), [.expired])

        // A stale failure cannot bring a delivered entry back.
        try store.record([DeliveryRecord(entryID: ok, outcome: .retry(at: 2_000, error: "late news"))], now: 1_040)
        XCTAssertEqual(try store.list(statuses: [.delivered], limit: 10).map(\.key).sorted(), ["flaky", "ok"])
        XCTAssertEqual(try store.deliveryLog(entry: ok).count, 1)
    }

    func testPurgeDeletesOldEntriesOfTheGivenStatusesWithTheirLog() throws {
        let store = try openStore()
        let entries = try store.enqueue([notification("old"), notification("recent"), notification("dead"),
                                         notification("waiting")], now: 0)
        try store.record([DeliveryRecord(entryID: entries[0].id, outcome: .delivered(status: 200)),
                          DeliveryRecord(entryID: entries[2].id, outcome: .dead(error: "x"))], now: 100)
        try store.record([DeliveryRecord(entryID: entries[1].id, outcome: .delivered(status: 200))], now: 500)

        XCTAssertEqual(try store.purge(statuses: [], olderThan: 1_000), 0)
        XCTAssertEqual(try store.purge(statuses: [.delivered], olderThan: 200), 1)
        XCTAssertEqual(try store.list(statuses: nil, limit: 10).map(\.key), ["waiting", "dead", "recent"])
        XCTAssertEqual(try store.database.query("SELECT COUNT(*) FROM delivery_log WHERE entry_id = ?",
                                                [.integer(entries[0].id)]) { try $0.int64(0) }, [0])
        XCTAssertEqual(try store.purge(statuses: [.delivered, .dead, .expired], olderThan: 1_000), 2)
        XCTAssertEqual(try store.list(statuses: nil, limit: 10).map(\.key), ["waiting"])
        // A purged key is forgotten: it can be enqueued again.
        XCTAssertEqual(try store.enqueue([notification("old")], now: 2_000).map(\.key), ["old"])
    }

    func testListFiltersByStatusNewestFirst() throws {
        let store = try openStore()
        let entries = try store.enqueue((1...5).map { notification("n\($0)") }, now: 0)
        try store.record([DeliveryRecord(entryID: entries[1].id, outcome: .dead(error: "x")),
                          DeliveryRecord(entryID: entries[3].id, outcome: .dead(error: "y"))], now: 1)
        XCTAssertEqual(try store.list(statuses: nil, limit: 3).map(\.key), ["n5", "n4", "n3"])
        XCTAssertEqual(try store.list(statuses: [.dead], limit: 10).map(\.key), ["n4", "n2"])
        XCTAssertEqual(try store.list(statuses: [.dead, .pending], limit: 10).count, 5)
        XCTAssertEqual(try store.list(statuses: [], limit: 10), [])
    }
}
