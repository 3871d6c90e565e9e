import Foundation
import Rules
import Timetable
import XCTest

/// The cases that fell silent after the first 30 hours: each rule finds its next departure across
/// weekends, holidays and weeks, or says precisely why it never will.
final class PlanningTests: XCTestCase {
    let tokyo = ZoneClock(identifier: "Asia/Tokyo")!
    func at(_ text: String) -> Int64 { tokyo.parseTimestamp(text)! }
    static let root = LeaveNowPropertyTests.repository.path

    /// A rules directory of the example boards (absolute paths) and `rules`.
    func workspace(_ rules: String) throws -> Workspace {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-planning-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        try """
        boards:
          - id: chofu
            sources:
              - {csv: \(Self.root)/rules/timetables/chofu-mitaka/taka56, walk: 4m}
              - {csv: \(Self.root)/rules/timetables/chofu-mitaka/taka66, walk: 3m}
          - id: kawasaki-west
            sources:
              - gtfs: \(Self.root)/rules/data/gtfs-jp-rinkobus
                stop_id: "1510-57"
                walk: 2m
        channels:
          - {id: phone, type: desktop}
        rules:
        \(rules)
        """.write(to: directory.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
        return try Workspace.load(directory: directory.path)
    }

    func days(_ deliveries: [SimulatedDelivery]) -> [String] {
        Array(Set(deliveries.map { tokyo.localTime(at: $0.at).date.description })).sorted()
    }

    /// The example `ginza-morning` sent on Mon 20 – Fri 24 and then never again.
    func testTheExampleWeekdayRuleFiresInTheSecondWeekToo() throws {
        let workspace = try Workspace.load(directory: LeaveNowPropertyTests.path("rules"))
        let deliveries = workspace.simulation.run(from: at("2025-01-20T00:00"), to: at("2025-01-31T23:00")).deliveries
            .filter { $0.notification.rule == "ginza-morning" }
        XCTAssertEqual(days(deliveries), ["2025-01-20", "2025-01-21", "2025-01-22", "2025-01-23", "2025-01-24",
                                          "2025-01-27", "2025-01-28", "2025-01-29", "2025-01-30", "2025-01-31"])
    }

    /// `explain` on a Saturday names Monday's departure and the instant the rule wakes.
    func testExplainOnASaturdayGivesMondaysWakeUp() throws {
        let workspace = try Workspace.load(directory: LeaveNowPropertyTests.path("rules"))
        let evaluation = try XCTUnwrap(workspace.explain(rule: "ginza-morning", at: at("2025-01-25T09:00")))
        XCTAssertEqual(evaluation.nextWakeUp, at("2025-01-27T07:59"))
        XCTAssertTrue(evaluation.explanation.contains {
            $0.contains("the next departure that matches is 2025-01-27T08:02:00+09:00") && $0.contains("wakes at 2025-01-27T07:59:00+09:00")
        }, "\(evaluation.explanation)")
    }

    /// A Sunday rule started on a Friday fires on Sunday, and the Sunday after.
    func testASundayRuleStartedOnAFridayFiresOnSundays() throws {
        let workspace = try workspace("  - {id: sunday, kind: leave_now, board: chofu, days: [sun], between: \"10:30-10:40\", channels: [phone]}")
        let deliveries = workspace.simulation.run(from: at("2024-12-20T12:00"), to: at("2024-12-31T00:00")).deliveries
        XCTAssertEqual(days(deliveries), ["2024-12-22", "2024-12-29"])
    }

    /// A Saturday rule and a weekend `pick: first` rule over three weekends.
    func testSaturdayAndWeekendFirstRulesFireEveryWeekend() throws {
        let workspace = try workspace("""
          - {id: saturday, kind: leave_now, board: chofu, days: [sat], between: "09:00-09:20", channels: [phone]}
          - {id: first, kind: leave_now, board: chofu, days: [sat, sun], pick: first, channels: [phone]}
        """)
        let deliveries = workspace.simulation.run(from: at("2025-02-03T08:00"), to: at("2025-02-24T00:00")).deliveries
        XCTAssertEqual(days(deliveries.filter { $0.notification.rule == "saturday" }), ["2025-02-08", "2025-02-15", "2025-02-22"])
        XCTAssertEqual(days(deliveries.filter { $0.notification.rule == "first" }),
                       ["2025-02-08", "2025-02-09", "2025-02-15", "2025-02-16", "2025-02-22", "2025-02-23"])
        XCTAssertEqual(deliveries.filter { $0.notification.rule == "first" }.count, 6, "one a day")
    }

    /// A holiday-only rule started the day after 成人の日 fires on 建国記念の日, four weeks later, then
    /// on 天皇誕生日 (a Sunday) and its substitute holiday.
    func testAHolidayRuleFindsTheNextHolidayWeeksAhead() throws {
        let workspace = try workspace("  - {id: holiday, kind: leave_now, board: chofu, day_types: [holiday], between: \"11:00-11:10\", channels: [phone]}")
        let evaluation = try XCTUnwrap(workspace.explain(rule: "holiday", at: at("2025-01-14T09:00")))
        XCTAssertNotNil(evaluation.nextWakeUp)
        XCTAssertEqual(tokyo.localTime(at: evaluation.nextWakeUp!).date.description, "2025-02-11")
        let deliveries = workspace.simulation.run(from: at("2025-01-14T09:00"), to: at("2025-03-01T00:00")).deliveries
        XCTAssertEqual(days(deliveries), ["2025-02-11", "2025-02-23", "2025-02-24"])
    }

    /// A late-night window that wraps midnight, first match more than 30 h after the start.
    func testALateNightWindowOnSaturdaysFires() throws {
        let workspace = try workspace("  - {id: night, kind: leave_now, board: chofu, days: [sat], between: \"22:30-00:30\", channels: [phone]}")
        let deliveries = workspace.simulation.run(from: at("2025-02-03T08:00"), to: at("2025-02-17T00:00")).deliveries
        XCTAssertFalse(deliveries.isEmpty)
        for delivery in deliveries {
            let local = tokyo.localTime(at: delivery.at)
            XCTAssertTrue((local.date.weekday == .saturday && local.seconds >= 22 * 3600) || (local.date.weekday == .sunday && local.seconds < 3600),
                          "\(tokyo.iso8601(delivery.at)) is Saturday night")
        }
        XCTAssertEqual(days(deliveries).count, 2, "two Saturdays")
    }

    /// A feed whose service ended: the rule says so and sleeps for good (no wake-up), and `check`
    /// lists it.
    func testARuleOnAnEndedFeedSaysTheServiceEnded() throws {
        let workspace = try workspace("  - {id: ended, kind: leave_now, board: kawasaki-west, channels: [phone]}")
        let evaluation = try XCTUnwrap(workspace.explain(rule: "ended", at: at("2025-01-14T09:00")))
        XCTAssertNil(evaluation.nextWakeUp)
        XCTAssertTrue(evaluation.explanation.contains { $0.contains("ended on 2017-04-30") }, "\(evaluation.explanation)")
        let silent = workspace.engine.silentLeaveNowRules(boards: workspace.boards, now: at("2025-01-14T09:00"))
        XCTAssertEqual(silent.map(\.rule.id), ["ended"])
        XCTAssertTrue(silent[0].reason.english.contains("ended on 2017-04-30"), silent[0].reason.english)
        // Inside the feed's service the same rule plans as usual.
        XCTAssertTrue(workspace.engine.silentLeaveNowRules(boards: workspace.boards, now: at("2017-04-10T09:00")).isEmpty)
    }

    /// `stops: [99]` on a board without such a stop: it says which filter names nothing, and looks
    /// again after the searched span rather than sleeping until new data.
    func testAFilterThatMatchesNothingSaysWhichAndWakesAtTheSearchEnd() throws {
        let workspace = try workspace("  - {id: nowhere, kind: leave_now, board: chofu, stops: [\"99\"], channels: [phone]}")
        let now = at("2025-01-14T09:00")
        let evaluation = try XCTUnwrap(workspace.explain(rule: "nowhere", at: now))
        let wake = try XCTUnwrap(evaluation.nextWakeUp)
        XCTAssertGreaterThan(wake, now + 399 * 86_400)
        XCTAssertTrue(evaluation.explanation.contains { $0.contains("`stops: [99]` names no stop of this board (it has: 11, 12)") },
                      "\(evaluation.explanation)")
        let silent = workspace.engine.silentLeaveNowRules(boards: workspace.boards, now: now)
        XCTAssertEqual(silent.map(\.rule.id), ["nowhere"])
    }

    /// Both directions of a station leaving at the same minute are two notifications with two keys
    /// (the outbox refuses a key it has, so one direction used to be dropped by the worker).
    func testTwoDirectionsAtTheSameInstantHaveTheirOwnKeys() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-twins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        try """
        boards:
          - id: ginza
            sources:
              - odpt: \(Self.root)/rules/data/StationTimetable_TokyoMetro_Ginza_EXAMPLE.json
                station: odpt.Station:TokyoMetro.Ginza.Ginza
                walk: 3m
        channels:
          - {id: phone, type: desktop}
        rules:
          - {id: all, kind: leave_now, board: ginza, channels: [phone]}
        """.write(to: directory.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
        let workspace = try Workspace.load(directory: directory.path)
        let deliveries = workspace.simulation.run(from: at("2025-01-20T06:31"), to: at("2025-01-20T06:31")).deliveries
        XCTAssertEqual(deliveries.map(\.notification.text), ["Leave now: the 06:34 to 浅草 from 銀座 (銀座線)", "Leave now: the 06:34 to 渋谷 from 銀座 (銀座線)"])
        XCTAssertEqual(Set(deliveries.map(\.notification.key)).count, 2)
        XCTAssertTrue(deliveries.allSatisfy { $0.notification.key.hasPrefix("all/1737322440/x5ae143be4ba82bb6/x614818c59cfa4992/x") }, "\(deliveries.map(\.notification.key))")
    }

    /// A lead the engine cannot look ahead for is refused where it is written.
    func testALeadLongerThanADayIsAConfigurationError() throws {
        XCTAssertThrowsError(try workspace("  - {id: far, kind: leave_now, board: chofu, heads_up: [25h], channels: [phone]}")) { error in
            XCTAssertTrue("\(error)".contains("heads_up, buffer and rain extra_walk add up to 1500 min before the leave time; at most 24 h is allowed"),
                          "\(error)")
        }
    }
}
