import Foundation
import Notifications
import Store
import XCTest

/// The contract of the rules' history and of the delivery log read from a cursor (what the worker's
/// health follows), on every store.
extension StoreContractTestCase {
    /// An evaluation of `rule` at `at`.
    func evaluation(_ rule: String, at: Int64) -> RuleHistoryEntry {
        RuleHistoryEntry(rule: rule, at: at, record: "{\"trigger\":\"time\",\"n\":\(at),\"text\":\"改行\\n\\\"q\\\"\"}")
    }

    func checkHistoryIsAppendedPrunedToKeepInTheCommitAndReadOldestFirst() throws {
        let store = try makeStore()
        for at in Int64(1)...5 {
            let extras = CommitExtras(history: [evaluation("commute", at: at * 10), evaluation("rain", at: at * 10)], historyKeep: 3,
                                      meta: [(key: "health.state", value: "{\"n\":\(at)}")])
            _ = try store.commit(notifications: [], ruleStates: ["commute": ContractRuleState(sent: [:])], extras: extras, now: at * 10)
        }
        let kept = try store.history(rule: "commute", since: nil, limit: 100)
        XCTAssertEqual(kept.map(\.at), [30, 40, 50], "the last 3, oldest first")
        XCTAssertEqual(kept.map(\.id), kept.map(\.id).sorted())
        XCTAssertEqual(kept.first?.record, evaluation("commute", at: 30).record, "the record comes back as written")
        XCTAssertEqual(try store.history(rule: "rain", since: nil, limit: 100).count, 3)
        XCTAssertEqual(try store.history(rule: "commute", since: 40, limit: 100).map(\.at), [40, 50])
        XCTAssertEqual(try store.history(rule: "commute", since: nil, limit: 2).map(\.at), [40, 50], "the limit keeps the newest")
        XCTAssertEqual(try store.history(rule: "nobody", since: nil, limit: 100), [])
        XCTAssertEqual(try store.historyRules(), ["commute", "rain"])
        XCTAssertEqual(try store.meta("health.state"), "{\"n\":5}", "meta written in the same commit")

        // Two evaluations of one rule in one commit, and a smaller keep: pruned to it at once.
        let extras = CommitExtras(history: [evaluation("commute", at: 60), evaluation("commute", at: 61)], historyKeep: 1)
        _ = try store.commit(notifications: [notification("k")], ruleStates: [String: ContractRuleState](), extras: extras, now: 61)
        XCTAssertEqual(try store.history(rule: "commute", since: nil, limit: 100).map(\.at), [61])
        XCTAssertEqual(try store.history(rule: "rain", since: nil, limit: 100).count, 3, "only the rules appended to are pruned")
    }

    func checkHistorySurvivesAReopenAndItsPruningGoesOn() throws {
        var store = try makeStore()
        for at in Int64(1)...4 {
            _ = try store.commit(notifications: [], ruleStates: [String: ContractRuleState](),
                                 extras: CommitExtras(history: [evaluation("commute", at: at)], historyKeep: 3), now: at)
        }
        store = try reopen(store)
        XCTAssertEqual(try store.history(rule: "commute", since: nil, limit: 100).map(\.at), [2, 3, 4])
        _ = try store.commit(notifications: [], ruleStates: [String: ContractRuleState](),
                             extras: CommitExtras(history: [evaluation("commute", at: 5)], historyKeep: 3), now: 5)
        XCTAssertEqual(try store.history(rule: "commute", since: nil, limit: 100).map(\.at), [3, 4, 5])
        store.close()
    }

    func checkAFailedCommitWritesNoHistoryNorMeta() throws {
        let store = try makeStore()
        XCTAssertThrowsError(try store.commit(notifications: [notification("k1")],
                                              ruleStates: ["poison": ContractRuleState(sent: [:], poisoned: true)],
                                              extras: CommitExtras(history: [evaluation("commute", at: 1)], historyKeep: 5,
                                                                   meta: [(key: "health.state", value: "{}")]),
                                              now: 1))
        XCTAssertEqual(try store.history(rule: "commute", since: nil, limit: 10), [])
        XCTAssertNil(try store.meta("health.state"))
        XCTAssertEqual(try store.list(statuses: nil, limit: 10), [])
    }

    func checkHistoryPurgeAndTheDeliveryLogAfterACursor() throws {
        let store = try makeStore()
        _ = try store.commit(notifications: [], ruleStates: [String: ContractRuleState](),
                             extras: CommitExtras(history: [evaluation("gone", at: 100), evaluation("kept", at: 200)], historyKeep: 5), now: 200)
        XCTAssertEqual(try store.purgeHistory(olderThan: 150), 1)
        XCTAssertEqual(try store.historyRules(), ["kept"])

        let entries = try store.enqueue([notification("a", channels: ["hook", "phone"])], now: 10)
        try store.record([DeliveryRecord(entryID: entries[0].id, outcome: .retry(at: 20, error: "HTTP 500")),
                          DeliveryRecord(entryID: entries[1].id, outcome: .delivered(status: 204))], now: 11)
        try store.record([DeliveryRecord(entryID: entries[0].id, outcome: .dead(error: "HTTP 404"))], now: 21)
        let log = try store.deliveryLog(after: 0, limit: 10)
        XCTAssertEqual(log.map(\.event), [.retry, .delivered, .dead])
        XCTAssertEqual(log.map(\.channel), ["hook", "phone", "hook"])
        XCTAssertEqual(log.map(\.id), log.map(\.id).sorted())
        XCTAssertEqual(try store.deliveryLog(after: log[0].id, limit: 10).map(\.event), [.delivered, .dead])
        XCTAssertEqual(try store.deliveryLog(after: log[0].id, limit: 1).map(\.event), [.delivered])
        XCTAssertEqual(try store.deliveryLog(after: log[2].id, limit: 10), [])
    }
}
