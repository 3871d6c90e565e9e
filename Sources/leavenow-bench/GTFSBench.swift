import Foundation
import Timetable

/// `leavenow-bench gtfs [--rows N] [--runs N] [--stops N] [--data DIR] [--fixture DIR] [--peers LIST]`
///
/// Scales the GTFS-JP rinkobus sample up to at least `--rows` stop_times rows (default 1,000,000:
/// copies of its routes and stops with new ids, trips repeated through the day with shifted times,
/// some past 24:00), writes it once into `--data` (default `.build/bench-data/`, outside git), then
/// times `GTFSFeed.load` plus building the boards of `--stops` stops for one service date, and
/// runs the pandas-based peers (`scripts/bench/gtfs_peer.py`, partridge and gtfs-kit) on the same
/// directory, printing best and median seconds and MB/s over the bytes of the files read.
func runGTFSBenchmark(arguments: [String]) throws {
    var options: [String: String] = [:]
    var index = 0
    while index < arguments.count {
        let name = arguments[index]
        guard name.hasPrefix("--"), index + 1 < arguments.count else {
            throw GTFSBenchError(message: "usage: gtfs [--rows N] [--runs N] [--stops N] [--data DIR] [--fixture DIR] [--peers partridge,gtfs_kit|none]")
        }
        options[String(name.dropFirst(2))] = arguments[index + 1]
        index += 2
    }
    let targetRows = Int(options["rows"] ?? "") ?? 1_000_000
    let runs = max(1, Int(options["runs"] ?? "") ?? 5)
    let stopCount = max(1, Int(options["stops"] ?? "") ?? 100)
    let fixture = options["fixture"] ?? "Tests/Fixtures/gtfs/gtfs-jp-rinkobus"
    let peers = (options["peers"] ?? "partridge,gtfs_kit").split(separator: ",").map(String.init).filter { $0 != "none" }
    let dataRoot = options["data"] ?? ".build/bench-data"

    let generator = try ScaledGTFSFeed(fixture: fixture, targetRows: targetRows)
    let directory = dataRoot + "/gtfs-rinkobus-x\(generator.copies)"
    try generator.writeIfMissing(to: directory)
    let bytes = ScaledGTFSFeed.files.reduce(0) { total, name in
        total + ((try? FileManager.default.attributesOfItem(atPath: directory + "/" + name)[.size] as? Int) ?? 0)
    }
    let megabytes = Double(bytes) / 1e6
    let stopIDs = generator.benchmarkStops(count: stopCount)
    let date = LocalDate("2017-04-03")!  // a Monday in the sample's calendar

    print("GTFS: load + boards for \(stopIDs.count) stops on \(date), feed \(directory)")
    print(String(format: "feed: %.1f MB in %d files read, ~%d stop_times rows, %d trips, %d stops",
                 megabytes, ScaledGTFSFeed.files.count, generator.stopTimeRows, generator.tripCount, generator.stopCount))

    var times: [Double] = []
    var departures = 0
    var rows = 0
    for _ in 0..<runs {
        let clock = ContinuousClock()
        let start = clock.now
        let feed = try GTFSFeed.load(path: directory)
        var total = 0
        for stop in stopIDs {
            let timetable = try feed.timetable(stopID: stop, stopName: nil, route: nil)
            total += timetable.departures(on: date, dayType: .weekday)?.departures.count ?? 0
        }
        let elapsed = clock.now - start
        times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        departures = total
        rows = feed.stopTimeCount
    }
    var results: [(name: String, best: Double, median: Double, departures: Int)] = []
    results.append(("leavenow GTFSFeed (Swift)", times.min() ?? 0, median(times), departures))
    print("swift: \(rows) stop_times rows, \(departures) departures on the boards")

    if !peers.isEmpty {
        let stopsFile = directory + "/bench-stops.list"
        try (stopIDs.joined(separator: "\n") + "\n").write(toFile: stopsFile, atomically: true, encoding: .utf8)
        for peer in peers {
            let peerRuns = max(1, min(runs, 3))
            let output = runPeer(["scripts/bench/gtfs_peer.py", directory, "--stops", stopsFile, "--date", "20170403",
                                  "--runs", String(peerRuns), "--library", peer])
            guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("PEER ") }) else {
                print("peer \(peer): no result (is it installed? pip install partridge gtfs-kit)\n\(output)")
                continue
            }
            var fields: [String: String] = [:]
            for pair in line.split(separator: " ").dropFirst() {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
            }
            let name = "\(peer) \(fields["version"] ?? "?") (pandas \(fields["pandas"] ?? "?"))"
            results.append((name, Double(fields["best_s"] ?? "") ?? .nan, Double(fields["median_s"] ?? "") ?? .nan,
                            Int(fields["departures"] ?? "") ?? -1))
        }
    }

    print("")
    print("| reader | runs | best s | median s | best MB/s | departures | vs Swift (best) |")
    print("|---|---|---|---|---|---|---|")
    let swiftBest = results[0].best
    for (position, result) in results.enumerated() {
        let runCount = position == 0 ? runs : max(1, min(runs, 3))
        print(String(format: "| %@ | %d | %.3f | %.3f | %.1f | %d | %.1fx |", result.name, runCount, result.best, result.median,
                     megabytes / result.best, result.departures, result.best / swiftBest))
    }
    if results.contains(where: { $0.departures != departures }) {
        print("WARNING: the readers disagree on the number of departures")
    }
}

