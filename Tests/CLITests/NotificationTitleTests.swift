import Foundation
import XCTest

/// The built-in titles of notifications are human, for every rule kind in both languages: the
/// board's title, the weather source's `title:`, the Advent Calendar's name, the line's name —
/// never an id. What `dry-run --json` shows as `title` on the examples.
final class NotificationTitleTests: XCTestCase {
    /// The titles each rule's notifications have between `from` and `to`.
    private func titles(_ arguments: [String]) throws -> [String: Set<String>] {
        let object = try XCTUnwrap(try CLIRunner.json(try CLIRunner.run(["dry-run", "--json"] + arguments)) as? [String: Any])
        var titles: [String: Set<String>] = [:]
        for notification in try XCTUnwrap(object["notifications"] as? [[String: Any]]) {
            titles[notification["rule"] as? String ?? "", default: []].insert(notification["title"] as? String ?? "")
        }
        return titles
    }

    func testEveryKindOfTheExamplesHasAHumanTitle() throws {
        var titles = try self.titles(["--from", "2024-12-01T00:00", "--to", "2024-12-31T23:59"])
        titles.merge(try self.titles(["--from", "2025-01-20T00:00", "--to", "2025-01-20T23:59"])) { $0.union($1) }
        XCTAssertEqual(titles, [
            "chofu-leave-now": ["調布駅北口 → 三鷹駅"],                      // leave_now, ja: the board's title
            "ginza-last-train": ["銀座駅 銀座線"],                           // leave_now, en
            "ginza-morning": ["銀座駅 銀座線"],
            "ginza-line-disruption": ["運行情報: 銀座線"],                   // service_status, ja: the line
            "headache-pressure": ["天気: 調布駅北口"],                        // weather, ja: the source's title
            "rain-start": ["Weather: 調布駅北口"],                           // weather, en
            "qiita-ios-new-article": ["Qiita Advent Calendar 2024 (ios)"],  // new_article on an Advent Calendar
        ])
        let ids = try CLIRunner.run(["completion", "ids", "sources"]).stdout + CLIRunner.run(["completion", "ids", "boards"]).stdout
        for title in titles.values.flatMap({ $0 }) {
            for id in ids.split(separator: "\n") {
                XCTAssertFalse(title.contains(id), "\(title) shows the id \(id)")
            }
        }
    }

    /// A weather source without `title:`: the notification is titled `Weather` / `天気`, not by its id;
    /// a rule's own `title:` wins.
    func testAWeatherSourceWithoutATitle() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-titles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("fixtures"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("rules/fixtures/weather"),
                                         to: root.appendingPathComponent("fixtures/weather"))
        try """
            weather:
              - {id: chofu, provider: openweather, lat: 35.65, lon: 139.63, key_env: K}
            channels:
              - {id: phone, type: desktop}
            rules:
              - {id: rain-en, kind: weather, weather: chofu, when: {rain_starts: {within: 30m}}, channels: [phone], language: en}
              - {id: rain-ja, kind: weather, weather: chofu, when: {rain_starts: {within: 30m}}, channels: [phone], language: ja}
              - {id: rain-own, kind: weather, weather: chofu, when: {rain_starts: {within: 30m}}, channels: [phone], title: 傘}
            """.write(to: root.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
        let titles = try self.titles(["--rules", root.path, "--fixtures", root.path + "/fixtures",
                                      "--from", "2024-12-22T09:00", "--to", "2024-12-22T12:00"])
        XCTAssertEqual(titles, ["rain-en": ["Weather"], "rain-ja": ["天気"], "rain-own": ["傘"]])
    }
}
