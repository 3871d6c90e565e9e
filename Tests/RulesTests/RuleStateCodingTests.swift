import Config
import Facts
import Foundation
import Notifications
@testable import Rules
import RuleTestSupport
import Timetable
import XCTest

/// A rule's state in its stored form: leave-now occurrences as numbers (`SentOccurrences`), and a
/// state written before they existed (every key in `sent`) read as the same state, so that a worker
/// upgraded mid-commute sends nothing twice.
final class RuleStateCodingTests: XCTestCase {
    let tokyo = ZoneClock(identifier: "Asia/Tokyo")!
    func at(_ text: String) -> Int64 { tokyo.parseTimestamp(text)! }

    /// The example boards and a morning commute on each (10-minute heads-up and the leave-now).
    func commutes() throws -> (engine: RuleEngine, boards: [String: Board]) {
        let boards = try BoardCatalog.load(directory: PropertyBoards.path("rules")).boardsByID
        let location = ConfigLocation(file: "test", line: 1, column: 1)
        let filters: [(board: String, stops: Set<String>?, destinations: Set<String>?)] = [
            ("chofu-to-mitaka", ["12"], nil), ("mitaka-to-chofu", ["6"], nil), ("ginza", nil, ["浅草"]),
        ]
        let rules = filters.enumerated().map { index, rule in
            var spec = LeaveNowSpec(board: rule.board, stops: rule.stops, destinations: rule.destinations,
                                    window: ClockWindow(start: 7 * 3600, end: 9 * 3600), headsUpSeconds: [600, 0])
            spec.bufferSeconds = 60
            return RuleSpec(id: "commute-\(index)", kind: .leaveNow(spec), common: RuleCommonSpec(channels: ["phone"], timeZone: tokyo.timeZone),
                            location: location, references: [])
        }
        return (RuleEngine(rules: rules), boards)
    }

    /// The JSON the version before `occurrences` wrote for `state` of rule `id`: every key in `sent`.
    func storedByTheVersionBefore(_ state: RuleState, rule id: String) throws -> Data {
        var sent = state.sent
        for entry in state.occurrences.entries {
            sent["\(id)/\(entry.instant)/\(entry.labels.text)/\(entry.offset)"] = entry.forgetAfter
        }
        var object: [String: Any] = ["sent": sent, "deferred": [Any]()]
        if let last = state.lastSentAt { object["lastSentAt"] = last }
        if let count = state.dayCount { object["dayCount"] = ["day": count.day, "count": count.count] }
        return try JSONSerialization.data(withJSONObject: object)
    }

    func testAStateStoredByTheVersionBeforeOccurrencesReadsAsTheSameStateAndSendsNothingTwice() throws {
        let (engine, boards) = try commutes()
        let simulation = Simulation(engine: engine, boards: boards, timeline: FactTimeline())
        let start = at("2024-12-23T06:00"), end = at("2024-12-23T10:00")
        let whole = simulation.run(from: start, to: end).deliveries.map { "\($0.at) \($0.notification.key)" }
        XCTAssertGreaterThan(whole.count, 10)
        // Stopped just after a heads-up went out, before its leave-now.
        let stop = try XCTUnwrap(simulation.run(from: start, to: end).deliveries.first { $0.notification.key.hasSuffix("/600") && $0.at > at("2024-12-23T07:30") }).at
        let before = simulation.run(from: start, to: stop)
        var upgraded = EngineState()
        for (id, state) in before.state.rules {
            XCTAssertFalse(state.occurrences.isEmpty, "\(id) remembers its leave-now notifications as occurrences")
            XCTAssertTrue(state.sent.isEmpty, "\(id): no leave-now key is kept as text")
            let old = try storedByTheVersionBefore(state, rule: id)
            XCTAssertTrue(String(decoding: old, as: UTF8.self).replacingOccurrences(of: "\\/", with: "/").contains("\"\(id)/"),
                          "the old form holds the keys")
            upgraded.rules[id] = try JSONDecoder().decode(RuleState.self, from: old)
            XCTAssertEqual(upgraded.rules[id], state, "\(id) reads as the same state")
        }
        let resumed = simulation.run(from: stop + 1, to: end, state: upgraded).deliveries.map { "\($0.at) \($0.notification.key)" }
        let sentBefore = before.deliveries.map { "\($0.at) \($0.notification.key)" }
        XCTAssertEqual(sentBefore + resumed, whole, "what the old state's worker goes on to send is what one run sends")
        // Without its memory the rule would send the heads-up again: the state is what prevents it.
        let forgetful = simulation.run(from: stop + 1, to: end).deliveries.map(\.notification.key)
        XCTAssertTrue(forgetful.contains { key in before.deliveries.contains { $0.notification.key == key } })
    }

