import Foundation
import Store
import XCTest

/// `record` applies runs of deliveries with one statement per HTTP status; the results must be
/// exactly those of applying them one by one, in order.
final class RecordBatchTests: StoreTestCase {
    func testALargeBatchOfDeliveriesIsAppliedAndLoggedOnceEachInOrder() throws {
        let store = try openStore()
        let entries = try store.enqueue((0..<600).map { notification("k\($0)") }, now: 0)
        var records = entries.map { DeliveryRecord(entryID: $0.id, outcome: .delivered(status: $0.id % 3 == 0 ? 200 : 204)) }
        records.append(DeliveryRecord(entryID: 999_999, outcome: .delivered(status: 204)))  // purged: skipped
        try store.record(records.reversed(), now: 10)
        XCTAssertEqual(try store.counts(), [.pending: 0, .delivered: 600, .dead: 0, .expired: 0])
        let logged = try store.database.query("SELECT entry_id, status_code FROM delivery_log ORDER BY id") { row in
            (try row.int64(0), try row.int64(1))
        }
        XCTAssertEqual(logged.count, 600)
        XCTAssertEqual(Set(logged.map(\.0)).count, 600)
        // Grouped by status, each group in the order given.
        let twoHundreds = logged.filter { $0.1 == 200 }.map(\.0)
        XCTAssertEqual(twoHundreds, twoHundreds.sorted(by: >))
        XCTAssertTrue(logged.allSatisfy { ($0.0 % 3 == 0) == ($0.1 == 200) })
        let entry = try XCTUnwrap(try store.list(statuses: [.delivered], limit: 1).first)
        XCTAssertEqual(entry.attempts, 1)
        XCTAssertEqual(entry.deliveredAt, 10)
        XCTAssertNil(entry.lastError)
    }

    func testOutcomesKeepTheirOrderAroundRunsOfDeliveries() throws {
        let store = try openStore()
        let entries = try store.enqueue([notification("a"), notification("b"), notification("c")], now: 0)
        let (a, b, c) = (entries[0].id, entries[1].id, entries[2].id)
        try store.record([
            DeliveryRecord(entryID: a, outcome: .retry(at: 50, error: "HTTP 503")),
            DeliveryRecord(entryID: a, outcome: .delivered(status: 204)),   // after the retry: delivered
            DeliveryRecord(entryID: b, outcome: .delivered(status: 204)),
            DeliveryRecord(entryID: b, outcome: .dead(error: "stale")),    // b is no longer pending: skipped
            DeliveryRecord(entryID: c, outcome: .delivered(status: nil)),
            DeliveryRecord(entryID: c, outcome: .delivered(status: 204)),  // twice: applied twice, as one by one
        ], now: 20)
        XCTAssertEqual(try store.deliveryLog(entry: a).map(\.event), [.retry, .delivered])
        XCTAssertEqual(try store.deliveryLog(entry: b).map(\.event), [.delivered])
        XCTAssertEqual(try store.deliveryLog(entry: c).map(\.statusCode), [nil, 204])
        let byKey = Dictionary(uniqueKeysWithValues: try store.list(statuses: nil, limit: 10).map { ($0.key, $0) })
        XCTAssertEqual(byKey["a"]?.attempts, 2)
        XCTAssertEqual(byKey["a"]?.status, .delivered)
        XCTAssertNil(byKey["a"]?.lastError)
        XCTAssertEqual(byKey["b"]?.status, .delivered)
        XCTAssertEqual(byKey["c"]?.attempts, 2)
    }
}
