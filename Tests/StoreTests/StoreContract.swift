import Foundation
import Notifications
import Store
import XCTest

/// The `NotificationStore` contract, written once and run against every store (`SQLiteStoreContractTests`,
/// `PostgresStoreContractTests`): the same bodies, so both stores keep exactly the same semantics.
/// A subclass provides a fresh, empty store and a way to write a raw rule-state row, and forwards
/// each `test…` to the `check…` of the same name.
class StoreContractTestCase: XCTestCase {
    /// A fresh, empty store for one test.
    func makeStore() throws -> any NotificationStore { fatalError("override makeStore()") }

    /// The same state opened again by a new store (a worker restarted); `store` is closed.
    func reopen(_ store: any NotificationStore) throws -> any NotificationStore { fatalError("override reopen") }

    /// Writes rule `rule`'s state as the raw JSON `json`, behind the store's back.
    func writeRawRuleState(_ store: any NotificationStore, rule: String, json: String) throws {
        fatalError("override writeRawRuleState")
    }

    /// A leave-now notification for `channels`.
    func notification(_ key: String, channels: [String] = ["phone"], fireAt: Int64 = 1_000, expiresAt: Int64? = nil,
                      rule: String = "commute") -> Notice {
        Notice(key: key, rule: rule, kind: .leaveNow, fireAt: fireAt, expiresAt: expiresAt, channels: channels,
               urgency: .critical, language: .ja, title: "調布 10:33", text: "Leave now: 10:33 from platform 2", link: nil)
    }

    // MARK: Outbox

    func checkEnqueueStoresOneRowPerChannelAndIgnoresKnownKeys() throws {
        let store = try makeStore()
        let first = try store.enqueue([notification("k1", channels: ["phone", "desktop"]), notification("k2")], now: 50)
        XCTAssertEqual(first.map { "\($0.key)/\($0.channel)" }, ["k1/phone", "k1/desktop", "k2/phone"])
        XCTAssertEqual(first.map(\.status), [.pending, .pending, .pending])
        XCTAssertEqual(Set(first.map(\.id)).count, 3)
        XCTAssertEqual(first.map(\.id), first.map(\.id).sorted(), "ids increase in the order given")

        // The same key again: nothing new, even after it was delivered.
        try store.record([DeliveryRecord(entryID: first[2].id, outcome: .delivered(status: 200))], now: 60)
        XCTAssertEqual(try store.enqueue([notification("k1", channels: ["phone"]), notification("k2")], now: 70), [])
        // The same key for another channel is new; a repeated channel in one notification counts once.
        let second = try store.enqueue([notification("k1", channels: ["ntfy", "ntfy", "phone"])], now: 80)
        XCTAssertEqual(second.map { "\($0.key)/\($0.channel)" }, ["k1/ntfy"])
        // The same key twice in one batch: once.
        XCTAssertEqual(try store.enqueue([notification("k3"), notification("k3")], now: 90).count, 1)
        XCTAssertEqual(try store.counts(), [.pending: 4, .delivered: 1, .dead: 0, .expired: 0])
        XCTAssertEqual(try store.pendingCountsByChannel(), ["phone": 2, "desktop": 1, "ntfy": 1])
    }

    func checkTheNotificationComesBackAsStored() throws {
        let store = try makeStore()
        var original = notification("k'; DROP TABLE outbox; --", channels: ["phone"], fireAt: 123, expiresAt: 456)
        original.link = "https://example.com/a?b=c&d=\"e\""
        original.text = "改行\nと \"引用\" and a \\ backslash"
        let inserted = try store.enqueue([original], now: 100)
        let listed = try store.list(statuses: nil, limit: 10)
        XCTAssertEqual(listed, inserted)
        XCTAssertEqual(listed.first?.notification, original)
        XCTAssertEqual(listed.first?.nextAttemptAt, 123)
        XCTAssertEqual(listed.first?.createdAt, 100)
    }

