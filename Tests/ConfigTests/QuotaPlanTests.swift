import Config
import Foundation
import XCTest

/// Requests a day per provider from the refresh intervals: a warning above the free tier, a refusal
/// above the hard limit.
final class QuotaPlanTests: XCTestCase {
    func load(_ yaml: String) throws -> Result<Configuration, ConfigError> {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-quota-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try yaml.write(to: directory.appendingPathComponent("sources.yaml"), atomically: true, encoding: .utf8)
        do { return .success(try Configuration.load(directory: directory.path)) } catch { return .failure(error) }
    }

    func testTheExamplesStayWithinEveryFreeTier() throws {
        let rules = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("rules")
        let plan = try Configuration.load(directory: rules.path).quotaPlan
        XCTAssertEqual(plan.lines.map(\.provider), ["openweather", "jma", "feed qiita-ios-2024", "odpt"])
        // ODPT: Tokyo Metro's status every 3 minutes (480) and ginza-live's station timetable once a day.
        // chofu: headache-pressure watches it all day (every 10 minutes); tokyo-jma: no rule reads it,
        // so it is polled at its idle_refresh (1 h).
        XCTAssertEqual(plan.lines.map(\.requestsPerDay), [144, 24, 96, 481])
        XCTAssertEqual(plan.lines.map(\.summary).last, "odpt 481 (no published free tier)")
        XCTAssertTrue(plan.warnings.isEmpty)
    }

    func testOpenWeatherSourcesShareTheKeysQuota() throws {
        let configuration = try load("""
        weather:
          - {id: a, provider: openweather, lat: 1, lon: 1, refresh: 1m, idle_refresh: 1m}
          - {id: b, provider: openweather, lat: 1, lon: 1, refresh: 5m, idle_refresh: 5m}
        """).get()
        let plan = configuration.quotaPlan
        XCTAssertEqual(plan.lines.first?.requestsPerDay, 1_728)
        XCTAssertEqual(plan.warnings.map(\.message),
                       ["openweather would get 1728 requests a day from a, b, above its free tier of 1000: raise refresh"])
        XCTAssertEqual(plan.warnings.first?.location.line, 2)
    }

    func testAboveTheHardLimitTheConfigurationIsRefused() throws {
        let outcome = try load("""
        weather:
          - {id: a, provider: openweather, lat: 1, lon: 1, refresh: 1m, idle_refresh: 1m}
          - {id: b, provider: openweather, lat: 1, lon: 1, refresh: 1m, idle_refresh: 1m}
        feeds:
          - {id: f, url: "https://example.org/feed", refresh: 30s}
        """)
        guard case .failure(let error) = outcome else { return XCTFail("a configuration above the hard limit must be refused") }
        XCTAssertEqual(error.diagnostics.map { "\($0.line ?? 0):\($0.column ?? 0): \($0.message)" }, [
            "2:5: openweather would get 2880 requests a day from a, b, above the limit of 2000 leavenow allows: raise refresh",
            "5:5: feed f would get 2880 requests a day from f, above the limit of 1440 leavenow allows: raise refresh",
        ])
    }

    func testWeatherIsPolledOftenOnlyNearTheWindowsRulesNeed() throws {
        let configuration = try load("""
        boards:
          - id: b
            sources: [{csv: {weekday: none.csv}}]
        channels:
          - {id: c, type: desktop}
        weather:
          - {id: w, provider: openweather, lat: 1, lon: 1, refresh: 10m, idle_refresh: 1h}
        rules:
          - id: morning-rain
            kind: weather
            weather: w
            when: {rain_starts: {within: 30m}}
            active: {hours: "07:00-09:00", days: [weekdays]}
            channels: [c]
          - id: leave
            kind: leave_now
            board: b
            between: "18:00-18:30"
            heads_up: [10m]
            rain: {weather: w, extra_walk: 5m}
            channels: [c]
        """).get()
        let need = WeatherNeed(source: "w", rules: configuration.rules, refreshSeconds: 600)
        XCTAssertFalse(need.always)
        // Wednesday 2025-01-15 in Asia/Tokyo: 06:50-09:00 for the weather rule (one refresh early),
        // 17:05-18:30 for the leave-now (10 min heads-up + 5 min rain walk + 30 min walk allowance + one refresh).
        let day: Int64 = 1_736_866_800  // 2025-01-15T00:00+09:00
        XCTAssertEqual(need.ranges(from: day, to: day + 86_399), [
            (day + 6 * 3600 + 50 * 60)...(day + 9 * 3600), (day + 17 * 3600 + 5 * 60)...(day + 18 * 3600 + 30 * 60),
        ])
        XCTAssertTrue(need.isNeeded(at: day + 8 * 3600))
        XCTAssertFalse(need.isNeeded(at: day + 12 * 3600))
        // Saturday: only the leave-now window.
        XCTAssertEqual(need.ranges(from: day + 3 * 86_400, to: day + 4 * 86_400 - 1).count, 1)
        // Busiest day: 130 + 85 minutes at 10 min (13 + 9) and the rest hourly (20.4 → 21) = 43, not 144.
        XCTAssertEqual(configuration.quotaPlan.lines.first?.requestsPerDay, 43)
    }
}
