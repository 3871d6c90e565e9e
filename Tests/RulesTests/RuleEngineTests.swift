import Facts
import Foundation
import Rules
import Timetable
import Weather
import XCTest

/// The engine on a simulated clock: transitions fire once, state survives a restart, gates hold.
final class RuleEngineTests: XCTestCase {
    let tokyo = ZoneClock(identifier: "Asia/Tokyo")!
    func at(_ text: String) -> Int64 { tokyo.parseTimestamp(text)! }

    /// A workspace of `yaml` (with a `chofu` open-meteo source, a `phone` channel and a one-route board).
    func workspace(_ rules: String) throws -> Workspace {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-engine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        try "# illustrative\n10,06,20,33,47,59\n11,07,21\n".write(to: directory.appendingPathComponent("sun.csv"), atomically: true, encoding: .utf8)
        try """
        boards:
          - id: chofu
            sources:
              - csv: {sunday_holiday: sun.csv}
                line: 鷹56
                stop: 12
                destination: 三鷹駅
                walk: 4m
        weather:
          - {id: chofu, provider: open_meteo, lat: 35.65, lon: 139.63}
        feeds:
          - {id: qiita, advent_calendar: 2024/ios}
        channels:
          - {id: phone, type: desktop}
        rules:
        \(rules)
        """.write(to: directory.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
        return try Workspace.load(directory: directory.path)
    }

    /// A forecast whose pressure falls by `drop` hPa over the 6 hours after `fetched`.
    func pressureForecast(fetched: Int64, drop: Double) -> Forecast {
        let hourly = (0..<12).map { hour -> HourlyPoint in
            let fraction = min(Double(hour), 6) / 6
            return HourlyPoint(time: Date(timeIntervalSince1970: TimeInterval(fetched + Int64(hour) * 3600)),
                               temperatureCelsius: 10, pressureHectopascals: 1016 - drop * fraction, precipitationProbability: 0.1,
                               precipitationMillimetres: 0)
        }
        return Forecast(provider: .openMeteo, source: "test", location: ForecastLocation(latitude: 35.65, longitude: 139.63), hourly: hourly)
    }

    func testAPressureDropHoveringAtTheThresholdFiresOnce() throws {
        var workspace = try workspace("  - {id: headache, kind: weather, weather: chofu, when: {pressure_drop: {hpa: 6, within: 6h}}, channels: [phone]}")
        var timeline = FactTimeline()
        let start = at("2024-12-22T06:00")
        // Every 10 minutes a forecast whose drop hovers around 6 hPa: 5.9, 6.1, 5.9, 6.2, 5.95, 6.05 …
        for (index, drop) in [5.9, 6.1, 5.9, 6.2, 5.95, 6.05, 5.8, 6.3, 6.0, 5.9].enumerated() {
            let fetched = start + Int64(index) * 600
            timeline.add(forecast: pressureForecast(fetched: fetched, drop: drop), source: "chofu", fetchedAt: fetched)
        }
        workspace.timeline = timeline
        let deliveries = workspace.simulation.run(from: start, to: start + 3 * 3600).deliveries
        XCTAssertEqual(deliveries.map(\.at), [start + 600], deliveries.map(\.notification.text).joined(separator: "\n"))
    }

    func testRainStartFiresOncePerEpisode() throws {
        var workspace = try workspace("  - {id: rain, kind: weather, weather: chofu, when: {rain_starts: {within: 30m, threshold: 0.5}}, channels: [phone]}")
        var timeline = FactTimeline()
        let start = at("2024-12-22T09:00")
        func forecast(fetched: Int64, wet: (Int64) -> Bool) -> Forecast {
            let minutely = (0..<60).map { minute -> MinutelyPoint in
                let time = fetched + Int64(minute) * 60
                return MinutelyPoint(time: Date(timeIntervalSince1970: TimeInterval(time)), precipitationMillimetresPerHour: wet(time) ? 1.0 : 0)
            }
            return Forecast(provider: .openMeteo, source: "test", location: ForecastLocation(), minutely: minutely)
        }
        // Rain 09:40–10:30 seen by every forecast from 09:00 to 10:20; then dry; then a second episode from 13:00.
        let firstEpisode = at("2024-12-22T09:40")..<at("2024-12-22T10:30")
        let secondEpisode = at("2024-12-22T13:00")..<at("2024-12-22T14:00")
        for fetched in stride(from: start, through: at("2024-12-22T13:00"), by: 600) {
            timeline.add(forecast: forecast(fetched: fetched) { firstEpisode.contains($0) || secondEpisode.contains($0) },
                         source: "chofu", fetchedAt: fetched)
        }
        workspace.timeline = timeline
        let deliveries = workspace.simulation.run(from: start, to: at("2024-12-22T14:00")).deliveries
        XCTAssertEqual(deliveries.map { tokyo.clockText($0.at) }, ["09:10", "12:30"],
                       deliveries.map(\.notification.text).joined(separator: "\n"))
        XCTAssertTrue(deliveries[0].notification.text.contains("09:40"), deliveries[0].notification.text)
    }

    func testLeaveNowStateSurvivesARestartWithoutResending() throws {
        let workspace = try workspace("  - {id: go, kind: leave_now, board: chofu, between: \"10:30-10:40\", heads_up: [10m, 0m], channels: [phone]}")
        let first = workspace.simulation.run(from: at("2024-12-22T10:00"), to: at("2024-12-22T10:21"))
        XCTAssertEqual(first.deliveries.map { tokyo.clockText($0.at) }, ["10:19"])
        // The worker stops; its state goes to disk and comes back.
        let stored = try JSONEncoder().encode(first.state)
        let restored = try JSONDecoder().decode(EngineState.self, from: stored)
        let second = workspace.simulation.run(from: at("2024-12-22T10:22"), to: at("2024-12-22T10:40"), state: restored)
        XCTAssertEqual(second.deliveries.map { tokyo.clockText($0.at) }, ["10:29"])
        XCTAssertEqual(second.deliveries.first?.notification.expiresAt, at("2024-12-22T10:33"))
        // A fresh worker after the departure sends nothing for it.
        XCTAssertTrue(workspace.simulation.run(from: at("2024-12-22T10:34"), to: at("2024-12-22T10:40")).deliveries.isEmpty)
    }

    func testHeadsUpMissedWhileDownIsNotSentWhenLeaveNowIsAlreadyDue() throws {
        let workspace = try workspace("  - {id: go, kind: leave_now, board: chofu, between: \"10:30-10:40\", heads_up: [10m, 0m], channels: [phone]}")
        // Starting at 10:30: both 10:19 and 10:29 are due; only the leave-now goes out.
        let deliveries = workspace.simulation.run(from: at("2024-12-22T10:30"), to: at("2024-12-22T10:40")).deliveries
        XCTAssertEqual(deliveries.count, 1)
        XCTAssertTrue(deliveries[0].notification.text.hasPrefix("Leave now"), deliveries[0].notification.text)
    }

    func testQuietHoursDropExpiringAndCooldownAndDailyLimit() throws {
        let workspace = try workspace("""
          - {id: quiet, kind: leave_now, board: chofu, quiet_hours: "10:00-10:25", channels: [phone]}
          - {id: limited, kind: leave_now, board: chofu, max_per_day: 2, channels: [phone]}
          - {id: cooled, kind: leave_now, board: chofu, cooldown: 20m, channels: [phone]}
        """)
        let deliveries = workspace.simulation.run(from: at("2024-12-22T09:00"), to: at("2024-12-22T11:00")).deliveries
        func times(_ rule: String) -> [String] { deliveries.filter { $0.notification.rule == rule }.map { tokyo.clockText($0.at) } }
        // Quiet until 10:25: the 10:06 and 10:20 buses' notifications expire before the end: dropped.
        XCTAssertEqual(times("quiet"), ["10:29", "10:43", "10:55"])
        XCTAssertEqual(times("limited"), ["10:02", "10:16"])
        XCTAssertEqual(times("cooled"), ["10:02", "10:29", "10:55"])
    }
}
