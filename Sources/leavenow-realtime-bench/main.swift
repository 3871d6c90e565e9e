// leavenow-realtime-bench: decoding a GTFS-Realtime TripUpdates capture with leavenow's
// `RealtimeDecoder` (protobuf-c + the Swift model) against the Python `gtfs-realtime-bindings`
// (google.protobuf, upb backend) on the same file, in one run, and leavenow's decode + apply of the
// feed to a board (`GTFSRealtimeOverlay`: one GTFS source per `--stops` stop of `--gtfs`). Prints the
// figures and the ratios; asserts nothing.
//
//   leavenow-realtime-bench [--file PATH] [--gtfs PATH --stops ID,ID,…] [--timezone TZ] [--iterations N] [--runs R] [--no-python]
//
// Defaults: Tests/Fixtures/realtime/transitland-caltrain/ct-trip-updates.pb applied to ct.zip's stops
// 70112, 70052 and 70232 (America/Los_Angeles), 5,000 decodes per run, 7 runs; the figure is the
// median (and best) run. Python: `pip install gtfs-realtime-bindings`.
//
// The refresh figure (``RefreshBench``, issue 12's goal: < 5 ms for a 100-trip feed): fetch from a
// local server (scripts/realtime-bench-server.py) with libcurl, decode, apply to a board of one
// source per `--refresh-stops` stop and re-plan `--rules` leave-now rules; `--refresh-runs` runs of
// `--refreshes` refreshes (defaults 5 × 200, 100 trips of `--date` 2023-11-07, 100 rules).
//
//   … [--refreshes N] [--refresh-runs R] [--trips N] [--rules N] [--refresh-stops ID,…] [--date YYYY-MM-DD] [--no-refresh]
import CGTFSRealtime
import Foundation
import JSONText
import Realtime
import Timetable

struct Options {
    var file = "Tests/Fixtures/realtime/transitland-caltrain/ct-trip-updates.pb"
    var iterations = 5_000
    var runs = 7
    var python = true
    var gtfs = "Tests/Fixtures/realtime/transitland-caltrain/ct.zip"
    var stops = ["70112", "70052", "70232"]
    var timeZone = "America/Los_Angeles"
    var refresh = true
    var refreshes = 200
    var refreshRuns = 5
    var trips = 100
    var rules = 100
    var refreshStops = ["70111", "70112", "70051", "70052", "70231", "70232"]
    var date = "2023-11-07"
}

func parseOptions() -> Options {
    var options = Options()
    var args = CommandLine.arguments.dropFirst()
    func value(_ flag: String) -> String {
        guard let v = args.popFirst() else { fail("\(flag) needs a value") }
        return v
    }
    while let arg = args.popFirst() {
        switch arg {
        case "--file": options.file = value(arg)
        case "--iterations": options.iterations = positive(value(arg), arg)
        case "--runs": options.runs = positive(value(arg), arg)
        case "--no-python": options.python = false
        case "--gtfs": options.gtfs = value(arg)
        case "--stops": options.stops = value(arg).split(separator: ",").map(String.init)
        case "--timezone": options.timeZone = value(arg)
        case "--no-refresh": options.refresh = false
        case "--refreshes": options.refreshes = positive(value(arg), arg)
        case "--refresh-runs": options.refreshRuns = positive(value(arg), arg)
        case "--trips": options.trips = positive(value(arg), arg)
        case "--rules": options.rules = positive(value(arg), arg)
        case "--refresh-stops": options.refreshStops = value(arg).split(separator: ",").map(String.init)
        case "--date": options.date = value(arg)
        case "-h", "--help":
            print("usage: leavenow-realtime-bench [--file PATH] [--gtfs PATH --stops ID,ID,…] [--timezone TZ] [--iterations N] [--runs R] [--no-python] "
                  + "[--refreshes N] [--refresh-runs R] [--trips N] [--rules N] [--refresh-stops ID,…] [--date YYYY-MM-DD] [--no-refresh]")
            exit(0)
        default: fail("unknown argument \(arg)")
        }
    }
    return options
}

func positive(_ text: String, _ flag: String) -> Int {
    guard let n = Int(text), n > 0 else { fail("\(flag): a positive integer, not \(text)") }
    return n
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("leavenow-realtime-bench: \(message)\n".utf8))
    exit(64)
}

/// Seconds per decode for each run (median, best).
func summary(_ perDecode: [Double]) -> (median: Double, best: Double) {
    let sorted = perDecode.sorted()
    return (sorted[sorted.count / 2], sorted[0])
}

func format(_ seconds: Double) -> String { String(format: "%.1f µs", seconds * 1e6) }

/// "leavenow is 5.8× faster" / "leavenow is 3.4× slower" for a peer's time over leavenow's.
func versus(_ peer: Double, _ ours: Double) -> String {
    peer >= ours ? String(format: "leavenow is %.1f× faster", peer / ours) : String(format: "leavenow is %.1f× slower", ours / peer)
}

let options = parseOptions()
guard let data = FileManager.default.contents(atPath: options.file) else { fail("cannot read \(options.file)") }
let bytes = [UInt8](data)

// leavenow: decode into the Swift model (every field copied out, every protobuf-c message freed).
let check: FeedMessage
do { check = try RealtimeDecoder.decode(bytes, source: options.file) } catch { fail("\(error)") }
let stopTimeUpdates = check.tripUpdates.reduce(0) { $0 + $1.stopTimeUpdates.count }
print("file: \(options.file) (\(bytes.count) B, \(check.entities.count) entities, \(stopTimeUpdates) StopTimeUpdates)")
print("runs: \(options.runs) × \(options.iterations) decodes; median (best) per decode")

