import Foundation
import JSONText
import Timetable

/// Benchmark of `JapaneseHolidays.name(on:)`: asks "is this a holiday, and its name?" for every day
/// of 1955-01-01 … 2099-12-31 and reports days per second, side by side (in the same run) with the
/// Python packages `holidays` (country JP) and `jpholiday` through `scripts/bench/holidays_peer.py`.
///
/// Arguments: `--runs N` (default 7), `--first DATE`, `--last DATE`, `--no-peers`,
/// `--python PATH` (default `python3`), `--peer-script PATH`.
func runHolidayBenchmark(arguments: [String]) throws {
    let options = try HolidayBenchOptions(arguments: arguments)
    let firstDay = options.first.dayNumber, lastDay = options.last.dayNumber
    let dayCount = lastDay - firstDay + 1
    print("Japanese holidays: name(on:) for every day \(options.first) … \(options.last) (\(dayCount) days)")

    // First use builds the table (bundled Cabinet Office list + rules, 1948–2199) once per process.
    let clock = ContinuousClock()
    let firstUse = clock.measure { _ = JapaneseHolidays.name(on: options.first) }
    let rebuild = clock.measure { _ = JapaneseHolidayCalendar(authorityList: JapaneseHolidays.cabinetOfficeList) }
    let rulesYears = 1955...2099
    var rulesCount = 0
    let rules = clock.measure { for year in rulesYears { rulesCount += JapaneseHolidays.computedByRules(year: year).count } }

    // The dates are made once, as the Python peers make their `datetime.date` list once: the
    // benchmark times the lookups. Passes per run: enough for about 5 million lookups.
    let dates = (firstDay...lastDay).map(LocalDate.init(dayNumber:))
    let passes = max(1, 5_000_000 / dayCount)
    var holidayDays = 0
    var seconds: [Double] = []
    for _ in 0..<options.runs {
        var found = 0
        let elapsed = clock.measure {
            for _ in 0..<passes {
                for date in dates where JapaneseHolidays.name(on: date) != nil {
                    found += 1
                }
            }
        }
        holidayDays = found / passes
        seconds.append(elapsed.seconds / Double(passes))
    }
    var rows = [HolidayBenchRow(
        name: "leavenow JapaneseHolidays.name(on:)", holidayDays: holidayDays,
        cold: Double(dayCount) / (firstUse.seconds + seconds[0]),
        best: Double(dayCount) / (seconds.min() ?? 1), median: Double(dayCount) / median(seconds), note: "")]

    if options.peers {
        rows += try runPeers(options: options)
    }

    print("")
    print("| implementation | holiday days | cold days/s | best days/s | median days/s | vs leavenow (median) | note |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for row in rows {
        let ratio = row.median > 0 ? String(format: "%.1f×", rows[0].median / row.median) : "—"
        print("| \(row.name) | \(row.holidayDays) | \(format(row.cold)) | \(format(row.best)) | \(format(row.median)) | \(ratio) | \(row.note) |")
    }
    print("")
    print(String(format: "first use (builds the 1948–2199 table from the bundled list + rules): %.2f ms", firstUse.seconds * 1000))
    print(String(format: "JapaneseHolidayCalendar(authorityList:) rebuilt: %.2f ms", rebuild.seconds * 1000))
    print(String(format: "computedByRules(year:) for %d years (%d holidays): %.2f ms, %.0f years/s",
                 rulesYears.count, rulesCount, rules.seconds * 1000, Double(rulesYears.count) / rules.seconds))
    print("runs: \(options.runs), \(passes) passes per run; cold = first pass of a fresh process / object;"
        + " 'holiday days' counts days the implementation names (differences are listed in the notes)")
}

private struct HolidayBenchOptions {
    var runs = 7
    var first = LocalDate(year: 1955, month: 1, day: 1)!
    var last = LocalDate(year: 2099, month: 12, day: 31)!
    var peers = true
    var python = "python3"
    var peerScript: String?

