import JSONText
import Messages
import XCTest

/// Keys of this test (a module's messages, as the code writes them).
extension MessageKey {
    static let storedTimezone = MessageKey("storedTimezone", en: "unknown timezone {name}{hint}", ja: "不明なタイムゾーン {name} です{hint}")
    static let storedDidYouMean = MessageKey("storedDidYouMean", en: "did you mean {name}?", ja: "{name} の間違いではありませんか？")
    static let storedKnown = MessageKey("storedKnown", en: "known: {list}", ja: "定義済み: {list}")
    static let storedNone = MessageKey("storedNone", en: "no {plural} are defined", ja: "{plural}が 1 つも定義されていません")
    static let storedRules = MessageKey("storedRules", en: "rules", ja: "ルール")
    static let storedRule = MessageKey("storedRule", en: "rule", ja: "ルール")
    static let storedToBeforeFrom = MessageKey("storedToBeforeFrom", en: "to is before from", ja: "to が from より前です")
    static let storedNeedsTimes = MessageKey("storedNeedsTimes", en: "needs times", ja: "時刻が必要です")
    static let storedReference = MessageKey("storedReference", en: "unknown {kind} {name}{hint}", ja: "不明な{kind} {name} です{hint}")
}

/// A message stored as JSON reads back as the same message, rendered in either language; what an
/// older version stored (a plain English string) or a key this version does not know reads as text.
final class MessageJSONTests: XCTestCase {
    /// The keys a reader of this store knows.
    private let keys = MessageKeyIndex([MessageTable(module: "test", keys: [
        .storedTimezone, .storedDidYouMean, .storedKnown, .storedNone, .storedRules, .storedRule, .storedToBeforeFrom, .storedNeedsTimes,
        .storedReference, .listSeparator,
    ])])

    private func roundTrip(_ message: Message) throws -> Message {
        var writer = JSONWriter(style: .compact)
        MessageJSON.write(message, to: &writer)
        let value = try JSONParser.parse(Array(writer.text.utf8))
        return try XCTUnwrap(MessageJSON.message(from: value, keys: keys), writer.text)
    }

    func testKeyedNestedVerbatimAndSequencesReadBackTheSame() throws {
        let messages = [
            Message(.storedTimezone, ["name": .text("\"Asia/Tokio\""), "hint": .text("")]),
            Message(.storedDidYouMean, ["name": .message(Message(.storedKnown, ["list": .message(.list(["a", "b"]))]))]),
            Message(.storedNone, ["plural": .key(.storedRules)]) + .verbatim(" — ") + Message(.storedToBeforeFrom),
            .verbatim("libcurl: Couldn't connect to server"),
            Message(.storedNeedsTimes),
        ]
        for message in messages {
            let read = try roundTrip(message)
            XCTAssertEqual(read.english, message.english)
            XCTAssertEqual(read.rendered(in: .japanese), message.rendered(in: .japanese))
        }
        let counted = Message(.storedReference, ["kind": .key(.storedRule), "name": .text("\"x\""), "hint": .message(Message(.storedNone, ["plural": .key(.storedRules)]))])
        XCTAssertEqual(try roundTrip(counted), counted, "keys, texts and nested messages keep their kind")
    }

    func testNumbersStayNumbersForPlurals() throws {
        var writer = JSONWriter(style: .compact)
        MessageJSON.write(Message(.storedReference, ["kind": .text("rule"), "name": .number(3), "hint": .text("h")]), to: &writer)
        XCTAssertEqual(writer.text, #"{"k":"storedReference","a":{"hint":"h","kind":"rule","name":3}}"#)
    }

    func testOldPlainStringsAndUnknownKeysReadAsText() throws {
        let old = try JSONParser.parse(Array(#""nothing to send at this time""#.utf8))
        XCTAssertEqual(MessageJSON.message(from: old, keys: keys)?.rendered(in: .japanese), "nothing to send at this time")
        let unknown = try JSONParser.parse(Array(#"{"k":"aKeyFromTheFuture","a":{"x":1}}"#.utf8))
        XCTAssertEqual(MessageJSON.message(from: unknown, keys: keys)?.english, "aKeyFromTheFuture")
        let withEnglish = try JSONParser.parse(Array(#"{"k":"aKeyFromTheFuture","en":"a later text"}"#.utf8))
        XCTAssertEqual(MessageJSON.message(from: withEnglish, keys: keys)?.english, "a later text")
        XCTAssertNil(MessageJSON.message(from: .number(1), keys: keys))
    }
}