/// Seconds per call of `body` in each run.
func measure(_ body: () -> Int) -> [Double] {
    let clock = ContinuousClock()
    var runs: [Double] = []
    var sink = 0
    for _ in 0..<options.runs {
        let start = clock.now
        for _ in 0..<options.iterations { sink &+= body() }
        let elapsed = clock.now - start
        runs.append((Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18) / Double(options.iterations))
    }
    precondition(sink != 0)
    return runs
}

// protobuf-c alone: unpack into its C structs and free them (the floor under the Swift decoder).
let unpackOnly = summary(measure {
    bytes.withUnsafeBufferPointer { buffer in
        let message = transit_realtime__feed_message__unpack(nil, buffer.count, buffer.baseAddress)!
        defer { transit_realtime__feed_message__free_unpacked(message, nil) }
        return message.pointee.n_entity
    }
})
let swift = summary(measure { (try! RealtimeDecoder.decode(bytes, source: options.file)).entities.count })
let mbps = Double(bytes.count) / swift.median / 1e6
print("protobuf-c alone (unpack + free_unpacked, malloc): \(format(unpackOnly.median)) (\(format(unpackOnly.best)))")
print("leavenow RealtimeDecoder (protobuf-c on an arena + Swift model): \(format(swift.median)) (\(format(swift.best))) = \(Int(1 / swift.median)) decodes/s, \(String(format: "%.0f", mbps)) MB/s")

// Decode + apply to a board (the board is built once, outside the timing).
let board: Board
do { board = try benchmarkBoard(feed: options.gtfs, stops: options.stops, timeZone: options.timeZone) } catch { fail("\(error)") }
let applied = apply(check, board: board)
print("board: \(options.gtfs) stops \(options.stops.joined(separator: ",")): \(applied.byDeparture.count) predictions, "
      + "\(applied.extraDepartures.count) extra departures, \(applied.warnings.count) warning lines")
let applyOnly = summary(measure { apply(check, board: board).byDeparture.count + 1 })
let decodeApply = summary(measure { decodeAndApply(bytes, source: options.file, board: board) + 1 })
print("leavenow overlay alone (GTFSRealtimeOverlay.apply on the decoded feed): \(format(applyOnly.median)) (\(format(applyOnly.best)))")
print("leavenow decode + apply: \(format(decodeApply.median)) (\(format(decodeApply.best)))")

if options.refresh {
    RefreshBench(gtfs: options.gtfs, stops: options.refreshStops, timeZone: options.timeZone, date: options.date, trips: options.trips,
                 rules: options.rules, refreshes: options.refreshes, runs: options.refreshRuns).run()
}

guard options.python else { exit(0) }

// Python: FeedMessage.ParseFromString alone, and parse + reading every StopTimeUpdate field (what
// the Swift decoder does: it copies everything out).
let script = """
import json, sys, time
try:
    from google.transit import gtfs_realtime_pb2
    from google.protobuf.internal import api_implementation
    import google.protobuf
except ImportError as e:
    print(json.dumps({"error": str(e)})); sys.exit(0)
data = open(sys.argv[1], "rb").read()
n, runs = int(sys.argv[2]), int(sys.argv[3])
def parse():
    m = gtfs_realtime_pb2.FeedMessage(); m.ParseFromString(data); return m
def parse_and_read():
    m = parse(); k = 0
    for e in m.entity:
        tu = e.trip_update
        k += len(tu.trip.trip_id) + len(tu.trip.route_id) + len(tu.trip.start_date) + tu.trip.schedule_relationship
        for u in tu.stop_time_update:
            k += u.stop_sequence + len(u.stop_id) + u.schedule_relationship
            if u.HasField("arrival"): k += u.arrival.time + u.arrival.delay
            if u.HasField("departure"): k += u.departure.time + u.departure.delay
    return k
out = {"protobuf": google.protobuf.__version__, "backend": api_implementation.Type()}
try:
    from importlib.metadata import version
    out["bindings"] = version("gtfs-realtime-bindings")
except Exception:
    out["bindings"] = "?"
for name, f in (("parse", parse), ("parse_read", parse_and_read)):
    per = []
    for _ in range(runs):
        t = time.perf_counter()
        for _ in range(n): f()
        per.append((time.perf_counter() - t) / n)
    out[name] = per
print(json.dumps(out))
"""
let process = Process()
process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
process.arguments = ["python3", "-c", script, options.file, String(options.iterations), String(options.runs)]
let pipe = Pipe()
process.standardOutput = pipe
do { try process.run() } catch { fail("cannot run python3: \(error)") }
let output = pipe.fileHandleForReading.readDataToEndOfFile()
process.waitUntilExit()
guard let object = try? JSONParser.parse(Array(output)), object.objectValue != nil else {
    print("python: no result (exit \(process.terminationStatus))"); exit(1)
}
if let error = object["error"]?.stringValue {
    print("python gtfs-realtime-bindings: not installed (\(error)); pip install gtfs-realtime-bindings"); exit(0)
}
let parse = summary((object["parse"]?.arrayValue ?? []).compactMap(\.numberValue))
let parseRead = summary((object["parse_read"]?.arrayValue ?? []).compactMap(\.numberValue))
print("python gtfs-realtime-bindings \(object["bindings"]?.stringValue ?? "?") (protobuf \(object["protobuf"]?.stringValue ?? "?"), \(object["backend"]?.stringValue ?? "?") backend):")
print("  ParseFromString alone:                  \(format(parse.median)) (\(format(parse.best))) → \(versus(parse.median, swift.median))")
print("  ParseFromString + read every STU field: \(format(parseRead.median)) (\(format(parseRead.best))) → \(versus(parseRead.median, swift.median))")
print("  ParseFromString alone vs leavenow decode + apply: \(versus(parse.median, decodeApply.median))")
