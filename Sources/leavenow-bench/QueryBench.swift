import Timetable
import TestServers

/// Next-5 departures on a merged board of ≥ 10,000 departures per service day, on one core.
func runQueryBenchmark() {
    let clock = ZoneClock(identifier: "Asia/Tokyo")!
    var sources: [BoardSource] = []
    // 24 sources × ~440 departures = ~10,500 departures per day, every day type.
    for route in 0..<24 {
        var day: [Departure] = []
        var t = 5 * 3600 + route * 37
        while t < 25 * 3600 {
            day.append(Departure(time: Int32(t), line: "R\(route)", stop: "\(route % 8 + 1)", destination: "D\(route % 5)"))
            t += 150 + (route * 13 + t / 60) % 11
        }
        day.markLastPerDestination()
        sources.append(BoardSource(name: "route \(route)", timetable: DayTypeTimetable(days: [.everyday: day]), walkSeconds: 240))
    }
    let board = Board(id: "bench", title: "bench", clock: clock, sources: sources)
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

