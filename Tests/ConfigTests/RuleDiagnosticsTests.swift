import Config
import Foundation
import XCTest

/// One case per kind of mistake in a rule file, each with the exact message and place.
final class RuleDiagnosticsTests: XCTestCase {
    /// Boards, channels and sources every case can refer to.
    let preamble = """
    boards:
      - id: chofu
        sources:
          - csv: {sunday_holiday: x.csv}
    channels:
      - id: phone
        type: desktop
    weather:
      - id: chofu
        provider: open_meteo
        lat: 35.65
        lon: 139.63
    feeds:
      - id: qiita
        advent_calendar: 2024/ios
    rules:

    """

    /// The problems of `rules` (appended after the preamble: the first rule is on line 17), as `line:col: message`.
    func problems(_ rules: String) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try (preamble + rules).write(to: directory.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
        do {
            _ = try Configuration.load(directory: directory.path)
            return []
        } catch {
            return error.diagnostics.map { $0.description.replacingOccurrences(of: directory.path + "/rules.yaml:", with: "") }
        }
    }

    func testAValidRuleOfEachKindHasNoProblems() throws {
        XCTAssertEqual(try problems("""
          - {id: a, kind: leave_now, board: chofu, heads_up: [10m, 0m], between: "10:25-10:40", channels: [phone]}
          - {id: b, kind: weather, weather: chofu, when: {pressure_drop: {hpa: 6, within: 6h}}, channels: [phone]}
          - {id: c, kind: new_article, feed: qiita, channels: [phone], message: "{{day}}: {{title}}"}
        """), [])
    }

