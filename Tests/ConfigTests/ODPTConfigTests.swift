import Config
import Facts
import Foundation
import XCTest

/// The `odpt:` section, `odpt_api` board sources, board `status:` and `service_status` rules:
/// what parses, and every mistake with its exact place.
final class ODPTConfigTests: XCTestCase {
    /// Writes `files` (name → YAML) into a fresh directory and returns its path.
    func directory(_ files: [String: String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-odpt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return directory.path
    }

    /// The problems of a directory as `file:line:col: message` with the directory removed.
    func problems(_ files: [String: String]) throws -> [String] {
        let path = try directory(files)
        do {
            _ = try Configuration.load(directory: path)
            return []
        } catch {
            return error.diagnostics.map { $0.description.replacingOccurrences(of: path + "/", with: "") }
        }
    }

    static let sources = """
    odpt:
      key_env: ODPT_CONSUMER_KEY
      service_status:
        - {id: tokyo-metro, operator: "odpt.Operator:TokyoMetro", refresh: 3m}
        - {id: toei, operator: "odpt.Operator:Toei"}
    channels:
      - {id: phone, type: desktop}

    """

    func testAValidConfiguration() throws {
        let path = try directory([
            "a-sources.yaml": Self.sources,
            "b-boards.yaml": """
            boards:
              - id: ginza-live
                status: tokyo-metro
                sources:
                  - odpt_api: {station: "odpt.Station:TokyoMetro.Ginza.Ginza", direction: "odpt.RailDirection:TokyoMetro.Asakusa"}
                    line: G
                    walk: 3m
                  - odpt_api_busstop_pole: {pole: "odpt.BusstopPole:Toei.Shinbashi.1", operator: "odpt.Operator:Toei"}
            rules:
              - {id: a, kind: service_status, status: tokyo-metro, lines: [銀座線], channels: [phone]}
              - {id: b, kind: service_status, board: ginza-live, when: [suspended], notify_recovery: true, max_age: 10m, channels: [phone]}
              - {id: c, kind: service_status, status: toei, channels: [phone]}
            """,
        ])
        let configuration = try Configuration.load(directory: path)
        let odpt = try XCTUnwrap(configuration.odpt)
        XCTAssertEqual(odpt.keyEnv, "ODPT_CONSUMER_KEY")
        XCTAssertNil(odpt.keyFile)
        XCTAssertEqual(odpt.timetableRefreshSeconds, 86_400)
        XCTAssertEqual(configuration.serviceStatus.map(\.id), ["tokyo-metro", "toei"])
        XCTAssertEqual(configuration.serviceStatus.map(\.refreshSeconds), [180, 300])
        XCTAssertEqual(configuration.serviceStatus[0].defaultMaxAgeSeconds, 540)
        let board = configuration.boards[0]
        XCTAssertEqual(board.status, "tokyo-metro")
        XCTAssertEqual(board.statusLocation?.description, path + "/b-boards.yaml:3:13")
        XCTAssertEqual(board.sources.map(\.kind), [
            .odptAPI(station: "odpt.Station:TokyoMetro.Ginza.Ginza", direction: "odpt.RailDirection:TokyoMetro.Asakusa",
                     operator: "odpt.Operator:TokyoMetro"),
            .odptAPIBusstopPole(pole: "odpt.BusstopPole:Toei.Shinbashi.1", operator: "odpt.Operator:Toei"),
        ])
        XCTAssertEqual(board.railwayByLine, ["G": "odpt.Railway:TokyoMetro.Ginza"])
        guard case .serviceStatus(let b) = configuration.rules[1].kind else { return XCTFail("rule b is \(configuration.rules[1].kindName)") }
        XCTAssertNil(b.status)
        XCTAssertEqual(b.board, "ginza-live")
        XCTAssertEqual(b.when, [.suspended])
        XCTAssertTrue(b.notifyRecovery)
        XCTAssertEqual(b.maxAgeSeconds, 600)
        guard case .serviceStatus(let c) = configuration.rules[2].kind else { return XCTFail("rule c") }
        XCTAssertEqual(c.when, [.delayed, .suspended])
        XCTAssertFalse(c.notifyRecovery)

        // Quota: 480 + 288 status requests, and two API timetables once a day; no warning.
        let line = try XCTUnwrap(configuration.quotaPlan.lines.first { $0.provider == "odpt" })
        XCTAssertEqual(line.requestsPerDay, 480 + 288 + 2)
        XCTAssertEqual(line.sources, ["tokyo-metro", "toei", "odpt.Station:TokyoMetro.Ginza.Ginza", "odpt.BusstopPole:Toei.Shinbashi.1"])
        XCTAssertFalse(line.hasPublishedFreeTier)
        XCTAssertEqual(line.summary, "odpt 770 (no published free tier)")
        XCTAssertTrue(configuration.quotaPlan.warnings.isEmpty)
        XCTAssertTrue(configuration.quotaPlan.refusals.isEmpty)

        // Without a source cache the API sources are skipped with a warning, not a problem.
        let catalog = BoardCatalog.build(configuration.boards)
        XCTAssertEqual(catalog.problems, [])
        XCTAssertEqual(catalog.warnings.count, 2)
        XCTAssertTrue(catalog.warnings[0].hasPrefix(path + "/b-boards.yaml:5:9: board \"ginza-live\": the odpt:StationTimetable of odpt.Station:TokyoMetro.Ginza.Ginza"), catalog.warnings[0])
        XCTAssertEqual(catalog.board(id: "ginza-live")?.sources.count, 0)
    }

    func testODPTSectionMistakes() throws {
        XCTAssertEqual(try problems(["a.yaml": """
        odpt:
          timetable_refresh: 10m
          service_status:
            - {id: Tokyo, operator: TokyoMetro, refresh: 30s}
            - {operator: "odpt.Operator:Toei", every: 5m}
        """]), [
            "a.yaml:2:3: odpt needs key_env or key_file: where the ODPT consumer key comes from (never the key itself)",
            "a.yaml:2:22: timetable_refresh must be at least 1h (timetables change rarely), found \"10m\"",
            "a.yaml:4:12: service status id \"Tokyo\" may only contain lowercase letters a-z, digits 0-9 and \"-\"",
            "a.yaml:4:29: operator must be an ODPT id like odpt.Operator:TokyoMetro, found \"TokyoMetro\"",
            "a.yaml:4:50: refresh must be at least 1m, found \"30s\"",
            "a.yaml:5:7: missing required key \"id\" in service status",
            "a.yaml:5:40: unknown key \"every\" (expected one of: id, operator, refresh)",
        ])
    }

    func testCrossFileChecks() throws {
        XCTAssertEqual(try problems([
            "a.yaml": Self.sources + """
            boards:
              - id: ginza
                status: tokyo-metoro
                sources:
                  - odpt_api: {station: "odpt.Station:TokyoMetro.Ginza.Ginza"}
              - id: plain
                sources:
                  - csv: {everyday: x.csv}
            rules:
              - {id: a, kind: service_status, status: jr-east, channels: [phone]}
              - {id: b, kind: service_status, board: plain, channels: [phone]}
              - {id: c, kind: service_status, lines: [銀座線], channels: [phone]}
              - {id: d, kind: service_status, status: toei, when: [late], max_age: 30s, channels: [phone]}
            """,
            "b.yaml": """
            odpt:
              key_file: odpt.key
              service_status:
                - {id: toei, operator: "odpt.Operator:Toei"}
            """,
        ]), [
            "a.yaml:10:13: unknown service status \"tokyo-metoro\" in board \"ginza\" (did you mean \"tokyo-metro\"?)",
            "a.yaml:17:43: unknown service status \"jr-east\" in rule \"a\" (known: toei, tokyo-metro)",
            "a.yaml:18:5: rule \"b\" watches board \"plain\", which has no status: give the rule status: (known: toei, tokyo-metro) or the board status:",
            "a.yaml:19:5: a service_status rule needs status (an odpt service_status id) or board (a board with status:)",
            "a.yaml:20:56: unknown service status \"late\" in when (expected one of: delayed, suspended, other)",
            "a.yaml:20:72: max_age must be at least 1m, found \"30s\"",
            "b.yaml:2:3: a second odpt section (first defined at a.yaml:2:3); keep one",
        ])
    }

    func testAnODPTAPISourceNeedsTheODPTSection() throws {
        XCTAssertEqual(try problems(["boards.yaml": """
        boards:
          - id: ginza-live
            sources:
              - odpt_api: {station: "odpt.Station:TokyoMetro.Ginza.Ginza"}
                walk: 3m
        """]), [
            "boards.yaml:4:9: board \"ginza-live\": an ODPT API source needs an odpt: section with key_env or key_file (the ODPT consumer key) in one of the rules files",
        ])
        XCTAssertEqual(try problems(["boards.yaml": """
        boards:
          - id: ginza-live
            sources:
              - odpt_api: {station: "odpt.Station:TokyoMetro.Ginza.Ginza"}
              - odpt_api: {station: Ginza, direction: Asakusa, operator: "odpt.Operator:TokyoMetro"}
              - odpt_api_busstop_pole: {station: "odpt.BusstopPole:Toei.Shinbashi.1"}
              - odpt_api: "odpt.Station:TokyoMetro.Ginza.Ginza"
        """]), [
            "boards.yaml:5:29: station must be an ODPT id like odpt.Station:TokyoMetro.Ginza.Ginza, found \"Ginza\"",
            "boards.yaml:5:47: direction must be an ODPT id like odpt.RailDirection:TokyoMetro.Asakusa, found \"Asakusa\"",
            "boards.yaml:6:32: missing required key \"pole\" in odpt_api_busstop_pole",
            "boards.yaml:6:33: unknown key \"station\" (expected one of: pole, operator)",
            "boards.yaml:7:19: expected a mapping (odpt_api), found \"odpt.Station:TokyoMetro.Ginza.Ginza\"",
        ])
    }

    func testWeatherMaxAgeAndDayDurations() throws {
        let path = try directory(["a.yaml": """
        odpt:
          key_env: ODPT_CONSUMER_KEY
          timetable_refresh: 2d
        weather:
          - {id: chofu, provider: open_meteo, lat: 35.65, lon: 139.63}
        channels:
          - {id: phone, type: desktop}
        rules:
          - {id: rain, kind: weather, weather: chofu, max_age: 30m, when: {rain_starts: {within: 30m}}, message: "{{value}} ({{age}} min old)", channels: [phone]}
        """])
        let configuration = try Configuration.load(directory: path)
        XCTAssertEqual(configuration.odpt?.timetableRefreshSeconds, 172_800)
        guard case .weather(let spec) = configuration.rules[0].kind else { return XCTFail("not a weather rule") }
        XCTAssertEqual(spec.maxAgeSeconds, 1800)
        // An odpt section without service status or API sources makes no requests and no quota line.
        XCTAssertNil(configuration.quotaPlan.lines.first { $0.provider == "odpt" })
    }
}
