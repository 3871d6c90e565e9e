import Facts
import Foundation
import Realtime
import Rules
import Timetable
import XCTest

/// Leave-now rules on realtime predictions, through the dry run's simulation (the worker's stepper):
/// the real Caltrain static feed and TripUpdates capture (2023-11-07, Hillsdale, trip 310 scheduled
/// 16:55 at stop 70112 toward Gilroy), with the capture's trip 310 update rewritten to the delays
/// each test needs and stamped with its fetch time.
final class RealtimeLeaveNowTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/realtime")
    let pacific = ZoneClock(identifier: "America/Los_Angeles")!
    /// `16:40` on 2023-11-07, Pacific time.
    func at(_ time: String) -> Int64 { pacific.parseTimestamp("2023-11-07T" + time)! }

    /// A workspace with the Hillsdale board (stop 70112 with `realtime:` refreshed every `refresh`) and `rule`.
    func workspace(rule: String, refresh: String = "10m") throws -> Workspace {
        let caltrain = Self.fixtures.appendingPathComponent("transitland-caltrain").path
        return try temporaryWorkspace("""
        boards:
          - id: hillsdale
            title: Caltrain Hillsdale
            timezone: America/Los_Angeles
            sources:
              - gtfs: \(caltrain)/ct.zip
                stop_id: "70112"
                walk: 5m
                realtime: {gtfs_rt: \(caltrain)/ct-trip-updates.pb, refresh: \(refresh)}
        channels:
          - {id: phone, type: desktop}
        rules:
          - id: to-san-jose
            kind: leave_now
            board: hillsdale
            between: "16:50-17:00"
            timezone: America/Los_Angeles
            channels: [phone]
        \(rule)
        """)
    }

    /// The real capture with trip 310's update at 70112 set to `delay` seconds (or the trip canceled),
    /// its header stamped `observed`.
    func feed(trip310Delay delay: Int64?, canceled: Bool = false, observed: Int64) throws -> FeedMessage {
        let bytes = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent("transitland-caltrain/ct-trip-updates.pb")))
        var feed = try RealtimeDecoder.decode(bytes, source: "ct-trip-updates.pb")
        feed.header.timestamp = UInt64(observed)
        let index = try XCTUnwrap(feed.entities.firstIndex { $0.tripUpdate?.trip.tripId == "310" })
        var update = try XCTUnwrap(feed.entities[index].tripUpdate)
        if canceled {
            update.trip.scheduleRelationship = .canceled
            update.stopTimeUpdates = []
        } else if let delay {
            let scheduled = at("16:55")
            update.stopTimeUpdates = update.stopTimeUpdates.map { stop in
                var stop = stop
                if stop.stopId == "70112" {
                    stop.arrival = StopTimeEvent(time: scheduled + delay)
                    stop.departure = StopTimeEvent(time: scheduled + delay)
                }
                return stop
            }.filter { $0.stopId == "70112" }
        }
        feed.entities[index].tripUpdate = update
        return feed
    }

    func add(_ feed: FeedMessage, to workspace: inout Workspace, at fetched: Int64) {
        workspace.timeline.add(realtime: feed, source: RealtimeSourceID(board: "hillsdale", index: 0), fetchedAt: fetched)
    }

    func run(_ workspace: Workspace, from: String, to: String) -> [(at: String, key: String, text: String)] {
        workspace.simulation.run(from: at(from), to: at(to)).deliveries.map {
            (pacific.clockText($0.at), String($0.notification.key.split(separator: "/").last!), $0.notification.text)
        }
    }

    func testALateTrainMovesTheLeaveTimeWithOneUpdateAndNoStorm() throws {
        var workspace = try workspace(rule: "    heads_up: [10m, 0m]")
        add(try feed(trip310Delay: 0, observed: at("16:30")), to: &workspace, at: at("16:30"))
        add(try feed(trip310Delay: 240, observed: at("16:43")), to: &workspace, at: at("16:43"))
        // 16:45 and 16:47: +5 and +4 min, less than moved_by (2 min) from the 16:54 told at 16:43.
        add(try feed(trip310Delay: 300, observed: at("16:45")), to: &workspace, at: at("16:45"))
        add(try feed(trip310Delay: 240, observed: at("16:47")), to: &workspace, at: at("16:47"))
        let sent = run(workspace, from: "16:00", to: "17:30")
        XCTAssertEqual(sent.map(\.at), ["16:40", "16:43", "16:54"], "\(sent)")
        XCTAssertEqual(sent.map(\.key), ["600", "moved1", "0"])
        XCTAssertEqual(sent[0].text, "Leave in 10 min: the 16:55 to Gilroy from Hillsdale Caltrain Station (L3) (live: on time)")
        XCTAssertEqual(sent[1].text, "4 min late: leave at 16:54 for the 16:55 to Gilroy from Hillsdale Caltrain Station (L3), now 16:59")
        XCTAssertEqual(sent[2].text, "Leave now: the 16:55 to Gilroy from Hillsdale Caltrain Station (L3) (live: 4 min late, leaves 16:59)")
    }

    func testTheRealCaptureOf878SecondsLateIsFollowedPastTheTimetableTime() throws {
        // The capture as recorded (trip 310: 17:09:38 at 70112), fetched 16:50, refreshed at 17:00.
        var workspace = try workspace(rule: "    heads_up: [10m, 0m]")
        let bytes = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent("transitland-caltrain/ct-trip-updates.pb")))
        var capture = try RealtimeDecoder.decode(bytes, source: "ct-trip-updates.pb")
        capture.header.timestamp = UInt64(at("16:50"))
        add(capture, to: &workspace, at: at("16:50"))
        capture.header.timestamp = UInt64(at("17:00"))
        add(capture, to: &workspace, at: at("17:00"))
        let sent = run(workspace, from: "16:00", to: "17:30")
        // Timetable heads-up at 16:40 (no data yet), then at 16:50 the train is 15 min late: one update;
        // the leave-now at 17:05 (17:09:38 − 5 min walk), after the timetable time 16:55 has passed.
        XCTAssertEqual(sent.map(\.at), ["16:40", "16:50", "17:04"], "\(sent)")
        XCTAssertEqual(sent.map(\.key), ["600", "moved1", "0"])
        XCTAssertTrue(sent[0].text.hasSuffix("(timetable: no live data)"), sent[0].text)
        XCTAssertEqual(sent[1].text, "15 min late: leave at 17:04 for the 16:55 to Gilroy from Hillsdale Caltrain Station (L3), now 17:09")
        XCTAssertTrue(sent[2].text.hasSuffix("(live: 15 min late, leaves 17:09)"), sent[2].text)
    }

    func testACanceledTrainSendsOneNoticeWithTheNextServingDeparture() throws {
        var workspace = try workspace(rule: "    heads_up: [10m, 0m]")
        add(try feed(trip310Delay: nil, canceled: true, observed: at("16:30")), to: &workspace, at: at("16:30"))
        add(try feed(trip310Delay: nil, canceled: true, observed: at("16:42")), to: &workspace, at: at("16:42"))
        let sent = run(workspace, from: "16:00", to: "17:30")
        XCTAssertEqual(sent.map(\.at), ["16:40"], "\(sent)")
        XCTAssertEqual(sent.map(\.key), ["canceled"])
        XCTAssertEqual(sent[0].text, "Canceled: the 16:55 to Gilroy from Hillsdale Caltrain Station (L3). Next: 17:21, leave at 17:16")
    }

    func testStaleRealtimeFallsBackToTheTimetableAndExplainSaysWhy() throws {
        // refresh 1m: max_age 3 min. The +10 min seen at 16:00 is stale long before 16:40.
        var workspace = try workspace(rule: "    heads_up: [10m, 0m]", refresh: "1m")
        add(try feed(trip310Delay: 600, observed: at("16:00")), to: &workspace, at: at("16:00"))
        let sent = run(workspace, from: "16:30", to: "17:30")
        XCTAssertEqual(sent.map(\.at), ["16:40", "16:50"], "\(sent)")
        XCTAssertTrue(sent.allSatisfy { $0.text.hasSuffix("(timetable: no live data)") }, "\(sent)")
        let explanation = try XCTUnwrap(workspace.explain(rule: "to-san-jose", at: at("16:40"))).explanation
        XCTAssertTrue(explanation.contains("realtime hillsdale.0: stale, observed 2400 s ago, older than max_age 180 s: not used, the timetable applies"),
                      explanation.joined(separator: "\n"))
    }

    func testMovedByIsTheRulesAndAnEarlyTrainMovesTheLeaveNowEarlier() throws {
        var workspace = try workspace(rule: "    heads_up: [10m, 0m]\n    moved_by: 5m")
        add(try feed(trip310Delay: 0, observed: at("16:30")), to: &workspace, at: at("16:30"))
        // +4 min at 16:42: under moved_by 5 min, no update; the leave-now follows the prediction.
        add(try feed(trip310Delay: 240, observed: at("16:42")), to: &workspace, at: at("16:42"))
        // 2 min early at 16:51: 6 min earlier than told (16:50): leave now (the leave-now carries it, no separate update).
        add(try feed(trip310Delay: -120, observed: at("16:51")), to: &workspace, at: at("16:51"))
        let sent = run(workspace, from: "16:00", to: "17:30")
        XCTAssertEqual(sent.map(\.at), ["16:40", "16:51"], "\(sent)")
        XCTAssertEqual(sent.map(\.key), ["600", "0"])
        XCTAssertEqual(sent[1].text, "Leave now: the 16:55 to Gilroy from Hillsdale Caltrain Station (L3) (live: 2 min early, leaves 16:53)")
    }

    /// The capture (trip 310 on time) with a NO_SERVICE alert on `selector`, active `from`–`until`.
    func feed(alertOn selector: EntitySelector, from: Int64, until: Int64, observed: Int64) throws -> FeedMessage {
        var feed = try feed(trip310Delay: 0, observed: observed)
        let alert = Alert(activePeriods: [TimeRange(start: UInt64(from), end: UInt64(until))], informedEntities: [selector],
                          cause: .maintenance, effect: .noService,
                          headerText: TranslatedString(translations: [.init(text: "No trains at Hillsdale: track work", language: "en"),
                                                                      .init(text: "線路工事のため運休", language: "ja")]))
        feed.entities.append(FeedEntity(id: "alert-1", alert: alert))
        return feed
    }

    func testANoServiceAlertOnTheStopIsSaidAndHoldWaitsUntilItEnds() throws {
        // Active 16:00–16:48 on stop 70112; snapshots at 16:30 and 16:45 (max_age 30 min).
        for hold in [false, true] {
            var workspace = try workspace(rule: "    heads_up: [10m, 0m]" + (hold ? "\n    when_suspended: hold" : ""))
            for fetched in [at("16:30"), at("16:45")] {
                add(try feed(alertOn: EntitySelector(stopId: "70112"), from: at("16:00"), until: at("16:48"), observed: fetched),
                    to: &workspace, at: fetched)
            }
            let sent = run(workspace, from: "16:00", to: "17:30")
            if hold {
                // Nothing while the alert is active; when it ends at 16:48 the heads-up that came due at
                // 16:40 is sent (the train is still ahead), then the leave-now at 16:50, without any mention.
                XCTAssertEqual(sent.map(\.at), ["16:48", "16:50"], "\(sent)")
                XCTAssertEqual(sent.map(\.key), ["600", "0"])
                XCTAssertTrue(sent.allSatisfy { !$0.text.contains("no service") }, "\(sent)")
            } else {
                XCTAssertEqual(sent.map(\.at), ["16:40", "16:50"], "\(sent)")
                XCTAssertEqual(sent[0].text, "Leave in 10 min: the 16:55 to Gilroy from Hillsdale Caltrain Station (L3) (live: on time) "
                    + "[no service: No trains at Hillsdale: track work]")
                XCTAssertFalse(sent[1].text.contains("no service"), "the alert ended at 16:48: \(sent[1].text)")
            }
        }
    }

    func testAnAlertOnAnotherStopOrTripIsNotTheDeparturesOne() throws {
        var workspace = try workspace(rule: "    heads_up: [10m, 0m]\n    when_suspended: hold")
        add(try feed(alertOn: EntitySelector(stopId: "70111"), from: at("16:00"), until: at("18:00"), observed: at("16:30")),
            to: &workspace, at: at("16:30"))
        add(try feed(alertOn: EntitySelector(trip: TripDescriptor(tripId: "312")), from: at("16:00"), until: at("18:00"), observed: at("16:45")),
            to: &workspace, at: at("16:45"))
        let sent = run(workspace, from: "16:00", to: "17:30")
        XCTAssertEqual(sent.map(\.at), ["16:40", "16:50"], "\(sent)")
        XCTAssertTrue(sent.allSatisfy { !$0.text.contains("no service") }, "\(sent)")

        var trip = try self.workspace(rule: "    heads_up: [10m, 0m]\n    when_suspended: hold")
        add(try feed(alertOn: EntitySelector(trip: TripDescriptor(tripId: "310")), from: at("16:00"), until: at("18:00"), observed: at("16:30")),
            to: &trip, at: at("16:30"))
        XCTAssertEqual(run(trip, from: "16:00", to: "16:59").map(\.at), [], "trip 310's own alert holds it")
    }
}