    func testEachKindOfMistake() throws {
        let cases: [(yaml: String, expected: String)] = [
            ("  - {id: a, kind: leave_now, board: chofu, channels: [phone], colour: red}",
             "17:63: unknown key \"colour\" (expected one of: id, kind, board, lines, stops, destinations, days, day_types, between, last_only, pick, buffer, heads_up, rain, moved_by, when_suspended, timezone, active, quiet_hours, cooldown, max_per_day, urgency, language, message, title, channels)"),
            ("  - {id: a, kind: leave_now, board: mitaka, channels: [phone]}",
             "17:37: unknown board \"mitaka\" in rule \"a\" (known: chofu)"),
            ("  - {id: a, kind: leave_now, board: chofu, channels: [pager]}",
             "17:55: unknown channel \"pager\" in rule \"a\" (known: phone)"),
            ("  - {id: a, kind: weather, weather: tokyo, when: {new_alert: true}, channels: [phone]}",
             "17:37: unknown weather \"tokyo\" in rule \"a\" (known: chofu)"),
            ("  - {id: a, kind: new_article, feed: zenn, channels: [phone]}",
             "17:38: unknown feed \"zenn\" in rule \"a\" (known: qiita)"),
            ("  - {id: a, kind: leave_now, board: chofu, buffer: 4, channels: [phone]}",
             "17:52: duration \"4\" needs a unit: write 4s, 4m or 4h"),
            ("  - {id: a, kind: leave_now, board: chofu, buffer: 90x, channels: [phone]}",
             "17:52: unknown unit \"x\" in duration \"90x\" (use d, h, m or s, as in 1h30m)"),
            ("  - {id: a, kind: leave_now, board: chofu, between: \"10:70-11:00\", channels: [phone]}",
             "17:53: between must be a time window HH:MM-HH:MM, found \"10:70-11:00\""),
            ("  - {id: a, kind: leave_now, board: chofu, days: [sunday], channels: [phone]}",
             "17:51: unknown day \"sunday\" (did you mean \"sun\"? expected sun, mon, tue, wed, thu, fri, sat, weekdays, weekends or everyday)"),
            ("  - {id: a, kind: leave_now, board: chofu, days: [weekday], channels: [phone]}",
             "17:51: unknown day \"weekday\" (did you mean \"weekdays\"? expected sun, mon, tue, wed, thu, fri, sat, weekdays, weekends or everyday)"),
            ("  - {id: a, kind: leave_now, board: chofu, day_types: [weekdays], channels: [phone]}",
             "17:56: unknown day type \"weekdays\" (did you mean \"weekday\"? expected one of: weekday, saturday, sunday, holiday)"),
            ("  - {id: a, kind: leave_now, board: chofu, timezone: asia/tokyo, channels: [phone]}",
             "17:54: unknown timezone \"asia/tokyo\" (did you mean \"Asia/Tokyo\"?)"),
            ("  - {id: a, kind: leave_now, board: Chofu, channels: [phone]}",
             "17:37: unknown board \"Chofu\" in rule \"a\" (did you mean \"chofu\"?)"),
            ("  - {id: a, kind: leave_now, board: chofu, message: \"{{lien}}\", channels: [phone]}",
             "17:53: unknown template variable {{lien}} (known: rule, board, board_title, line, stop, place, destination, departure, leave_at, when, minutes, walk_minutes, heads_up_minutes, rain_note, service_date, day_type, status, status_note, predicted, delay_minutes, realtime_note)"),
            ("  - {id: a, kind: leave_now, board: chofu, moved_by: 30s, channels: [phone]}",
             "17:54: moved_by must be between 1m and 1h, found 30s"),
            ("  - {id: a, kind: leave_now, board: chofu, moved_by: 2h, channels: [phone]}",
             "17:54: moved_by must be between 1m and 1h, found 120m"),
            ("  - {id: a, kind: leave_now, board: chofu, when_suspended: pause, channels: [phone]}",
             "17:60: when_suspended must be \"notify\" or \"hold\", found \"pause\""),
            ("  - {id: a, kind: leave_now, board: chofu, message: \"{{when\", channels: [phone]}",
             "17:53: bad template: \"{{\" without a closing \"}}\""),
            ("  - {id: a, kind: leave_now, board: chofu}",
             "17:5: rule \"a\" needs channels: a list of channel ids to send through"),
            ("  - {id: a, kind: teleport, channels: [phone]}",
             "17:19: unknown rule kind \"teleport\" (expected one of: leave_now, weather, new_article, service_status)"),
            ("  - {id: A, kind: leave_now, board: chofu, channels: [phone]}",
             "17:10: rule id \"A\" may only contain lowercase letters a-z, digits 0-9 and \"-\""),
            ("  - {id: a, kind: weather, weather: chofu, when: {}, channels: [phone]}",
             "17:50: a weather condition needs one of: rain_starts, precipitation_probability, pressure_drop, temperature_drop, new_alert, forecast_changed"),
            ("  - {id: a, kind: weather, weather: chofu, when: {precipitation_probability: {at_least: 150%, within: 3h}}, channels: [phone]}",
             "17:89: expected a probability like 60% or 0.6, found \"150%\""),
            ("  - {id: a, kind: leave_now, board: chofu, urgency: urgent, channels: [phone]}",
             "17:53: urgency must be one of: low, normal, critical; found \"urgent\""),
        ]
        for (yaml, expected) in cases {
            XCTAssertEqual(try problems(yaml), [expected], yaml)
        }
    }

    func testEveryProblemOfAFileIsReportedAtOnce() throws {
        let found = try problems("""
          - {id: a, kind: leave_now, board: mitaka, channels: [pager]}
          - {id: b, kind: weather, weather: chofu, when: {rain_starts: {within: 30}}, channels: [phone]}
          - {id: a, kind: new_article, feed: qiita, channels: [phone]}
        """)
        XCTAssertEqual(found.count, 4, found.joined(separator: "\n"))
        XCTAssertTrue(found[0].hasPrefix("17:37: unknown board"), found[0])
        XCTAssertTrue(found[1].hasPrefix("17:56: unknown channel"), found[1])
        XCTAssertTrue(found[2].hasPrefix("18:73: duration \"30\" needs a unit"), found[2])
        XCTAssertTrue(found[3].hasPrefix("19:5: duplicate rule id \"a\""), found[3])
    }
}
