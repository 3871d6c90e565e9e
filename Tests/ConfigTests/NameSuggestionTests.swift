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
            // A broken definition is not defined: the references to it say so (no suggestion to itself).
            "12:65: unknown channel \"desk\" in rule \"a\" (no channels are defined)",
            "13:37: unknown board \"chofu-to-mitaka\" in rule \"b\" (no boards are defined)",
            "13:65: unknown channel \"desk\" in rule \"b\" (no channels are defined)",
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
