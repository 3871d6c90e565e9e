import Foundation
import Messages
import XCTest

/// The two tables of the catalogue say the same things: no message exists in one language only,
/// the two entries of a key take the same placeholders, no entry is empty, the Japanese table is
/// Japanese, and every key is used somewhere in `Sources/`.
final class MessageCatalogueTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testBothTablesHaveExactlyTheKeys() {
        let keys = Set(MessageKey.allCases)
        for language in Language.allCases {
            let table = Set(MessageCatalogue.table(language).keys)
            XCTAssertEqual(keys.subtracting(table).map(\.rawValue).sorted(), [], "keys without a \(language) entry")
            XCTAssertEqual(table.subtracting(keys).map(\.rawValue).sorted(), [], "\(language) entries without a key")
        }
        let english = Set(MessageCatalogue.english.keys), japanese = Set(MessageCatalogue.japanese.keys)
        XCTAssertEqual(english.symmetricDifference(japanese).map(\.rawValue).sorted(), [], "keys in one language only")
    }

    func testEachKeyHasTheSamePlaceholdersInBothLanguages() {
        var different: [String] = []
        for key in MessageKey.allCases {
            guard let english = MessageCatalogue.english[key], let japanese = MessageCatalogue.japanese[key] else { continue }
            let a = MessageCatalogue.placeholders(in: english), b = MessageCatalogue.placeholders(in: japanese)
            if a != b { different.append("\(key): en \(a.sorted()) ≠ ja \(b.sorted())") }
        }
        XCTAssertEqual(different, [])
    }

    func testNoEntryIsEmpty() {
        for language in Language.allCases {
            let empty = MessageCatalogue.table(language).filter { $0.value.trimmingCharacters(in: .whitespaces).isEmpty && $0.key != .andSeparator }
            XCTAssertEqual(empty.keys.map(\.rawValue).sorted(), [], "empty \(language) entries")
        }
    }

    /// Entries that read the same in both languages on purpose (symbols and names).
    static let sameInBothLanguages: Set<MessageKey> = [.secretWhatURL, .nounTheURL]

    /// A Japanese entry copied from the English table by mistake has no kana or kanji.
    func testTheJapaneseTableIsJapanese() {
        func isJapanese(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x3000...0x30FF, 0x4E00...0x9FFF, 0xFF00...0xFFEF: return true
            default: return false
            }
        }
        var english: [String] = []
        for (key, text) in MessageCatalogue.japanese where !Self.sameInBothLanguages.contains(key) {
            let withoutPlaceholders = text.replacingOccurrences(of: #"\{[A-Za-z][A-Za-z0-9_]*\}"#, with: "", options: .regularExpression)
            if !withoutPlaceholders.unicodeScalars.contains(where: isJapanese) { english.append("\(key): \(text)") }
        }
        XCTAssertEqual(english.sorted(), [], "Japanese entries without Japanese (add the key to sameInBothLanguages if that is right)")
    }

    /// A key no code makes is a message nobody can see; the compiler already refuses a key that
    /// does not exist (`MessageKey` is an enum).
    func testEveryKeyIsUsedInTheSources() throws {
        var text = ""
        let sources = Self.root.appendingPathComponent("Sources")
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: sources.path))
        let catalogue = ["Messages/MessageKey.swift", "Messages/Catalogue+English.swift", "Messages/Catalogue+Japanese.swift"]
        for case let file as String in files where file.hasSuffix(".swift") && !catalogue.contains(file) {
            text += try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8) + "\n"
        }
        XCTAssertGreaterThan(text.count, 100_000, "the sources were not read")
        let used = Set(try NSRegularExpression(pattern: #"\.([a-z][A-Za-z0-9]*)\b"#)
            .matches(in: text, range: NSRange(text.startIndex..., in: text))
            .compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } })
        let unused = MessageKey.allCases.map(\.rawValue).filter { !used.contains($0) }
        XCTAssertEqual(unused, [], "keys no source uses: remove them, or make the message where it belongs")
    }
}