private struct GTFSBenchError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Runs `python3 ARGS` and returns its standard output and error.
private func runPeer(_ arguments: [String]) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do {
        try process.run()
    } catch {
        return "cannot run python3: \(error)"
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// A large GTFS feed made from the rinkobus GTFS-JP sample: `copies` copies of its stops and
/// routes (new ids), each route's trips repeated every 15 minutes through the day (some past 24:00),
/// spread over the weekday / Saturday / Sunday services.
private struct ScaledGTFSFeed {
    static let files = ["agency.txt", "stops.txt", "routes.txt", "trips.txt", "stop_times.txt", "calendar.txt", "calendar_dates.txt"]
    static let repeats = 72  // 18 hours of 15-minute shifts

    let fixture: String
    let copies: Int
    private let sources: [String: [[String]]]
    private let headers: [String: String]

    init(fixture: String, targetRows: Int) throws {
        self.fixture = fixture
        var sources: [String: [[String]]] = [:], headers: [String: String] = [:]
        for name in Self.files {
            let text = try String(contentsOfFile: fixture + "/" + name, encoding: .utf8)
            let lines = text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
                .map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
                .filter { !$0.isEmpty }
            headers[name] = lines.first ?? ""
            // The sample has no quoted cells, so a plain split is exact.
            sources[name] = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        }
        self.sources = sources
        self.headers = headers
        let perCopy = (sources["stop_times.txt"]?.count ?? 1) * Self.repeats
        self.copies = max(1, (targetRows + perCopy - 1) / perCopy)
    }

    var stopTimeRows: Int { (sources["stop_times.txt"]?.count ?? 0) * Self.repeats * copies }
    var tripCount: Int { (sources["trips.txt"]?.count ?? 0) * Self.repeats * copies }
    var stopCount: Int { (sources["stops.txt"]?.count ?? 0) * copies }

    /// Stops spread over the copies, each one a first stop of some trip (so it has departures).
    func benchmarkStops(count: Int) -> [String] {
        let origins = ["1510-57", "1510-59", "2080-01", "1580-02", "2100-02"]
        return (0..<count).map { origins[$0 % origins.count] + "-c\(($0 * 7919) % copies)" }
    }

    func writeIfMissing(to directory: String) throws {
        let marker = directory + "/.complete"
        if FileManager.default.fileExists(atPath: marker) { return }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        print("generating \(directory) (\(stopTimeRows) stop_times rows) …")
        func write(_ name: String, _ body: (inout [UInt8]) -> Void) throws {
            var out: [UInt8] = []
            out.reserveCapacity(1 << 20)
            out.append(contentsOf: (headers[name] ?? "").utf8)
            out.append(0x0A)
            body(&out)
            try Data(out).write(to: URL(fileURLWithPath: directory + "/" + name))
        }
        func line(_ cells: [String], _ out: inout [UInt8]) {
            out.append(contentsOf: cells.joined(separator: ",").utf8)
            out.append(0x0A)
        }
        let rows = { (name: String) in sources[name] ?? [] }
        for name in ["agency.txt", "calendar.txt", "calendar_dates.txt"] {
            try write(name) { out in for row in rows(name) { line(row, &out) } }
        }
        let services = ["平日（月～金）", "土曜", "日曜"]
        try write("stops.txt") { out in
            for copy in 0..<copies {
                for row in rows("stops.txt") {
                    var cells = row
                    cells[0] += "-c\(copy)"
                    cells[1] += " \(copy)"
                    if cells.count > 8, !cells[8].isEmpty { cells[8] += "-c\(copy)" }  // parent_station
                    line(cells, &out)
                }
            }
        }
        try write("routes.txt") { out in
            for copy in 0..<copies {
                for row in rows("routes.txt") {
                    var cells = row
                    cells[0] += "-c\(copy)"
                    cells[2] += "-\(copy)"
                    line(cells, &out)
                }
            }
        }
        try write("trips.txt") { out in
            for copy in 0..<copies {
                for repeatIndex in 0..<Self.repeats {
                    for row in rows("trips.txt") {
                        var cells = row
                        cells[0] += "-c\(copy)"
                        cells[1] = services[repeatIndex % services.count]
                        cells[2] += "-c\(copy)-r\(repeatIndex)"
                        line(cells, &out)
                    }
                }
            }
        }
        try write("stop_times.txt") { out in
            let tripRows = Dictionary(grouping: rows("stop_times.txt"), by: { $0[0] })
            for copy in 0..<copies {
                for repeatIndex in 0..<Self.repeats {
                    // Start at 5:00 and go every 15 minutes; the last repeats run past 24:00.
                    let shift = Int32((repeatIndex * 15 - 80) * 60)
                    for trip in rows("trips.txt").map({ $0[2] }) {
                        for row in tripRows[trip] ?? [] {
                            var cells = row
                            cells[0] += "-c\(copy)-r\(repeatIndex)"
                            for column in [1, 2] where !cells[column].isEmpty {
                                cells[column] = Self.clock((GTFSTime.seconds(cells[column]) ?? 0) + shift)
                            }
                            cells[3] += "-c\(copy)"
                            line(cells, &out)
                        }
                    }
                }
            }
        }
        try Data().write(to: URL(fileURLWithPath: marker))
    }

    /// `H:MM:SS`, unpadded hours as GTFS-JP writes them.
    private static func clock(_ seconds: Int32) -> String {
        let h = seconds / 3600, m = seconds / 60 % 60, s = seconds % 60
        return "\(h):" + (m < 10 ? "0\(m)" : "\(m)") + ":" + (s < 10 ? "0\(s)" : "\(s)")
    }
}
