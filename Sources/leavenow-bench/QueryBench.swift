import Foundation
import Timetable
import TestServers

/// The merged board of the query benchmarks: 24 routes of ~460 departures each, 11,091 departures
/// per service day, every day alike. `next` and `board` on it as processes (the start-up benchmark)
/// read the same departures from `rules/` files that `write(to:)` makes.
enum BenchBoard {
    static let routes = 0..<24
    static let id = "bench-11k"
    static let walkSeconds = 240

    /// Route `route`'s departures: every 150–160 s from 05:00 (+ 37 s per route) to 25:00.
    static func departures(route: Int) -> [Departure] {
        var day: [Departure] = []
        var t = 5 * 3600 + route * 37
        while t < 25 * 3600 {
            day.append(Departure(time: Int32(t), line: "R\(route)", stop: "\(route % 8 + 1)", destination: "D\(route % 5)"))
            t += 150 + (route * 13 + t / 60) % 11
        }
        day.markLastPerDestination()
        return day
    }

    /// The board in memory, to the second.
    static func board(clock: ZoneClock) -> Board {
        let sources = routes.map { route in
            BoardTimetable(name: "route \(route)", timetable: DayTypeTimetable(days: [.everyday: departures(route: route)]),
                        walkSeconds: walkSeconds)
        }
        return Board(id: id, title: id, clock: clock, sources: sources)
    }

    /// Writes the board as a rules directory (`boards.yaml` and one bus CSV per route, the same
    /// departures to the minute) unless it is there; returns the directory.
    static func write(to root: String) throws -> String {
        let directory = root + "/board-11k"
        let boards = directory + "/boards.yaml"
        if FileManager.default.fileExists(atPath: boards) { return directory }
        try FileManager.default.createDirectory(atPath: directory + "/timetables", withIntermediateDirectories: true)
        var yaml = "# Written by leavenow-bench (Sources/leavenow-bench/QueryBench.swift): the query benchmarks' board.\n"
        yaml += "boards:\n  - id: \(id)\n    title: 24 routes, 11,091 departures a day\n    sources:\n"
        for route in routes {
            let departures = departures(route: route)
            var hours: [Int: [Int]] = [:]
            for departure in departures { hours[Int(departure.time) / 3600, default: []].append(Int(departure.time) % 3600 / 60) }
            let text = "# route R\(route), every day\n" + hours.keys.sorted().map { hour in
                ([String(hour)] + hours[hour]!.map { String(format: "%02d", $0) }).joined(separator: ",")
            }.joined(separator: "\n") + "\n"
            try text.write(toFile: directory + "/timetables/r\(route).csv", atomically: true, encoding: .utf8)
            let first = departures[0]
            yaml += "      - csv: {everyday: timetables/r\(route).csv}\n"
            yaml += "        line: \(first.line)\n        stop: \"\(first.stop)\"\n        destination: \(first.destination)\n"
            yaml += "        walk: \(walkSeconds / 60)m\n"
        }
        try yaml.write(toFile: boards + ".tmp", atomically: true, encoding: .utf8)
        try FileManager.default.moveItem(atPath: boards + ".tmp", toPath: boards)
        return directory
    }
}

/// Next-5 departures on a merged board of ≥ 10,000 departures per service day, on one core.
func runQueryBenchmark() {
    let clock = ZoneClock(identifier: "Asia/Tokyo")!
    let board = BenchBoard.board(clock: clock)
    let date = LocalDate("2025-06-11")!
    let perDay = board.serviceDay(date).count

    var scheduleBuild: ContiguousArray<BoardSchedule> = []
    let buildTimes = BenchmarkClock.measure(runs: 5) {
        scheduleBuild = [board.schedule(around: clock.instant(date: date, seconds: 12 * 3600))]
    }
    let schedule = scheduleBuild[0]
    let dayStart = clock.serviceDayStart(date)
    let queries = 2_000_000
    var rng = SplitMix64(seed: 42)
    let instants = (0..<queries).map { _ in dayStart + Int64(rng.next() % 86_400) }
    var checksum: Int64 = 0
    let queryTimes = BenchmarkClock.measure(runs: 5) {
        for instant in instants {
            for departure in schedule.next(at: instant, count: 5) { checksum &+= departure.departure }
        }
    }
    let best = queryTimes.min()!, median = BenchmarkClock.median(queryTimes)
    print("queries: next-5 on a merged board of \(perDay) departures/day (\(schedule.departures.count) in the index, 10 service days)")
    print("  index build (10 service days): median \(String(format: "%.1f", BenchmarkClock.median(buildTimes) * 1000)) ms")
    print("  next-5 queries/s on one core: median \(BenchmarkClock.grouped(Double(queries) / median)), best \(BenchmarkClock.grouped(Double(queries) / best))  (goal ≥ 1,000,000)  [checksum \(checksum % 1000)]")
}