    func checkDueIsOrderedByNextAttemptThenIDAndSkipsTheFutureTheExpiredAndHeldChannels() throws {
        let store = try makeStore()
        _ = try store.enqueue([notification("late", fireAt: 300), notification("b", fireAt: 100),
                               notification("a", fireAt: 100), notification("early", fireAt: 50),
                               notification("future", fireAt: 1_000), notification("stale", fireAt: 10, expiresAt: 200),
                               notification("held", channels: ["slack \"ops\""], fireAt: 20)],
                              now: 0)
        XCTAssertEqual(try store.due(now: 500, limit: 10).map(\.key), ["held", "early", "b", "a", "late"])
        XCTAssertEqual(try store.due(now: 500, limit: 10, excludingChannels: ["slack \"ops\""]).map(\.key),
                       ["early", "b", "a", "late"])
        XCTAssertEqual(try store.due(now: 500, limit: 10, excludingChannels: ["phone"]).map(\.key), ["held"])
        XCTAssertEqual(try store.due(now: 500, limit: 2).map(\.key), ["held", "early"])
        XCTAssertEqual(try store.due(now: 150, limit: 10, excludingChannels: ["slack \"ops\""]).map(\.key),
                       ["stale", "early", "b", "a"])
        XCTAssertEqual(try store.due(now: 5, limit: 10), [])
    }

    func checkNextAttemptTimeIsTheEarliestPendingMomentIncludingExpiry() throws {
        let store = try makeStore()
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
        // A held channel's entry counts only by its expiry (none here: not at all).
        _ = try store.enqueue([notification("held", channels: ["gotify"], fireAt: 50),
                               notification("held-expiring", channels: ["gotify"], fireAt: 60, expiresAt: 380)], now: 100)
        XCTAssertEqual(try store.nextAttemptTime(), 50)
        XCTAssertEqual(try store.nextAttemptTime(excludingChannels: ["gotify"]), 380)
    }

    func checkADeferralMovesTheTimeWithoutCountingAnAttempt() throws {
        let store = try makeStore()
        let entry = try store.enqueue([notification("k", fireAt: 100)], now: 100)[0]
        try store.record([DeliveryRecord(entryID: entry.id, outcome: .deferred(until: 160))], now: 100)
        XCTAssertEqual(try store.due(now: 159, limit: 10), [])
        let due = try store.due(now: 160, limit: 10)
        XCTAssertEqual(due.map(\.attempts), [0])
        XCTAssertNil(due.first?.lastError)
        XCTAssertEqual(try store.deliveryLog(entry: entry.id).count, 0)
    }

