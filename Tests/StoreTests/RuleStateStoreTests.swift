import Foundation
import Notifications
import Rules
import Store
import Worker
import XCTest

final class RuleStateStoreTests: StoreTestCase {
    private func state(sent: [String: Int64], lastSentAt: Int64? = nil, deferred: [Notice] = []) -> RuleState {
        var state = RuleState()
        state.sent = sent
        state.lastSentAt = lastSentAt
        state.deferred = deferred
        state.lastSnapshotAt = 77
        return state
    }

    func testEngineStateRoundTripsAcrossReopening() throws {
        var engine = EngineState()
        engine.rules["commute"] = state(sent: ["commute/2024-12-23/10:33": 1_735_000_000], lastSentAt: 1_734_999_000,
                                        deferred: [notification("quiet", channels: ["phone", "desktop"], expiresAt: 9)])
        engine.rules["天気"] = state(sent: [:])
        do {
            let store = try openStore()
            XCTAssertEqual(try store.loadEngineState(), EngineState())
            try store.saveEngineState(engine, now: 10)
        }
        XCTAssertEqual(try openStore().loadEngineState(), engine)
    }

    func testSaveRuleStatesWritesOnlyTheGivenRulesAndSaveEngineStateReplacesAll() throws {
        let store = try openStore()
        var engine = EngineState()
        engine.rules["a"] = state(sent: ["a1": 1])
        engine.rules["b"] = state(sent: ["b1": 1])
        try store.saveEngineState(engine, now: 1)
        try store.saveRuleStates(["b": state(sent: ["b2": 2]), "c": state(sent: ["c1": 3])], now: 2)
        XCTAssertEqual(try store.loadEngineState().rules, ["a": state(sent: ["a1": 1]), "b": state(sent: ["b2": 2]),
                                                           "c": state(sent: ["c1": 3])])
        var smaller = EngineState()
        smaller.rules["c"] = state(sent: [:])
        try store.saveEngineState(smaller, now: 3)
        XCTAssertEqual(try store.loadEngineState(), smaller)
    }

    func testCommitEnqueuesAndSavesStateTogether() throws {
        let store = try openStore()
        let inserted = try store.commit(notifications: [notification("k", channels: ["phone", "desktop"])],
                                        ruleStates: ["commute": state(sent: ["k": 500])], now: 5)
        XCTAssertEqual(inserted.count, 2)
        XCTAssertEqual(try store.loadEngineState().rules["commute"]?.sent, ["k": 500])
        XCTAssertEqual(try store.counts()[.pending], 2)
    }

    func testACommitThatFailsHalfWayWritesNothing() throws {
        let store = try openStore()
        try store.saveRuleStates(["commute": state(sent: ["before": 1])], now: 1)
        // The outbox insert succeeds, then writing the rule state fails inside the same transaction.
        try store.database.execute("""
            CREATE TRIGGER poison BEFORE INSERT ON rule_state WHEN NEW.rule = 'poison'
            BEGIN SELECT RAISE(ABORT, 'poisoned rule state'); END;
            """)
        XCTAssertThrowsError(try store.commit(notifications: [notification("k1"), notification("k2")],
                                              ruleStates: ["commute": state(sent: ["after": 2]), "poison": state(sent: [:])],
                                              now: 2)) { error in
            XCTAssertTrue("\(error)".contains("poisoned rule state"), "\(error)")
        }
        XCTAssertFalse(store.database.isInTransaction)
        XCTAssertEqual(try store.list(statuses: nil, limit: 10), [])
        XCTAssertEqual(try store.loadEngineState().rules["commute"]?.sent, ["before": 1])
        XCTAssertNil(try store.loadEngineState().rules["poison"])

        // The same evaluation retried after the failure goes through exactly once.
        try store.database.execute("DROP TRIGGER poison")
        let retried = try store.commit(notifications: [notification("k1"), notification("k2")],
                                       ruleStates: ["commute": state(sent: ["after": 2])], now: 3)
        XCTAssertEqual(retried.map(\.key), ["k1", "k2"])
        XCTAssertEqual(try store.commit(notifications: [notification("k1")], ruleStates: [:], now: 4), [])
    }

    func testAnUndecodableRuleStateNamesTheRuleAndTheFile() throws {
        let store = try openStore()
        try store.database.run("INSERT INTO rule_state (rule, state, updated_at) VALUES ('broken', '{\"sent\": 3}', 0)")
        XCTAssertThrowsError(try store.loadEngineState()) { error in
            XCTAssertTrue("\(error)".hasPrefix(self.file() + ": decoding the state of rule \"broken\": "), "\(error)")
        }
    }

    func testAnUndecodableRuleStateCanStartAfreshWithoutLosingTheOthers() throws {
        let store = try openStore()
        try store.saveRuleStates(["good": state(sent: ["g": 9])], now: 0)
        try store.database.run("INSERT INTO rule_state (rule, state, updated_at) VALUES ('broken', '{\"sent\": 3}', 0)")
        var reset: [String] = []
        let loaded = try store.loadEngineState { rule, _ in reset.append(rule) }
        XCTAssertEqual(reset, ["broken"])
        XCTAssertEqual(loaded.rules.keys.sorted(), ["good"])
        XCTAssertEqual(loaded.rules["good"]?.sent, ["g": 9])
    }
}
