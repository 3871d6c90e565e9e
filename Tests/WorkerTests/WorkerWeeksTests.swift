import Foundation
import Rules
import RuleTestSupport
import Store
import TestServers
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
        let start = tokyo.parseTimestamp("2024-12-20T18:00")!, end = tokyo.parseTimestamp("2025-02-15T00:00")!
        let workspace = try Workspace.load(directory: scratch.path("rules"), readFixtures: false)
        XCTAssertEqual(workspace.engine.rules.count, 8)
        let planned = workspace.simulation.run(from: start, to: end).deliveries.map { "\($0.at) \($0.notification.key)" }
        for id in ["weekday-morning", "sunday-only", "saturday-only", "holiday-only", "weekend-first", "late-night", "last-train", "noisy"] {
            XCTAssertTrue(planned.contains { $0.contains(" \(id)/") }, "\(id) fires in the dry run")
        }
        try checkWorker(scratch: scratch, start: start, end: end, planned: planned)
    }

    /// Generated leave-now rules (on each property-test board: filters, windows over midnight,
    /// heads-ups, quiet hours, cooldowns, daily limits; each window at most 2 hours, so the worker's
    /// passes stay countable) through the worker, restarted at random points: 12 rules over the
    /// three weeks of the year end here; 30 rules over 8 weeks with `LEAVENOW_LONG_TESTS=1`
    /// (`make test-long`, which CI runs).
    func testGeneratedRulesThroughTheRestartedWorkerQueueWhatTheDryRunShows() throws {
        let long = ProcessInfo.processInfo.environment["LEAVENOW_LONG_TESTS"] == "1"
        let perBoard = long ? 5 : 2
        let scratch = try WorkerScratch()
        let start = tokyo.parseTimestamp("2024-12-21T00:00")!
        let end = tokyo.parseTimestamp(long ? "2025-02-15T00:00" : "2025-01-11T00:00")!
        try scratch.write("rules/boards.yaml", PropertyBoards.tokyo + "\nchannels:\n  - {id: hook, type: webhook, url_env: LEAVENOW_WEEKS_UNSET_URL, rate_per_minute: 0}\n")
        let boards = try Workspace.load(directory: scratch.path("rules"), readFixtures: false).boards
        var rng = SplitMix64(seed: 2_025)
        var rules: [GeneratedLeaveNowRule] = []
        for id in boards.keys.sorted() {
            let departures = boards[id]!.schedule(from: tokyo.localTime(at: start).date, through: tokyo.localTime(at: start).date.adding(days: 13)).departures
            let labels = GeneratedLeaveNowRule.Labels(lines: Array(Set(departures.map(\.line))).sorted(), stops: Array(Set(departures.map(\.stop))).sorted(),
                                                      destinations: Array(Set(departures.map(\.destination))).sorted())
            for n in 0..<perBoard {
                var rule = GeneratedLeaveNowRule.random(id: "\(id)-w\(n)", board: id, labels: labels, using: &rng)
                rule.channel = "hook"
                if let window = rule.window, (window.end - window.start + 86_400) % 86_400 <= 7_200 {} else {
                    let start = Int.random(in: 0..<48, using: &rng) * 1_800
                    rule.window = (start, (start + Int.random(in: 1...4, using: &rng) * 1_800) % 86_400)
                }
                rules.append(rule)
            }
        }
        try scratch.write("rules/rules.yaml", "rules:\n" + rules.map(\.yaml).joined(separator: "\n") + "\n")
        let workspace = try Workspace.load(directory: scratch.path("rules"), readFixtures: false)
        XCTAssertEqual(workspace.engine.rules.count, 6 * perBoard)
        let planned = workspace.simulation.run(from: start, to: end).deliveries.map { "\($0.at) \($0.notification.key)" }
        XCTAssertGreaterThan(planned.count, long ? 500 : 100)
        try checkWorker(scratch: scratch, start: start, end: end, planned: planned)
    }

    let tokyo = ZoneClock(identifier: "Asia/Tokyo")!

    /// Runs the worker of `scratch` from `start` to `end` at each wake-up it asks for, stopping it
    /// without warning about one pass in 150 and starting a new one at a random instant before the
    /// next wake-up; then compares what it queued with `planned` ("instant key" lines).
    func checkWorker(scratch: WorkerScratch, start: Int64, end: Int64, planned: [String]) throws {
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
        let queued = try store.list(statuses: nil, limit: 100_000).map { "\($0.createdAt) \($0.key)" }
        XCTAssertEqual(queued.count, planned.count, "restarts: \(restarts), passes: \(passes)")
        let missing = Set(planned).subtracting(queued).sorted().prefix(10), extra = Set(queued).subtracting(planned).sorted().prefix(10)
        XCTAssertTrue(missing.isEmpty && extra.isEmpty, "restarts: \(restarts); missing: \(missing); extra: \(extra)")
        XCTAssertEqual(Set(queued).count, queued.count, "no key queued twice")
    }
}
