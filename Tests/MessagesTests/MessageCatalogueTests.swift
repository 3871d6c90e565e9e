import Foundation
import Messages
import Worker
@testable import leavenow
import XCTest

/// Every module's messages say the same things in both languages: each key has the same
/// placeholders in English and Japanese, no entry is empty, the Japanese entry is Japanese, no name
/// is used twice, every key is said somewhere in `Sources/`, and every module that keeps messages
/// has its table listed (so a stored message can be read back).
final class MessageCatalogueTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every table: the worker's list and the command line's own.
    static let tables = MessageTables.all + [leavenowMessageTable.table]
    static let keys = tables.flatMap(\.keys)

    /// The Swift files of `Sources/`, by path relative to it.
    static func sources() throws -> [(path: String, text: String)] {
        let sources = root.appendingPathComponent("Sources")
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: sources.path))
        var result: [(String, String)] = []
        for case let file as String in files where file.hasSuffix(".swift") {
            result.append((file, try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)))
        }
        return result
    }

    func testEveryModuleThatKeepsMessagesIsListedAndEveryKeyIsInItsTable() throws {
        var declared: [String: Set<String>] = [:]
        let definition = try NSRegularExpression(pattern: #"^\s*(?:public )?static let ([A-Za-z0-9_]+) = MessageKey\("([^"]*)""#,
                                                options: .anchorsMatchLines)
        for (path, text) in try Self.sources() {
            for match in definition.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let property = String(text[Range(match.range(at: 1), in: text)!]), name = String(text[Range(match.range(at: 2), in: text)!])
                XCTAssertEqual(property, name, "\(path): a key's name is the name of its static let")
                declared[String(path.prefix { $0 != "/" }), default: []].insert(name)
            }
        }
        XCTAssertGreaterThan(declared.values.map(\.count).reduce(0, +), 1_000, "the sources were not read")
        let listed = Dictionary(uniqueKeysWithValues: Self.tables.map { ($0.module, Set($0.keys.map(\.name))) })
        XCTAssertEqual(Set(declared.keys).subtracting(listed.keys).sorted(), [], "modules with messages but no table in MessageTables.all")
        for (module, names) in declared {
            XCTAssertEqual(names.subtracting(listed[module] ?? []).sorted(), [], "\(module): keys its table lacks (one per line: static let … = MessageKey(\"…\",)")
        }
    }

    func testNoNameIsUsedTwice() {
        var seen: [String: Int] = [:]
        for key in Self.keys { seen[key.name, default: 0] += 1 }
        XCTAssertEqual(seen.filter { $0.value > 1 }.keys.sorted(), [])
    }

    func testEachKeyHasTheSamePlaceholdersInBothLanguages() {
        var different: [String] = []
        for key in Self.keys {
            let a = MessageCatalogue.placeholders(in: key.english), b = MessageCatalogue.placeholders(in: key.japanese)
            if a != b { different.append("\(key): en \(a.sorted()) ≠ ja \(b.sorted())") }
        }
        XCTAssertEqual(different, [])
    }

    func testNoEntryIsEmpty() {
        for language in Language.allCases {
            let empty = Self.keys.filter { $0.template(in: language).trimmingCharacters(in: .whitespaces).isEmpty && $0 != .andSeparator }
            XCTAssertEqual(empty.map(\.name).sorted(), [], "empty \(language) entries")
        }
    }

    /// Entries that read the same in both languages on purpose (symbols and names).
    static let sameInBothLanguages: Set<String> = ["secretWhatURL", "nounTheURL"]

    /// A Japanese entry copied from the English one by mistake has no kana or kanji.
    func testTheJapaneseEntriesAreJapanese() {
        func isJapanese(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x3000...0x30FF, 0x4E00...0x9FFF, 0xFF00...0xFFEF: return true
            default: return false
            }
        }
        var english: [String] = []
        for key in Self.keys where !Self.sameInBothLanguages.contains(key.name) {
            let withoutPlaceholders = key.japanese.replacingOccurrences(of: #"\{[A-Za-z][A-Za-z0-9_]*\}"#, with: "", options: .regularExpression)
            if !withoutPlaceholders.unicodeScalars.contains(where: isJapanese) { english.append("\(key): \(key.japanese)") }
        }
        XCTAssertEqual(english.sorted(), [], "Japanese entries without Japanese (add the key to sameInBothLanguages if that is right)")
    }

    /// A key no code says is a message nobody can see.
    func testEveryKeyIsUsedInTheSources() throws {
        var text = ""
        for (path, contents) in try Self.sources() where !path.hasSuffix("Messages.swift") || path.hasSuffix("PreparedMessages.swift") {
            text += contents + "\n"
        }
        XCTAssertGreaterThan(text.count, 100_000, "the sources were not read")
        let used = Set(try NSRegularExpression(pattern: #"\.([a-z][A-Za-z0-9]*)\b"#)
            .matches(in: text, range: NSRange(text.startIndex..., in: text))
            .compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } })
        let unused = Self.keys.map(\.name).filter { !used.contains($0) }
        XCTAssertEqual(unused, [], "keys no source uses: remove them, or make the message where it belongs")
    }
}

/// What an entry turns into.
final class MessageRenderingTests: XCTestCase {
    /// The key `name` of any module (through the tables: the tests see them as a reader of stored messages does).
    func k(_ name: String) -> MessageKey {
        MessageKeyIndex(MessageCatalogueTests.tables).key(named: name) ?? MessageKey(name, en: "?", ja: "?")
    }


