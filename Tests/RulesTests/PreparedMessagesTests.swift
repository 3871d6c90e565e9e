import Config
import Facts
import Notifications
@testable import Rules
import RuleTestSupport
import Timetable
import XCTest

/// A leave-now notification made from its group's prepared messages (the parts that depend on the
/// departure alone rendered once) is the notification the full renderer makes: every variable, in
/// both languages, rain or not, for rules that share the prepared messages but not their buffer,
/// heads-ups or id.
final class PreparedMessagesTests: XCTestCase {
    let tokyo = ZoneClock(identifier: "Asia/Tokyo")!

    func testNotificationsFromPreparedMessagesAreThoseOfTheFullRenderer() throws {
        let boards = try BoardCatalog.load(directory: PropertyBoards.path("rules")).boardsByID
        let every = LeaveNowVariable.allCases.map { "[\($0.rawValue)={{\($0.rawValue)}}]" }.joined(separator: " ")
        let location = ConfigLocation(file: "test", line: 1, column: 1)
        var checked = 0
        for (board, language) in [("chofu-to-mitaka", MessageLanguage.en), ("ginza", .ja), ("mitaka-to-chofu", .ja)] {
            let common = RuleCommonSpec(channels: ["phone"], language: language,
                                        message: [language: try MessageTemplate("{{when}} — " + every)],
                                        title: [language: try MessageTemplate("{{board_title}} {{leave_at}} {{rule}}")], timeZone: tokyo.timeZone)
            var first = LeaveNowSpec(board: board, window: ClockWindow(start: 6 * 3600, end: 10 * 3600), headsUpSeconds: [900, 300, 0],
                                     rain: RainAdjustment(weather: "chofu", extraWalkSeconds: 180))
            first.bufferSeconds = 120
            var second = first
            second.headsUpSeconds = [600, 0]
            second.bufferSeconds = 0
            let texts = LeaveNowTexts(common: common)
            let group = LeaveNowGroup(index: 0, spec: first, status: nil, realtime: nil)
            let evaluators = [first, second].enumerated().map { index, spec in
                LeaveNowEvaluator(rule: RuleSpec(id: "rule-\(index)", kind: .leaveNow(spec), common: common, location: location, references: []),
                                  spec: spec, group: group, texts: texts)
            }
            let today = LocalDate("2024-12-23")!
            let loaded = boards[board]!
            let taken = group.taken(from: loaded.schedule(from: today.adding(days: -2), through: today.adding(days: 2)), first: today.adding(days: -2),
                                    board: loaded, valid: 0..<0)
            XCTAssertGreaterThan(taken.indices.count, 10)
            // Prepared from the first rule, used by both (as the rules of a group share them).
            let prepared = PreparedMessages(evaluator: evaluators[0], taken: taken, minutes: [15, 0, 5])
            for evaluator in evaluators {
                for position in taken.indices.indices {
                    let index = Int(taken.indices[position])
                    for (headsUp, offset) in evaluator.headsUpSeconds.enumerated() {
                        for rainy in [false, true] {
                            let leaveAt = taken.walkStarts[position] - evaluator.bufferSeconds - (rainy ? 180 : 0)
                            for now in [leaveAt - Int64(offset), leaveAt - Int64(offset) + 95] {
                                let expected = evaluator.notification(index, schedule: taken.schedule, board: taken.board,
                                                                      key: evaluator.key(index, schedule: taken.schedule, offset: offset),
                                                                      leaveAt: leaveAt, offset: offset, rainy: rainy, now: now)
                                let made = evaluator.notification(position: position, headsUp: headsUp, prepared: prepared, leaveAt: leaveAt,
                                                                  rainy: rainy, now: now)
                                XCTAssertEqual(made, expected)
                                // Both against the variables' documented values, worked out here.
                                let values = documentedValues(taken.schedule.departures[index], board: taken.board, rule: evaluator.rule.id,
                                                              language: language, leaveAt: leaveAt, offset: offset, rainy: rainy, extraMinutes: 3, now: now)
                                XCTAssertEqual(made.text, try MessageTemplate("{{when}} — " + every).render(values))
                                XCTAssertEqual(made.title, try MessageTemplate("{{board_title}} {{leave_at}} {{rule}}").render(values))
                                checked += 1
                            }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 500)
    }

    /// The built-in texts vary with the minutes left only: made in advance for the usual minutes,
    /// they are the texts made when the notification is.
    func testTextsMadeInAdvanceAreThoseMadeWhenSent() throws {
        let boards = try BoardCatalog.load(directory: PropertyBoards.path("rules")).boardsByID
        var made = 0
        for (board, language) in [("chofu-to-mitaka", MessageLanguage.en), ("ginza", .ja)] {
            let common = RuleCommonSpec(channels: ["phone"], language: language, timeZone: tokyo.timeZone)
            let spec = LeaveNowSpec(board: board, window: ClockWindow(start: 6 * 3600, end: 10 * 3600), headsUpSeconds: [900, 600, 0])
            let group = LeaveNowGroup(index: 0, spec: spec, status: nil, realtime: nil)
            let evaluator = LeaveNowEvaluator(rule: RuleSpec(id: "r", kind: .leaveNow(spec), common: common,
                                                             location: ConfigLocation(file: "test", line: 1, column: 1), references: []),
                                              spec: spec, group: group, texts: LeaveNowTexts(common: common))
            let today = LocalDate("2024-12-23")!
            let taken = group.taken(from: boards[board]!.schedule(from: today.adding(days: -2), through: today.adding(days: 2)),
                                    first: today.adding(days: -2), board: boards[board]!, valid: 0..<0)
            let prepared = PreparedMessages(evaluator: evaluator, taken: taken, minutes: [10, 0, 15])
            for position in taken.indices.indices {
                for (headsUp, offset) in evaluator.headsUpSeconds.enumerated() {
                    let leaveAt = taken.walkStarts[position]
                    let now = leaveAt - Int64(offset)
                    let sent = evaluator.notification(position: position, headsUp: headsUp, prepared: prepared, leaveAt: leaveAt, rainy: false, now: now)
                    let early = try XCTUnwrap(prepared.text(position, minutes: offset / 60))
                    XCTAssertEqual(early, sent.text)
                    XCTAssertEqual(sent.text.hasPrefix(offset == 0 ? (language == .ja ? "今すぐ出発" : "Leave now") : (language == .ja ? "あと" : "Leave in")),
                                   true, sent.text)
                    made += 1
                }
            }
            XCTAssertNil(prepared.text(0, minutes: 3), "minutes not made in advance")
        }
        XCTAssertGreaterThan(made, 100)
    }

    /// What each variable of a plain timetable departure's message says (README, "Rules").
    func documentedValues(_ departure: BoardDeparture, board: Board, rule: String, language: MessageLanguage, leaveAt: Int64, offset: Int,
                          rainy: Bool, extraMinutes: Int, now: Int64) -> [String: String] {
        let ja = language == .ja
        let minutes = max(0, Int((leaveAt - now + 30) / 60))
        let numbered = !departure.stop.isEmpty && departure.stop.allSatisfy(\.isNumber)
        let place = (numbered ? (ja ? "\(departure.stop)番のりば" : "platform \(departure.stop)") : departure.stop)
            + (departure.line.isEmpty ? "" : " (\(departure.line))")
        return [
            "rule": rule, "board": board.id, "board_title": board.title, "line": departure.line, "stop": departure.stop,
            "destination": departure.destination, "place": place, "departure": board.clock.clockText(departure.departure),
            "leave_at": board.clock.clockText(leaveAt), "minutes": String(minutes),
            "when": minutes == 0 ? (ja ? "今すぐ出発" : "Leave now") : (ja ? "あと\(minutes)分で出発" : "Leave in \(minutes) min"),
            "walk_minutes": String(Int(departure.departure - departure.leaveAt) / 60 + (rainy ? extraMinutes : 0)),
            "heads_up_minutes": String(offset / 60),
            "rain_note": rainy ? (ja ? "（雨予報: 徒歩+\(extraMinutes)分）" : " (rain expected: +\(extraMinutes) min walk)") : "",
            "service_date": departure.serviceDate.description, "day_type": departure.dayTypeLabel, "status": "", "status_note": "",
            "predicted": board.clock.clockText(departure.departure), "delay_minutes": "0", "realtime_note": "",
        ]
    }
}
