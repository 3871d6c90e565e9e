import Facts
import Foundation
import HTTP
import Realtime
import Rules
import TestServers
import Timetable

/// The `refresh` figure: a whole realtime refresh as the worker does one — fetch a TripUpdates feed
/// from a local server with leavenow's libcurl ``HTTPClient``, decode it with ``RealtimeDecoder``,
/// put it into the facts of every realtime source of a board (``FactSet/update(_:source:fetchedAt:)``,
/// what `LiveFacts` does after a fetch) and re-plan the rules that read those sources through the
/// production ``RuleStepper``.
///
/// The feed: `scripts/realtime-bench-server.py` builds it with the Python gtfs-realtime-bindings
/// (up to `trips` trips of the service date, a StopTimeUpdate with a delay at every stop of each
/// trip) in two versions with different delays, and serves them with an ETag. The refreshes
/// alternate the versions (a new body each time); the 304 path (`If-None-Match`) is timed apart.
struct RefreshBench {
    /// The goal of issue 12: a whole refresh of a 100-trip feed under 5 ms.
    static let goalMilliseconds = 5.0

    var gtfs: String
    var stops: [String]
    var timeZone: String
    /// The service date, `YYYY-MM-DD`; the refreshes start at 16:00 local time that day.
    var date: String
    var trips: Int
    var rules: Int
    var refreshes: Int
    var runs: Int

    /// One run's seconds per refresh, by phase.
    struct Phases {
        var fetch = 0.0, decode = 0.0, plan = 0.0, whole = 0.0
    }

    func run() {
        guard let clock = ZoneClock(identifier: timeZone) else { fail("unknown timezone \(timeZone)") }
        guard let start = clock.parseTimestamp(date + "T16:00") else { fail("--date: YYYY-MM-DD, not \(date)") }
        let gtfsPath = URL(fileURLWithPath: gtfs).path
        let server: ScriptServer
        do {
            server = try ScriptServer(script: "realtime-bench-server.py", arguments: [
                "--gtfs", gtfsPath, "--date", date.replacingOccurrences(of: "-", with: ""), "--timezone", timeZone,
                "--timestamp", String(start), "--trips", String(trips), "--lifetime", "3600",
            ])
        } catch { fail("cannot start the feed server (python3 with gtfs-realtime-bindings): \(error)") }
        defer { server.stop() }
        let urls = [server.baseURL + "/a.pb", server.baseURL + "/b.pb"]
        let workspace = makeWorkspace(gtfs: gtfsPath, url: urls[0])
        let sourceIDs = stops.indices.map { RealtimeSourceID(board: "hillsdale", index: $0).description }
        let client = HTTPClient()

        let sample = fetchAndDecode(client, urls[0])
        let updates = sample.feed.tripUpdates.reduce(0) { $0 + $1.stopTimeUpdates.count }
        print("refresh: \(sample.feed.tripUpdates.count) trips of \(date) (\(updates) StopTimeUpdates, \(sample.bytes) B) from \(server.baseURL) "
              + "with libcurl, decoded, into \(sourceIDs.count) realtime sources (stops \(stops.joined(separator: ","))), "
              + "\(workspace.engine.rules.count) leave-now rules re-planned by RuleStepper")
        print("refresh runs: \(runs) × \(refreshes) refreshes (alternating two feed versions: a new body each time); median (best) ms per refresh")

        var results: [Phases] = []
        var notModified: [Phases] = []
        var fired = 0, ran = 0, live = 0
        for _ in 0..<runs {
            let outcome = oneRun(client: client, urls: urls, workspace: workspace, sourceIDs: sourceIDs, start: start)
            results.append(outcome.changed)
            notModified.append(outcome.notModified)
            (fired, ran, live) = (outcome.notices, outcome.ran, outcome.live)
        }
        print("  rules run per refresh: \(ran / refreshes); notices in a run: \(fired), \(live) of them on live predictions")
        report("fetch (GET 200, \(sample.bytes) B)", results.map(\.fetch))
        report("decode (RealtimeDecoder)", results.map(\.decode))
        report("apply + re-plan (facts + RuleStepper.step)", results.map(\.plan))
        reportOverlay(sample.feed)
        report("whole refresh", results.map(\.whole), goal: true)
        report("304 path: fetch (If-None-Match → 304)", notModified.map(\.fetch))
        report("304 path: whole (fetch + restamp + step)", notModified.map(\.whole), goal: true)
    }