    init(arguments: [String]) throws {
        var iterator = arguments.makeIterator()
        func value(_ flag: String) throws -> String {
            guard let value = iterator.next() else { throw HolidayBenchError("\(flag) needs a value") }
            return value
        }
        while let argument = iterator.next() {
            switch argument {
            case "--runs":
                let text = try value(argument)
                guard let n = Int(text), n > 0 else { throw HolidayBenchError("--runs: not a positive number: \"\(text)\"") }
                runs = n
            case "--first", "--last":
                let text = try value(argument)
                guard let date = LocalDate(text) else { throw HolidayBenchError("\(argument): not a date: \"\(text)\"") }
                if argument == "--first" { first = date } else { last = date }
            case "--no-peers": peers = false
            case "--python": python = try value(argument)
            case "--peer-script": peerScript = try value(argument)
            default: throw HolidayBenchError("unknown argument \"\(argument)\"")
            }
        }
        guard first <= last else { throw HolidayBenchError("--first \(first) is after --last \(last)") }
    }
}

/// A bad benchmark argument or a peer that could not be run.
struct HolidayBenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

private struct HolidayBenchRow {
    var name: String
    var holidayDays: Int
    var cold: Double
    var best: Double
    var median: Double
    var note: String
}

/// Runs `scripts/bench/holidays_peer.py` and reads its `PEER {json}` lines.
private func runPeers(options: HolidayBenchOptions) throws -> [HolidayBenchRow] {
    let script = options.peerScript ?? locatePeerScript()
    // Our answers, for the peers to compare against.
    let compare = FileManager.default.temporaryDirectory
        .appendingPathComponent("leavenow-holidays-\(ProcessInfo.processInfo.processIdentifier).txt")
    let ours = JapaneseHolidays.holidays(from: options.first, through: options.last).map(\.date.description)
    try (ours.joined(separator: "\n") + "\n").write(to: compare, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: compare) }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [options.python, script, "--first", options.first.description, "--last", options.last.description,
                         "--runs", String(options.runs), "--compare", compare.path]
    let output = Pipe()
    process.standardOutput = output
    do {
        try process.run()
    } catch {
        return [peerFailure("python peers", "could not start \(options.python): \(error)")]
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
        return [peerFailure("python peers", "\(script) exited with status \(process.terminationStatus)")]
    }
    var rows: [HolidayBenchRow] = []
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix("PEER ") {
        let fields = try JSONParser.parse(Array(line.dropFirst("PEER ".count).utf8))
        guard fields.objectValue != nil else { continue }
        func int(_ key: String) -> Int? { fields[key]?.numberValue.flatMap(Int.init(exactly:)) }
        let package = fields["package"]?.stringValue ?? "?"
        if let error = fields["error"]?.stringValue {
            rows.append(peerFailure("python \(package)", error + " — python3 -m pip install holidays jpholiday"))
            continue
        }
        let version = fields["version"]?.stringValue ?? "?"
        var note = ""
        if let mismatched = int("mismatched_dates") {
            let examples = (fields["mismatch_examples"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ", ")
            note = mismatched == 0 ? "same dates as leavenow" : "\(mismatched) dates differ from leavenow, e.g. \(examples)"
        }
        rows.append(HolidayBenchRow(
            name: "python \(package) \(version)", holidayDays: int("holiday_days") ?? 0,
            cold: fields["cold_days_per_s"]?.numberValue ?? 0, best: fields["best_days_per_s"]?.numberValue ?? 0,
            median: fields["median_days_per_s"]?.numberValue ?? 0, note: note))
    }
    return rows
}

private func peerFailure(_ name: String, _ note: String) -> HolidayBenchRow {
    HolidayBenchRow(name: name, holidayDays: 0, cold: 0, best: 0, median: 0, note: note)
}

/// The peer script in the source tree this binary was built from, else relative to the working directory.
private func locatePeerScript() -> String {
    let relative = "scripts/bench/holidays_peer.py"
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let besideSources = root.appendingPathComponent(relative).path
    return FileManager.default.fileExists(atPath: besideSources) ? besideSources : relative
}

private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

private func format(_ daysPerSecond: Double) -> String {
    switch daysPerSecond {
    case 0: return "—"
    case 1e9...: return String(format: "%.2f G", daysPerSecond / 1e9)
    case 1e6...: return String(format: "%.1f M", daysPerSecond / 1e6)
    case 1e3...: return String(format: "%.1f k", daysPerSecond / 1e3)
    default: return String(format: "%.0f", daysPerSecond)
    }
}

private extension Duration {
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }
}
