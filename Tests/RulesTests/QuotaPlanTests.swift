import Foundation
import Rules
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
        XCTAssertEqual(plan.lines.map(\.requestsPerDay), [144, 48, 96, 481])
        XCTAssertEqual(plan.lines.map(\.summary).last, "odpt 481 (no published free tier)")
        XCTAssertTrue(plan.warnings.isEmpty)
    }

    func testOpenWeatherSourcesShareTheKeysQuota() throws {
        let configuration = try load("""
        weather:
          - {id: a, provider: openweather, lat: 1, lon: 1, refresh: 1m}
          - {id: b, provider: openweather, lat: 1, lon: 1, refresh: 5m}
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
          - {id: a, provider: openweather, lat: 1, lon: 1, refresh: 1m}
          - {id: b, provider: openweather, lat: 1, lon: 1, refresh: 1m}
        feeds:
          - {id: f, url: "https://example.org/feed", refresh: 30s}
        """)
        guard case .failure(let error) = outcome else { return XCTFail("a configuration above the hard limit must be refused") }
        XCTAssertEqual(error.diagnostics.map { "\($0.line ?? 0):\($0.column ?? 0): \($0.message)" }, [
            "2:5: openweather would get 2880 requests a day from a, b, above the limit of 2000 leavenow allows: raise refresh",
            "5:5: feed f would get 2880 requests a day from f, above the limit of 1440 leavenow allows: raise refresh",
        ])
    }
}
