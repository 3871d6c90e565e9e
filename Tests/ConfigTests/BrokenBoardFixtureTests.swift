@testable import Config
import Foundation
import XCTest

/// One fixture per kind of mistake under `Tests/Fixtures/rules-broken/`, each with the exact
/// message a user sees (file names shown relative to that directory).
final class BrokenBoardFixtureTests: XCTestCase {
    private let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("rules-broken").path

    /// Each file's expected diagnostics when parsed alone.
    private let expected: [String: [String]] = [
        "unknown-key.yaml": [
            "unknown-key.yaml:3:5: unknown key \"titel\" (did you mean \"title\"? expected one of: id, title, timezone, sources, holidays, special_days, status)",
        ],
        "missing-id.yaml": ["missing-id.yaml:2:5: missing required key \"id\" in board"],
        "bad-id.yaml": [
            "bad-id.yaml:2:9: board id \"Chofu_Mitaka\" may only contain lowercase letters a-z, digits 0-9 and \"-\"",
        ],
        "duplicate-id-a.yaml": [],
        "duplicate-id-b.yaml": [],
        "bad-duration-no-unit.yaml": ["bad-duration-no-unit.yaml:5:15: duration \"4\" needs a unit: write 4s, 4m or 4h"],
        "bad-duration-unit.yaml": [
            "bad-duration-unit.yaml:5:15: unknown unit \"x\" in duration \"4x\" (use d, h, m or s, as in 1h30m)",
        ],
        "bad-timezone.yaml": ["bad-timezone.yaml:3:15: unknown timezone \"Asia/Tokio\" (did you mean \"Asia/Tokyo\"?)"],
        "two-source-kinds.yaml": [
            "two-source-kinds.yaml:4:9: a source takes exactly one of csv, odpt, odpt_busstop_pole, gtfs, odpt_api, odpt_api_busstop_pole; found csv and gtfs",
        ],
        "no-source-kind.yaml": ["no-source-kind.yaml:4:9: a source needs one of: csv, odpt, odpt_busstop_pole, gtfs, odpt_api, odpt_api_busstop_pole"],
        "bad-holiday-date.yaml": [
            "bad-holiday-date.yaml:5:9: expected a date like 2024-12-30 or a range like 2024-12-30..2025-01-03, found \"2025-02-30\"",
        ],
        "tab-syntax-error.yaml": [
            "tab-syntax-error.yaml:3:1: YAML syntax error: found a tab character that violates indentation (while scanning a plain scalar at 2:9)",
        ],
        "three-problems.yaml": [
            "three-problems.yaml:3:15: unknown timezone \"Mars/Olympus\" (an IANA name such as Asia/Tokyo, Europe/Paris or UTC)",
            "three-problems.yaml:7:15: duration \"3\" needs a unit: write 3s, 3m or 3h",
            "three-problems.yaml:8:9: a gtfs source takes stop_id or stop_name, not both",
        ],
    ]

    func testEachFixtureAlone() throws {
        let names = try ConfigDirectory.filePaths(in: directory).map { ($0 as NSString).lastPathComponent }
        XCTAssertEqual(Set(names), Set(expected.keys), "every fixture has an expectation")
        for name in names {
            let (_, diagnostics) = ConfigFileParser().parseFile(atPath: directory + "/" + name, name: name)
            XCTAssertEqual(diagnostics.map(\.description), expected[name], name)
        }
    }

    func testDirectoryReportsEveryProblemOfEveryFileAtOnce() {
        XCTAssertThrowsError(try loadBoardSpecs(directory: directory)) { error in
            guard let error = error as? ConfigError else { return XCTFail("\(error)") }
            // Shown as given: "<directory>/name.yaml"; compare relative to the directory.
            let lines = error.diagnostics.map { $0.description.replacingOccurrences(of: directory + "/", with: "") }
            let files = (try? ConfigDirectory.filePaths(in: directory)) ?? []
            var wanted: [String] = []
            for path in files {
                let name = (path as NSString).lastPathComponent
                wanted += expected[name] ?? []
                if name == "duplicate-id-b.yaml" {
                    wanted.append("duplicate-id-b.yaml:6:5: duplicate board id \"twice\" (first defined at duplicate-id-a.yaml:2:5)")
                }
            }
            XCTAssertEqual(lines, wanted)
            XCTAssertEqual(error.diagnostics.count, 14)
            XCTAssertEqual(error.description.split(separator: "\n").count, 14)
        }
    }

    func testRenderedDiagnosticsQuoteTheLineWithACaret() throws {
        let (_, diagnostics) = ConfigFileParser().parseFile(atPath: directory + "/three-problems.yaml",
                                                             name: "three-problems.yaml")
        XCTAssertEqual(diagnostics.map(\.rendered), [
            """
            three-problems.yaml:3:15: unknown timezone "Mars/Olympus" (an IANA name such as Asia/Tokyo, Europe/Paris or UTC)
                timezone: Mars/Olympus
                          ^
            """,
            """
            three-problems.yaml:7:15: duration "3" needs a unit: write 3s, 3m or 3h
                    walk: 3
                          ^
            """,
            """
            three-problems.yaml:8:9: a gtfs source takes stop_id or stop_name, not both
                  - gtfs: data/feed.zip
                    ^
            """,
        ])
        let (_, tab) = ConfigFileParser().parseFile(atPath: directory + "/tab-syntax-error.yaml", name: "t.yaml")
        XCTAssertEqual(tab.first?.rendered, """
            t.yaml:3:1: YAML syntax error: found a tab character that violates indentation (while scanning a plain scalar at 2:9)
            \tsources:
            ^
            """)
        let duplicate = try XCTUnwrap(captureConfigError()).diagnostics.first { $0.message.hasPrefix("duplicate board id") }
        XCTAssertEqual(duplicate?.sourceLine, "  - id: twice")
    }

    private func captureConfigError() -> ConfigError? {
        do {
            _ = try loadBoardSpecs(directory: directory)
            return nil
        } catch {
            return error
        }
    }

    func testMissingDirectoryIsOneDiagnostic() {
        XCTAssertThrowsError(try loadBoardSpecs(directory: directory + "/no-such-directory")) { error in
            XCTAssertEqual((error as? ConfigError)?.description,
                           "\(directory)/no-such-directory: cannot list the configuration directory")
        }
    }
}
