import Foundation

/// Wall-clock timing for benchmarks: monotonic, in seconds.
enum BenchmarkClock {
    static func seconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Runs `body` `runs` times and returns each run's seconds.
    static func measure(runs: Int, _ body: () throws -> Void) rethrows -> [Double] {
        var times: [Double] = []
        for _ in 0..<runs {
            let start = seconds()
            try body()
            times.append(seconds() - start)
        }
        return times
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// `1,234,567`
    static func grouped(_ value: Double) -> String {
        let digits = String(Int(value.rounded()))
        var out = ""
        for (index, character) in digits.reversed().enumerated() {
            if index > 0, index % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return String(out.reversed())
    }
}
