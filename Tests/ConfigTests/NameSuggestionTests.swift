import Config
import Foundation
import XCTest

/// "Did you mean …?" in the configuration's messages: unknown keys of boards, rules and channels,
/// a board or channel a rule names, channel types, rule kinds and weather providers — all through
/// `NameSuggestion`.
final class NameSuggestionTests: XCTestCase {
    func testTheClosestNameIsASlipAwayOrTheOnlyLongerOne() {
        XCTAssertEqual(NameSuggestion.editDistance("titel", "title"), 1, "two neighbours swapped are one edit")
        XCTAssertEqual(NameSuggestion.editDistance("ca", "abc"), 3, "optimal string alignment: a swapped pair is not edited again")
        XCTAssertEqual(NameSuggestion.editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(NameSuggestion.closest(to: "titel", among: ["id", "title", "sources"]), "title")
        XCTAssertEqual(NameSuggestion.closest(to: "slak", among: ["webhook", "slack", "discord"]), "slack")
        XCTAssertEqual(NameSuggestion.closest(to: "chofu-to-mitak", among: ["chofu-to-mitaka", "mitaka-to-chofu"]), "chofu-to-mitaka")
        XCTAssertEqual(NameSuggestion.closest(to: "heads", among: ["heads_up", "between"]), "heads_up", "a prefix of one known name")
        XCTAssertNil(NameSuggestion.closest(to: "monday", among: ["weekday", "sunday"]), "6 letters allow 1 edit: sunday is 2 away")
        XCTAssertNil(NameSuggestion.closest(to: "to", among: ["id"]), "2 edits would turn anything short into anything")
        XCTAssertNil(NameSuggestion.closest(to: "chofu", among: ["chofu-to-mitaka", "chofu-to-tama"]), "a prefix of two names says nothing")
        XCTAssertEqual(NameSuggestion.prefix(for: "sorces", among: ["id", "sources"]), "did you mean \"sources\"? ")
        XCTAssertEqual(NameSuggestion.prefix(for: "zzz", among: ["id", "sources"]), "")
    }

    /// Case does not count as a slip: a name that differs only in case is meant, however short, and
    /// edits are counted without case (issue 23).
    func testANameThatDiffersOnlyInCaseIsMeant() {
        XCTAssertEqual(NameSuggestion.closest(to: "MY-STOP", among: ["my-stop", "other"]), "my-stop")
        XCTAssertEqual(NameSuggestion.closest(to: "ABC", among: ["abc", "abd"]), "abc", "3 edits, but the same letters")
        XCTAssertEqual(NameSuggestion.closest(to: "Phnoe", among: ["phone"]), "phone")
        XCTAssertEqual(NameSuggestion.closest(to: "asia/tokyo", among: NameSuggestion.timeZoneNames), "Asia/Tokyo")
        XCTAssertEqual(NameSuggestion.closest(to: "ASIA/TOKIO", among: NameSuggestion.timeZoneNames), "Asia/Tokyo")
        XCTAssertEqual(NameSuggestion.closest(to: "utc", among: NameSuggestion.timeZoneNames), "UTC")
        XCTAssertEqual(NameSuggestion.timeZoneHint(for: "Asia/Tokio").rendered(in: .english), " (did you mean \"Asia/Tokyo\"?)")
        XCTAssertEqual(NameSuggestion.timeZoneHint(for: "Asia/Tokio").rendered(in: .japanese), "（\"Asia/Tokyo\" の間違いではありませんか？）")
        XCTAssertEqual(NameSuggestion.timeZoneHint(for: "Mars/Olympus").rendered(in: .english),
                       " (an IANA name such as Asia/Tokyo, Europe/Paris or UTC)")
    }

    /// One mistake in a definition is one diagnostic: the board, channel, weather source, feed or
    /// service status is still known by its id to the rules that name it (issue 23).
    func testOneMistakeInADefinitionIsOneDiagnostic() throws {
        let rules = """
            rules:
              - {id: a, kind: leave_now, board: my-stop, channels: [phone]}
              - {id: b, kind: weather, weather: home, when: {new_alert: true}, channels: [phone]}
              - {id: c, kind: new_article, feed: qiita, channels: [phone]}
              - {id: d, kind: service_status, status: metro, channels: [phone]}
            """
        let fine = """
            boards:
              - id: my-stop
                sources:
                  - {csv: {weekday: a.csv}, walk: 5m}
            channels:
              - {id: phone, type: desktop}
            weather:
              - {id: home, provider: open_meteo, lat: 35.65, lon: 139.54}
            feeds:
              - {id: qiita, advent_calendar: 2024/ios}
            odpt:
              key_env: ODPT_KEY
              service_status:
                - {id: metro, operator: odpt.Operator:TokyoMetro}

            """
        XCTAssertEqual(try problems(fine + rules), [])
        let mistakes: [(from: String, to: String, expected: String)] = [
            ("    sources:", "    titel: バス停\n    sources:",
             "3:5: unknown key \"titel\" (did you mean \"title\"? expected one of: id, title, timezone, sources, holidays, special_days, status)"),
            ("walk: 5m", "walk: 5 min", "4:39: expected a duration like 4m, 90s or 1h30m, found \"5 min\" (did you mean 5m?)"),
            ("  - id: my-stop\n", "  - id: my-stop\n    timezone: Asia/Tokio\n", "3:15: unknown timezone \"Asia/Tokio\" (did you mean \"Asia/Tokyo\"?)"),
            ("  - id: my-stop", "  - id: My-Stop", "2:9: board id \"My-Stop\" may only contain lowercase letters a-z, digits 0-9 and \"-\""),
            ("type: desktop", "type: dekstop",
             "6:23: unknown channel type \"dekstop\" (did you mean \"desktop\"? expected one of: webhook, slack, discord, ntfy, desktop, gotify)"),
            ("lat: 35.65,", "lat: north,", "8:43: expected a number of degrees in -90.0...90.0, found \"north\""),
            ("advent_calendar: 2024/ios", "advent_calendar: ios", "10:34: advent_calendar must look like 2024/ios (year/slug), found \"ios\""),
            ("operator: odpt.Operator:TokyoMetro", "operater: odpt.Operator:TokyoMetro",
             "14:19: unknown key \"operater\" (did you mean \"operator\"? expected one of: id, operator, refresh)"),
        ]
        for mistake in mistakes {
            XCTAssertTrue(fine.contains(mistake.from), mistake.from)
            XCTAssertEqual(try problems(fine.replacingOccurrences(of: mistake.from, with: mistake.to) + rules), [mistake.expected], mistake.to)
        }
    }

    /// The problems of a rules directory of one file, as `line:col: message`.
    func problems(_ yaml: String) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-suggest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try yaml.write(to: directory.appendingPathComponent("all.yaml"), atomically: true, encoding: .utf8)
        do {
            _ = try Configuration.load(directory: directory.path)
            return []
        } catch {
            return error.diagnostics.map { $0.description.replacingOccurrences(of: directory.path + "/all.yaml:", with: "") }
        }
    }