    func testPlaceholdersAreFilledByName() {
        let message = Message(k("configUnknownTimezone"), ["name": .text("\"Asia/Tokio\""), "hint": .text("")])
        XCTAssertEqual(message.rendered(in: .english), "unknown timezone \"Asia/Tokio\"")
        XCTAssertEqual(message.rendered(in: .japanese), "不明なタイムゾーン \"Asia/Tokio\" です")
    }

    func testAMessageArgumentIsRenderedInTheSameLanguage() {
        let found = Message(k("yamlExpectedString"), ["found": .key(k("yamlKindList"))])
        XCTAssertEqual(found.rendered(in: .english), "expected a string, found a list")
        XCTAssertEqual(found.rendered(in: .japanese), "文字列を書いてください（実際の値: リスト）")
    }

    func testEnglishPluralsAndJapaneseCounters() {
        func removed(_ n: Int) -> Message { Message(k("outboxRemoved"), ["count": .number(n)]) }
        XCTAssertEqual(removed(1).rendered(in: .english), "removed 1 entry")
        XCTAssertEqual(removed(2).rendered(in: .english), "removed 2 entries")
        XCTAssertEqual(removed(0).rendered(in: .english), "removed 0 entries")
        XCTAssertEqual(removed(1).rendered(in: .japanese), "1件を削除しました")
        XCTAssertEqual(removed(3).rendered(in: .japanese), "3件を削除しました")
        func minutes(_ n: Int) -> Message { Message(k("ageMinutes"), ["minutes": .number(n)]) }
        XCTAssertEqual(minutes(1).rendered(in: .english), "1 min")
        XCTAssertEqual(minutes(3).rendered(in: .english), "3 min")
        XCTAssertEqual(minutes(1).rendered(in: .japanese), "1分")
        XCTAssertEqual(minutes(3).rendered(in: .japanese), "3分")
        let sources = Message(k("checkSourcesNotLoaded"), ["count": .number(1), "directory": .text("rules")])
        XCTAssertEqual(sources.rendered(in: .english), "1 source could not be loaded in rules")
        XCTAssertEqual(Message(k("checkSourcesNotLoaded"), ["count": .number(2), "directory": .text("rules")]).rendered(in: .english),
                       "2 sources could not be loaded in rules")
    }

    func testTemplateSyntax() {
        XCTAssertEqual(MessageCatalogue.placeholders(in: "{a} {b|x|y} {c_1}"), ["a", "b", "c_1"])
        // Braces that are not placeholders are text: YAML flow mappings, template variables.
        XCTAssertEqual(MessageCatalogue.placeholders(in: #"expected {year_end: "12-29..01-03"} or {{title}} or { x }"#), [])
        XCTAssertEqual(MessageCatalogue.placeholders(in: "{{{name}}}"), ["name"])
        let literal = Message(k("configUnknownSpecialDay"), ["name": .text("\"x\"")])
        XCTAssertEqual(literal.rendered(in: .english),
                       #"unknown special day "x" (expected year_end, {year_end: "12-29..01-03"} or {dates: 2025-05-06, as: sunday})"#)
    }

    func testListsAndJoins() {
        XCTAssertEqual(Message.list(["a", "b", "c"]).rendered(in: .english), "a, b, c")
        XCTAssertEqual(Message.list(["a", "b", "c"]).rendered(in: .japanese), "a、b、c")
        let joined = Message.verbatim("x") + Message(k("yamlKindList"))
        XCTAssertEqual(joined.rendered(in: .english), "xa list")
        XCTAssertEqual(joined.rendered(in: .japanese), "xリスト")
    }

    func testTheReadersLanguageIsAmbientWhileSpeaking() {
        let message = Message(k("yamlKindList"))
        XCTAssertEqual(message.text, "a list", "English unless a command binds the reader's language")
        Language.japanese.speaking { XCTAssertEqual(message.text, "リスト") }
        XCTAssertEqual("\(message)", "a list")
    }

    /// An error that keeps a message is rendered when shown, in the language then; any other error
    /// is quoted as it describes itself.
    func testAnErrorKeepsItsMessage() {
        struct Kept: MessageError {
            var descriptionMessage: Message { .verbatim("x.json: ") + Message(MessageKeyIndex(MessageCatalogueTests.tables).key(named: "yamlKindList")!) }
        }
        struct Plain: Error, CustomStringConvertible {
            var description: String { "the system said no" }
        }
        XCTAssertEqual(Message(error: Kept()).rendered(in: .japanese), "x.json: リスト")
        XCTAssertEqual(Message(error: Kept()).english, "x.json: a list")
        XCTAssertEqual("\(Kept())", "x.json: a list")
        XCTAssertEqual(Language.japanese.speaking { "\(Kept())" }, "x.json: リスト")
        XCTAssertEqual(Message(error: Plain()).rendered(in: .japanese), "the system said no")
    }

    func testTheLanguageComesFromTheLocaleEnvironment() {
        XCTAssertEqual(Language(environment: ["LANG": "ja_JP.UTF-8"]), .japanese)
        XCTAssertEqual(Language(environment: ["LANG": "C.UTF-8"]), .english)
        XCTAssertEqual(Language(environment: [:]), .english)
        XCTAssertEqual(Language(environment: ["LC_ALL": "en_US.UTF-8", "LANG": "ja_JP.UTF-8"]), .english)
        XCTAssertEqual(Language(environment: ["LC_ALL": "", "LC_MESSAGES": "ja_JP.UTF-8", "LANG": "C"]), .japanese)
    }
}
