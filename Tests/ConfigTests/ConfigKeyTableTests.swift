@testable import Config
import Messages
import Timetable
import XCTest

/// The key tables the configuration reference is generated from are the parser's own: every key a
/// board, a source (of every format) or a `realtime:` mapping is read with is declared with its
/// type, default, example and summary, and the keys the parser accepts are the keys declared.
final class ConfigKeyTableTests: XCTestCase {
    /// The YAML of a value as a key's `example` writes it.
    private func entry(_ key: ConfigKey, indent: String) -> String { "\(indent)\(key.name): \(key.example)\n" }

    /// A board with one source of `format` whose keys are its table's examples, and the keys every
    /// format shares (`realtime` where the format takes it).
    private func board(_ format: any TimetableFormat) -> String {
        var yaml = "boards:\n  - id: b\n    sources:\n      - " + entry(format.keys[0], indent: "").dropLast() + "\n"
        for key in format.siblingKeys + TimetableSpec.commonKeys where key.name != "realtime" || format.acceptsRealtime {
            yaml += entry(key, indent: "        ")
        }
        return yaml
    }

    /// Parses `yaml` as a file's `boards:` section with `formats`; the collector keeps what was read undeclared.
    private func parse(_ yaml: String, formats: TimetableFormatRegistry = .standard) throws -> DiagnosticCollector {
        let source = YAMLSource(name: "boards.yaml", text: yaml)
        let root = try XCTUnwrap(try YAMLDocumentReader().read(source))
        let collector = DiagnosticCollector(source: source)
        let context = ConfigFileContext(diagnostics: collector, baseDirectory: "/rules", formats: formats)
        var reader = try XCTUnwrap(MappingReader(root, what: "top", diagnostics: collector))
        _ = BoardConfigParser(context: context).parseBoards(try XCTUnwrap(reader.optional("boards")))
        return collector
    }

    func testEveryKeyTheParserReadsIsDeclared() throws {
        for format in TimetableFormatRegistry.standard.formats {
            let yaml = board(format)
            let collector = try parse(yaml)
            XCTAssertEqual(collector.undeclaredKeys, [], yaml)
            // The examples are values the parser takes (the paths need not exist to be read).
            let problems = collector.diagnostics.map(\.description).filter { !$0.contains("stop_id or stop_name, not both") }
            XCTAssertEqual(problems, [], yaml)
        }
    }

    /// The check itself: a format that reads a key its table lacks is caught.
    func testAKeyReadButNotDeclaredIsCaught() throws {
        let formats = TimetableFormatRegistry.standard.adding(UndeclaringFormat())
        let collector = try parse("boards:\n  - id: b\n    sources:\n      - leaky: x\n        hidden: 1\n", formats: formats)
        XCTAssertEqual(collector.undeclaredKeys, ["hidden in source"])
        XCTAssertEqual(collector.diagnostics, [])
    }

    /// What the parser accepts (the "expected one of" list of an unknown key) is what the tables declare.
    func testTheKeysAcceptedAreTheKeysDeclared() throws {
        let collector = try parse("""
            boards:
              - id: b
                nonsense: 1
                sources:
                  - {csv: x, gtfs: y, nonsense: 1}
            """)
        let lists = collector.sortedDiagnostics.map(\.text.english).compactMap { text -> [String]? in
            guard let start = text.range(of: "expected one of: ")?.upperBound else { return nil }
            return text[start...].dropLast().components(separatedBy: ", ")
        }
        XCTAssertEqual(lists.count, 2, "\(collector.diagnostics)")
        XCTAssertEqual(lists.first, BoardConfigParser.boardKeys.names)
        XCTAssertEqual(Set(lists.last ?? []), Set(TimetableFormatRegistry.standard.sourceKeys.names))
        XCTAssertEqual(collector.undeclaredKeys, [])
    }

    func testEveryKeyHasItsTypeDefaultExampleAndSummary() {
        func check(_ keys: [ConfigKey], _ path: String) {
            XCTAssertEqual(Set(keys.names).count, keys.count, "a key twice in \(path)")
            for key in keys {
                XCTAssertFalse(key.example.isEmpty, "\(path).\(key.name) has no example")
                XCTAssertTrue(key.summary.first?.isUppercase == true && key.summary.hasSuffix("."), "\(path).\(key.name): \(key.summary)")
                XCTAssertFalse(key.required && key.defaultValue != nil, "\(path).\(key.name) is required and has a default")
                XCTAssertEqual(key.keys.isEmpty, ![.mapping, .mappingOrPath].contains(key.type), "\(path).\(key.name): a mapping lists its keys")
                check(key.keys, path + "." + key.name)
            }
        }
        check(BoardConfigParser.boardKeys, "board")
        check(TimetableFormatRegistry.standard.sourceKeys, "source")
        check(RealtimeSpec.keys, "realtime")
        for format in TimetableFormatRegistry.standard.formats {
            XCTAssertEqual(format.keys.first?.name, format.key, "\(format.key): its table starts with its own key")
        }
        XCTAssertEqual(TimetableFormatRegistry.standard.sourceKeys.first { $0.name == "walk" }?.description,
                       "walk (duration, default 0m): Time to walk to the stop: each departure's leave time is that much earlier.")
    }
}

/// A format whose parser reads `hidden` without declaring it.
private struct UndeclaringFormat: TimetableFormat {
    var key: String { "leaky" }
    var keys: [ConfigKey] { [ConfigKey("leaky", .string, example: "x", "A format of this test.")] }
    var vehicle: Vehicle { .bus }
    func parse(_ value: YAMLNode, source: inout MappingReader, context: ConfigFileContext) -> String? {
        _ = source.optional("hidden")
        return value.scalarText
    }
    func label(_ settings: String) -> Message { .verbatim(settings) }
    func load(_ settings: String, for spec: TimetableSpec, from loading: inout some TimetableLoading) throws -> TimetableLoad { TimetableLoad() }
}
