import Facts
import Foundation
import Rules
import Timetable
import Weather
import XCTest

/// `service_status` rules, the leave-now status mention, staleness and `max_age`, on a simulated clock.
final class ServiceStatusRuleTests: XCTestCase {
    let tokyo = ZoneClock(identifier: "Asia/Tokyo")!
    func at(_ text: String) -> Int64 { tokyo.parseTimestamp(text)! }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// A Tokyo Metro `odpt:TrainInformation` response (2025 shape) with the Ginza line in `ginza`
    /// (`normal`, `delayed`, `suspended` or `closed`, a status that is neither) since `since`.
    static func response(ginza: String, since: String = "2025-01-20T07:38:00+09:00") -> [UInt8] {
        func record(_ line: String, _ extra: String) -> String {
            """
            {"@type": "odpt:TrainInformation", "owl:sameAs": "odpt.TrainInformation:TokyoMetro.\(line)",
             "odpt:railway": "odpt.Railway:TokyoMetro.\(line)", "odpt:operator": "odpt.Operator:TokyoMetro", \(extra)}
            """
        }
        let normal = #""odpt:trainInformationText": {"ja": "現在、平常どおり運転しています。", "en": "Trains are operating normally."}"#
        let ginzaRecord: String
        switch ginza {
        case "delayed":
            ginzaRecord = #""odpt:timeOfOrigin": "\#(since)", "odpt:trainInformationStatus": {"ja": "遅延", "en": "Delay"}, "odpt:trainInformationText": {"ja": "信号確認の影響で遅れが出ています。", "en": "Trains are delayed due to a signal check."}"#
        case "suspended":
            ginzaRecord = #""odpt:timeOfOrigin": "\#(since)", "odpt:trainInformationStatus": {"ja": "運転見合わせ", "en": "Service suspended"}, "odpt:trainInformationText": {"ja": "渋谷〜浅草駅間で運転を見合わせています。"}"#
        case "closed":
            ginzaRecord = #""odpt:timeOfOrigin": "\#(since)", "odpt:trainInformationStatus": {"ja": "直通運転中止", "en": "Through service cancelled"}, "odpt:trainInformationText": {"ja": "直通運転を中止しています。"}"#
        default:
            ginzaRecord = normal
        }
        return Array(("[" + record("Ginza", ginzaRecord) + ",\n" + record("Marunouchi", normal) + "]").utf8)
    }

    static func report(ginza: String, since: String = "2025-01-20T07:38:00+09:00") throws -> ServiceStatusReport {
        try ServiceStatusReport.decode(response(ginza: ginza, since: since), file: "test.json")
    }

    /// A workspace with the `tokyo-metro` status (3-minute refresh), a `ginza` board (a CSV source
    /// labelled 銀座線, every day at 08:02, 08:12 and 08:22, 3 min walk) and `rules`.
    func workspace(_ rules: String, boardStatus: Bool = true) throws -> Workspace {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-status-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        try "# illustrative\n8,02,12,22\n".write(to: directory.appendingPathComponent("ginza.csv"), atomically: true, encoding: .utf8)
        try """
        odpt:
          key_env: ODPT_CONSUMER_KEY
          service_status:
            - {id: tokyo-metro, operator: "odpt.Operator:TokyoMetro", refresh: 3m}
        boards:
          - id: ginza
            \(boardStatus ? "status: tokyo-metro" : "title: Ginza")
            sources:
              - csv: {everyday: ginza.csv}
                line: 銀座線
                stop: 銀座
                destination: 浅草
                walk: 3m
        weather:
          - {id: chofu, provider: open_meteo, lat: 35.65, lon: 139.63}
        channels:
          - {id: phone, type: desktop}
        rules:
        \(rules)
        """.write(to: directory.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
        return try Workspace.load(directory: directory.path)
    }

    /// Snapshots every 3 minutes from `from` through `to`; `ginza(t)` gives the Ginza line's status at fetch time t.
    func timeline(from: String, to: String, ginza: (Int64) -> String) throws -> FactTimeline {
        try timeline(from: from, to: to) { (ginza($0), "2025-01-20T07:38:00+09:00") }
    }

    /// Snapshots every 3 minutes; `ginza(t)` gives the Ginza line's status and its origin time at fetch time t.
    func timeline(from: String, to: String, ginza: (Int64) -> (String, String)) throws -> FactTimeline {
        var timeline = FactTimeline()
        for fetched in stride(from: at(from), through: at(to), by: 180) {
            let (status, since) = ginza(fetched)
            timeline.add(serviceStatus: try Self.report(ginza: status, since: since), source: "tokyo-metro", fetchedAt: fetched)
        }
        return timeline
    }

    func testTheReportMatchesLinesByIdTitleInEitherLanguageOrName() throws {
        // Real 2017 data: no titles in the records, so the built-in ones are used.
        let bytes = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("odpt/TrainInformation_TokyoMetro.json")))
        let report = try ServiceStatusReport.decode(bytes, file: "TrainInformation_TokyoMetro.json")
        for label in ["銀座線", "Ginza Line", "ginza line", "odpt.Railway:TokyoMetro.Ginza", "Ginza"] {
            XCTAssertEqual(report.railway(matching: label)?.railway, "odpt.Railway:TokyoMetro.Ginza", label)
        }
        XCTAssertNil(report.railway(matching: "山手線"))
        XCTAssertEqual(report.railway(matching: "G", railwayByLine: ["G": "odpt.Railway:TokyoMetro.Hanzomon"])?.ja.railwayTitle, "半蔵門線")
        XCTAssertTrue(report.railways.allSatisfy { $0.condition == nil }, "the 2017 snapshot is normal everywhere")

