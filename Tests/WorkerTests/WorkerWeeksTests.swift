import Foundation
import Rules
import Store
import Timetable
import XCTest

/// The worker over weeks on a simulated clock, stopped without warning and started again at random
/// points: it queues exactly what the dry run (the engine's `Simulation`) shows for the same span —
/// every weekday, every Sunday, the next holiday weeks later, across the year end.
final class WorkerWeeksTests: XCTestCase {
    static let root = WorkerScratch.packageRoot.path

    /// Rules that used to fall silent after the first 30 hours, and a few gates, on the example boards.
    static let rules = """
        boards:
          - id: chofu-to-mitaka
            sources:
              - {csv: \(root)/rules/timetables/chofu-mitaka/taka56, walk: 4m}
              - {csv: \(root)/rules/timetables/chofu-mitaka/taka66, walk: 3m}
              - {csv: \(root)/rules/timetables/chofu-mitaka/taka51, walk: 5m}
          - id: ginza
            holidays: [2024-12-30..2025-01-03]
            sources:
              - odpt: \(root)/rules/data/StationTimetable_TokyoMetro_Ginza_EXAMPLE.json
                station: odpt.Station:TokyoMetro.Ginza.Ginza
                walk: 3m
        channels:
          - {id: hook, type: webhook, url_env: LEAVENOW_WEEKS_UNSET_URL, rate_per_minute: 0}
        rules:
          - {id: weekday-morning, kind: leave_now, board: ginza, days: [mon, tue, wed, thu, fri], between: "08:00-08:20", heads_up: [5m, 0m], channels: [hook]}
          - {id: sunday-only, kind: leave_now, board: chofu-to-mitaka, days: [sun], stops: ["12"], between: "10:25-10:40", heads_up: [10m, 0m], channels: [hook]}
          - {id: saturday-only, kind: leave_now, board: chofu-to-mitaka, days: [sat], between: "09:00-09:30", channels: [hook]}
          - {id: holiday-only, kind: leave_now, board: chofu-to-mitaka, day_types: [holiday], between: "11:00-11:30", channels: [hook]}
          - {id: weekend-first, kind: leave_now, board: ginza, days: [sat, sun], pick: first, heads_up: [15m, 0m], channels: [hook]}
          - {id: late-night, kind: leave_now, board: ginza, between: "23:50-00:20", buffer: 2m, channels: [hook], max_per_day: 2}
          - {id: last-train, kind: leave_now, board: ginza, last_only: true, heads_up: [15m, 0m], channels: [hook], quiet_hours: "00:00-06:00"}
          - {id: noisy, kind: leave_now, board: chofu-to-mitaka, between: "07:00-08:00", channels: [hook], cooldown: 20m, max_per_day: 3}
        """

    func testTheWorkerRestartedAtRandomPointsOverEightWeeksQueuesWhatTheDryRunShows() throws {
        let scratch = try WorkerScratch()
        try scratch.write("rules/rules.yaml", Self.rules)
        let tokyo = ZoneClock(identifier: "Asia/Tokyo")!
        let start = tokyo.parseTimestamp("2024-12-20T18:00")!, end = tokyo.parseTimestamp("2025-02-15T00:00")!

        let workspace = try Workspace.load(directory: scratch.path("rules"), readFixtures: false)
        XCTAssertEqual(workspace.engine.rules.count, 8)
        let planned = workspace.simulation.run(from: start, to: end).deliveries.map { "\($0.at) \($0.notification.key)" }
        for id in ["weekday-morning", "sunday-only", "saturday-only", "holiday-only", "weekend-first", "late-night", "last-train", "noisy"] {
            XCTAssertTrue(planned.contains { $0.contains(" \(id)/") }, "\(id) fires in the dry run")
        }

        var random = SystemRandomNumberGenerator()
        var restarts = 0
        var worker: InProcessWorker? = try InProcessWorker(scratch: scratch, start: start, environment: [:], fixtures: false, retentionDays: 400)
        var passes = 0
        while let current = worker, passes < 200_000 {
            passes += 1
            guard let next = current.pass(), next <= end else { break }
            // About one pass in 150: the process dies between two passes and a new one starts at a
            // random instant before the next wake-up (nothing is due in between).
            if Int.random(in: 0..<150, using: &random) == 0 {
                let restartAt = Int64.random(in: Int64(current.clock.now()) + 1...next, using: &random)
                worker = nil
                worker = try InProcessWorker(scratch: scratch, start: restartAt, environment: [:], fixtures: false, retentionDays: 400)
                restarts += 1
            } else {
                current.clock.set(next)
            }
        }
        XCTAssertGreaterThan(restarts, 3, "the worker was restarted along the way")
        let store = try SQLiteStore(path: scratch.path("state/state.db"))
        defer { store.close() }
        // Every entry is kept (retention 400 days): the held channel's entries expired, none was purged.
        let queued = try store.list(statuses: nil, limit: 100_000).sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
            .map { "\($0.createdAt) \($0.key)" }
        XCTAssertEqual(queued.count, planned.count, "restarts: \(restarts)")
        let missing = Set(planned).subtracting(queued).sorted().prefix(10), extra = Set(queued).subtracting(planned).sorted().prefix(10)
        XCTAssertTrue(missing.isEmpty && extra.isEmpty, "restarts: \(restarts); missing: \(missing); extra: \(extra)")
        XCTAssertEqual(Set(queued).count, queued.count, "no key queued twice")
    }
}
