import Facts
import Foundation
import Realtime
import Rules
import TestServers
import Timetable
import XCTest

/// Generated leave-now rules on generated realtime: an afternoon of TripUpdates snapshots for the
/// real Caltrain timetable at Hillsdale (stop 70112), with delays from 2 min early to 12 min late,
/// canceled trips, trips the feed says nothing of, and gaps longer than `max_age`. The engine's dry
/// run sends exactly what a deliberately naive model sends: it looks at every minute (and at every
/// instant a snapshot turns stale), recomputes every departure's leave time from the latest
/// snapshot, and applies the rules of the README literally.
final class RealtimeLeaveNowPropertyTests: XCTestCase {
    static let caltrain = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/realtime/transitland-caltrain").path
    let pacific = ZoneClock(identifier: "America/Los_Angeles")!
    let serviceDate = LocalDate("2023-11-07")!
    /// `refresh: 2m`: a snapshot older than 6 min is not used.
    let maxAge: Int64 = 360
    let walk: Int64 = 300

    func at(_ time: String) -> Int64 { pacific.parseTimestamp("2023-11-07T" + time)! }

    /// A rule drawn at random: its window, heads-ups, buffer and moved_by (whole minutes).
    struct Rule {
        var id: String
        var window: (start: Int, end: Int)
        var headsUp: [Int]
        var buffer: Int
        var movedBy: Int

        var yaml: String {
            func clock(_ seconds: Int) -> String { String(format: "%02d:%02d", seconds / 3600, seconds % 3600 / 60) }
            return """
              - id: \(id)
                kind: leave_now
                board: hillsdale
                between: "\(clock(window.start))-\(clock(window.end))"
                heads_up: [\(headsUp.map { "\($0)m" }.joined(separator: ", "))]
                buffer: \(buffer)m
                moved_by: \(movedBy)m
                timezone: America/Los_Angeles
                channels: [phone]
            """
        }
    }

    /// What one snapshot says of a trip.
    enum Said: Equatable {
        case delay(Int64)
        case canceled
    }

    struct Recorded {
        var fetchedAt: Int64
        var trips: [String: Said]
    }

    func workspace(_ rules: [Rule]) throws -> Workspace {
        return try temporaryWorkspace("""
        boards:
          - id: hillsdale
            timezone: America/Los_Angeles
            sources:
              - gtfs: \(Self.caltrain)/ct.zip
                stop_id: "70112"
                walk: 5m
                realtime: {gtfs_rt: \(Self.caltrain)/ct-trip-updates.pb, refresh: 2m}
        channels:
          - {id: phone, type: desktop}
        rules:
        \(rules.map(\.yaml).joined(separator: "\n"))
        """)
    }

    /// The feed of one snapshot: a trip update per trip it says something of, at stop 70112.
    func feed(_ recorded: Recorded, departures: [String: Int64]) -> FeedMessage {
        let entities = recorded.trips.sorted { $0.key < $1.key }.map { trip, said -> FeedEntity in
            let descriptor = TripDescriptor(tripId: trip, startDate: "20231107", scheduleRelationship: said == .canceled ? .canceled : .scheduled)
            var stops: [StopTimeUpdate] = []
            if case .delay(let delay) = said, let scheduled = departures[trip] {
                let event = StopTimeEvent(time: scheduled + delay)
                stops = [StopTimeUpdate(stopId: "70112", arrival: event, departure: event)]
            }
            return FeedEntity(id: trip, tripUpdate: TripUpdate(trip: descriptor, stopTimeUpdates: stops))
        }
        return FeedMessage(header: FeedHeader(version: "2.0", timestamp: UInt64(recorded.fetchedAt)), entities: entities)
    }

    /// The naive model: what `rule` sends in `[from, to]` given the snapshots.
    func reference(_ rule: Rule, departures: [BoardDeparture], snapshots: [Recorded], from: Int64, to: Int64) -> [String] {
        let chosen = departures.filter { departure in
            let seconds = pacific.localTime(at: departure.departure).seconds
            return seconds >= rule.window.start && seconds < rule.window.end
        }
        var instants = Set(stride(from: from, through: to, by: 60))
        for snapshot in snapshots where snapshot.fetchedAt + maxAge + 1 <= to { instants.insert(snapshot.fetchedAt + maxAge + 1) }
        var sent = Set<String>()
        var told: [String: (leave: Int64, updates: Int)] = [:]
        var out: [String] = []
        let longest = Int64(rule.headsUp.max()! * 60)
        for t in instants.sorted() {
            let latest = snapshots.last { $0.fetchedAt <= t }
            let live = latest.map { t - $0.fetchedAt <= maxAge } ?? false
            for departure in chosen {
                let base = "\(rule.id)/\(departure.departure)/\(BoardSchedule.token(departure.line))/\(BoardSchedule.token(departure.stop))/"
                let said = live && departure.serviceDate == serviceDate ? departure.info.trip.flatMap { latest!.trips[$0] } : nil
                if said == .canceled {
                    let leave = departure.departure - walk - Int64(rule.buffer * 60)
                    if t < departure.departure, t >= leave - longest, sent.insert(base + "canceled").inserted {
                        out.append("\(t) \(base)canceled")
                    }
                    continue
                }
                var expected = departure.departure
                if case .delay(let delay)? = said { expected += delay }
                guard expected > t else { continue }
                let leave = expected - walk - Int64(rule.buffer * 60)
                let due = rule.headsUp.filter { leave - Int64($0 * 60) <= t && !sent.contains(base + "\($0 * 60)") }
                if let latest = due.min() {
                    for offset in due { sent.insert(base + "\(offset * 60)") }
                    out.append("\(t) \(base)\(latest * 60)")
                    told[base] = (leave, told[base]?.updates ?? 0)
                } else if said != nil, let previous = told[base], abs(leave - previous.leave) >= Int64(rule.movedBy * 60), previous.updates < 3 {
                    out.append("\(t) \(base)moved\(previous.updates + 1)")
                    told[base] = (leave, previous.updates + 1)
                }
            }
        }
        return out
    }