        let delayed = try Self.report(ginza: "delayed")
        let ginza = try XCTUnwrap(delayed.railway(matching: "銀座線"))
        XCTAssertEqual(ginza.condition, .delayed)
        XCTAssertEqual(ginza.mention(in: .ja), "銀座線: 遅延")
        XCTAssertEqual(ginza.mention(in: .en), "Ginza Line: delayed")
        XCTAssertEqual(try Self.report(ginza: "suspended").railways[0].mention(in: .ja), "銀座線: 運転見合わせ")
        XCTAssertEqual(try Self.report(ginza: "closed").railways[0].condition, .other)
        XCTAssertEqual(try Self.report(ginza: "closed").railways[0].mention(in: .en), "Ginza Line: Through service cancelled")
    }

    func testOneNotificationPerEpisodeAndRecovery() throws {
        var workspace = try workspace("""
          - {id: disruption, kind: service_status, status: tokyo-metro, lines: [銀座線], notify_recovery: true, channels: [phone], language: ja}
        """)
        let delayStart = at("2025-01-20T07:39"), delayEnd = at("2025-01-20T08:10")
        let suspendStart = at("2025-01-20T07:50"), secondStart = at("2025-01-20T09:00")
        workspace.timeline = try timeline(from: "2025-01-20T07:30", to: "2025-01-20T09:30") { (t: Int64) -> (String, String) in
            if t >= secondStart { return ("suspended", "2025-01-20T08:58:00+09:00") }
            if t >= suspendStart, t < delayEnd { return ("suspended", "2025-01-20T07:38:00+09:00") }
            return (t >= delayStart && t < delayEnd ? "delayed" : "normal", "2025-01-20T07:38:00+09:00")
        }
        let deliveries = workspace.simulation.run(from: at("2025-01-20T07:00"), to: at("2025-01-20T10:00")).deliveries
        XCTAssertEqual(deliveries.map { tokyo.iso8601($0.at) + " " + $0.notification.text }, [
            // The fetch at 07:39 shows the delay (since 07:38): notified once, not again when it turns into a suspension.
            "2025-01-20T07:39:00+09:00 銀座線: 遅延（07:38から）信号確認の影響で遅れが出ています。",
            "2025-01-20T08:12:00+09:00 銀座線: 平常運転に戻りました",
            // A new episode after the recovery: notified again.
            "2025-01-20T09:00:00+09:00 銀座線: 運転見合わせ（08:58から）渋谷〜浅草駅間で運転を見合わせています。",
        ])
        XCTAssertEqual(deliveries.map(\.notification.key), [
            "disruption/disruption/TokyoMetro.Ginza/\(at("2025-01-20T07:38"))",
            "disruption/recovery/TokyoMetro.Ginza/\(at("2025-01-20T07:38"))",
            "disruption/disruption/TokyoMetro.Ginza/\(at("2025-01-20T08:58"))",
        ])
        XCTAssertEqual(deliveries.map(\.notification.kind.rawValue), ["service_status", "service_status", "service_status"])
        XCTAssertEqual(deliveries[0].notification.title, "運行情報: 銀座線")
        XCTAssertEqual(deliveries[0].notification.expiresAt, at("2025-01-20T09:39"))
    }

    func testWhenFiltersAndEnglishTextsAndStateSurvivesARestart() throws {
        var workspace = try workspace("""
          - {id: suspensions, kind: service_status, board: ginza, when: [suspended], channels: [phone], language: en, message: "{{line}} {{status}} ({{railway}}, {{age}} min old, since {{since}}): {{text}}"}
        """)
        workspace.timeline = try timeline(from: "2025-01-20T07:30", to: "2025-01-20T08:30") { t in
            t < self.at("2025-01-20T07:45") ? "normal" : (t < self.at("2025-01-20T08:00") ? "delayed" : "suspended")
        }
        let simulation = workspace.simulation
        // Delayed from 07:45: not in `when`, nothing; suspended from 08:00 within the same episode: notified then.
        let first = simulation.run(from: at("2025-01-20T07:00"), to: at("2025-01-20T07:55"))
        XCTAssertEqual(first.deliveries.count, 0)
        // The worker restarts with its stored state (encoded and decoded).
        let stored = try JSONDecoder().decode(EngineState.self, from: JSONEncoder().encode(first.state))
        XCTAssertEqual(stored, first.state)
        XCTAssertEqual(stored.rules["suspensions"]?.serviceStatus?["odpt.Railway:TokyoMetro.Ginza"],
                       ServiceStatusEpisode(since: at("2025-01-20T07:38"), condition: .delayed, notified: false))
        let second = simulation.run(from: at("2025-01-20T07:56"), to: at("2025-01-20T08:30"), state: stored)
        XCTAssertEqual(second.deliveries.map(\.at), [at("2025-01-20T08:00")])
        XCTAssertEqual(second.deliveries.first?.notification.text,
                       "Ginza Line suspended (odpt.Railway:TokyoMetro.Ginza, 0 min old, since 07:38): 渋谷〜浅草駅間で運転を見合わせています。")
    }

    func testAStaleSnapshotDoesNotFireAndExplainSaysSo() throws {
        var workspace = try workspace("""
          - {id: disruption, kind: service_status, status: tokyo-metro, channels: [phone]}
          - {id: patient, kind: service_status, status: tokyo-metro, max_age: 1h, channels: [phone]}
        """)
        var timeline = FactTimeline()
        timeline.add(serviceStatus: try Self.report(ginza: "delayed"), source: "tokyo-metro", fetchedAt: at("2025-01-20T07:40"))
        workspace.timeline = timeline
        // Evaluated 20 minutes after the fetch: older than 3 × 3 min, but within patient's max_age.
        let stale = try XCTUnwrap(workspace.explain(rule: "disruption", at: at("2025-01-20T08:00")))
        XCTAssertEqual(stale.notifications, [])
        XCTAssertTrue(stale.explanation.contains("the snapshot is older than max_age 9 min: stale, not used (nothing fires until a newer one)"),
                      stale.explanation.joined(separator: "\n"))
        var state = RuleState()
        var schedules = ScheduleCache()
        let facts = timeline.facts(at: at("2025-01-20T08:00"), boards: workspace.boards)
        let patient = workspace.engine.evaluate(rule: try XCTUnwrap(workspace.engine.index(of: "patient")), facts: facts,
                                                state: &state, now: at("2025-01-20T08:00"), schedules: &schedules)
        XCTAssertEqual(patient.notifications.map(\.text), ["Ginza Line: delayed since 07:38. Trains are delayed due to a signal check."])
        var staleState = RuleState()
        let none = workspace.engine.evaluate(rule: try XCTUnwrap(workspace.engine.index(of: "disruption")), facts: facts,
                                             state: &staleState, now: at("2025-01-20T08:00"), schedules: &schedules)
        XCTAssertEqual(none.notifications, [])
        XCTAssertNil(staleState.serviceStatus, "a stale snapshot starts no episode")
    }

    func testLeaveNowMentionsTheStatusOfTheDeparturesLine() throws {
        var workspace = try workspace("""
          - {id: ja, kind: leave_now, board: ginza, between: "08:00-08:05", channels: [phone], language: ja}
          - {id: en, kind: leave_now, board: ginza, between: "08:10-08:15", channels: [phone], language: en}
          - {id: custom, kind: leave_now, board: ginza, between: "08:20-08:25", channels: [phone], message: "{{departure}} [{{status}}]"}
        """)
        workspace.timeline = try timeline(from: "2025-01-20T07:30", to: "2025-01-20T08:15") { t in
            t >= self.at("2025-01-20T07:40") ? "delayed" : "normal"
        }
        let texts = workspace.simulation.run(from: at("2025-01-20T07:30"), to: at("2025-01-20T08:30")).deliveries
            .map { tokyo.clockText($0.at) + " " + $0.notification.text }
        XCTAssertEqual(texts, [
            "07:59 今すぐ出発: 08:02発 銀座 (銀座線) 浅草行［銀座線: 遅延］",
            "08:09 Leave now: the 08:12 to 浅草 from 銀座 (銀座線) [Ginza Line: delayed]",
            // The last snapshot (08:15) is 4 min old at 08:19: still fresh.
            "08:19 08:22 [Ginza Line: delayed]",  // the rule language defaults to en
        ])
        // Normal service: nothing is added; a board without status: never mentions one.
        workspace.timeline = try timeline(from: "2025-01-20T07:30", to: "2025-01-20T08:30") { _ in "normal" }
        XCTAssertEqual(workspace.simulation.run(from: at("2025-01-20T07:58"), to: at("2025-01-20T08:00")).deliveries.map(\.notification.text),
                       ["今すぐ出発: 08:02発 銀座 (銀座線) 浅草行"])
        var unlinked = try self.workspace("  - {id: ja, kind: leave_now, board: ginza, between: \"08:00-08:05\", channels: [phone], language: ja}",
                                          boardStatus: false)
        unlinked.timeline = try timeline(from: "2025-01-20T07:30", to: "2025-01-20T08:15") { _ in "delayed" }
        XCTAssertEqual(unlinked.simulation.run(from: at("2025-01-20T07:58"), to: at("2025-01-20T08:00")).deliveries.map(\.notification.text),
                       ["今すぐ出発: 08:02発 銀座 (銀座線) 浅草行"])
        // A stale status is not mentioned, and explain says why.
        var stale = FactTimeline()
        stale.add(serviceStatus: try Self.report(ginza: "delayed"), source: "tokyo-metro", fetchedAt: at("2025-01-20T07:00"))
        workspace.timeline = stale
        let explanation = try XCTUnwrap(workspace.explain(rule: "ja", at: at("2025-01-20T07:59")))
        XCTAssertEqual(explanation.notifications.map(\.text), ["今すぐ出発: 08:02発 銀座 (銀座線) 浅草行"])
        XCTAssertTrue(explanation.explanation.contains("service status \"tokyo-metro\" is 59 min old (older than 9 min): stale, not mentioned"),
                      explanation.explanation.joined(separator: "\n"))
    }

    func testFactTimelineServesTheLatestStatusAndCountsItsSnapshots() throws {
        var timeline = FactTimeline()
        timeline.add(serviceStatus: try Self.report(ginza: "delayed"), source: "tokyo-metro", fetchedAt: 200)
        timeline.add(serviceStatus: try Self.report(ginza: "normal"), source: "tokyo-metro", fetchedAt: 100)
        XCTAssertNil(timeline.facts(at: 99, boards: [:]).serviceStatus["tokyo-metro"])
        XCTAssertEqual(timeline.facts(at: 150, boards: [:]).serviceStatus["tokyo-metro"]?.fetchedAt, 100)
        XCTAssertEqual(timeline.facts(at: 250, boards: [:]).serviceStatus["tokyo-metro"]?.value.railways[0].condition, .delayed)
        XCTAssertEqual(timeline.nextSnapshot(after: 100), 200)
        XCTAssertEqual(timeline.sourcesUpdated(after: 150, through: 200), ["tokyo-metro"])
        XCTAssertEqual(timeline.facts(at: 250, boards: [:]).serviceStatus["tokyo-metro"]?.age(at: 310), 110)
    }

    func testWeatherMaxAgeAndAge() throws {
        var workspace = try workspace("""
          - {id: rain, kind: weather, weather: chofu, max_age: 30m, when: {rain_starts: {within: 60m}}, message: "{{time}} ({{age}} min old)", channels: [phone]}
        """)
        let fetched = at("2025-01-20T07:00")
        let minutely = (0..<120).map { minute -> MinutelyPoint in
            let time = fetched + Int64(minute) * 60
            return MinutelyPoint(time: Date(timeIntervalSince1970: TimeInterval(time)), precipitationMillimetresPerHour: minute >= 80 ? 1.0 : 0)
        }
        var timeline = FactTimeline()
        timeline.add(forecast: Forecast(provider: .openMeteo, source: "test", location: ForecastLocation(), minutely: minutely),
                     source: "chofu", fetchedAt: fetched)
        workspace.timeline = timeline
        // Rain at 08:20 enters the 60-minute window at 07:20: the forecast is then 20 min old, still used.
        XCTAssertEqual(workspace.simulation.run(from: fetched, to: at("2025-01-20T08:00")).deliveries.map(\.notification.text),
                       ["08:20 (20 min old)"])
        // Evaluated first at 07:40 the same forecast is 40 min old: not used.
        XCTAssertEqual(workspace.simulation.run(from: at("2025-01-20T07:40"), to: at("2025-01-20T08:00")).deliveries.count, 0)
        let explanation = try XCTUnwrap(workspace.explain(rule: "rain", at: at("2025-01-20T07:45")))
        XCTAssertTrue(explanation.explanation.contains("the forecast is older than max_age 30 min: not used (nothing fires until a newer one)"),
                      explanation.explanation.joined(separator: "\n"))
    }
}