/// What an entry turns into.
final class MessageRenderingTests: XCTestCase {
    func testPlaceholdersAreFilledByName() {
        let message = Message(.configUnknownTimezone, ["name": .text("\"Asia/Tokio\""), "hint": .text("")])
        XCTAssertEqual(message.rendered(in: .english), "unknown timezone \"Asia/Tokio\"")
        XCTAssertEqual(message.rendered(in: .japanese), "不明なタイムゾーン \"Asia/Tokio\" です")
    }

    func testAMessageArgumentIsRenderedInTheSameLanguage() {
        let found = Message(.yamlExpectedString, ["found": .key(.yamlKindList)])
        XCTAssertEqual(found.rendered(in: .english), "expected a string, found a list")
        XCTAssertEqual(found.rendered(in: .japanese), "文字列を書いてください（実際の値: リスト）")
    }

    func testEnglishPluralsAndJapaneseCounters() {
        func removed(_ n: Int) -> Message { Message(.outboxRemoved, ["count": .number(n)]) }
        XCTAssertEqual(removed(1).rendered(in: .english), "removed 1 entry")
        XCTAssertEqual(removed(2).rendered(in: .english), "removed 2 entries")
        XCTAssertEqual(removed(0).rendered(in: .english), "removed 0 entries")
        XCTAssertEqual(removed(1).rendered(in: .japanese), "1件を削除しました")
        XCTAssertEqual(removed(3).rendered(in: .japanese), "3件を削除しました")
        func minutes(_ n: Int) -> Message { Message(.ageMinutes, ["minutes": .number(n)]) }
        XCTAssertEqual(minutes(1).rendered(in: .english), "1 min")
        XCTAssertEqual(minutes(3).rendered(in: .english), "3 min")
        XCTAssertEqual(minutes(1).rendered(in: .japanese), "1分")
        XCTAssertEqual(minutes(3).rendered(in: .japanese), "3分")
        let sources = Message(.checkSourcesNotLoaded, ["count": .number(1), "directory": .text("rules")])
        XCTAssertEqual(sources.rendered(in: .english), "1 source could not be loaded in rules")
        XCTAssertEqual(Message(.checkSourcesNotLoaded, ["count": .number(2), "directory": .text("rules")]).rendered(in: .english),
                       "2 sources could not be loaded in rules")
    }

    func testTemplateSyntax() {
        XCTAssertEqual(MessageCatalogue.placeholders(in: "{a} {b|x|y} {c_1}"), ["a", "b", "c_1"])
        // Braces that are not placeholders are text: YAML flow mappings, template variables.
        XCTAssertEqual(MessageCatalogue.placeholders(in: #"expected {year_end: "12-29..01-03"} or {{title}} or { x }"#), [])
        XCTAssertEqual(MessageCatalogue.placeholders(in: "{{{name}}}"), ["name"])
        let literal = Message(.configUnknownSpecialDay, ["name": .text("\"x\"")])
        XCTAssertEqual(literal.rendered(in: .english),
                       #"unknown special day "x" (expected year_end, {year_end: "12-29..01-03"} or {dates: 2025-05-06, as: sunday})"#)
    }

    func testListsAndJoins() {
        XCTAssertEqual(Message.list(["a", "b", "c"]).rendered(in: .english), "a, b, c")
        XCTAssertEqual(Message.list(["a", "b", "c"]).rendered(in: .japanese), "a、b、c")
        let joined = Message.verbatim("x") + Message(.yamlKindList)
        XCTAssertEqual(joined.rendered(in: .english), "xa list")
        XCTAssertEqual(joined.rendered(in: .japanese), "xリスト")
    }

    func testTheReadersLanguageIsAmbientWhileSpeaking() {
        let message = Message(.yamlKindList)
        XCTAssertEqual(message.text, "a list", "English unless a command binds the reader's language")
        Language.japanese.speaking { XCTAssertEqual(message.text, "リスト") }
        XCTAssertEqual("\(message)", "a list")
    }

    /// An error that keeps a message is rendered when shown, in the language then; any other error
    /// is quoted as it describes itself.
    func testAnErrorKeepsItsMessage() {
        struct Kept: MessageError {
            var descriptionMessage: Message { .verbatim("x.json: ") + Message(.yamlKindList) }
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
