import Config
import Foundation
import XCTest

/// `realtime:` of gtfs board sources and `odpt: trains:`: what parses, each refused value with its
/// exact message and place, and the quota plan's realtime lines.
final class RealtimeConfigTests: XCTestCase {
    /// Writes `files` (name → YAML) into a fresh directory and returns its path.
    func directory(_ files: [String: String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-rt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return directory.path
    }

    /// The problems of a one-file directory as `file:line:col: message` with the directory removed.
    func problems(_ yaml: String) throws -> [String] {
        let path = try directory(["boards.yaml": yaml])
        do {
            _ = try Configuration.load(directory: path)
            return []
        } catch {
            return error.diagnostics.map { $0.description.replacingOccurrences(of: path + "/", with: "") }
                .map { $0.components(separatedBy: "\n")[0] }
        }
    }

    /// A board whose only source is a gtfs one with `realtime: <value>` on line 6 (the value at column 19).
    func board(realtime: String) -> String {
        """
        boards:
          - id: caltrain-sf
            sources:
              - gtfs: data/ct.zip
                stop_id: "70112"
                realtime: \(realtime)
        """
    }

    func testAURLAndAFileWithDefaultsAndAKey() throws {
        let path = try directory(["boards.yaml": """
        boards:
          - id: caltrain-sf
            sources:
              - gtfs: data/ct.zip
                stop_id: "70112"
                realtime: {gtfs_rt: "https://api.511.org/transit/tripupdates?agency=CT", key_env: RT_KEY, key_parameter: api_key}
              - gtfs: data/ct.zip
                stop_id: "70111"
                realtime: {gtfs_rt: recorded/ct-trip-updates.pb, refresh: 15s, max_age: 2m}
        """])
        let board = try XCTUnwrap(Configuration.load(directory: path).boards.first)
        let first = try XCTUnwrap(board.sources[0].realtime)
        XCTAssertEqual(first.url, "https://api.511.org/transit/tripupdates?agency=CT")
        XCTAssertEqual(first.refreshSeconds, 30)
        XCTAssertEqual(first.maxAgeSeconds, 90)
        XCTAssertEqual(first.key?.environmentVariable, "RT_KEY")
        XCTAssertEqual(first.keyParameter, "api_key")
        XCTAssertEqual(first.location.line, 6)
        let second = try XCTUnwrap(board.sources[1].realtime)
        XCTAssertEqual(second.file, path + "/recorded/ct-trip-updates.pb")
        XCTAssertEqual(second.refreshSeconds, 15)
        XCTAssertEqual(second.maxAgeSeconds, 120)
        XCTAssertEqual(board.realtimeFeeds.map(\.index), [0, 1])
    }

    func testEachRefusedValueHasItsMessageAndPlace() throws {
        let cases: [(String, String)] = [
            ("{refresh: 30s}", "boards.yaml:6:19: missing required key \"gtfs_rt\" in realtime"),
            ("{gtfs_rt: \"\"}", "boards.yaml:6:29: gtfs_rt needs a URL or a file path, found an empty string"),
            ("{gtfs_rt: \"ftp://example.org/tu.pb\"}",
             "boards.yaml:6:29: gtfs_rt must be an http(s) URL or a file path, found the scheme \"ftp\" in \"ftp://example.org/tu.pb\""),
            ("{gtfs_rt: \"https:///tu.pb\"}", "boards.yaml:6:29: gtfs_rt is not a valid URL (no host): \"https:///tu.pb\""),
            ("{gtfs_rt: tu.pb, refresh: 5s}",
             "boards.yaml:6:45: refresh must be at least 10s (a GTFS-Realtime feed changes every 10–30 s), found \"5s\""),
            ("{gtfs_rt: tu.pb, refresh: 30}", "boards.yaml:6:45: duration \"30\" needs a unit: write 30s, 30m or 30h"),
            ("{gtfs_rt: tu.pb, refresh: 1m, max_age: 30s}", "boards.yaml:6:58: max_age must be at least refresh (60 s), found \"30s\""),
            ("{gtfs_rt: tu.pb, refesh: 1m}", "boards.yaml:6:36: unknown key \"refesh\" (did you mean \"refresh\"? expected one of: gtfs_rt, refresh, max_age, key_env, key_file, key_parameter)"),
            ("{gtfs_rt: \"https://example.org/tu.pb\", key_env: K}",
             "boards.yaml:6:19: realtime key_env / key_file need key_parameter: the query parameter the key goes in (e.g. api_key)"),
            ("{gtfs_rt: \"https://example.org/tu.pb\", key_parameter: api_key}",
             "boards.yaml:6:73: key_parameter needs key_env or key_file: where the key comes from (never the key itself)"),
            ("{gtfs_rt: \"https://example.org/tu.pb\", key_env: K, key_parameter: \"a=b\"}",
             "boards.yaml:6:85: key_parameter must be a query parameter name like api_key, found \"a=b\""),
            ("{gtfs_rt: tu.pb, key_file: k.txt, key_parameter: api_key}",
             "boards.yaml:6:19: a realtime file needs no key: key_env / key_file are for a URL"),
            ("https://example.org/tu.pb", "boards.yaml:6:19: expected a mapping (realtime), found \"https://example.org/tu.pb\""),
        ]
        for (value, expected) in cases {
            XCTAssertEqual(try problems(board(realtime: value)), [expected], value)
        }
    }

    func testRealtimeOnANonGTFSSourceIsRefused() throws {
        XCTAssertEqual(try problems("""
        boards:
          - id: b
            sources:
              - csv: {weekday: w.csv}
                realtime: {gtfs_rt: tu.pb}
        """), ["boards.yaml:5:19: realtime: is for gtfs sources (a GTFS-Realtime feed matches GTFS trip ids); ODPT trains are listed under the odpt: section's trains:"])
    }

    static let trainsYAML = """
    odpt:
      key_env: ODPT_CONSUMER_KEY
      trains:
        - {id: ginza-trains, operator: "odpt.Operator:TokyoMetro", railway: "odpt.Railway:TokyoMetro.Ginza", refresh: 30s}
    boards:
      - id: ginza
        sources:
          - odpt_api: {station: "odpt.Station:TokyoMetro.Ginza.Ginza"}
    channels:
      - {id: c, type: desktop}
    rules:
      - {id: leave, kind: leave_now, board: ginza, between: "08:00-09:00", heads_up: [10m], channels: [c]}

    """

    func testODPTTrainsParseAndAreCountedInsideTheRuleWindowOnly() throws {
        let path = try directory(["all.yaml": Self.trainsYAML])
        let configuration = try Configuration.load(directory: path)
        let trains = try XCTUnwrap(configuration.odpt?.trains.first)
        XCTAssertEqual(trains.id, "ginza-trains")
        XCTAssertEqual(trains.railway, "odpt.Railway:TokyoMetro.Ginza")
        XCTAssertEqual(trains.refreshSeconds, 30)
        XCTAssertEqual(trains.maxAgeSeconds, 90)
        XCTAssertEqual(trains.boards(in: configuration.boards), ["ginza"])
        // 08:00-09:00 with 10 min heads-up + 30 min walk allowance + one refresh: 07:19:30-09:00, every 30 s.
        let line = try XCTUnwrap(configuration.quotaPlan.lines.first { $0.provider == "odpt" })
        XCTAssertEqual(line.requestsPerDay, (100 * 60 + 30 + 1 + 29) / 30 + 1)
        XCTAssertTrue(line.sources.contains("ginza-trains"))
    }

    func testRefusedTrainsValues() throws {
        let yaml = """
        odpt:
          key_env: K
          trains:
            - {id: Ginza, operator: TokyoMetro, railway: "odpt.Railway:TokyoMetro.Ginza", refresh: 10s}
        """
        XCTAssertEqual(try problems(yaml), [
            "boards.yaml:4:12: trains id \"Ginza\" may only contain lowercase letters a-z, digits 0-9 and \"-\"",
            "boards.yaml:4:29: operator must be an ODPT id like odpt.Operator:TokyoMetro, found \"TokyoMetro\"",
            "boards.yaml:4:92: refresh must be at least 30s, found \"10s\"",
        ])
    }

    func testTheQuotaPlanCountsARealtimeURLOnlyInsideTheBoardsRuleWindows() throws {
        let path = try directory(["all.yaml": """
        boards:
          - id: caltrain-sf
            sources:
              - gtfs: data/ct.zip
                stop_id: "70112"
                realtime: {gtfs_rt: "https://example.org/tu.pb", refresh: 30s}
              - gtfs: data/ct.zip
                stop_id: "70111"
                realtime: {gtfs_rt: recorded.pb}
        channels:
          - {id: c, type: desktop}
        rules:
          - {id: leave, kind: leave_now, board: caltrain-sf, between: "16:30-17:30", heads_up: [10m], channels: [c]}
        """])
        let plan = try Configuration.load(directory: path).quotaPlan
        let lines = plan.lines.filter { $0.provider.hasPrefix("realtime") }
        XCTAssertEqual(lines.map(\.provider), ["realtime caltrain-sf.0"])  // a file makes no request
        // 16:30-17:30 from 10 min heads-up + 30 min walk + 30 s earlier: 15:49:30-17:30 = 6,031 s, every 30 s.
        XCTAssertEqual(lines.first?.requestsPerDay, (6_031 + 29) / 30)
        XCTAssertTrue(plan.warnings.isEmpty)
        XCTAssertTrue(plan.refusals.isEmpty)
    }

    func testWithoutARuleOnTheBoardARealtimeFeedIsNeverPolled() throws {
        let need = WeatherNeed(realtimeOf: ["other"], rules: [], refreshSeconds: 30)
        XCTAssertFalse(need.always)
        XCTAssertEqual(need.requestsPerDayInsideWindows(refreshSeconds: 30), 0)
    }
}
