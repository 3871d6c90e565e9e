import Facts
import Feeds
import Foundation
import Rules
import RuleTestSupport
import TestServers
import Timetable
import Weather
import XCTest

/// Weather and new-article rules over weeks of snapshots: the engine, which evaluates a rule only
/// when a source it reads has a new snapshot or at the wake-up it asked for, sends exactly what a
/// naive model sends. The rain model runs the detector at **every minute** of the span on the latest
/// forecast (so a wake-up the engine forgot shows as a late or missing notification); the feed model
/// announces each entry whose identity no earlier snapshot had, at the first snapshot that has it.
/// Both apply the gates in time order (`ReferenceGates`).
final class WeatherAndFeedPropertyTests: XCTestCase {
    let tokyo = ZoneClock(identifier: "Asia/Tokyo")!

    struct RainRule {
        var id: String
        var withinMinutes: Int
        var threshold: Double
        var gates: ReferenceGates

        var yaml: String {
            (["  - id: \(id)", "    kind: weather", "    weather: sky", "    channels: [sink]",
              "    when: {rain_starts: {within: \(withinMinutes)m, threshold: \(threshold)}}"] + gates.yaml).joined(separator: "\n")
        }
    }

    struct ArticleRule {
        var id: String
        var titleContains: [String]?
        var authors: [String]?
        var digest: Bool
        var gates: ReferenceGates