    /// A rules directory (temporary) with the board `hillsdale`: one GTFS source per stop, each with
    /// `realtime:` at `url`, and `rules` leave-now rules whose 30-minute windows start every 3
    /// minutes from 16:00.
    func makeWorkspace(gtfs: String, url: String) -> Workspace {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-rt-refresh-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        var yaml = "boards:\n  - id: hillsdale\n    title: bench\n    timezone: \(timeZone)\n    sources:\n"
        for stop in stops {
            yaml += "      - gtfs: \(gtfs)\n        stop_id: \"\(stop)\"\n        walk: 5m\n"
            yaml += "        realtime: {gtfs_rt: \"\(url)\", refresh: 30s, max_age: 1h}\n"
        }
        yaml += "channels:\n  - {id: phone, type: desktop}\nrules:\n"
        for k in 0..<rules {
            let from = 16 * 60 + (k * 3) % (8 * 60)
            let to = from + 30
            let between = String(format: "%02d:%02d-%02d:%02d", from / 60, from % 60, (to / 60) % 24, to % 60)
            yaml += "  - {id: leave-\(k), kind: leave_now, board: hillsdale, between: \"\(between)\", timezone: \(timeZone), "
                + "channels: [phone], heads_up: [10m, 0m]}\n"
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try yaml.write(to: directory.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
            let workspace = try Workspace.load(directory: directory.path, readFixtures: false)
            if !workspace.warnings.isEmpty { fail("the bench rules: \(workspace.warnings.joined(separator: "; "))") }
            return workspace
        } catch { fail("the bench rules: \(error)") }
    }

    /// One GET (expecting 200) and its decode.
    func fetchAndDecode(_ client: HTTPClient, _ url: String) -> (feed: FeedMessage, bytes: Int, etag: String) {
        let response = fetch(client, url, headers: [:], expecting: 200)
        do {
            return (try RealtimeDecoder.decode([UInt8](response.body), source: url), response.body.count, response.headers["ETag"] ?? "")
        } catch { fail("\(url): \(error)") }
    }

    func fetch(_ client: HTTPClient, _ url: String, headers: HTTPHeaders, expecting status: Int) -> HTTPResponse {
        let response: HTTPResponse
        do { response = try client.get(url, headers: headers) } catch { fail("GET \(url): \(error)") }
        guard response.status == status else { fail("GET \(url): status \(response.status), expected \(status)") }
        return response
    }

    /// One run from a fresh engine state at `start` (its first step, the timetable plan, untimed):
    /// `refreshes` new bodies, then `refreshes` 304s.
    func oneRun(client: HTTPClient, urls: [String], workspace: Workspace, sourceIDs: [String],
                start: Int64) -> (changed: Phases, notModified: Phases, notices: Int, ran: Int, live: Int) {
        var stepper = RuleStepper(engine: workspace.engine, start: start)
        var state = EngineState()
        var schedules = ScheduleCache()
        var facts = workspace.timeline.facts(at: start, boards: workspace.boards)
        var notices = stepper.step(now: start, updated: [], facts: facts, state: &state, schedules: &schedules).notifications.count
        let updated = Set(sourceIDs)
        let clock = ContinuousClock()
        var changed = Phases(), ran = 0, live = 0
        var feed: FeedMessage?
        for i in 0..<refreshes {
            let now = start + 1 + Int64(i)
            let t0 = clock.now
            let response = fetch(client, urls[i % 2], headers: [:], expecting: 200)
            let t1 = clock.now
            let decoded: FeedMessage
            do { decoded = try RealtimeDecoder.decode([UInt8](response.body), source: urls[i % 2]) } catch { fail("\(error)") }
            let t2 = clock.now
            for id in sourceIDs { facts.update(.realtime(decoded), source: id, fetchedAt: now) }
            let step = stepper.step(now: now, updated: updated, facts: facts, state: &state, schedules: &schedules)
            let t3 = clock.now
            notices += step.notifications.count
            live += step.notifications.count { $0.text.contains("(live") || $0.text.contains(" late:") || $0.text.contains(" early:") }
            ran += step.ran.count
            feed = decoded
            changed.fetch += seconds(t1 - t0)
            changed.decode += seconds(t2 - t1)
            changed.plan += seconds(t3 - t2)
            changed.whole += seconds(t3 - t0)
        }
        // 304: the server confirms the last body; the facts are restamped (not decoded again) and
        // only the rules whose time has come run, as in the worker.
        let last = urls[(refreshes - 1) % 2]
        let etag = fetch(client, last, headers: [:], expecting: 200).headers["ETag"] ?? ""
        var notModified = Phases()
        for i in 0..<refreshes {
            let now = start + 1 + Int64(refreshes + i)
            let t0 = clock.now
            _ = fetch(client, last, headers: ["If-None-Match": etag], expecting: 304)
            let t1 = clock.now
            if let feed { for id in sourceIDs { facts.update(.realtime(feed), source: id, fetchedAt: now) } }
            notices += stepper.step(now: now, updated: [], facts: facts, state: &state, schedules: &schedules).notifications.count
            let t2 = clock.now
            notModified.fetch += seconds(t1 - t0)
            notModified.plan += seconds(t2 - t1)
            notModified.whole += seconds(t2 - t0)
        }
        let n = Double(refreshes)
        func perRefresh(_ p: Phases) -> Phases { Phases(fetch: p.fetch / n, decode: p.decode / n, plan: p.plan / n, whole: p.whole / n) }
        return (perRefresh(changed), perRefresh(notModified), notices, ran, live)
    }

    /// The overlay alone (``GTFSRealtimeOverlay``) of the feed on a board of the same stops, one
    /// source each: the part of apply + re-plan that realtime adds before any rule runs.
    func reportOverlay(_ feed: FeedMessage) {
        let board: Board
        do { board = try benchmarkBoard(feed: gtfs, stops: stops, timeZone: timeZone) } catch { fail("\(error)") }
        let clock = ContinuousClock()
        var perRefresh: [Double] = []
        var sink = 0
        for _ in 0..<runs {
            let start = clock.now
            for _ in 0..<refreshes { sink &+= apply(feed, board: board).byDeparture.count + 1 }
            perRefresh.append(seconds(clock.now - start) / Double(refreshes))
        }
        precondition(sink != 0)
        report("  of which the overlay (GTFSRealtimeOverlay.apply, \(stops.count) source\(stops.count == 1 ? "" : "s"))", perRefresh)
    }

    /// Prints a phase's median (best) run in ms per refresh, with the goal beside the whole.
    func report(_ name: String, _ perRefresh: [Double], goal: Bool = false) {
        let (median, best) = summary(perRefresh)
        let line = "  \(name): " + String(format: "%.3f ms (%.3f)", median * 1e3, best * 1e3)
        guard goal else { print(line); return }
        let verdict = median * 1e3 < Self.goalMilliseconds ? "under" : "OVER"
        print(line + String(format: " — goal < %.0f ms: ", Self.goalMilliseconds) + verdict
              + String(format: " (%.1f× the goal's budget left)", Self.goalMilliseconds / (median * 1e3)))
    }
}

/// A duration in seconds.
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}
