import Channels
@testable import Config
import Timetable
import XCTest

final class MappingReaderTests: XCTestCase {
    private func collector(_ text: String) throws -> (DiagnosticCollector, YAMLNode) {
        let source = YAMLSource(name: "m.yaml", text: text)
        let root = try XCTUnwrap(try YAMLDocumentReader().read(source))
        return (DiagnosticCollector(source: source), root)
    }

    func testTypedGettersAndUnknownKeys() throws {
        let (diagnostics, root) = try collector("""
            id: chofu
            count: 3
            enabled: true
            since: 2024-12-22
            walk: 1h30m
            tags: [a, b]
            sorces: oops
            lazy: yes
            """)
        var reader = try XCTUnwrap(MappingReader(root, what: "board", diagnostics: diagnostics))
        XCTAssertEqual(reader.requiredString("id"), "chofu")
        XCTAssertEqual(reader.optionalInt("count"), 3)
        XCTAssertEqual(reader.optionalBool("enabled"), true)
        XCTAssertEqual(reader.optionalDate("since"), LocalDate("2024-12-22"))
        XCTAssertEqual(reader.optionalDuration("walk"), 5400)
        XCTAssertEqual(reader.optionalList("tags")?.compactMap(\.scalarText), ["a", "b"])
        XCTAssertNil(reader.optionalBool("lazy"))
        XCTAssertNil(reader.optionalString("title"))
        XCTAssertNil(reader.requiredString("sources"))
        reader.finish()
        // The missing `sources` is the misspelt `sorces`: one mistake, one diagnostic (issue 23).
        XCTAssertEqual(diagnostics.sortedDiagnostics.map(\.description), [
            "m.yaml:7:1: unknown key \"sorces\" (did you mean \"sources\"? expected one of: id, count, enabled, since, walk, tags, lazy, title, sources)",
            "m.yaml:8:7: expected true or false, found \"yes\"",
        ])
    }

    func testDuplicateAndNonStringKeys() throws {
        let (diagnostics, root) = try collector("id: a\ntitle: x\n\"id\": b\n? [1, 2]\n: v\n")
        var reader = try XCTUnwrap(MappingReader(root, what: "board", diagnostics: diagnostics))
        XCTAssertEqual(reader.requiredString("id"), "a")  // the first one counts
        reader.ignore("title")
        reader.finish()
        XCTAssertEqual(diagnostics.diagnostics.map(\.description), [
            "m.yaml:3:1: duplicate key \"id\" (first given at 1:1)",
            "m.yaml:4:3: a key must be a string, found a list",
        ])
    }

    func testNotAMapping() throws {
        let (diagnostics, root) = try collector("- a\n- b\n")
        XCTAssertNil(MappingReader(root, what: "board", diagnostics: diagnostics))
        XCTAssertEqual(diagnostics.diagnostics.map(\.description), ["m.yaml:1:1: expected a mapping (board), found a list"])
    }

    func testDurations() {
        let good: [(String, Int)] = [("4m", 240), ("90s", 90), ("1h30m", 5400), ("0m", 0), ("1h30m15s", 5415), ("2h", 7200), ("0", 0), ("1d", 86_400), ("1d12h", 129_600)]
        for (text, seconds) in good {
            XCTAssertEqual(try? DurationText.seconds(in: text).get(), seconds, text)
        }
        let bad: [(String, String)] = [
            ("4", "duration \"4\" needs a unit: write 4s, 4m or 4h"),
            ("4x", "unknown unit \"x\" in duration \"4x\" (use d, h, m or s, as in 1h30m)"),
            ("-4m", "duration \"-4m\" must not be negative"),
            ("1.5h", "expected a duration like 4m, 90s or 1h30m, found \"1.5h\""),
            ("", "expected a duration like 4m, 90s or 1h30m, found \"\""),
            ("m", "expected a duration like 4m, 90s or 1h30m, found \"m\""),
            ("30m1h", "duration \"30m1h\" must give d, h, m and s in that order, each at most once"),
            ("1m1m", "duration \"1m1m\" must give d, h, m and s in that order, each at most once"),
            ("1h1d", "duration \"1h1d\" must give d, h, m and s in that order, each at most once"),
            ("1h30", "duration \"1h30\" needs a unit after 30: h, m or s"),
            ("9999999999h", "duration \"9999999999h\" is too large"),
        ]
        for (text, message) in bad {
            switch DurationText.seconds(in: text) {
            case .success(let seconds): XCTFail("\(text) read as \(seconds)")
            case .failure(let error): XCTAssertEqual(error.message, message, text)
            }
        }
    }

    func testDates() throws {
        let (_, root) = try collector("[2024-12-22, 2024-2-3, 2025-02-29, \"2024-02-29\"]")
        let items = try XCTUnwrap(root.sequenceItems)
        XCTAssertEqual(try items[0].date(), LocalDate("2024-12-22"))
        XCTAssertThrowsError(try items[1].date())
        XCTAssertThrowsError(try items[2].date()) { error in
            XCTAssertEqual((error as? YAMLValueError)?.message, "expected a date like 2024-12-30, found \"2025-02-29\"")
        }
        XCTAssertEqual(try items[3].date(), LocalDate("2024-02-29"))
    }
}

final class DiagnosticTests: XCTestCase {
    func testCaretLinesUpUnderWideCharacters() {
        let source = YAMLSource(name: "w.yaml", text: "x: [調布, 1]\n")
        let diagnostic = source.diagnostic(at: YAMLMark(line: 1, column: 9), "expected a string")
        XCTAssertEqual(diagnostic.description, "w.yaml:1:9: expected a string")
        // "x: [" is 4 cells, 調布 is 4 cells (2 characters), ", " is 2 cells.
        XCTAssertEqual(diagnostic.rendered, "w.yaml:1:9: expected a string\nx: [調布, 1]\n" + String(repeating: " ", count: 10) + "^")
    }

    func testWholeFileProblemHasNoPosition() {
        let diagnostic = Diagnostic(file: "rules/a.yaml", message: "cannot open the file for reading")
        XCTAssertEqual(diagnostic.description, "rules/a.yaml: cannot open the file for reading")
        XCTAssertEqual(diagnostic.rendered, diagnostic.description)
        XCTAssertNil(diagnostic.mark)
    }

    func testConfigErrorListsEveryDiagnostic() {
        let error = ConfigError(diagnostics: [
            Diagnostic(file: "a.yaml", line: 1, column: 2, message: "one", sourceLine: "ab"),
            Diagnostic(file: "b.yaml", line: 3, column: 1, message: "two", sourceLine: "c"),
        ])
        XCTAssertEqual(error.description, "a.yaml:1:2: one\nb.yaml:3:1: two")
        XCTAssertEqual(error.rendered, "a.yaml:1:2: one\nab\n ^\n\nb.yaml:3:1: two\nc\n^")
    }

    func testUnreadableFile() {
        XCTAssertThrowsError(try YAMLSource.load(path: "/nonexistent-leavenow/x.yaml", name: "x.yaml")) { error in
            XCTAssertEqual((error as? Diagnostic)?.description, "x.yaml: cannot open the file for reading")
        }
    }
}
