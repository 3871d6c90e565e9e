import Foundation
import Rules
import Store
import XCTest

/// The worker on a simulated clock with recorded realtime (`Tests/Fixtures/realtime-rules`: the real
/// Caltrain capture re-stamped with trip 310 on time, +4 and +5 min, then trip 312 canceled), stopped
/// and started again mid-afternoon: it queues exactly what `dry-run` shows — the heads-up, the one
/// update, the leave-now on the prediction and the cancel notice — and no update twice.
final class WorkerRealtimeTests: XCTestCase {
    static let example = WorkerScratch.packageRoot.appendingPathComponent("Tests/Fixtures/realtime-rules")

    func testTheWorkerQueuesWhatTheDryRunShowsOnRecordedRealtime() throws {
        let scratch = try WorkerScratch()
        let realtime = WorkerScratch.packageRoot.appendingPathComponent("Tests/Fixtures/realtime").path
        let rules = try String(contentsOf: Self.example.appendingPathComponent("rules.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "../realtime/", with: realtime + "/")
        try scratch.write("rules/rules.yaml", rules)
        let recorded = Self.example.appendingPathComponent("fixtures/realtime/hillsdale/0")
        let target = try scratch.folder("fixtures/realtime/hillsdale/0")
        for name in try FileManager.default.contentsOfDirectory(atPath: recorded.path) {
            try FileManager.default.copyItem(atPath: recorded.appendingPathComponent(name).path, toPath: target + "/" + name)
        }
        let start = InProcessWorker.instant("2023-11-07T16:00:00-08:00"), end = InProcessWorker.instant("2023-11-07T18:30:00-08:00")
        let workspace = try Workspace.load(directory: scratch.path("rules"), fixtures: scratch.path("fixtures"))
        XCTAssertEqual(workspace.warnings.filter { !$0.contains("service ended") && !$0.contains("will not fire") }, [])
        let planned = workspace.simulation.run(from: start, to: end).deliveries.map { "\($0.at) \($0.notification.key)" }
        XCTAssertEqual(planned.map { String($0.split(separator: "/").last!) }, ["600", "moved1", "0", "canceled"], "\(planned)")

        // First worker until 16:44 (after the update), then a new one to the end.
        var worker: InProcessWorker? = try InProcessWorker(scratch: scratch, start: start, environment: [:], retentionDays: 4_000)
        worker!.run(until: InProcessWorker.instant("2023-11-07T16:44:00-08:00"), limit: 1_000)
        worker = nil
        worker = try InProcessWorker(scratch: scratch, start: InProcessWorker.instant("2023-11-07T16:44:30-08:00"), environment: [:],
                                     retentionDays: 4_000)
        worker!.run(until: end, limit: 1_000)
        let queued = try worker!.outbox().map { "\($0.createdAt) \($0.key)" }.sorted()
        XCTAssertEqual(queued, planned.sorted(), worker!.log)
    }
}