    func testTheStoredFormIsCompactAndRoundTrips() throws {
        let (engine, boards) = try commutes()
        let state = Simulation(engine: engine, boards: boards, timeline: FactTimeline())
            .run(from: at("2024-12-23T06:00"), to: at("2024-12-23T07:50")).state.rules["commute-0"]!
        var withKeys = state
        withKeys.sent = ["commute-0/rain/1734912000": 1_735_000_000]
        let encoded = try JSONEncoder().encode(withKeys)
        let text = String(decoding: encoded, as: UTF8.self)
        XCTAssertTrue(text.contains("\"occurrences\":\""), text)
        XCTAssertFalse(text.contains("commute-0/17"), "occurrences are stored without the rule: \(text)")
        XCTAssertTrue(text.contains("\"sent\":{") && text.contains("\"deferred\":[]"), "what the version before requires is there: \(text)")
        XCTAssertEqual(try JSONDecoder().decode(RuleState.self, from: encoded), withKeys)
        XCTAssertLessThan(encoded.count, try storedByTheVersionBefore(withKeys, rule: "commute-0").count)
    }

    func testOnlyLeaveNowKeysWrittenAsStringWritesThemBecomeOccurrences() throws {
        for key in ["r/rain/1734912000", "r/alert/x1/x2/1734912000", "r/disruption/TokyoMetro.Ginza/1734912000", "r/x3f2a", "r/digest/17",
                    "r/1734912000/12/11/canceled", "r/1734912000/12/11/moved1", "r/01734912000/12/11/600", "r/1734912000/12/11/0600",
                    "r/1734912000/12/600", "r/1734912000/a/b/c/d/600", "R/1734912000/12/11/600", "r/1734912000/12/1 1/600", "/1734912000/12/11/600"] {
            XCTAssertNil(SentOccurrences.parse(key: key), key)
            let state = try JSONDecoder().decode(RuleState.self, from: Data(#"{"sent":{"\#(key)":5},"deferred":[]}"#.utf8))
            XCTAssertEqual(state.sent, [key: 5], key)
            XCTAssertTrue(state.occurrences.isEmpty, key)
        }
        for key in ["r-1/1734912000/12/11/600", "r/-5/x9a/11/0", "r/1734912000/a/b/c/600"] {
            let parsed = try XCTUnwrap(SentOccurrences.parse(key: key), key)
            XCTAssertEqual("r/\(parsed.instant)/\(parsed.labels.text)/\(parsed.offset)", key.replacingOccurrences(of: "r-1/", with: "r/"))
        }
        XCTAssertThrowsError(try JSONDecoder().decode(RuleState.self, from: Data(#"{"sent":{},"deferred":[],"occurrences":"17/a/600"}"#.utf8)))
    }

    func testAStepperGoingOnFromAnotherKeepsTheWakeUpsOfTheRulesItKeeps() throws {
        let (engine, boards) = try commutes()
        let facts = FactSet(boards: boards)
        var stepper = RuleStepper(engine: engine, start: at("2024-12-23T06:00"))
        var state = EngineState()
        var schedules = ScheduleCache()
        _ = stepper.step(now: at("2024-12-23T06:00"), updated: [], facts: facts, state: &state, schedules: &schedules)
        let before = stepper.wakeTimes
        XCTAssertTrue(before.allSatisfy { ($0.at ?? 0) > at("2024-12-23T06:30") } && Set(before.map(\.at)).count == 3, "\(before)")
        // The first two rules kept (the same specs), the third one reloaded (a new spec), a fourth new.
        let reloaded = RuleSpec(id: engine.rules[2].id, kind: engine.rules[2].kind, common: engine.rules[2].common, location: engine.rules[2].location,
                                references: [])
        let added = RuleSpec(id: "added", kind: engine.rules[0].kind, common: engine.rules[0].common, location: engine.rules[0].location, references: [])
        let next = RuleEngine(rules: [engine.rules[1], engine.rules[0], reloaded, added])
        let restart = at("2024-12-23T06:30")
        let going = RuleStepper(engine: next, start: restart, continuing: stepper)
        XCTAssertEqual(going.wakeTimes.map(\.rule), ["commute-1", "commute-0", "commute-2", "added"])
        XCTAssertEqual(going.wakeTimes.map(\.at), [before[1].at, before[0].at, restart, restart])
        XCTAssertEqual(RuleStepper(engine: next, start: restart).wakeTimes.map(\.at), [restart, restart, restart, restart])
    }
}