    func testEachUnknownNameOfAConfigurationSaysWhatWasMeant() throws {
        XCTAssertEqual(try problems("""
            boards:
              - id: chofu-to-mitaka
                titel: 調布
                sources:
                  - {csv: {weekday: a.csv}, wlak: 4m}
            channels:
              - {id: phone, type: slak, url_env: HOOK}
              - {id: desk, type: desktop, app_nmae: leavenow}
            weather:
              - {id: chofu, provider: open-meteo, lat: 35.65, lon: 139.54}
            rules:
              - {id: a, kind: leave_nwo, board: chofu-to-mitaka, channels: [desk]}
              - {id: b, kind: leave_now, board: chofu-to-mitaka, channels: [desk], heads: [5m]}
            """), [
            "3:5: unknown key \"titel\" (did you mean \"title\"? expected one of: id, title, timezone, sources, holidays, special_days, status)",
            "5:33: unknown key \"wlak\" (did you mean \"walk\"? expected one of: csv, odpt, odpt_busstop_pole, gtfs, odpt_api, odpt_api_busstop_pole, line, stop, destination, walk, valid_from, valid_until, realtime)",
            "7:23: unknown channel type \"slak\" (did you mean \"slack\"? expected one of: webhook, slack, discord, ntfy, desktop, gotify)",
            "8:31: unknown key \"app_nmae\" (did you mean \"app_name\"? expected one of: id, type, app_name, icon, expire, category, rate_per_minute, max_retry_delay)",
            "10:27: unknown weather provider \"open-meteo\" (did you mean \"open_meteo\"? expected one of: openweather, open_meteo, jma)",
            "12:19: unknown rule kind \"leave_nwo\" (did you mean \"leave_now\"? expected one of: leave_now, weather, new_article, service_status)",
            // A broken definition is still known by its id: the rules naming it add nothing (issue 23).
            "13:72: unknown key \"heads\" (did you mean \"heads_up\"? expected one of: id, kind, board, lines, stops, destinations, days, day_types, between, last_only, pick, buffer, heads_up, rain, moved_by, when_suspended, timezone, active, quiet_hours, cooldown, max_per_day, urgency, language, message, title, channels)",
        ])
    }

    func testABoardOrChannelARuleNamesWithATypo() throws {
        XCTAssertEqual(try problems("""
            boards:
              - id: chofu-to-mitaka
                sources:
                  - {csv: {weekday: a.csv}}
            channels:
              - {id: phone, type: ntfy, topic_env: T}
            rules:
              - {id: b, kind: leave_now, board: chofu-to-mitak, channels: [phnoe]}
              - {id: c, kind: leave_now, board: mitaka, channels: [pager]}
            """), [
            "8:37: unknown board \"chofu-to-mitak\" in rule \"b\" (did you mean \"chofu-to-mitaka\"?)",
            "8:64: unknown channel \"phnoe\" in rule \"b\" (did you mean \"phone\"?)",
            "9:37: unknown board \"mitaka\" in rule \"c\" (known: chofu-to-mitaka)",
            "9:56: unknown channel \"pager\" in rule \"c\" (known: phone)",
        ])
    }
}
