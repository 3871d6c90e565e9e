import Foundation
import JSONText
import Notifications
@testable import Store
import XCTest

/// The store's fast notification codec reads every stored row as `JSONParser` does: for each row of
/// a corpus, `NotificationJSON.decode` gives the same notification as `JSONParser.parse` followed by
/// building the notification from the `JSONValue`, or both fail.
final class NotificationJSONEquivalenceTests: XCTestCase {
    private static let keys: Set<String> = ["key", "rule", "kind", "fireAt", "expiresAt", "channels", "urgency", "language",
                                            "title", "text", "link"]

    /// The reference: the notification a row holds, read through `JSONParser`; nil if it holds none.
    private func reference(_ bytes: [UInt8]) -> Notice? {
        guard let value = try? JSONParser.parse(bytes), let members = value.objectValue,
              Set(members.keys).isSubset(of: Self.keys) else { return nil }
        func string(_ key: String) -> String? { members[key]?.stringValue }
        func integer(_ value: JSONValue?) -> Int64?? {
            guard let value else { return .some(nil) }
            if value.isNull { return .some(nil) }
            // Exactly representable whole numbers only (a Double is exact up to 2^53).
            guard let number = value.numberValue, number.rounded() == number, abs(number) <= 9_007_199_254_740_992 else { return nil }
            return .some(Int64(number))
        }
        guard let key = string("key"), let rule = string("rule"), let kind = string("kind").flatMap(NotificationKind.init(rawValue:)),
              let title = string("title"), let text = string("text"),
              let urgency = string("urgency").flatMap(Urgency.init(rawValue:)),
              let language = string("language").flatMap(MessageLanguage.init(rawValue:)),
              let fireValue = members["fireAt"], !fireValue.isNull, let fireAt = integer(fireValue) ?? nil,
              let expiresAt = integer(members["expiresAt"]),
              let channelValues = members["channels"]?.arrayValue else { return nil }
        let channels = channelValues.compactMap(\.stringValue)
        guard channels.count == channelValues.count else { return nil }
        var link: String?
        if let linkValue = members["link"], !linkValue.isNull {
            guard let text = linkValue.stringValue else { return nil }
            link = text
        }
        return Notice(key: key, rule: rule, kind: kind, fireAt: fireAt, expiresAt: expiresAt, channels: channels,
                                  urgency: urgency, language: language, title: title, text: text, link: link)
    }

    private func fast(_ bytes: [UInt8]) -> Notice? {
        bytes.withUnsafeBufferPointer { try? NotificationJSON.decode($0) }
    }