    /// A channel answered again: its entries waiting on a backoff are due now; those of other
    /// channels, those only deferred by the rate limit, not yet due for the first time, expired or
    /// finished keep their state.
    func checkABackoffIsReleasedWhenTheChannelAnswers() throws {
        let store = try makeStore()
        let entries = try store.enqueue([notification("failed"), notification("failed-twice"), notification("deferred"),
                                         notification("other", channels: ["slack"]), notification("expiring", expiresAt: 1_400),
                                         notification("first-later", fireAt: 3_000), notification("dead")], now: 1_000)
        let id = Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.id) })
        try store.record([DeliveryRecord(entryID: id["failed"]!, outcome: .retry(at: 1_480, error: "HTTP 500")),
                          DeliveryRecord(entryID: id["failed-twice"]!, outcome: .retry(at: 1_010, error: "HTTP 500")),
                          DeliveryRecord(entryID: id["deferred"]!, outcome: .deferred(until: 2_000)),
                          DeliveryRecord(entryID: id["other"]!, outcome: .retry(at: 2_000, error: "HTTP 429")),
                          DeliveryRecord(entryID: id["expiring"]!, outcome: .retry(at: 2_000, error: "timed out")),
                          DeliveryRecord(entryID: id["dead"]!, outcome: .dead(error: "HTTP 404"))], now: 1_000)
        try store.record([DeliveryRecord(entryID: id["failed-twice"]!, outcome: .retry(at: 1_900, error: "connection refused"))],
                         now: 1_010)
        XCTAssertEqual(try store.releaseBackoff(channels: [], now: 1_450), 0)
        XCTAssertEqual(try store.releaseBackoff(channels: ["phone", "ntfy"], now: 1_450), 2)
        let byKey = Dictionary(uniqueKeysWithValues: try store.list(statuses: nil, limit: 10).map { ($0.key, $0) })
        XCTAssertEqual(byKey["failed"]?.nextAttemptAt, 1_450)
        XCTAssertEqual(byKey["failed-twice"]?.nextAttemptAt, 1_450)
        XCTAssertEqual(byKey["failed-twice"]?.attempts, 2, "attempts stay")
        XCTAssertEqual(byKey["failed-twice"]?.lastError, "connection refused", "the last error stays")
        XCTAssertEqual(byKey["deferred"]?.nextAttemptAt, 2_000, "a rate limit's deferral is not a backoff")
        XCTAssertEqual(byKey["other"]?.nextAttemptAt, 2_000, "another channel")
        XCTAssertEqual(byKey["expiring"]?.nextAttemptAt, 2_000, "expired at 1,400: never made due")
        XCTAssertEqual(byKey["first-later"]?.nextAttemptAt, 3_000, "never tried")
        XCTAssertEqual(byKey["dead"]?.status, .dead)
        XCTAssertEqual(try store.due(now: 1_450, limit: 10).map(\.key).sorted(), ["failed", "failed-twice"])
        XCTAssertEqual(try store.nextAttemptTime(), 1_400, "the expiry, then the released entries (due now)")
        XCTAssertEqual(try store.releaseBackoff(channels: ["phone"], now: 1_450), 0, "nothing waits any more")
    }

    func checkRecordMovesEntriesAndLogsEveryOutcome() throws {
        let store = try makeStore()
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
        XCTAssertEqual(try store.deliveryLog(entry: 9_999), [], "an id not in the outbox is skipped")

        // A stale failure cannot bring a delivered entry back; a late delivery report of a dead entry wins.
        try store.record([DeliveryRecord(entryID: ok, outcome: .retry(at: 2_000, error: "late news")),
                          DeliveryRecord(entryID: ok, outcome: .dead(error: "later news")),
                          DeliveryRecord(entryID: gone, outcome: .delivered(status: 202))], now: 1_040)
        XCTAssertEqual(try store.list(statuses: [.delivered], limit: 10).map(\.key).sorted(), ["flaky", "gone", "ok"])
        XCTAssertEqual(try store.deliveryLog(entry: ok).count, 1)
        XCTAssertEqual(try store.deliveryLog(entry: gone).map(\.event), [.dead, .delivered])
    }

    func checkRecordAppliesTheSameIDTwiceInOrder() throws {
        let store = try makeStore()
        let entry = try store.enqueue([notification("k")], now: 0)[0]
        try store.record([DeliveryRecord(entryID: entry.id, outcome: .delivered(status: 200)),
                          DeliveryRecord(entryID: entry.id, outcome: .delivered(status: 201))], now: 5)
        XCTAssertEqual(try store.deliveryLog(entry: entry.id).map(\.statusCode), [200, 201])
        XCTAssertEqual(try store.list(statuses: nil, limit: 1).first?.attempts, 2)
    }

    func checkExpireMarksOnlyPendingEntriesPastTheirExpiry() throws {
        let store = try makeStore()
        let entries = try store.enqueue([notification("soon", expiresAt: 100), notification("later", expiresAt: 200),
                                         notification("never"), notification("sent", expiresAt: 50)], now: 0)
        try store.record([DeliveryRecord(entryID: entries[3].id, outcome: .delivered(status: nil))], now: 10)
        let expired = try store.expire(now: 100)
        XCTAssertEqual(expired.map(\.key), ["soon"])
        XCTAssertEqual(expired.map(\.status), [.expired])
        XCTAssertEqual(try store.expire(now: 100), [])
        XCTAssertEqual(try store.deliveryLog(entry: entries[0].id).map(\.event), [.expired])
        XCTAssertEqual(try store.deliveryLog(entry: entries[0].id).map(\.detail), ["expired at 100"])
        XCTAssertEqual(try store.counts(), [.pending: 2, .delivered: 1, .dead: 0, .expired: 1])
    }

    func checkRetryPutsADeadEntryBackToPendingWithItsExpiry() throws {
        let store = try makeStore()
        let entries = try store.enqueue([notification("dead"), notification("expired", expiresAt: 1_100),
                                         notification("pending"), notification("dead-later", expiresAt: 3_000)], now: 1_000)
        try store.record([DeliveryRecord(entryID: entries[0].id, outcome: .dead(error: "HTTP 410")),
                          DeliveryRecord(entryID: entries[3].id, outcome: .dead(error: "HTTP 410"))], now: 1_001)
        _ = try store.expire(now: 1_100)

        XCTAssertEqual(try store.retry(id: entries[2].id, now: 1_200), .notRetryable(.pending))
        XCTAssertEqual(try store.retry(id: 12_345, now: 1_200), .notFound)
        XCTAssertEqual(try store.retry(id: entries[0].id, now: 1_200), .requeued)
        XCTAssertEqual(try store.retry(id: entries[3].id, now: 1_200), .requeued)
        XCTAssertEqual(try store.retry(id: entries[0].id, now: 1_200), .notRetryable(.pending))

        let due = try store.due(now: 1_200, limit: 10)
        XCTAssertEqual(due.map(\.key), ["pending", "dead", "dead-later"])
        XCTAssertEqual(due.map(\.attempts), [0, 0, 0])
        XCTAssertEqual(due[2].notification.expiresAt, 3_000, "a retried entry keeps its expiry")
        XCTAssertEqual(try store.expire(now: 3_000).map(\.key), ["dead-later"])
        XCTAssertEqual(try store.deliveryLog(entry: entries[0].id).map(\.event), [.dead, .requeued])
        XCTAssertEqual(try store.deliveryLog(entry: entries[3].id).map(\.event), [.dead, .requeued, .expired])
    }

    func checkRetryRefusesAnExpiredEntryAndADeadOneWhoseExpiryHasPassed() throws {
        let store = try makeStore()
        let entries = try store.enqueue([notification("expired", expiresAt: 1_100), notification("dead", expiresAt: 1_150)],
                                        now: 1_000)
        try store.record([DeliveryRecord(entryID: entries[1].id, outcome: .dead(error: "HTTP 410"))], now: 1_001)
        _ = try store.expire(now: 1_100)

        XCTAssertEqual(try store.retry(id: entries[0].id, now: 1_200), .expired(at: 1_100))
        XCTAssertEqual(try store.retry(id: entries[1].id, now: 1_150), .expired(at: 1_150))
        XCTAssertEqual(try store.list(statuses: nil, limit: 10).map(\.status), [.dead, .expired], "nothing changed")
        XCTAssertEqual(try store.due(now: 1_200, limit: 10), [])
        XCTAssertEqual(try store.deliveryLog(entry: entries[0].id).map(\.event), [.expired])
        XCTAssertEqual(try store.deliveryLog(entry: entries[1].id).map(\.event), [.dead])
    }

    func checkPurgeDeletesOldEntriesOfTheGivenStatusesWithTheirLog() throws {
        let store = try makeStore()
        let entries = try store.enqueue([notification("old"), notification("recent"), notification("dead"),
                                         notification("waiting")], now: 0)
        try store.record([DeliveryRecord(entryID: entries[0].id, outcome: .delivered(status: 200)),
                          DeliveryRecord(entryID: entries[2].id, outcome: .dead(error: "x"))], now: 100)
        try store.record([DeliveryRecord(entryID: entries[1].id, outcome: .delivered(status: 200))], now: 500)

        XCTAssertEqual(try store.purge(statuses: [], olderThan: 1_000), 0)
        XCTAssertEqual(try store.purge(statuses: [.delivered], olderThan: 200), 1)
        XCTAssertEqual(try store.list(statuses: nil, limit: 10).map(\.key), ["waiting", "dead", "recent"])
        XCTAssertEqual(try store.deliveryLog(entry: entries[0].id), [])
        XCTAssertEqual(try store.purge(statuses: [.delivered, .dead, .expired], olderThan: 1_000), 2)
        XCTAssertEqual(try store.list(statuses: nil, limit: 10).map(\.key), ["waiting"])
        XCTAssertEqual(try store.deliveryLog(entry: entries[2].id), [])
        // A purged key is forgotten: it can be enqueued again; a late result for a purged id is skipped.
        XCTAssertEqual(try store.enqueue([notification("old")], now: 2_000).map(\.key), ["old"])
        try store.record([DeliveryRecord(entryID: entries[2].id, outcome: .delivered(status: 200)),
                          DeliveryRecord(entryID: entries[1].id, outcome: .dead(error: "gone"))], now: 2_001)
        XCTAssertEqual(try store.counts(), [.pending: 2, .delivered: 0, .dead: 0, .expired: 0])
    }

    func checkListFiltersByStatusNewestFirst() throws {
        let store = try makeStore()
        let entries = try store.enqueue((1...5).map { notification("n\($0)") }, now: 0)
        try store.record([DeliveryRecord(entryID: entries[1].id, outcome: .dead(error: "x")),
                          DeliveryRecord(entryID: entries[3].id, outcome: .dead(error: "y"))], now: 1)
        XCTAssertEqual(try store.list(statuses: nil, limit: 3).map(\.key), ["n5", "n4", "n3"])
        XCTAssertEqual(try store.list(statuses: [.dead], limit: 10).map(\.key), ["n4", "n2"])
        XCTAssertEqual(try store.list(statuses: [.dead, .pending], limit: 10).count, 5)
        XCTAssertEqual(try store.list(statuses: [], limit: 10), [])
        XCTAssertEqual(try store.counts(), [.pending: 3, .delivered: 0, .dead: 2, .expired: 0])
        XCTAssertEqual(try store.pendingCountsByChannel(), ["phone": 3])
    }

    // MARK: Rule state

    func checkRuleStatesLoadReplaceAndSave() throws {
        let store = try makeStore()
        XCTAssertEqual(try store.loadRuleStates(as: ContractRuleState.self, onUndecodable: nil), [:])
        try store.replaceRuleStates(["a": ContractRuleState(sent: ["a1": 1]), "b": ContractRuleState(sent: ["b1": 1])], now: 1)
        try store.saveRuleStates(["b": ContractRuleState(sent: ["b2": 2]), "天気": ContractRuleState(sent: ["c1": 3])], now: 2)
        XCTAssertEqual(try store.loadRuleStates(as: ContractRuleState.self, onUndecodable: nil),
                       ["a": ContractRuleState(sent: ["a1": 1]), "b": ContractRuleState(sent: ["b2": 2]),
                        "天気": ContractRuleState(sent: ["c1": 3])])
        try store.replaceRuleStates(["c": ContractRuleState(sent: [:])], now: 3)
        XCTAssertEqual(try store.loadRuleStates(as: ContractRuleState.self, onUndecodable: nil), ["c": ContractRuleState(sent: [:])])
    }

    func checkCommitEnqueuesAndSavesStateTogether() throws {
        let store = try makeStore()
        let inserted = try store.commit(notifications: [notification("k", channels: ["phone", "desktop"])],
                                        ruleStates: ["commute": ContractRuleState(sent: ["k": 500])], now: 5)
        XCTAssertEqual(inserted.count, 2)
        XCTAssertEqual(try store.loadRuleStates(as: ContractRuleState.self, onUndecodable: nil)["commute"]?.sent, ["k": 500])
        XCTAssertEqual(try store.counts()[.pending], 2)
    }

    func checkACommitThatFailsHalfWayWritesNothing() throws {
        let store = try makeStore()
        try store.saveRuleStates(["commute": ContractRuleState(sent: ["before": 1])], now: 1)
        // The outbox inserts succeed, then encoding a rule state fails inside the same transaction.
        XCTAssertThrowsError(try store.commit(notifications: [notification("k1"), notification("k2")],
                                              ruleStates: ["commute": ContractRuleState(sent: ["after": 2]),
                                                           "poison": ContractRuleState(sent: [:], poisoned: true)],
                                              now: 2)) { error in
            XCTAssertTrue("\(error)".contains("poisoned rule state"), "\(error)")
        }
        XCTAssertEqual(try store.list(statuses: nil, limit: 10), [])
        XCTAssertEqual(try store.loadRuleStates(as: ContractRuleState.self, onUndecodable: nil), ["commute": ContractRuleState(sent: ["before": 1])])

        // The same evaluation retried after the failure goes through exactly once.
        let retried = try store.commit(notifications: [notification("k1"), notification("k2")],
                                       ruleStates: ["commute": ContractRuleState(sent: ["after": 2])], now: 3)
        XCTAssertEqual(retried.map(\.key), ["k1", "k2"])
        XCTAssertEqual(try store.commit(notifications: [notification("k1")], ruleStates: [String: ContractRuleState](), now: 4), [])
    }

    func checkAnUndecodableRuleStateThrowsOrIsLeftOut() throws {
        let store = try makeStore()
        try store.saveRuleStates(["good": ContractRuleState(sent: ["g": 9])], now: 0)
        try writeRawRuleState(store, rule: "broken", json: "{\"sent\": 3}")
        XCTAssertThrowsError(try store.loadRuleStates(as: ContractRuleState.self, onUndecodable: nil)) { error in
            XCTAssertTrue("\(error)".contains(": decoding the state of rule \"broken\": "), "\(error)")
        }
        var reset: [String] = []
        let loaded = try store.loadRuleStates(as: ContractRuleState.self) { rule, _ in reset.append(rule) }
        XCTAssertEqual(reset, ["broken"])
        XCTAssertEqual(loaded, ["good": ContractRuleState(sent: ["g": 9])])
    }

    // MARK: Sources and meta

    func checkAFailedFetchKeepsTheLastGoodTimesAndASuccessClearsTheError() throws {
        let store = try makeStore()
        XCTAssertEqual(try store.sourceStates(), [])
        try store.recordSourceFetch(name: "weather/chofu", fetchedAt: 100, checkedAt: 100, lastError: nil, bytesSaved: 0,
                                    nextRefreshAt: 700)
        try store.recordSourceFetch(name: "odpt/ginza", fetchedAt: nil, checkedAt: nil, lastError: "HTTP 401",
                                    bytesSaved: 0, nextRefreshAt: 160)
        try store.recordSourceFetch(name: "weather/chofu", fetchedAt: nil, checkedAt: nil, lastError: "timed out",
                                    bytesSaved: 0, nextRefreshAt: 800)
        try store.recordSourceFetch(name: "Zeta", fetchedAt: nil, checkedAt: nil, lastError: nil, bytesSaved: 0, nextRefreshAt: nil)
        XCTAssertEqual(try store.sourceStates(), [
            SourceStateRow(name: "Zeta", fetchedAt: nil, checkedAt: nil, lastError: nil, bytesSaved: 0, nextRefreshAt: nil),
            SourceStateRow(name: "odpt/ginza", fetchedAt: nil, checkedAt: nil, lastError: "HTTP 401", bytesSaved: 0,
                           nextRefreshAt: 160),
            SourceStateRow(name: "weather/chofu", fetchedAt: 100, checkedAt: 100, lastError: "timed out", bytesSaved: 0,
                           nextRefreshAt: 800),
        ])
        // A 304: checked, not fetched.
        try store.recordSourceFetch(name: "weather/chofu", fetchedAt: nil, checkedAt: 900, lastError: nil, bytesSaved: 4_096,
                                    nextRefreshAt: 1_500)
        XCTAssertEqual(try store.sourceStates().last, SourceStateRow(name: "weather/chofu", fetchedAt: 100, checkedAt: 900,
                                                                     lastError: nil, bytesSaved: 4_096, nextRefreshAt: 1_500))
    }

    func checkMetaSetGetAndRemove() throws {
        let store = try makeStore()
        XCTAssertNil(try store.meta("last_wall_clock"))
        try store.setMeta("last_wall_clock", "1735000000")
        try store.setMeta("last_wall_clock", "1735000060")
        XCTAssertEqual(try store.meta("last_wall_clock"), "1735000060")
        try store.setMeta("last_wall_clock", nil)
        XCTAssertNil(try store.meta("last_wall_clock"))
    }

    // MARK: Capabilities

    /// Whether the store under test is one several workers share (it offers ``SharedFleetStore``).
    var sharesAFleet: Bool { false }

    /// Each capability is usable on its own (what a service is handed), and only a shared state
    /// offers the fleet's: claims, shared rates, listen/notify, leases.
    func checkEachCapabilityWorksOnItsOwnAndOnlyASharedStateOffersTheFleet() throws {
        let store = try makeStore()
        let outbox: any OutboxStore = store, reader: any OutboxReader = store, rules: any RuleStateStore = store
        let history: any HistoryStore = store, sources: any SourceIndexStore = store, meta: any MetaStore = store
        let queued = try rules.commit(notifications: [notification("k1")], ruleStates: ["commute": ContractRuleState(sent: ["k1": 1_000])],
                                      extras: CommitExtras(history: [RuleHistoryEntry(rule: "commute", at: 1_000, record: "{}")], historyKeep: 10), now: 1_000)
        XCTAssertEqual(try outbox.due(now: 1_000, limit: 10).map(\.id), queued.map(\.id))
        XCTAssertEqual(try reader.counts()[.pending], 1)
        XCTAssertEqual(try history.historyRules(), ["commute"])
        try sources.recordSourceFetch(name: "weather-home", fetchedAt: 1_000, checkedAt: 1_000, lastError: nil, bytesSaved: 0, nextRefreshAt: 1_600)
        XCTAssertEqual(try sources.sourceStates().map(\.name), ["weather-home"])
        try meta.setMeta("k", "v")
        XCTAssertEqual(try meta.meta("k"), "v")
        guard let fleet = store.sharedFleet else {
            XCTAssertFalse(sharesAFleet, "a shared state offers the fleet's capability")
            return
        }
        XCTAssertTrue(sharesAFleet, "a state of one worker offers no fleet")
        try fleet.setMeta("worker.status.w1", "{}")
        XCTAssertEqual(try fleet.metaValues(prefix: "worker.status."), ["worker.status.w1": "{}"])
        XCTAssertEqual(try fleet.leaseHolders(now: 1_000, ttl: 30), [])
        XCTAssertEqual(try fleet.leaseProblems(partitions: try fleet.partitionCount(), ttl: 30, now: 1_000), [])
        // Claimed: another worker's store does not get the entry while the claim lasts.
        fleet.claimOutbox(as: "worker-a", for: 60)
        XCTAssertEqual(try outbox.due(now: 1_001, limit: 10).map(\.id), queued.map(\.id))
        let other = try makeSibling(of: store)
        other.sharedFleet?.claimOutbox(as: "worker-b", for: 60)
        XCTAssertEqual(try other.due(now: 1_002, limit: 10), [], "claimed by worker-a until 1061")
        XCTAssertEqual(try other.due(now: 1_061, limit: 10).map(\.id), queued.map(\.id), "the claim lapsed")
        other.close()
    }

    /// Another connection to the same state as `store` (a second worker); `store` stays open.
    func makeSibling(of store: any NotificationStore) throws -> any NotificationStore { fatalError("override makeSibling(of:)") }
}

/// A rule state for the contract: JSON the store does not look into; `poisoned` fails to encode.
struct ContractRuleState: Codable, Equatable {
    var sent: [String: Int64]
    var poisoned = false

    init(sent: [String: Int64], poisoned: Bool = false) {
        self.sent = sent
        self.poisoned = poisoned
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sent = try container.decode([String: Int64].self, forKey: .sent)
    }

    func encode(to encoder: any Encoder) throws {
        if poisoned { throw EncodingError.invalidValue(self, .init(codingPath: [], debugDescription: "poisoned rule state")) }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sent, forKey: .sent)
    }

    private enum CodingKeys: String, CodingKey { case sent }
}