    /// Runs `count` rules drawn with `seed` against the model; returns what the model sent.
    func check(seed: UInt64, rules count: Int) throws -> [String] {
        var rng = SplitMix64(seed: seed)
        func minutes(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
        let from = at("14:30"), to = at("21:00")
        var rules: [Rule] = []
        for n in 0..<count {
            let start = minutes(15 * 60...19 * 60 + 30) * 60
            let headsUp = [0, 5, 10, 15].filter { _ in Int.random(in: 0..<100, using: &rng) < 50 }
            rules.append(Rule(id: "r\(n)", window: (start, start + minutes(20...120) * 60), headsUp: headsUp.isEmpty ? [0] : headsUp,
                              buffer: [0, 1, 3].randomElement(using: &rng)!, movedBy: [1, 2, 5].randomElement(using: &rng)!))
        }
        var workspace = try workspace(rules)
        XCTAssertEqual(workspace.warnings, [])
        let board = try XCTUnwrap(workspace.boards["hillsdale"])
        var departures: [BoardDeparture] = []
        for offset in -1...1 { departures += board.serviceDay(serviceDate.adding(days: offset)) }
        departures.sort { $0.departure < $1.departure }
        XCTAssertTrue(departures.allSatisfy { $0.departure % 60 == 0 }, "the model steps by the minute")
        XCTAssertEqual(Set(departures.map(\.departure)).count, departures.count, "no two departures share an instant")
        let today = departures.filter { $0.serviceDate == serviceDate }
        let scheduledByTrip = Dictionary(today.compactMap { d in d.info.trip.map { ($0, d.departure) } }, uniquingKeysWith: { a, _ in a })

        // Snapshots 1–12 min apart (gaps over 6 min leave the data stale), each saying something of
        // most trips near it; a trip's delay drifts from one snapshot to the next.
        var snapshots: [Recorded] = []
        var delays: [String: Int64] = [:]
        var time = from + Int64(minutes(0...10) * 60)
        while time < to {
            var trips: [String: Said] = [:]
            for departure in today where departure.departure > time - 1200 && departure.departure < time + 5400 {
                guard let trip = departure.info.trip else { continue }
                let roll = Int.random(in: 0..<100, using: &rng)
                if roll < 6 {
                    trips[trip] = .canceled
                } else if roll < 80 {
                    let drift = Int64(minutes(-3...4) * 60)
                    delays[trip] = min(720, max(-120, (delays[trip] ?? 0) + drift))
                    trips[trip] = .delay(delays[trip]!)
                }
            }
            snapshots.append(Recorded(fetchedAt: time, trips: trips))
            time += Int64(minutes(1...12) * 60)
        }
        var timeline = FactTimeline()
        for snapshot in snapshots {
            timeline.add(realtime: feed(snapshot, departures: scheduledByTrip), source: RealtimeSourceID(board: "hillsdale", index: 0),
                         fetchedAt: snapshot.fetchedAt)
        }
        workspace.timeline = timeline
        let deliveries = workspace.simulation.run(from: from, to: to).deliveries
        var checked: [String] = []
        var failures = 0
        for rule in rules {
            let expected = reference(rule, departures: departures, snapshots: snapshots, from: from, to: to).sorted()
            let actual = deliveries.filter { $0.notification.rule == rule.id }.map { "\($0.at) \($0.notification.key)" }.sorted()
            checked += expected
            if expected != actual, failures < 3 {
                failures += 1
                XCTFail("""
                rule \(rule.id) (seed \(seed)):
                missing from the engine: \(expected.filter { !actual.contains($0) }.prefix(6))
                extra in the engine: \(actual.filter { !expected.contains($0) }.prefix(6))
                \(rule.yaml)
                """)
            }
        }
        return checked
    }

    func testGeneratedRulesOnGeneratedRealtimeMatchTheNaiveModel() throws {
        var sent: [String] = []
        for seed: UInt64 in [1, 2, 3, 4] { sent += try check(seed: seed, rules: 12) }
        // Not vacuous: heads-ups, leave-nows, updates and cancel notices all happen.
        for suffix in ["/0", "/moved1", "/moved2", "/canceled"] {
            XCTAssertGreaterThan(sent.filter { $0.hasSuffix(suffix) }.count, 3, "\(suffix) in \(sent.count) notifications")
        }
    }
}
