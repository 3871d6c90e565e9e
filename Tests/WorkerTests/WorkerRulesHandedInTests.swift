import Daemon
import Foundation
import Store
import Worker
import XCTest

/// The configuration is loaded once, by `leavenow run`, and handed to the worker: the worker runs
/// the rules it is given without reading the directory again (issue 24). It reads it again only to
/// reload (a SIGHUP, a change in the directory).
final class WorkerRulesHandedInTests: XCTestCase {
    func testTheWorkerRunsTheRulesItIsHandedWithoutParsingTheDirectoryAgain() throws {
        let scratch = try WorkerScratch()
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        try sink.script([], dedupe: true)
        try WorkerConfig.writeFrequentLeaveNow(in: scratch, every: 3, headsUp: "[0m]")
        try scratch.folder("state")
        let options = WorkerOptions(rulesDirectory: scratch.path("rules"), statePath: scratch.path("state/state.db"),
                                    fixtures: scratch.path("fixtures"), environment: ["LEAVENOW_TEST_HOOK_URL": sink.url],
                                    dispatcherConfiguration: InProcessWorker.quickDispatcher)
        let rules = try options.loadRules()
        XCTAssertEqual(rules.engine.rules.map(\.id), ["bus-leave-now"])

        // After the command loaded it, the directory no longer checks: a worker that parsed it
        // again would refuse to start.
        try scratch.write("rules/config.yaml", "rules:\n  - id: [not a rule\n")
        XCTAssertThrowsError(try options.loadRules(), "the directory is broken now")

        let log = scratch.path("worker.log")
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let clock = ManualWorkerClock(InProcessWorker.instant("2024-12-22T10:00:30+09:00"))
        let worker = try Worker(options: options, rules: rules, clock: clock, logger: LogfmtLogger(fileHandle: try FileHandle(forWritingTo: URL(fileURLWithPath: log))))
        XCTAssertEqual(worker.activeRules, ["bus-leave-now"])
        let next = try XCTUnwrap(worker.pass(), "the rules handed in plan their next wake-up")
        XCTAssertGreaterThan(next, InProcessWorker.instant("2024-12-22T10:00:30+09:00"))
        let logged = try String(contentsOfFile: log, encoding: .utf8)
        XCTAssertTrue(logged.contains("event=rules.loaded"), logged)
        XCTAssertTrue(logged.contains("rules=1"), logged)
    }
}