        var yaml: String {
            var lines = ["  - id: \(id)", "    kind: new_article", "    feed: blog", "    channels: [sink]"]
            if let titleContains { lines.append("    title_contains: [\(titleContains.map { "\"\($0)\"" }.joined(separator: ", "))]") }
            if let authors { lines.append("    authors: [\(authors.map { "\"\($0)\"" }.joined(separator: ", "))]") }
            if digest { lines.append("    digest: true") }
            return (lines + gates.yaml).joined(separator: "\n")
        }
    }

    // MARK: Snapshots

    /// Rain episodes over the span (start, end, mm/h), and forecasts of them every 10–40 minutes
    /// (sometimes a 3-hour gap), each off by up to ±30 minutes and ±30 % in rate: forecasts change
    /// their mind, as real ones do.
    func forecasts(from start: Int64, to end: Int64, using rng: inout SplitMix64) -> [(at: Int64, forecast: Forecast)] {
        var episodes: [(start: Int64, end: Int64, rate: Double)] = []
        var time = start
        while time < end + 2 * 86_400 {
            time += Int64.random(in: 2...30, using: &rng) * 3600 + Int64.random(in: 0..<60, using: &rng) * 60
            let length = Int64.random(in: 1...36, using: &rng) * 600
            episodes.append((time, time + length, [0.2, 0.4, 0.8, 1.5, 3.0].randomElement(using: &rng)!))
            time += length
        }
        func rate(_ instant: Int64, shift: Int64, factor: Double) -> Double {
            let moved = instant + shift
            return (episodes.first { moved >= $0.start && moved < $0.end }?.rate ?? 0) * factor
        }
        var snapshots: [(Int64, Forecast)] = []
        var at = start
        while at <= end {
            let shift = Int64.random(in: -30...30, using: &rng) * 60
            let factor = Double.random(in: 0.7...1.3, using: &rng)
            let minutely = (0..<60).map { minute -> MinutelyPoint in
                let instant = at + Int64(minute) * 60
                return MinutelyPoint(time: Date(timeIntervalSince1970: TimeInterval(instant)), precipitationMillimetresPerHour: rate(instant, shift: shift, factor: factor))
            }
            let firstHour = at / 3600 * 3600
            let hourly = (0..<48).map { hour -> HourlyPoint in
                let instant = firstHour + Int64(hour) * 3600
                // The hour's amount: its wettest quarter.
                let amount = stride(from: instant, to: instant + 3600, by: 900).map { rate($0, shift: shift, factor: factor) }.max() ?? 0
                return HourlyPoint(time: Date(timeIntervalSince1970: TimeInterval(instant)), temperatureCelsius: 10, pressureHectopascals: 1013,
                                   precipitationProbability: amount > 0 ? 0.8 : 0.1, precipitationMillimetres: amount)
            }
            snapshots.append((at, Forecast(provider: .openMeteo, source: "sky", location: ForecastLocation(latitude: 35.6, longitude: 139.6),
                                           minutely: minutely, hourly: hourly)))
            at += Int64.random(in: 0..<10, using: &rng) == 0 ? 3 * 3600 : Int64.random(in: 10...40, using: &rng) * 60
        }
        return snapshots.map { (at: $0.0, forecast: $0.1) }
    }

    static let authors = ["ayaka", "ken", "mio"]
    static let words = ["Swift", "Linux", "雨"]

    /// A blog's feed every 20–120 minutes: 0–2 new entries a snapshot (newest first, the latest 12
    /// listed), titles edited now and then (same id), sometimes an older entry listed again.
    func feeds(from start: Int64, to end: Int64, using rng: inout SplitMix64) -> [(at: Int64, feed: Feed)] {
        var entries: [FeedEntry] = []
        var snapshots: [(Int64, Feed)] = []
        var at = start
        var number = 0
        while at <= end {
            for _ in 0..<Int.random(in: 0...2, using: &rng) {
                number += 1
                let published = Date(timeIntervalSince1970: TimeInterval(at - Int64.random(in: 1...600, using: &rng)))
                entries.append(FeedEntry(id: "tag:blog,2025:\(number)", title: "\(Self.words.randomElement(using: &rng)!) note \(number)",
                                         link: "https://blog.example/\(number)", published: published,
                                         authors: [Self.authors.randomElement(using: &rng)!]))
            }
            if !entries.isEmpty, Int.random(in: 0..<8, using: &rng) == 0 {
                let index = Int.random(in: 0..<entries.count, using: &rng)
                entries[index].title += " (edited)"
            }
            var listed = Array(entries.suffix(12).reversed())
            if entries.count > 12, Int.random(in: 0..<10, using: &rng) == 0 { listed.append(entries[Int.random(in: 0..<(entries.count - 12), using: &rng)]) }
            snapshots.append((at, Feed(kind: .atom, title: "Blog", entries: listed)))
            at += Int64.random(in: 20...120, using: &rng) * 60
        }
        return snapshots.map { (at: $0.0, feed: $0.1) }
    }

    // MARK: Reference models

    /// The rain rule evaluated every minute of `[from, to]` on the latest forecast.
    func rainReference(_ rule: RainRule, snapshots: [(at: Int64, forecast: Forecast)], from: Int64, to: Int64) -> [ReferenceGates.Sent] {
        let detector = RainStartDetector(thresholdMillimetresPerHour: rule.threshold, lookahead: TimeInterval(rule.withinMinutes * 60))
        var state = RainStartDetector.State()
        var candidates: [ReferenceGates.Candidate] = []
        var next = 0
        var minute = from
        while minute <= to {
            while next < snapshots.count, snapshots[next].at <= minute { next += 1 }
            if next > 0 {
                let result = detector.evaluate(snapshots[next - 1].forecast, previous: state, now: Date(timeIntervalSince1970: TimeInterval(minute)))
                state = result.state
                for event in result.events {
                    guard case .rainStarting(let at, _) = event else { continue }
                    let start = Int64(at.timeIntervalSince1970)
                    candidates.append(.init(at: minute, order: candidates.count, key: "\(rule.id)/rain/\(start)", expires: max(minute, start)))
                }
            }
            minute += 60
        }
        return rule.gates.apply(candidates, to: to)
    }

    /// The article rule at each snapshot: entries no earlier snapshot had (the first is silent),
    /// oldest first, filtered; one digest per snapshot when asked.
    func articleReference(_ rule: ArticleRule, snapshots: [(at: Int64, feed: Feed)], to: Int64) -> [ReferenceGates.Sent] {
        var seen: Set<String>?
        var candidates: [ReferenceGates.Candidate] = []
        for snapshot in snapshots where snapshot.at <= to {
            let current = snapshot.feed.entries
            defer { seen = (seen ?? []).union(current.map(\.identity)) }
            guard let before = seen else { continue }
            var announced = Set<String>()
            let new = current.sorted { ($0.published ?? .distantPast) < ($1.published ?? .distantPast) }
                .filter { !before.contains($0.identity) && announced.insert($0.identity).inserted }
                .filter { entry in
                    (rule.titleContains.map { words in words.contains { entry.title.localizedCaseInsensitiveContains($0) } } ?? true)
                        && (rule.authors.map { names in entry.authors.contains(where: names.contains) } ?? true)
                }
            guard !new.isEmpty else { continue }
            if rule.digest {
                candidates.append(.init(at: snapshot.at, order: candidates.count, key: "\(rule.id)/digest/\(snapshot.at)", expires: nil))
            } else {
                for entry in new {
                    candidates.append(.init(at: snapshot.at, order: candidates.count, key: "\(rule.id)/\(BoardSchedule.token(entry.identity))", expires: nil))
                }
            }
        }
        return rule.gates.apply(candidates, to: to)
    }

    // MARK: The property

    func testRainAndNewArticleRulesOverThreeWeeksMatchTheReference() throws {
        var rng = SplitMix64(seed: 42)
        let from = tokyo.parseTimestamp("2025-01-06T00:00")!, to = tokyo.parseTimestamp("2025-01-27T00:00")!
        let rain = (0..<16).map { n in
            RainRule(id: "rain-\(n)", withinMinutes: [15, 30, 60, 120].randomElement(using: &rng)!,
                     threshold: [0.1, 0.5, 1.0].randomElement(using: &rng)!, gates: ReferenceGates.random(using: &rng))
        }
        let articles = (0..<20).map { n in
            ArticleRule(id: "article-\(n)",
                        titleContains: Int.random(in: 0..<3, using: &rng) == 0 ? [Self.words.randomElement(using: &rng)!.lowercased()] : nil,
                        authors: Int.random(in: 0..<4, using: &rng) == 0 ? [Self.authors.randomElement(using: &rng)!] : nil,
                        digest: Int.random(in: 0..<4, using: &rng) == 0, gates: ReferenceGates.random(using: &rng))
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-weather-property-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let text = """
        weather:
          - {id: sky, provider: open_meteo, lat: 35.6, lon: 139.6}
        feeds:
          - {id: blog, url: "https://blog.example/feed.atom"}
        channels:
          - {id: sink, type: desktop}
        rules:
        \(rain.map(\.yaml).joined(separator: "\n"))
        \(articles.map(\.yaml).joined(separator: "\n"))

        """
        try text.write(to: directory.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
        var workspace = try Workspace.load(directory: directory.path, readFixtures: false)
        XCTAssertEqual(workspace.engine.rules.count, rain.count + articles.count, text)

        let weather = forecasts(from: from, to: to, using: &rng)
        let blog = feeds(from: from, to: to, using: &rng)
        var timeline = FactTimeline()
        for snapshot in weather { timeline.add(forecast: snapshot.forecast, source: "sky", fetchedAt: snapshot.at) }
        for snapshot in blog { timeline.add(feed: snapshot.feed, source: "blog", fetchedAt: snapshot.at) }
        workspace.timeline = timeline
        let deliveries = workspace.simulation.run(from: from, to: to).deliveries
        var byRule: [String: [ReferenceGates.Sent]] = [:]
        for delivery in deliveries { byRule[delivery.notification.rule, default: []].append(.init(at: delivery.at, key: delivery.notification.key)) }

        var total = 0
        func compare(_ id: String, _ expected: [ReferenceGates.Sent], _ yaml: String) {
            total += expected.count
            let actual = byRule[id] ?? []
            guard actual != expected else { return }
            XCTFail("""
            rule \(id): engine sent \(actual.count), reference \(expected.count)
            missing from the engine: \(expected.filter { !actual.contains($0) }.prefix(5).map { "\(tokyo.iso8601($0.at)) \($0.key)" })
            extra in the engine: \(actual.filter { !expected.contains($0) }.prefix(5).map { "\(tokyo.iso8601($0.at)) \($0.key)" })
            \(yaml)
            """)
        }
        for rule in rain { compare(rule.id, rainReference(rule, snapshots: weather, from: from, to: to), rule.yaml) }
        for rule in articles { compare(rule.id, articleReference(rule, snapshots: blog, to: to), rule.yaml) }
        XCTAssertGreaterThan(total, 300, "the rules send something over the three weeks")
    }
}