    private func assertSame(_ bytes: [UInt8], _ label: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {
        let expected = reference(bytes)
        let actual = fast(bytes)
        XCTAssertEqual(actual, expected, "\(label()) \(String(decoding: bytes, as: UTF8.self))", file: file, line: line)
    }

    private func sample(title: String = "調布 10:33 \u{1F683}", text: String = "改行\nと \"引用\" \\ tab\t ctrl\u{01} \u{2028}",
                        link: String? = "https://example.com/a?b=c&d=\"e\"", expiresAt: Int64? = 1_734_831_120) -> Notice {
        Notice(key: "commute/2024-12-22/10:33", rule: "commute", kind: .leaveNow, fireAt: 1_734_830_640,
                           expiresAt: expiresAt, channels: ["phone", "desktop"], urgency: .critical, language: .ja,
                           title: title, text: text, link: link)
    }

    /// A row with `title` and `text` written as given (escapes and all), the rest fixed.
    private func row(title: String, text: String = #""t""#) -> [UInt8] {
        Array(#"{"key":"k","rule":"r","kind":"weather","fireAt":1,"channels":["c"],"urgency":"low","language":"en","title":"#.utf8)
            + Array(title.utf8) + Array(#","text":"#.utf8) + Array(text.utf8) + Array("}".utf8)
    }

    func testWrittenRowsReadTheSame() throws {
        var notifications = [sample(), sample(link: nil, expiresAt: nil), sample(expiresAt: -5), sample(title: "", text: ""),
                             sample(title: "新宿駅 — 遅延 ⚠︎ 𠮷野家 🇯🇵", text: "全角　スペース、「かぎ括弧」"),
                             sample(title: "\u{FFFD} replacement written raw", text: "\u{7F}\u{80}\u{0}\u{1F}")]
        notifications.append(sample(title: String((0..<0x80).map { Character(Unicode.Scalar(UInt8($0))) })))
        for notification in notifications {
            let written = Array(NotificationJSON.encode(notification).utf8)
            XCTAssertEqual(fast(written), notification)
            assertSame(written, "written")
            let foundation = Array(try JSONEncoder().encode(notification))
            assertSame(foundation, "JSONEncoder")
            XCTAssertEqual(fast(foundation), notification)
        }
    }

    func testEveryEscapeAndSurrogateReadsTheSame() {
        let titles = [
            #""\"\\\/\b\f\n\r\t""#, #""\u00e9\u3042\u0000\u001f\uFFFF\uFEFF""#, #""\u9280\u5EA7""#,
            #""\ud83d\ude83""#, #""\uD83D\uDE83 x""#, #""\ud842\udfb7""#,
            // Lone surrogates: high at the end, high before text, high before another escape, high twice, low alone.
            #""\ud83d""#, #""\ud83dx""#, #""\ud83d\u0041""#, #""\ud83d\n""#, #""\ud83d\ud83d\ude83""#, #""\ude83""#,
            #""a\udfffb""#, #""\udbff\udfff""#, #""\ud800\udc00""#, #""\ude83\ud83d""#,
            // Broken escapes.
            #""\q""#, #""\u12""#, #""\u12G4""#, #""\ud83d\u""#, #""\ud83d\uZZZZ""#, #""\"#, #""\u"#,
        ]
        for title in titles { assertSame(row(title: title), title) }
        XCTAssertEqual(titles.filter { fast(row(title: $0)) != nil }.count, titles.count - 7, "only the broken escapes fail")
        XCTAssertEqual(fast(row(title: #""\ud83d""#))?.title, "\u{FFFD}", "the one policy: a lone surrogate reads as U+FFFD")
    }

    func testShapesNullsOrderAndWhitespaceReadTheSame() {
        let rows = [
            #"{"key":"k","rule":"r","kind":"weather","fireAt":1,"channels":[],"urgency":"low","language":"en","title":"","text":""}"#,
            #"{"key":"k","rule":"r","kind":"weather","fireAt":1,"channels":[],"urgency":"low","language":"en","title":"","text":"","link":null,"expiresAt":null}"#,
            #"{"link":"l","text":"t","title":"T","language":"ja","urgency":"normal","channels":["a","b"],"expiresAt":-3,"fireAt":-0,"kind":"test","rule":"r","key":"k"}"#,
            " \n\t{ \"key\" : \"k\" , \"rule\":\"r\",\"kind\":\"weather\",\"fireAt\": 0 ,\"channels\":[ \"c\" , \"d\" ],\"urgency\":\"critical\",\"language\":\"en\",\"title\":\"\",\"text\":\"\" } \r\n",
            "\u{FEFF}" + #"{"key":"k","rule":"r","kind":"weather","fireAt":1,"channels":[],"urgency":"low","language":"en","title":"","text":""}"#,
            #"{"\u006bey":"k","rule":"r","kind":"weather","fireAt":1,"channels":[],"urgency":"low","language":"en","title":"","text":""}"#,
            #"{"key":"k","rule":"r","kind":"weather","fireAt":9007199254740992,"expiresAt":-9007199254740992,"channels":[],"urgency":"low","language":"en","title":"","text":""}"#,
        ]
        for text in rows { assertSame(Array(text.utf8)) }
        XCTAssertNotNil(fast(Array(rows[5].utf8)), "an escaped key reads as its text")
    }

    func testBrokenRowsFailBothWays() {
        let valid = NotificationJSON.encode(sample())
        let wrapped: [String] = [valid + "x", valid + "}", "{" + valid + "}", String(valid.dropLast())]
        let broken: [String] = ["", " ", "null", "[]", "{}", "\"x\""] + wrapped + [
            valid.replacingOccurrences(of: #""rule":"commute","#, with: ""),
            valid.replacingOccurrences(of: #""kind":"#, with: #""extra":1,"kind":"#),
            valid.replacingOccurrences(of: "1734830640", with: "1734830640.5"),
            valid.replacingOccurrences(of: "1734830640", with: "\"1734830640\""),
            valid.replacingOccurrences(of: "1734830640", with: "99999999999999999999"),
            valid.replacingOccurrences(of: "1734830640", with: "01"),
            valid.replacingOccurrences(of: "1734830640", with: "-"),
            valid.replacingOccurrences(of: "1734830640", with: "null"),
            valid.replacingOccurrences(of: "1734830640", with: "true"),
            valid.replacingOccurrences(of: #""critical""#, with: #""urgent""#),
            valid.replacingOccurrences(of: #""language":"ja""#, with: #""language":"fr""#),
            valid.replacingOccurrences(of: #"["phone","desktop"]"#, with: #"["phone",2]"#),
            valid.replacingOccurrences(of: #"["phone","desktop"]"#, with: #"["phone",]"#),
            valid.replacingOccurrences(of: #"["phone","desktop"]"#, with: #""phone""#),
            valid.replacingOccurrences(of: #"["phone","desktop"]"#, with: "null"),
            valid.replacingOccurrences(of: #""commute","kind""#, with: "\"com\u{01}mute\",\"kind\""),
            valid.replacingOccurrences(of: #""commute","kind""#, with: #"1,"kind""#),
            valid.replacingOccurrences(of: #","rule""#, with: #" "rule""#),
            valid.replacingOccurrences(of: #""rule":"#, with: #""rule" "#),
            valid.replacingOccurrences(of: #""link":"https"#, with: #""link":1,"x":"https"#),
        ]
        for text in broken {
            XCTAssertNil(fast(Array(text.utf8)), text)
            assertSame(Array(text.utf8))
        }
        var invalidUTF8 = Array(valid.utf8)
        invalidUTF8[invalidUTF8.firstIndex(of: UInt8(ascii: "c"))!] = 0xFF
        assertSame(invalidUTF8, "invalid UTF-8")
        XCTAssertNil(fast(invalidUTF8))
        assertSame(row(title: "\"a\u{FFFD}b\"").map { $0 == 0xEF ? 0xED : $0 }, "an encoded surrogate (ED A0 80-like bytes)")
    }

    /// Every prefix and every one-byte deletion of written rows: the same notification or both fail.
    func testEveryPrefixAndDeletionReadsTheSame() {
        for notification in [sample(), sample(title: #"\ud83d 🚃"#, link: nil, expiresAt: nil)] {
            let bytes = Array(NotificationJSON.encode(notification).utf8)
            for end in 0..<bytes.count { assertSame(Array(bytes[..<end]), "prefix") }
            for index in bytes.indices {
                var deleted = bytes
                deleted.remove(at: index)
                assertSame(deleted, "deleted byte \(index)")
            }
        }
        // Deletions inside escapes: the same for hand-written escapes, surrogates included.
        let escaped = row(title: #""\ud83d\ude83\ud83d\u00e9\n""#, text: #""\ude83\/""#)
        for index in escaped.indices {
            var deleted = escaped
            deleted.remove(at: index)
            assertSame(deleted, "deleted byte \(index)")
        }
    }

    /// Where the codec is deliberately stricter than a `JSONValue` can tell: forms its writer (and
    /// `JSONEncoder`) never produce. These rows are refused by the codec and read by the parser.
    func testTheCodecIsStricterOnlyWhereAJSONValueCannotTell() {
        let valid = NotificationJSON.encode(sample())
        let stricter = [
            valid.replacingOccurrences(of: #""kind":"leave_now""#, with: #""kind":"leave_now","kind":"x""#),  // a repeated key
            valid.replacingOccurrences(of: "1734830640", with: "1734830640.0"),  // a whole number with a fraction
            valid.replacingOccurrences(of: "1734830640", with: "1.73483064e9"),  // or an exponent
        ]
        for text in stricter {
            XCTAssertNil(fast(Array(text.utf8)), text)
            XCTAssertNoThrow(try JSONParser.parse(Array(text.utf8)), text)
        }
        // Past 2^53 a Double is not exact: the codec reads the integer exactly, the parser cannot.
        let large = valid.replacingOccurrences(of: "1734830640", with: "9007199254740993")
        XCTAssertEqual(fast(Array(large.utf8))?.fireAt, 9_007_199_254_740_993)
    }
}
