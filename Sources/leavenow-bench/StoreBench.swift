import Foundation
import JSONText
import Notifications
import Store

/// The outbox on a real SQLite file (WAL, synchronous=NORMAL), as the worker uses it:
/// `enqueue` of N notifications (one channel each) in transactions of 1, 64 and 512, then the full
/// cycle per batch — enqueue, `due`, `record(.delivered)` — that every notification goes through.
/// Side by side: the same work with Python's standard `sqlite3` + `json` on the same schema
/// (`scripts/bench/store_peer.py`), what a user scripting an outbox would otherwise write.
/// `leavenow-bench store [N] [--no-peers] [--batches 1,64,512] [--python PATH]` (N defaults to 100,000). Every run uses a
/// fresh file in a temporary directory.
func runStoreBenchmark(arguments: [String]) throws {
    var count = 100_000
    var peers = true
    var python = "python3"
    var batches = [1, 64, 512]
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
        switch argument {
        case "--no-peers": peers = false
        case "--batches":
            guard let value = remaining.popFirst() else { throw BenchmarkFailure("--batches needs sizes, e.g. 64,512") }
            batches = try value.split(separator: ",").map { text in
                guard let size = Int(text), size > 0 else { throw BenchmarkFailure("bad batch size \"\(text)\"") }
                return size
            }
        case "--python":
            guard let value = remaining.popFirst() else { throw BenchmarkFailure("--python needs a path") }
            python = value
        default:
            guard let value = Int(argument), value > 0 else { throw BenchmarkFailure("unknown argument \"\(argument)\"") }
            count = value
        }
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-store-bench-\(getpid())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let base: Int64 = 1_735_000_000
    let notifications = (0..<count).map { index in
        Notice(key: "commute-\(index % 997)/2024-12-23/\(index)", rule: "commute-\(index % 997)", kind: .leaveNow,
                           fireAt: base + Int64(index), expiresAt: base + Int64(index) + 600, channels: ["phone"],
                           urgency: .critical, language: .ja, title: "調布 10:33 京王線 新宿行",
                           text: "そろそろ出発: 10:33 調布発 (2番線) 京王線 特急 新宿行。徒歩 8 分。")
    }
    let version = try SQLiteDatabase.open(path: ":memory:").query("SELECT sqlite_version()") { try $0.text(0) }.first ?? "?"
    print("store: \(BenchmarkClock.grouped(Double(count))) notifications (1 channel each, ~300 bytes of JSON) on a fresh "
          + "SQLite \(version) file, WAL, synchronous=NORMAL")
    var lines = [["BATCH", "ENQUEUE ROWS/S", "PYTHON", "CYCLE NOTIFICATIONS/S", "PYTHON", "FILE+WAL MB"]]
    for batch in batches {
        let enqueuePath = "\(directory)/enqueue-\(batch).db"
        let store = try SQLiteStore(path: enqueuePath)
        let enqueueStart = BenchmarkClock.seconds()
        var inserted = 0
        for start in stride(from: 0, to: count, by: batch) {
            inserted += try store.enqueue(Array(notifications[start..<min(start + batch, count)]), now: base).count
        }
        let enqueueSeconds = BenchmarkClock.seconds() - enqueueStart
        guard inserted == count else { throw BenchmarkFailure("enqueue inserted \(inserted) of \(count)") }
        let megabytes = Double(fileSize(enqueuePath) + fileSize(enqueuePath + "-wal")) / 1_048_576
        store.close()

        let cycle = try SQLiteStore(path: "\(directory)/cycle-\(batch).db")
        let cycleStart = BenchmarkClock.seconds()
        var delivered = 0
        for start in stride(from: 0, to: count, by: batch) {
            let slice = notifications[start..<min(start + batch, count)]
            let now = slice.last?.fireAt ?? base
            _ = try cycle.enqueue(Array(slice), now: now)
            let due = try cycle.due(now: now, limit: batch)
            try cycle.record(due.map { DeliveryRecord(entryID: $0.id, outcome: .delivered(status: 200)) }, now: now)
            delivered += due.count
        }
        let cycleSeconds = BenchmarkClock.seconds() - cycleStart
        guard delivered == count, try cycle.counts()[.delivered] == count else {
            throw BenchmarkFailure("the cycle delivered \(delivered) of \(count)")
        }
        cycle.close()
        var peerRates = ["—", "—"]
        if peers {
            for (index, mode) in ["enqueue", "cycle"].enumerated() {
                let peerPath = "\(directory)/peer-\(mode)-\(batch).db"
                try SQLiteStore(path: peerPath).close()  // the real schema, empty
                peerRates[index] = runStorePeer(python: python, path: peerPath, mode: mode, batch: batch, count: count)
            }
        }
        lines.append([String(batch), BenchmarkClock.grouped(Double(count) / enqueueSeconds), peerRates[0],
                      BenchmarkClock.grouped(Double(count) / cycleSeconds), peerRates[1], String(format: "%.1f", megabytes)])
    }
    let widths = (0..<lines[0].count).map { column in lines.map { $0[column].count }.max() ?? 0 }
    for line in lines {
        print(line.enumerated().map { column, cell in
            column == 0 ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                : String(repeating: " ", count: widths[column] - cell.count) + cell
        }.joined(separator: "  "))
    }
}

/// Runs `scripts/bench/store_peer.py` on `path`; its rate, or why there is none.
private func runStorePeer(python: String, path: String, mode: String, batch: Int, count: Int) -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let besideSources = root.appendingPathComponent("scripts/bench/store_peer.py").path
    let script = FileManager.default.fileExists(atPath: besideSources) ? besideSources : "scripts/bench/store_peer.py"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [python, script, "--db", path, "--mode", mode, "--batch", String(batch), "--count", String(count)]
    let output = Pipe()
    process.standardOutput = output
    do {
        try process.run()
    } catch {
        return "(no \(python))"
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
          let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix("PEER ") }),
          let fields = try? JSONParser.parse(Array(line.dropFirst(5).utf8)),
          let rate = fields["per_s"]?.numberValue else {
        return "(failed: \(process.terminationStatus))"
    }
    return BenchmarkClock.grouped(rate)
}

private func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
}

/// A benchmark whose result is wrong: its numbers would mean nothing.
private struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
