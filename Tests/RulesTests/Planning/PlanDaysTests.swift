import Foundation
@testable import Rules
import RuleTestSupport
import TestServers
import Timetable
import XCTest

/// The plan walk by kinds of date (`PlanDays`: each kind of date built once, its first match
/// found once) answers exactly as the week-by-week walk does: generated rules on the property
/// boards — plus one whose sources change on set dates (a timetable revision) — searched from
/// instants spread over a year and a half.
final class PlanDaysTests: XCTestCase {
    let tokyo = ZoneClock(identifier: "Asia/Tokyo")!

    func testPlansByKindOfDateAreThoseOfTheWeekByWeekWalk() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-plan-days-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let boards = PropertyBoards.tokyo + """

              - id: revised
                holidays: [2025-05-01..2025-05-06]
                sources:
                  - {csv: \(PropertyBoards.path("rules/timetables/chofu-mitaka/taka56")), walk: 4m, valid_until: 2025-03-31}
                  - {csv: \(PropertyBoards.path("rules/timetables/chofu-mitaka/taka66")), walk: 3m, valid_from: 2025-04-01}
            channels:
              - {id: sink, type: desktop}

            """
        func write(_ rules: [GeneratedLeaveNowRule]) throws -> Workspace {
            try (boards + (rules.isEmpty ? "rules: []\n" : "rules:\n" + rules.map(\.yaml).joined(separator: "\n") + "\n"))
                .write(to: directory.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
            return try Workspace.load(directory: directory.path, readFixtures: false)
        }
        let plain = try write([])
        var rng = SplitMix64(seed: 20_261_203)
        var rules: [GeneratedLeaveNowRule] = []
        let start = tokyo.parseTimestamp("2024-11-25T00:00")!
        for board in plain.configuration.boards.map(\.id) {
            // Labels from both sides of the revision.
            let first = tokyo.localTime(at: start).date
            let departures = plain.boards[board]!.schedule(from: first, through: first.adding(days: 13)).departures
                + plain.boards[board]!.schedule(from: first.adding(days: 126), through: first.adding(days: 139)).departures
            let labels = GeneratedLeaveNowRule.Labels(lines: Array(Set(departures.map(\.line))).sorted(), stops: Array(Set(departures.map(\.stop))).sorted(),
                                                      destinations: Array(Set(departures.map(\.destination))).sorted())
            for n in 0..<12 { rules.append(GeneratedLeaveNowRule.random(id: "\(board)-p\(n)", board: board, labels: labels, using: &rng)) }
        }
        let workspace = try write(rules)
        var groups: [String: [LeaveNowGroup]] = [:]
        for rule in workspace.configuration.rules {
            guard case .leaveNow(let spec) = rule.kind else { continue }
            groups[spec.board, default: []].append(LeaveNowGroup(index: groups[spec.board]?.count ?? 0, spec: spec, status: nil, realtime: nil))
        }
        var compared = 0, farFound = 0, nothing = 0, byKind = 0
        for (id, boardGroups) in groups.sorted(by: { $0.key < $1.key }) {
            let board = workspace.boards[id]!
            for _ in 0..<16 {
                let instant = start + Int64.random(in: 0..<(540 * 86_400), using: &rng)
                if PlanDays(board: board, from: board.clock.localTime(at: instant).date.adding(days: -Board.previousServiceDays)) != nil { byKind += 1 }
                let walked = LeaveNowGroup.plans(boardGroups, board: board, after: instant, days: 120)
                let weekly = LeaveNowGroup.plans(boardGroups, board: board, after: instant, days: 120, byKindOfDate: false)
                for (group, (plan, expected)) in zip(boardGroups, zip(walked, weekly)) {
                    compared += 1
                    XCTAssertEqual(plan, expected, "board \(id), after \(tokyo.iso8601(instant)), \(group.key)")
                    switch expected {
                    case .found(let departure, _, _) where departure > instant + 9 * 86_400: farFound += 1
                    case .nothing: nothing += 1
                    default: break
                    }
                }
            }
        }
        // The walks went past the first week (where the kinds of date answer) and found or ended there.
        print("PlanDaysTests: \(compared) plans compared, \(farFound) found more than 9 days ahead, \(nothing) with nothing, \(byKind) walks by kind")
        XCTAssertGreaterThan(byKind, 80, "most boards are walked by kind of date")
        XCTAssertGreaterThan(farFound, 10)
        XCTAssertGreaterThan(nothing, 20)
        XCTAssertGreaterThan(compared, 1_000)
    }
}
