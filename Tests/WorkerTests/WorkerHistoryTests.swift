import Foundation
import Store
import Worker
import XCTest

/// The rules' history: the worker records each evaluation (why it ran, the facts, the decision and
/// the engine's reasons, what it queued, its next wake-up), keeps the last `history: keep` per rule
/// across restarts, and `leavenow history` shows them — human, `--since`, `--json`, a typo answered
/// with "did you mean".
final class WorkerHistoryTests: XCTestCase {
    func testTheLastEvaluationsAreKeptAcrossARestartAndShown() throws {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script([], dedupe: true)
        try WorkerConfig.writeFrequentLeaveNow(in: scratch, every: 10, headsUp: "[5m, 0m]")
        try scratch.write("rules/history.yaml", "history:\n  keep: 4\n")
        let rules = scratch.path("rules")
        let start = InProcessWorker.instant("2024-12-22T10:00:30+09:00")
        var worker: InProcessWorker? = try InProcessWorker(scratch: scratch, start: start, environment: ["LEAVENOW_TEST_HOOK_URL": sink.url])
        worker!.run(until: start + 3_600, limit: 100)
        let statePath = worker!.statePath
        let store = try SQLiteStore(path: statePath)
        defer { store.close() }
        let before = try store.history(rule: "bus-leave-now", since: nil, limit: 100)
        XCTAssertEqual(before.count, 4, "pruned to keep: 4")

        // A restart: the first evaluation says so, and the history goes on, pruned to 4.
        worker = nil
        worker = try InProcessWorker(scratch: scratch, start: start + 3_600, environment: ["LEAVENOW_TEST_HOOK_URL": sink.url])
        worker!.run(until: start + 3_600 + 900, limit: 100)
        let after = try store.history(rule: "bus-leave-now", since: nil, limit: 100)
        XCTAssertEqual(after.count, 4)
        XCTAssertGreaterThan(after.first!.id, before.last!.id, "newer rows replace the oldest")
        let records = after.compactMap { RuleHistoryRecord(json: $0.record) }
        XCTAssertEqual(records.count, 4)
        XCTAssertTrue(records.contains { !$0.queued.isEmpty }, "\(records)")
        let sent = try XCTUnwrap(records.first { !$0.queued.isEmpty })
        XCTAssertEqual(sent.decision, .sent)
        XCTAssertEqual(sent.queued.first?.channels, ["hook"])
        XCTAssertTrue(sent.reasons.contains { $0.hasPrefix("send \(sent.queued[0].key) → hook: ") }, "\(sent.reasons)")
        XCTAssertEqual(sent.facts, [RuleHistoryRecord.Fact(source: "frequent", kind: "board", at: nil)])
        XCTAssertNotNil(sent.next)
        let restart = try XCTUnwrap(store.history(rule: "bus-leave-now", since: start + 3_600, limit: 100).first)
        XCTAssertEqual(RuleHistoryRecord(json: restart.record)?.trigger, .start)

        // The command: human, newest four, oldest first; the queued keys are the outbox's.
        let human = try LeavenowProcess.run(["history", "bus-leave-now", "--rules", rules, "--state", statePath])
        XCTAssertEqual(human.status, 0, human.all)
        XCTAssertTrue(human.stdout.hasPrefix("rule bus-leave-now (leave_now): 4 evaluations recorded, oldest first (the worker keeps the last 4 of each rule)\n\n"),
                      human.stdout)
        let keys = Set(try worker!.outbox().map(\.key))
        for line in human.stdout.split(separator: "\n") where line.hasPrefix("  queued: ") {
            let key = String(line.dropFirst("  queued: ".count).prefix { $0 != " " })
            XCTAssertTrue(keys.contains(key), "\(key) is not in the outbox")
        }
        XCTAssertTrue(human.stdout.contains("  read: board frequent\n"), human.stdout)
        XCTAssertTrue(human.stdout.contains("  decided: send 1 notification\n"), human.stdout)
        XCTAssertTrue(human.stdout.contains("  why:\n    departure 2024-12-22T"), human.stdout)

        // --since: the evaluations at or after it.
        let since = try LeavenowProcess.run(["history", "bus-leave-now", "--rules", rules, "--state", statePath, "--since", "2024-12-22T11:10"])
        let sinceTimes = since.stdout.split(separator: "\n").filter { $0.hasPrefix("2024-") }.map { String($0.prefix(25)) }
        XCTAssertFalse(sinceTimes.isEmpty, since.all)
        XCTAssertTrue(sinceTimes.allSatisfy { $0 >= "2024-12-22T11:10:00+09:00" }, "\(sinceTimes)")
        XCTAssertLessThan(sinceTimes.count, 4, since.stdout)

        // --json: every evaluation with its facts, decision, queued keys and reasons.
        let json = try LeavenowProcess.run(["history", "bus-leave-now", "--rules", rules, "--state", statePath, "--json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], json.all)
        XCTAssertEqual(object["rule"] as? String, "bus-leave-now")
        XCTAssertEqual(object["kind"] as? String, "leave_now")
        XCTAssertEqual(object["keep"] as? Int, 4)
        let evaluations = try XCTUnwrap(object["evaluations"] as? [[String: Any]])
        XCTAssertEqual(evaluations.count, 4)
        XCTAssertEqual(Set(evaluations.compactMap { $0["trigger"] as? String }).subtracting(["start", "time", "data"]), [])
        XCTAssertTrue(evaluations.contains { ($0["decision"] as? String) == "sent" && !(($0["queued"] as? [Any]) ?? []).isEmpty })
        XCTAssertTrue(evaluations.allSatisfy { !(($0["reasons"] as? [String]) ?? []).isEmpty })

        // A typo: exit 64 (an id the configuration does not define, as for explain), with the rule it is close to.
        let typo = try LeavenowProcess.run(["history", "bus-leave-nwo", "--rules", rules, "--state", statePath])
        XCTAssertEqual(typo.status, 64, typo.all)
        XCTAssertEqual(typo.stderr, "leavenow: no rule \"bus-leave-nwo\" in the configuration or the recorded history (did you mean \"bus-leave-now\"?)\n")
        XCTAssertEqual(typo.stdout, "")
    }

    func testWithKeepZeroNothingIsRecorded() throws {
        let scratch = try WorkerScratch()
        try WorkerConfig.writeFrequentLeaveNow(in: scratch, every: 10, headsUp: "[5m]")
        try scratch.write("rules/history.yaml", "history: {keep: 0}\n")
        let start = InProcessWorker.instant("2024-12-22T10:00:30+09:00")
        let worker = try InProcessWorker(scratch: scratch, start: start, environment: ["LEAVENOW_TEST_HOOK_URL": "http://127.0.0.1:9/hook"])
        worker.run(until: start + 1_800, limit: 50)
        let store = try SQLiteStore(path: worker.statePath)
        defer { store.close() }
        XCTAssertEqual(try store.historyRules(), [])
        let none = try LeavenowProcess.run(["history", "bus-leave-now", "--rules", scratch.path("rules"), "--state", worker.statePath])
        XCTAssertEqual(none.status, 0, none.all)
        XCTAssertEqual(none.stdout, "rule bus-leave-now: no evaluation recorded (the worker records each evaluation of a rule and keeps the last 0)\n")
    }
}
